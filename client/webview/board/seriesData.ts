// A series widget's chart: every query's result becomes lines over time (one per agent, the results
// panel's choice of columns), and the lines of all the widget's queries share one time axis. Pure.
import type { Cell, ColumnInfo } from '../../../common/resultsMessages';
import { buildChartData, defaultChoice, type ChartData } from '../results/chartData';
import { inferKinds } from '../results/columns';

/** One query's result with the label its lines carry when the widget has several queries. */
export interface LabelledResult {
  readonly label: string;
  readonly columns: readonly ColumnInfo[];
  readonly rows: readonly (readonly Cell[])[];
}

/** The lines of every result on one time axis; undefined when no result can be drawn over time. */
export function widgetChartData(results: readonly LabelledResult[]): ChartData | undefined {
  const parts = results.flatMap((result) => {
    const kinds = inferKinds(result.columns, result.rows);
    const choice = defaultChoice(result.columns, kinds, [], '');
    return choice ? [{ label: result.label, data: buildChartData(result.columns, result.rows, choice) }] : [];
  });
  if (parts.length === 0) return undefined;
  const xs = [...new Set(parts.flatMap((p) => p.data.xs))].sort((a, b) => a - b);
  const prefix = parts.length > 1;
  const series = parts.flatMap(({ label, data }) => {
    const at = new Map(data.xs.map((x, i) => [x, i] as const));
    return data.series.map((s) => ({
      label: prefix ? [label, s.label].filter(Boolean).join(' · ') : s.label || label,
      values: xs.map((x) => {
        const i = at.get(x);
        return i === undefined ? null : (s.values[i] ?? null);
      }),
    }));
  });
  return {
    xs,
    series,
    downsampled: parts.some((p) => p.data.downsampled),
    droppedSeries: parts.reduce((n, p) => n + p.data.droppedSeries, 0),
  };
}

/** The y columns the widget's chart draws (each once), whose units caption its axis. */
export function widgetFields(results: readonly LabelledResult[]): string[] {
  const names = results.flatMap((result) => {
    const choice = defaultChoice(result.columns, inferKinds(result.columns, result.rows), [], '');
    return choice ? choice.ys.map((i) => result.columns[i]?.name ?? '') : [];
  });
  return [...new Set(names.filter(Boolean))];
}
