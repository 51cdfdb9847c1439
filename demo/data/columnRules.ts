// How a generated numeric column behaves, from its unit and its words: percentages stay in 0–100,
// times in ms stay between milliseconds and minutes (never an epoch where a duration is meant),
// counts are per bucket or grow since the agent started, and an error count never exceeds the calls
// counted beside it in the same row. Every maker is a pure function of its point.
import type { DemoAgent, DemoProject } from './dataset';
import { HOUR, SECOND } from './metrics';
import { clamp, hashString, noiseAt, round, unitAt } from './random';
import { wordsOf, namesAny, type ColumnFacts } from './textValues';

/** Where one generated value stands. */
export interface Point {
  readonly seed: number;
  readonly project: DemoProject;
  readonly agent: DemoAgent;
  readonly tags: Readonly<Record<string, unknown>>;
  /** Which of the agent's series (0 … variants-1) for categories keyed by more than the agent. */
  readonly variant: number;
  readonly t: number;
  readonly step: number;
  readonly load: number;
}

export type Maker = (p: Point) => unknown;
type NumberMaker = (p: Point) => number;

/** Plausible ranges [min, max, decimals] of a gauge in each unit. */
export const UNIT_RANGES: Readonly<Record<string, readonly [number, number, number]>> = {
  ms: [2, 900, 1],
  sec: [0.1, 30, 2],
  us: [50, 20_000, 0],
  cs: [1, 300, 0],
  byte: [1e6, 8e9, 0],
  KiB: [1e3, 8e6, 0],
  MiB: [64, 16_384, 1],
  bps: [1e4, 5e7, 0],
};
/** Time summed over a bucket or since start (`timeSum`, `PauseTotalNs`): seconds to minutes, in ms. */
export const SUMMED_MS: readonly [number, number, number] = [1_000, 300_000, 0];
/** Percentages (`pct` and percent-like names). */
export const PERCENT: readonly [number, number, number] = [0, 100, 2];

/** Names of numbers that keep growing: totals since start, uptimes, lifetime counts. */
const COUNTER_NAME = /(total|_acc|accum|cumulative|uptime|_sum$|lifetime|since)/i;
/** Instants (epoch ms), not durations: `time`, `start_time`, `lastUpdateTime` … */
const TIME_NAME = /^(time|[a-z_]*(start|end|last|create|update|inact|act|save|collect|begin|event)_?time)$/i;
const COUNT_NAME = /count|cnt|num|errors?$|calls|requests|_n$/i;
/** Words that make a column a duration. */
const DURATION_WORDS = ['time', 'elapse', 'elapsed', 'latency', 'duration', 'ms'];
/** Words of summed or cumulative durations. */
const SUMMED_WORDS = ['sum', 'total', 'acc', 'accum', 'cumulative'];

/** A gauge: a per-series base moving with the system's load plus noise, scaled into [min, max]. */
function gauge(salt: number, [min, max, decimals]: readonly [number, number, number]): NumberMaker {
  return (p) => {
    const base = unitAt(p.seed, p.agent.oid, p.variant, salt);
    const level = 0.15 + 0.5 * base + 0.3 * p.load + 0.05 * noiseAt(p.seed, p.agent.oid, salt, p.t, p.step);
    return round(min + (max - min) * clamp(level, 0, 1), decimals);
  };
}

/** Events per bucket: a per-series rate times the bucket length, following load. */
function perBucket(salt: number, maxPerSecond: number): NumberMaker {
  return (p) => {
    const rate = maxPerSecond * (0.05 + unitAt(p.seed, p.agent.oid, p.variant, salt));
    const noise = 1 + 0.2 * noiseAt(p.seed, p.agent.oid, salt, p.t, p.step);
    return Math.max(0, Math.round(rate * p.load * noise * (p.step / SECOND)));
  };
}

/** A counter that only grows: a per-series rate times the time since the agent started. */
function growing(salt: number, perSecond: number): NumberMaker {
  return (p) => {
    const rate = perSecond * (0.1 + unitAt(p.seed, p.agent.oid, p.variant, salt));
    return Math.round((rate * Math.max(0, p.t - p.agent.startTime)) / SECOND);
  };
}

function isPercent(column: ColumnFacts): boolean {
  return column.unit === 'pct' || column.unit === 'pct#' || /percent|pct|ratio|usage|util/i.test(column.name);
}

function isCount(column: ColumnFacts): boolean {
  return column.unit === 'count' || (!column.unit && COUNT_NAME.test(column.name));
}

/** A duration in ms: the unit says so, or a name of a duration without another unit. */
function isDurationMs(column: ColumnFacts): boolean {
  if (column.unit === 'ms') return true;
  return !column.unit && (namesAny(wordsOf(column.name), DURATION_WORDS) || /_ms$/i.test(column.name));
}

/** The maker of a numeric column, from its unit first and its name second. */
export function numberMaker(column: ColumnFacts): NumberMaker {
  const { name } = column;
  const unit = column.unit ?? '';
  const salt = hashString(name);
  if (TIME_NAME.test(name) && (unit === 'ms' || unit === '')) {
    if (/start|create|begin/i.test(name)) return (p) => p.agent.startTime;
    return (p) => p.t;
  }
  if (isPercent(column)) return gauge(salt, PERCENT);
  // `ioutilOrder`, `cpuOrder`: the series' rank among the agent's (1 = the busiest).
  if (wordsOf(name).at(-1) === 'order' && !unit) return (p) => p.variant + 1;
  if (unit === 'millicore') return (p) => round(gauge(salt, [0, 800, 0])(p) * p.agent.cpuCores, 0);
  if (unit === 'state')
    return (p) => (unitAt(p.seed, p.agent.oid, p.variant, salt, Math.floor(p.t / HOUR)) < 0.95 ? 1 : 0);
  if (isCount(column)) return COUNTER_NAME.test(name) ? growing(salt, 20) : perBucket(salt, 20);
  if (isDurationMs(column))
    return gauge(salt, namesAny(wordsOf(name), SUMMED_WORDS) ? SUMMED_MS : (UNIT_RANGES.ms ?? SUMMED_MS));
  if (COUNTER_NAME.test(name)) return growing(salt, unit === 'byte' ? 50_000 : 20);
  const range = UNIT_RANGES[unit];
  if (range) return gauge(salt, range);
  if (/bytes?$|size|mem|memory/i.test(name)) return gauge(salt, UNIT_RANGES.byte ?? PERCENT);
  return gauge(salt, PERCENT);
}

/** Words of error counts, and of the counts of calls, requests or executions they are part of. */
const ERROR_WORDS = ['error', 'err', 'fail', 'failed', 'failure', 'exception'];
const CALL_WORDS = ['count', 'cnt', 'call', 'calls', 'request', 'requests', 'hit', 'exec', 'execution'];
const NOT_A_COUNT = ['rate', 'ratio', 'pct', 'percent', 'time', 'ms', 'message', 'msg', 'type', 'class'];

/**
 * The column an error count is bounded by in the same row: the count of what failed (`sql_error` →
 * `sql_count`, `error` → `count`), else the row's plain count of calls. Undefined for other columns.
 */
export function errorBoundOf(column: ColumnFacts, columns: readonly ColumnFacts[]): ColumnFacts | undefined {
  const words = wordsOf(column.name);
  if (!namesAny(words, ERROR_WORDS) || namesAny(words, NOT_A_COUNT) || !isCount(column)) return undefined;
  const subject = (ws: readonly string[]) =>
    ws.filter((w) => !ERROR_WORDS.includes(w) && !CALL_WORDS.includes(w)).join(' ');
  const counts = columns.filter((c) => {
    const ws = wordsOf(c.name);
    return (
      c.name !== column.name &&
      isCount(c) &&
      ws.some((w) => CALL_WORDS.includes(w)) &&
      !namesAny(ws, ERROR_WORDS) &&
      !namesAny(ws, NOT_A_COUNT)
    );
  });
  const own = subject(words);
  return (
    counts.find((c) => subject(wordsOf(c.name)) === own) ??
    counts.find((c) => subject(wordsOf(c.name)) === '')
  );
}

/** An error count as a small share (0.5–5 %) of the calls it is bounded by, so it never exceeds them. */
export function errorShareOf(column: ColumnFacts, bound: NumberMaker): NumberMaker {
  const salt = hashString(column.name);
  return (p) => {
    const share = 0.005 + 0.045 * unitAt(p.seed, p.agent.oid, p.variant, salt, Math.floor(p.t / HOUR));
    return Math.floor(bound(p) * share);
  };
}
