/**
 * What changed between a window and its baseline: the same query run over a shifted range (the window
 * before, the same window a day or a week earlier), compared per agent and per numeric field, ranked by
 * how far each moved against the baseline's own spread. Pure: rows in, ranking out; the planning of both
 * runs goes through the one run planner (`planComparison`), so a comparison sends exactly what two runs
 * would.
 */
import { AGENT_IDENTITY_FIELDS, agentKeyOf, agentOf, type AgentKey } from '../../../common/rowFacts';
import { planRun, type PlanInput, type RunPlan } from './plan';
import type { RangeChoice } from './timeRange';

/** Which earlier window a run is compared with. */
export const BASELINES = ['prev', '1d', '7d'] as const;
export type Baseline = (typeof BASELINES)[number];

const DAY_MS = 86_400_000;

/** True for a name of {@link BASELINES}. */
export function isBaseline(text: string): text is Baseline {
  return (BASELINES as readonly string[]).includes(text);
}

/** How far back the baseline lies: the window's own length for `prev`, else a day or a week. */
export function baselineShiftMs(baseline: Baseline, window: { stime: number; etime: number }): number {
  if (baseline === '1d') return DAY_MS;
  if (baseline === '7d') return 7 * DAY_MS;
  return window.etime - window.stime;
}

/** The two plans of a comparison. */
export interface ComparisonPlans {
  readonly window: RunPlan;
  readonly baseline: RunPlan;
  readonly shiftMs: number;
}

/**
 * Plans the window as a run would, then the same query over the range shifted back: the baseline is the
 * window's plan with an explicit range, so `$stime`/`$etime` filled from the range move with it.
 */
export function planComparison(input: PlanInput, baseline: Baseline): ComparisonPlans {
  const window = planRun(input);
  const shiftMs = baselineShiftMs(baseline, window.range);
  const range: RangeChoice = {
    kind: 'absolute',
    stime: window.range.stime - shiftMs,
    etime: window.range.etime - shiftMs,
  };
  const shifted = planRun({ ...input, overrides: { ...input.overrides, range } });
  return { window, baseline: shifted, shiftMs };
}

/** A row as the service returns it. */
export type CompareRow = Readonly<Record<string, unknown>>;

/** How one field of one agent moved. */
export interface FieldChange {
  /** The agent's name (oname), `oid N`, or `all` when the rows name no agent. */
  readonly agent: string;
  readonly oid?: number;
  readonly field: string;
  /** Mean of the field over the agent's rows in each window. */
  readonly baseline: number;
  readonly window: number;
  /** window − baseline. */
  readonly change: number;
  /** change / |baseline|; null when the baseline is 0 and the window is not. */
  readonly relative: number | null;
  /** Standard deviation of the field over the agent's baseline rows. */
  readonly spread: number;
  /** change in units of the baseline's spread (never below the floor, see {@link LEVEL_FLOOR}). */
  readonly score: number;
  readonly baselineRows: number;
  readonly windowRows: number;
}

/** The ranking of a comparison. */
export interface Comparison {
  /** Every agent and field in both windows, the farthest moved (by |score|) first. */
  readonly changes: readonly FieldChange[];
  /** What the rows are grouped by: `oid`, `oname`, or null (the whole result as one). */
  readonly agentKey: AgentKey;
  /** Agents with rows in only one of the windows. */
  readonly onlyInWindow: readonly string[];
  readonly onlyInBaseline: readonly string[];
}

/**
 * A spread below this share of the baseline's level (of the window's, when the baseline was 0) counts as
 * this share: a field that never moved in the baseline (zero spread) still gets a finite score, a 5% move
 * scoring 1, so a steady gauge that moved by one unit does not outrank a response time that tripled
 * against its usual noise.
 */
export const LEVEL_FLOOR = 0.05;

/**
 * Columns that locate a row rather than measure anything; `_rows_` (GROUP's count of merged rows) counts
 * samples, and the service keeps coarser samples for older data, so a day-old baseline has fewer.
 */
export const NOT_MEASURES: ReadonlySet<string> = new Set([
  ...AGENT_IDENTITY_FIELDS,
  '_rows_',
  'time',
  'stime',
  'etime',
  'pcode',
  'pid',
  'rownum',
]);

interface Group {
  readonly label: string;
  readonly oid?: number;
  readonly values: Map<string, number[]>;
  rows: number;
}

function groupRows(rows: readonly CompareRow[], key: Comparison['agentKey']): Map<string, Group> {
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const { id, label, oid } = agentOf(row, key);
    let group = groups.get(id);
    if (!group) {
      group = { label, ...(oid !== undefined ? { oid } : {}), values: new Map(), rows: 0 };
      groups.set(id, group);
    }
    group.rows++;
    for (const [field, value] of Object.entries(row)) {
      if (NOT_MEASURES.has(field) || typeof value !== 'number' || !Number.isFinite(value)) continue;
      const list = group.values.get(field);
      if (list) list.push(value);
      else group.values.set(field, [value]);
    }
  }
  return groups;
}

/** A fixed order of names, the same on every machine (and cheaper than a locale's collation). */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

function deviation(values: readonly number[], m: number): number {
  if (values.length < 2) return 0;
  return Math.sqrt(values.reduce((a, v) => a + (v - m) ** 2, 0) / (values.length - 1));
}

function changeOf(
  group: Group,
  field: string,
  base: readonly number[],
  now: readonly number[],
  baseRows: number,
) {
  const before = mean(base);
  const after = mean(now);
  const change = after - before;
  const spread = deviation(base, before);
  // The level is the baseline's; a field that was 0 is measured against where it went.
  const level = before !== 0 ? Math.abs(before) : Math.abs(after);
  const scale = Math.max(spread, LEVEL_FLOOR * level);
  return {
    agent: group.label,
    ...(group.oid !== undefined ? { oid: group.oid } : {}),
    field,
    baseline: before,
    window: after,
    change,
    relative: change === 0 ? 0 : before === 0 ? null : change / Math.abs(before),
    spread,
    score: scale === 0 ? 0 : change / scale,
    baselineRows: baseRows,
    windowRows: group.rows,
  };
}

/**
 * Compares the rows of a window with the rows of its baseline: per agent (by oid, else oname, else the
 * whole result) and per numeric field, the means, the change, the relative change and the change in
 * baseline spreads; ranked by |score|, then |relative|, then agent and field, so equal data ranks alike.
 */
export function compareRows(window: readonly CompareRow[], baseline: readonly CompareRow[]): Comparison {
  const agentKey = agentKeyOf(window.length > 0 ? window : baseline);
  const now = groupRows(window, agentKey);
  const before = groupRows(baseline, agentKey);
  const changes: FieldChange[] = [];
  for (const [id, group] of now) {
    const base = before.get(id);
    if (!base) continue;
    for (const [field, values] of group.values) {
      const baseValues = base.values.get(field);
      if (baseValues) changes.push(changeOf(group, field, baseValues, values, base.rows));
    }
  }
  changes.sort(
    (a, b) =>
      Math.abs(b.score) - Math.abs(a.score) ||
      Math.abs(b.relative ?? 0) - Math.abs(a.relative ?? 0) ||
      byCodeUnits(a.agent, b.agent) ||
      byCodeUnits(a.field, b.field),
  );
  const labels = (from: Map<string, Group>, without: Map<string, Group>) =>
    [...from].filter(([id]) => !without.has(id)).map(([, g]) => g.label);
  return {
    changes,
    agentKey,
    onlyInWindow: labels(now, before),
    onlyInBaseline: labels(before, now),
  };
}
