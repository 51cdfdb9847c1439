// Current ("spot") values of a project, computed at the last complete 5-second bucket before now().
import { FINE_STEP, combine, round, type DemoAgent, type DemoData, type MetricName } from '../data/index';

function lastBucket(now: number): number {
  return Math.floor(now / FINE_STEP) * FINE_STEP - FINE_STEP;
}

function values(data: DemoData, agents: readonly DemoAgent[], metric: MetricName, t: number): number[] {
  return agents.flatMap((a) => {
    const v = data.value(a, metric, t, FINE_STEP);
    return v === null ? [] : [v];
  });
}

function poolFigures(data: DemoData, pcode: number, t: number) {
  const pools = data.dbPools(pcode, t);
  return {
    dbconn_total: pools.reduce((n, p) => n + p.total, 0),
    dbconn_act: pools.reduce((n, p) => n + p.active, 0),
    dbconn_idle: pools.reduce((n, p) => n + p.idle, 0),
  };
}

/** The spot figures of a project, as numbers (routes format them as strings or bare values). */
export function spotFigures(data: DemoData, pcode: number) {
  const now = data.now();
  const t = lastBucket(now);
  const agents = data.agentsOf(pcode);
  const active = agents.filter((a) => data.isAliveAt(a, now));
  const hosts = new Map(active.map((a) => [a.hostIp, a.cpuCores]));
  const sum = (metric: MetricName) => combine(values(data, active, metric, t), 'sum');
  const avg = (metric: MetricName) => combine(values(data, active, metric, t), 'avg');
  const actx = sum('active_tx');
  return {
    act_agent: active.length,
    inact_agent: agents.length - active.length,
    host: hosts.size,
    cpucore: [...hosts.values()].reduce((a, b) => a + b, 0),
    txcount: sum('tx_count'),
    tps: round(sum('tps'), 2),
    user: sum('active_user'),
    actx,
    rtime: round(avg('resp_time'), 1),
    cpu: round(avg('cpu'), 2),
    threadpool_active: Math.round(actx * 1.5),
    threadpool_queue: Math.max(0, Math.round(actx - active.length * 20)),
    ...poolFigures(data, pcode, t),
    act_method: Math.round(actx * 0.45),
    act_sql: Math.round(actx * 0.3),
    act_httpc: Math.round(actx * 0.15),
    act_dbc: Math.round(actx * 0.05),
    act_socket: Math.max(
      0,
      actx -
        Math.round(actx * 0.45) -
        Math.round(actx * 0.3) -
        Math.round(actx * 0.15) -
        Math.round(actx * 0.05),
    ),
    apdex: round(avg('apdex'), 3),
  };
}

export type SpotFigures = ReturnType<typeof spotFigures>;
