// Turns result rows into uPlot's aligned columns: x = time, one series per (split key × y column).
// Pure: tested in node. Large inputs are averaged into time buckets, and the chart says so.

import { type Cell, type ColumnInfo } from '../../../common/resultsMessages';
import {
  chartCandidates as chartColumnsCandidates,
  chartColumnsOf,
  type ChartColumns,
} from '../../../common/rowFacts';
import { type DisplayKind } from './columns';

/** Which columns the chart uses. Indexes into the result's columns; `split` -1 = no split. */
export type ChartChoice = ChartColumns;

/** One drawn line. */
export interface ChartSeries {
  readonly label: string;
  readonly values: (number | null)[];
}

/** Data ready for uPlot plus what was simplified on the way. */
export interface ChartData {
  readonly xs: number[];
  readonly series: ChartSeries[];
  /** True when points were averaged into buckets. */
  readonly downsampled: boolean;
  /** Series left out beyond the maximum (the smallest ones). */
  readonly droppedSeries: number;
}

/** Limits of {@link buildChartData}. */
export interface ChartLimits {
  readonly maxPoints: number;
  readonly maxSeries: number;
}

const defaultLimits: ChartLimits = { maxPoints: 2000, maxSeries: 24 };
/** Columns usable by the chart: the time axis, numeric y candidates and split keys. */
export function chartCandidates(
  columns: readonly ColumnInfo[],
  kinds: readonly DisplayKind[],
): { x: number; numeric: number[]; keys: number[] } {
  return chartColumnsCandidates(
    columns.map((c) => c.name),
    kinds,
  );
}

/** The initial choice: the wanted columns, else the first numeric column and the usual key (oname, oid …). */
export function defaultChoice(
  columns: readonly ColumnInfo[],
  kinds: readonly DisplayKind[],
  wantedY: readonly string[],
  wantedSplit: string,
): ChartChoice | undefined {
  return chartColumnsOf(
    columns.map((c) => c.name),
    kinds,
    wantedY,
    wantedSplit,
  );
}

interface Bucketing {
  readonly key: (x: number) => number;
  readonly downsampled: boolean;
}

function bucketing(rows: readonly (readonly Cell[])[], x: number, maxPoints: number): Bucketing {
  const seen = new Set<number>();
  let min = Infinity;
  let max = -Infinity;
  for (const row of rows) {
    const t = row[x];
    if (typeof t !== 'number') continue;
    if (seen.size <= maxPoints) seen.add(t);
    if (t < min) min = t;
    if (t > max) max = t;
  }
  if (seen.size <= maxPoints) return { key: (t) => t, downsampled: false };
  const width = Math.max(1, Math.ceil((max - min) / maxPoints));
  return { key: (t) => min + Math.floor((t - min) / width) * width, downsampled: true };
}

type Sums = Map<number, { sum: number; n: number }>;

function accumulate(
  columns: readonly ColumnInfo[],
  rows: readonly (readonly Cell[])[],
  choice: ChartChoice,
  key: (x: number) => number,
): Map<string, Sums> {
  const bySeries = new Map<string, Sums>();
  const many = choice.ys.length > 1;
  for (const row of rows) {
    const t = row[choice.x];
    if (typeof t !== 'number') continue;
    const bucket = key(t);
    const group = choice.split >= 0 ? String(row[choice.split] ?? '') : '';
    for (const y of choice.ys) {
      const value = row[y];
      if (typeof value !== 'number' || !Number.isFinite(value)) continue;
      const label = [group, many || !group ? (columns[y]?.name ?? '') : ''].filter(Boolean).join(' · ');
      let sums = bySeries.get(label);
      if (!sums) {
        sums = new Map<number, { sum: number; n: number }>();
        bySeries.set(label, sums);
      }
      const cell = sums.get(bucket);
      if (cell) {
        cell.sum += value;
        cell.n++;
      } else sums.set(bucket, { sum: value, n: 1 });
    }
  }
  return bySeries;
}

/** Builds aligned chart data from rows; see {@link ChartData}. */
export function buildChartData(
  columns: readonly ColumnInfo[],
  rows: readonly (readonly Cell[])[],
  choice: ChartChoice,
  limits: ChartLimits = defaultLimits,
): ChartData {
  const { key, downsampled } = bucketing(rows, choice.x, limits.maxPoints);
  const all = [...accumulate(columns, rows, choice, key)].sort((a, b) => b[1].size - a[1].size);
  const kept = all.slice(0, limits.maxSeries);
  const xsSet = new Set<number>();
  for (const [, sums] of kept) for (const t of sums.keys()) xsSet.add(t);
  const xs = [...xsSet].sort((a, b) => a - b);
  const series = kept.map(([raw, sums]) => ({
    label: raw,
    values: xs.map((t) => {
      const s = sums.get(t);
      return s ? s.sum / s.n : null;
    }),
  }));
  series.sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  return { xs, series, downsampled, droppedSeries: all.length - kept.length };
}
