// Time series of the synthetic data set. A value is a pure function of (seed, agent, metric, time, step):
// a diurnal and weekly load curve scaled by the agent's profile, plus hashed noise per time bucket. Nothing
// is stored, so a 31-day query costs only the points it returns.
import { DURATION_UNIT_MS } from '../../common/durations';
import type { DemoAgent } from './dataset';
import { effectsAt, type Incident, type IncidentEffects } from './incident';
import { clamp, noiseAt, round, unitAt } from './random';

export const SECOND = DURATION_UNIT_MS.s;
export const MINUTE = DURATION_UNIT_MS.m;
export const HOUR = DURATION_UNIT_MS.h;
export const DAY = DURATION_UNIT_MS.d;
/** The finest resolution, available for the last 24 hours. */
export const FINE_STEP = 5 * SECOND;
/** The finest resolution for data older than 24 hours. */
export const COARSE_STEP = 5 * MINUTE;

/** Load of the whole system at time t, in (0, 1]: busy afternoons, quiet nights, calmer weekends. */
export function loadAt(t: number): number {
  const phase = (((t % DAY) + DAY) % DAY) / DAY;
  const daily = 0.5 - 0.5 * Math.cos(2 * Math.PI * (phase - 0.2));
  const weekday = (Math.floor(t / DAY) + 4) % 7; // 1970-01-01 was a Thursday; 0 is Sunday.
  const weekend = weekday === 0 || weekday === 6 ? 0.6 : 1;
  return (0.15 + 0.85 * daily) * weekend;
}

interface PointContext {
  seed: number;
  agent: DemoAgent;
  t: number;
  stepMs: number;
  bucket: number;
  load: number;
  /** The incident's factors when this bucket of this agent is in one. */
  effects: IncidentEffects | undefined;
}

/** Noise in [-1, 1) for the point's agent and bucket; `slot` tells the metrics apart. */
function noise(c: PointContext, slot: number): number {
  return noiseAt(c.seed, c.agent.oid, slot, c.bucket, c.stepMs);
}

export type MetricMerge = 'sum' | 'avg' | 'max';

interface MetricSpec {
  unit: string;
  /** How values of several agents or several buckets combine. */
  merge: MetricMerge;
  value: (ctx: PointContext) => number;
}

// tps, resp_time and cpu drive other metrics (tx_count, active_tx, apdex, sql_time …), so an incident's
// factor for them applies here and the metrics built on them follow.
const tps = (c: PointContext): number =>
  c.agent.profile.capacityTps * c.load * (1 + 0.12 * noise(c, 1)) * (c.effects?.tps ?? 1);
const respTime = (c: PointContext): number => {
  const spike = noise(c, 9) > 0.98 ? 4 : 1;
  const factor = c.effects?.resp_time ?? 1;
  return c.agent.profile.baseRespMs * (0.8 + 0.6 * c.load) * (1 + 0.2 * noise(c, 2)) * spike * factor;
};
const txCount = (c: PointContext): number => tps(c) * (c.stepMs / SECOND);
const heapUse = (c: PointContext): number => {
  // A garbage-collected heap saws up and drops; coarse buckets see its average.
  const max = c.agent.profile.heapMaxMb;
  const period = 90 * SECOND + (Math.abs(c.agent.oid) % 60) * SECOND;
  const saw = c.stepMs >= period ? 0.5 : (c.t % period) / period;
  return max * (0.3 + 0.35 * saw + 0.15 * c.load) * (1 + 0.03 * noise(c, 3));
};
const cpu = (c: PointContext): number =>
  clamp((4 + 70 * c.load * c.agent.profile.cpuWeight + 6 * noise(c, 4)) * (c.effects?.cpu ?? 1), 0.5, 99.5);

/** The metrics whose incident factor applies inside the formulas above. */
const DRIVERS: ReadonlySet<string> = new Set(['tps', 'resp_time', 'cpu']);

/** Every metric the demo knows; `{metric}` statistics endpoints accept exactly these names. */
export const METRICS = {
  tps: { unit: 'tx/s', merge: 'sum', value: (c) => round(tps(c), 2) },
  tx_count: { unit: 'count', merge: 'sum', value: (c) => Math.round(txCount(c)) },
  tx_error: {
    unit: 'count',
    merge: 'sum',
    value: (c) => Math.round(txCount(c) * c.agent.profile.errorRate * (1 + 0.8 * noise(c, 5))),
  },
  resp_time: { unit: 'ms', merge: 'avg', value: (c) => Math.round(respTime(c)) },
  apdex: { unit: 'ratio', merge: 'avg', value: (c) => round(clamp(1.05 - respTime(c) / 1500, 0.3, 1), 3) },
  active_tx: {
    unit: 'count',
    merge: 'sum',
    value: (c) => Math.max(0, Math.round((tps(c) * respTime(c)) / SECOND + noise(c, 6))),
  },
  active_user: {
    unit: 'count',
    merge: 'sum',
    value: (c) => Math.round(c.agent.profile.capacityTps * 9 * c.load * (1 + 0.1 * noise(c, 7))),
  },
  cpu: { unit: '%', merge: 'avg', value: (c) => round(cpu(c), 2) },
  mem: { unit: '%', merge: 'avg', value: (c) => round(clamp(35 + 35 * c.load + 3 * noise(c, 8), 1, 99), 2) },
  heap_use: { unit: 'MB', merge: 'avg', value: (c) => round(heapUse(c), 1) },
  heap_tot: { unit: 'MB', merge: 'max', value: (c) => c.agent.profile.heapMaxMb },
  thread_count: {
    unit: 'count',
    merge: 'avg',
    value: (c) => Math.round(30 + c.agent.cpuCores * 6 + 90 * c.load + 4 * noise(c, 10)),
  },
  sql_count: {
    unit: 'count',
    merge: 'sum',
    value: (c) => Math.round(txCount(c) * (2.5 + 0.5 * noise(c, 11))),
  },
  sql_time: { unit: 'ms', merge: 'avg', value: (c) => Math.round(respTime(c) * (0.35 + 0.1 * noise(c, 12))) },
  httpc_count: {
    unit: 'count',
    merge: 'sum',
    value: (c) => Math.round(txCount(c) * (0.6 + 0.2 * noise(c, 13))),
  },
  httpc_time: {
    unit: 'ms',
    merge: 'avg',
    value: (c) => Math.round(respTime(c) * (0.2 + 0.05 * noise(c, 14))),
  },
  gc_count: {
    unit: 'count',
    merge: 'sum',
    value: (c) => Math.max(0, Math.round((c.stepMs / 30_000) * c.load)),
  },
  memory_pused: {
    unit: '%',
    merge: 'avg',
    value: (c) => round(clamp(30 + 45 * c.load * c.agent.profile.cpuWeight + 2 * noise(c, 15), 1, 99), 2),
  },
  memory_swappused: {
    unit: '%',
    merge: 'avg',
    value: (c) => round(clamp(2 + 6 * c.load + noise(c, 16), 0, 100), 2),
  },
  disk_used: {
    unit: '%',
    merge: 'avg',
    value: (c) => round(40 + 30 * unitAt(c.agent.oid, 17) + 0.5 * noise(c, 17), 2),
  },
  disk_io: {
    unit: '%',
    merge: 'avg',
    value: (c) => round(clamp(3 + 40 * c.load + 5 * noise(c, 18), 0, 100), 2),
  },
  traffic_in: {
    unit: 'bps',
    merge: 'avg',
    value: (c) => Math.round(2e6 * c.load * c.agent.profile.cpuWeight * (1 + 0.2 * noise(c, 19))),
  },
  traffic_out: {
    unit: 'bps',
    merge: 'avg',
    value: (c) => Math.round(5e6 * c.load * c.agent.profile.cpuWeight * (1 + 0.2 * noise(c, 20))),
  },
} satisfies Record<string, MetricSpec>;

export type MetricName = keyof typeof METRICS;

export const METRIC_NAMES = Object.keys(METRICS) as MetricName[];

/** True when `name` is a metric the demo knows. */
export function isMetricName(name: string): name is MetricName {
  return Object.hasOwn(METRICS, name);
}

/** True when the agent reported at time t (it had started and had not yet stopped). */
export function isAliveAt(agent: DemoAgent, t: number): boolean {
  return t >= agent.startTime && (agent.active || t < agent.inactTime);
}

/** The effective step: at least 5 s, and at least 5 min for data older than 24 hours before `now`. */
export function effectiveStep(stepMs: number, stime: number, now: number): number {
  const floor = stime < now - DAY ? COARSE_STEP : FINE_STEP;
  const step = Math.max(floor, stepMs);
  return Math.ceil(step / FINE_STEP) * FINE_STEP;
}

/** `step`, or a multiple of 5 minutes large enough that `rangeMs` holds at most `maxPoints` buckets. */
export function coarsenFor(step: number, rangeMs: number, maxPoints: number): number {
  const needed = rangeMs / maxPoints;
  return needed <= step ? step : Math.ceil(needed / COARSE_STEP) * COARSE_STEP;
}

/** The value of one metric of one agent for the bucket [t, t + stepMs), or null when the agent was silent. */
export function metricValue(
  seed: number,
  agent: DemoAgent,
  metric: MetricName,
  t: number,
  stepMs: number,
  incident?: Incident,
): number | null {
  if (!isAliveAt(agent, t)) return null;
  const effects = effectsAt(incident, agent, t, stepMs);
  // A plain object and top-level helpers: this runs once per point, so no closures are created here.
  const ctx: PointContext = {
    seed,
    agent,
    t,
    stepMs,
    bucket: Math.floor(t / stepMs),
    load: loadAt(t + stepMs / 2),
    effects,
  };
  const value = METRICS[metric].value(ctx);
  const factor = effects?.[metric];
  return factor === undefined || DRIVERS.has(metric) ? value : round(value * factor, 2);
}

/** Timestamps of the buckets in [stime, etime), aligned to multiples of stepMs. */
export function bucketTimes(stime: number, etime: number, stepMs: number): number[] {
  const times: number[] = [];
  for (let t = Math.ceil(stime / stepMs) * stepMs; t < etime; t += stepMs) times.push(t);
  return times;
}

/** [timestamp, value] points of one agent's metric; buckets where the agent was silent are left out. */
export function agentSeries(
  seed: number,
  agent: DemoAgent,
  metric: MetricName,
  stime: number,
  etime: number,
  stepMs: number,
  incident?: Incident,
): [number, number][] {
  const points: [number, number][] = [];
  for (const t of bucketTimes(stime, etime, stepMs)) {
    const value = metricValue(seed, agent, metric, t, stepMs, incident);
    if (value !== null) points.push([t, value]);
  }
  return points;
}

/** Merges the series of several agents point by point (avg, sum or max over the agents present). */
export function mergeSeries(
  seriesList: readonly (readonly [number, number][])[],
  merge: MetricMerge,
  decimals = 2,
): [number, number][] {
  const buckets = new Map<number, number[]>();
  for (const series of seriesList) {
    for (const [t, v] of series) {
      const list = buckets.get(t);
      if (list) list.push(v);
      else buckets.set(t, [v]);
    }
  }
  return [...buckets.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([t, values]) => [t, round(combine(values, merge), decimals)]);
}

/** Combines values with a merge strategy (min is accepted for timeMerge parameters). */
export function combine(values: readonly number[], merge: MetricMerge | 'min'): number {
  if (values.length === 0) return 0;
  if (merge === 'sum') return values.reduce((a, b) => a + b, 0);
  if (merge === 'max') return Math.max(...values);
  if (merge === 'min') return Math.min(...values);
  return values.reduce((a, b) => a + b, 0) / values.length;
}
