// The chart's overlay of Compare with…: the baseline's rows drawn beside the window's, shifted by the
// baseline's distance onto the window's time axis (yesterday's 10:00 lands on today's 10:00), with the
// same y columns and split as the window's chart, each series named "(baseline: yesterday)" and drawn
// dashed and faded in its window series' colour. chart.ts only asks this module how a series looks.

import type uPlot from 'uplot';
import { decodeRows } from '../../../common/columnChunks';
import type { ColumnInfo, ComparisonInfo } from '../../../common/resultsMessages';
import { buildChartData, type ChartChoice, type ChartData, type ChartSeries } from './chartData';
import { strings } from './strings';

/** A baseline series: `baselineOf` is the index of the window series it mirrors (-1: none). */
export interface BaselineSeries extends ChartSeries {
  readonly baselineOf: number;
}

/** How a baseline series is drawn: dashed and faded, so the window's own line stays in front. */
export const BASELINE_DASH = [6, 4];
export const BASELINE_ALPHA = 0.55;

export function isBaselineSeries(s: ChartSeries): s is BaselineSeries {
  return typeof (s as Partial<BaselineSeries>).baselineOf === 'number';
}

/** The same column by name among the baseline's columns (the same query, maybe in another order). */
function baselineChoice(
  columns: readonly ColumnInfo[],
  choice: ChartChoice,
  base: readonly ColumnInfo[],
): ChartChoice | undefined {
  const at = (i: number) => base.findIndex((c) => c.name === columns[i]?.name);
  const x = at(choice.x);
  const ys = choice.ys.map(at);
  const split = choice.split < 0 ? -1 : at(choice.split);
  if (x < 0 || ys.some((y) => y < 0) || (choice.split >= 0 && split < 0)) return undefined;
  return { x, ys, split };
}

/**
 * The window's chart data with the baseline's series added: the baseline's rows shifted later by
 * `shiftMs`, charted with the window's choice, and both put on one x axis (the union of their times).
 * The window's data as it is when the baseline has no rows or lacks a charted column.
 */
export function withBaseline(
  data: ChartData,
  columns: readonly ColumnInfo[],
  choice: ChartChoice,
  comparison: ComparisonInfo,
): ChartData {
  const baseChoice = baselineChoice(columns, choice, comparison.baselineColumns);
  if (!baseChoice) return data;
  const rows = decodeRows(comparison.baselineRows).map((row) => {
    const time = row[baseChoice.x];
    if (typeof time === 'number') row[baseChoice.x] = time + comparison.shiftMs;
    return row;
  });
  if (rows.length === 0) return data;
  const base = buildChartData(comparison.baselineColumns, rows, baseChoice);
  const xs = [...new Set([...data.xs, ...base.xs])].sort((a, b) => a - b);
  const onAxis = (from: readonly number[], values: readonly (number | null)[]) => {
    const byTime = new Map(from.map((t, i) => [t, values[i] ?? null]));
    return xs.map((t) => byTime.get(t) ?? null);
  };
  const own = data.series.map((s) => ({ ...s, values: onAxis(data.xs, s.values) }));
  const overlay: BaselineSeries[] = base.series.map((s) => ({
    label: strings.chart.baseline(s.label, comparison.name),
    values: onAxis(base.xs, s.values),
    baselineOf: data.series.findIndex((o) => o.label === s.label),
  }));
  return {
    xs,
    series: [...own, ...overlay],
    downsampled: data.downsampled || base.downsampled,
    droppedSeries: data.droppedSeries + base.droppedSeries,
  };
}

/** The uPlot options of series `i` that differ for a baseline: dashed, faded, its window series' colour. */
export function baselineStyle(s: ChartSeries, i: number, palette: readonly string[]): Partial<uPlot.Series> {
  if (!isBaselineSeries(s)) return {};
  const colour = palette[(s.baselineOf >= 0 ? s.baselineOf : i) % palette.length];
  return { dash: BASELINE_DASH, alpha: BASELINE_ALPHA, ...(colour ? { stroke: colour } : {}) };
}

/** Legend markers drawn dashed for a dashed series, so the legend says which line is the baseline. */
export const legendMarkers: uPlot.Legend.Markers = {
  dash: (u: uPlot, i: number) => (u.series[i]?.dash ? 'dashed' : 'solid'),
};
