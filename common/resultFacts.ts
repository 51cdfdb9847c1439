// What the rows of an MXQL run are, read from the rows and what was sent: how many came back, whether the
// request's row limit may have cut them and which end the cut kept, the time they span, and which
// selected columns no row carries. The one owner of these facts: the executor (api/executeRun.ts) computes
// them once per run, and the results panel, `mxql run` and the assistant's `mxql_run` each word them.
// Pure and small enough for every program, the webview included.
import { MXQL_ROW_LIMIT } from './limits';

/** What a limit that was reached kept, and what would have returned every row. */
export interface LimitCut {
  /**
   * Which rows the limit kept: the oldest (rows come in ascending time, as the service returns a query
   * that does not reorder them), the newest (descending time), or simply the first in the query's order.
   */
  readonly kept: 'oldest' | 'newest' | 'first';
  /** About how many rows the whole range holds, judged from the time the kept rows cover; when knowable. */
  readonly estimatedTotal?: number;
  /** A row limit that would most likely return every row (a round number above the estimate). */
  readonly suggestedLimit?: number;
  /** The part of the range the kept rows cover whole (epoch ms): a range this long fits under the limit. */
  readonly covered?: { readonly stime: number; readonly etime: number };
}

/** The facts of one run's rows. */
export interface ResultFacts {
  readonly rowCount: number;
  /** The row limit sent. */
  readonly limit: number;
  /** The range sent (epoch ms). */
  readonly stime: number;
  readonly etime: number;
  /** The earliest and latest `time` of the rows (epoch ms), when the rows carry a numeric `time`. */
  readonly timeSpan?: { readonly first: number; readonly last: number };
  /** Set when exactly `limit` rows came back: more may exist, and these are the ones kept. */
  readonly cut?: LimitCut;
  /** Columns the query selects from its category that no row has a value for. */
  readonly missingColumns: readonly string[];
}

/** What a run sent that the facts are judged against. */
export interface SentWindow {
  readonly limit: number;
  readonly stime: number;
  readonly etime: number;
}

type Row = Readonly<Record<string, unknown>>;

interface TimeOrder {
  readonly order: 'ascending' | 'descending' | 'none';
  readonly first?: number;
  readonly last?: number;
  /** The smallest step between two different times: the rows' bucket. */
  readonly step?: number;
}

/** The order of the rows' numeric `time` (equal neighbours allowed), and its extremes. */
function timeOrder(rows: readonly Row[]): TimeOrder {
  let ascending = true;
  let descending = true;
  let previous: number | undefined;
  let min = Infinity;
  let max = -Infinity;
  let step = Infinity;
  for (const row of rows) {
    const time = row.time;
    if (typeof time !== 'number' || !Number.isFinite(time)) return { order: 'none' };
    if (previous !== undefined) {
      if (time < previous) ascending = false;
      if (time > previous) descending = false;
      const gap = Math.abs(time - previous);
      if (gap > 0 && gap < step) step = gap;
    }
    previous = time;
    if (time < min) min = time;
    if (time > max) max = time;
  }
  if (rows.length === 0) return { order: 'none' };
  const span = { first: min, last: max, ...(Number.isFinite(step) ? { step } : {}) };
  if (ascending) return { order: 'ascending', ...span };
  if (descending) return { order: 'descending', ...span };
  return { order: 'none', ...span };
}

/** `4321` → 5000, `12_400` → 15_000: a limit with room above an estimate, in round figures. */
export function roundLimitAbove(estimate: number): number {
  const wanted = Math.ceil(estimate * 1.1);
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(wanted)) - 1);
  const steps = [10, 15, 20, 25, 30, 40, 50, 60, 80, 100];
  const lead = wanted / magnitude;
  const step = steps.find((s) => s >= lead) ?? 100;
  return Math.min(MXQL_ROW_LIMIT.max, step * magnitude);
}

/**
 * What a reached limit kept. Rows in time order say which end; the rows of whole time buckets (all
 * but the edge bucket the limit cut through) give their rate per millisecond, and so the range's total.
 */
function cutOf(rows: readonly Row[], sent: SentWindow, order: TimeOrder): LimitCut {
  if (order.order === 'none' || order.first === undefined || order.last === undefined)
    return { kept: 'first' };
  const kept = order.order === 'ascending' ? 'oldest' : 'newest';
  // The bucket at the cut's edge may be partial: count only the rows of the buckets before it.
  const edge = order.order === 'ascending' ? order.last : order.first;
  const whole = rows.filter((r) => r.time !== edge).length;
  const wholeSpan = order.last - order.first;
  const rangeSpan = sent.etime - sent.stime;
  if (whole === 0 || wholeSpan <= 0 || rangeSpan <= 0) return { kept };
  const estimatedTotal = Math.max(rows.length + 1, Math.round((whole / wholeSpan) * rangeSpan));
  const covered =
    kept === 'oldest'
      ? { stime: sent.stime, etime: edge }
      : { stime: edge + (order.step ?? 0), etime: sent.etime };
  return { kept, estimatedTotal, suggestedLimit: roundLimitAbove(estimatedTotal), covered };
}

/** Names of `expected` that no row has a value for (a key missing or null in every row). */
function missingIn(rows: readonly Row[], expected: readonly string[]): string[] {
  if (rows.length === 0) return [];
  const open = new Set(expected);
  for (const row of rows) {
    for (const name of open) if (row[name] !== undefined && row[name] !== null) open.delete(name);
    if (open.size === 0) break;
  }
  return expected.filter((name) => open.has(name));
}

/**
 * The facts of `rows`, returned for a request that sent `sent`. `expectedColumns` are the columns the
 * query selects from its category (the core's `selectedColumnsOf`); empty when it selects none.
 */
export function resultFactsOf(
  rows: readonly Row[],
  sent: SentWindow,
  expectedColumns: readonly string[] = [],
): ResultFacts {
  const order = timeOrder(rows);
  const reached = sent.limit > 0 && rows.length >= sent.limit;
  return {
    rowCount: rows.length,
    limit: sent.limit,
    stime: sent.stime,
    etime: sent.etime,
    ...(order.first !== undefined && order.last !== undefined
      ? { timeSpan: { first: order.first, last: order.last } }
      : {}),
    ...(reached ? { cut: cutOf(rows, sent, order) } : {}),
    missingColumns: missingIn(rows, expectedColumns),
  };
}

const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/** True for a well-formed {@link ResultFacts} (a webview checks what the host sends before it trusts it). */
export function isResultFacts(x: unknown): x is ResultFacts {
  if (typeof x !== 'object' || x === null) return false;
  const f = x as Record<string, unknown>;
  const cut = f.cut as Record<string, unknown> | undefined;
  return (
    isNumber(f.rowCount) &&
    isNumber(f.limit) &&
    isNumber(f.stime) &&
    isNumber(f.etime) &&
    Array.isArray(f.missingColumns) &&
    f.missingColumns.every((c) => typeof c === 'string') &&
    (cut === undefined ||
      (typeof cut === 'object' &&
        cut !== null &&
        (cut.kept === 'oldest' || cut.kept === 'newest' || cut.kept === 'first')))
  );
}
