// Server statistics (`sm_stat`) on the second host: per server, a time series of the main host figures.
// Only stime, etime, filter and oid are accepted, over at most one hour.
import { SM_STAT_RANGE } from '../../api/index';
import type { DemoAgent } from '../data/index';
import { badRequest } from '../http/httpError';
import { checkRange, oneOf, parseEpochMs, requireQuery } from '../http/params';
import { projectOf, type RequestContext, type Route } from '../http/route';

const ALLOWED = new Set(['stime', 'etime', 'filter', 'oid']);
const FILTER_STEPS = { m5: 300_000, s5: 5_000, h1: 3_600_000 } as const;

function selectServers(ctx: RequestContext): DemoAgent[] {
  const data = ctx.state.data;
  const pcode = projectOf(ctx).pcode;
  const oidText = ctx.query.get('oid');
  if (oidText === null || oidText === '') return data.agentsOf(pcode);
  if (!/^-?\d{1,10}$/.test(oidText))
    throw badRequest('param/invalid-oid', `oid must be one server id, got '${oidText}'.`);
  const agent = data.agent(pcode, Number(oidText));
  if (!agent) throw badRequest('param/unknown-oid', `Server ${oidText} is not in project ${pcode}.`);
  return [agent];
}

function smStat(ctx: RequestContext) {
  const extra = [...ctx.query.keys()].filter((key) => !ALLOWED.has(key));
  if (extra.length > 0) {
    throw badRequest(
      'param/not-allowed',
      `sm_stat accepts only stime, etime, filter and oid; remove ${extra.join(', ')}.`,
    );
  }
  const stime = parseEpochMs('stime', requireQuery(ctx.query, 'stime', 'epoch milliseconds'));
  const etime = parseEpochMs('etime', requireQuery(ctx.query, 'etime', 'epoch milliseconds'));
  checkRange(stime, etime, 'sm_stat', SM_STAT_RANGE);
  const filter = oneOf('filter', ctx.query.get('filter'), ['m5', 's5', 'h1'] as const, 'm5');
  const data = ctx.state.data;
  const step = data.stepFor(FILTER_STEPS[filter], stime);
  const servers = selectServers(ctx).map((agent) => {
    const at = (metric: Parameters<typeof data.value>[1], t: number) =>
      data.value(agent, metric, t, step) ?? 0;
    const times = data.series(agent.pcode, agent.oid, 'cpu', stime, etime, step).map(([t]) => t);
    return {
      oid: agent.oid,
      timeData: times.map((time) => ({
        usedPercent: at('disk_used', time),
        trafficIn: at('traffic_in', time),
        trafficOut: at('traffic_out', time),
        cpu: at('cpu', time),
        memory_swappused: at('memory_swappused', time),
        time,
        memory_pused: at('memory_pused', time),
        ioPercent: at('disk_io', time),
      })),
    };
  });
  return { servers };
}

export const serverStatsRoutes: Route[] = [
  { host: 'service', method: 'GET', path: '/open/json/stat/sm_stat', auth: 'project', handle: smStat },
];
