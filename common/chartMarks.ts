// What a chart draws besides its lines: an alert rule's thresholds (a band on the side where the rule
// fires), time spans (when a backtest fired) and the unit of each field from the catalog. The host
// resolves them and sends them with the run (`RunInfo.marks`); every chart (results panel, dashboard
// preview, notebook outputs, exported SVG) draws them from this one shape and these helpers. Pure.

/** How a threshold compares a value: the rule fires when `value op threshold` holds. */
export type MarkComparator = '>' | '>=' | '<' | '<=';

/** One rule threshold on one field. */
export interface ThresholdMark {
  readonly field: string;
  readonly value: number;
  readonly op: MarkComparator;
  /** A short caption drawn next to the band, e.g. `cpu > 80`. */
  readonly label?: string;
}

/** A time range to shade, epoch ms. */
export interface SpanMark {
  readonly start: number;
  readonly end: number;
  readonly label?: string;
}

/** Everything a chart may draw over its series. */
export interface ChartMarks {
  readonly thresholds?: readonly ThresholdMark[];
  readonly spans?: readonly SpanMark[];
  /** The catalog unit of each column that has one (`ms`, `pct`, `byte` …). */
  readonly units?: Readonly<Record<string, string>>;
}

/** How a catalog unit reads on an axis. */
const UNIT_LABELS: Readonly<Record<string, string>> = { pct: '%', 'pct#': '%' };

/** The axis text of one catalog unit. */
export function unitLabel(unit: string): string {
  return UNIT_LABELS[unit] ?? unit;
}

/**
 * The y axis caption for the drawn fields: their distinct units in order (`ms`, or `ms · %` when the
 * fields differ), undefined when none of them has a unit.
 */
export function axisUnitText(marks: ChartMarks | undefined, fields: readonly string[]): string | undefined {
  const units = marks?.units;
  if (!units) return undefined;
  const labels = [...new Set(fields.flatMap((f) => (units[f] ? [unitLabel(units[f])] : [])))];
  return labels.length > 0 ? labels.join(' · ') : undefined;
}

/** The thresholds that apply to the drawn fields (a band of another field would mislead). */
export function thresholdsFor(marks: ChartMarks | undefined, fields: readonly string[]): ThresholdMark[] {
  return (marks?.thresholds ?? []).filter((t) => fields.includes(t.field) && Number.isFinite(t.value));
}

/** The value range a band covers, clipped to the visible `[min, max]`: above the line for `>`, below for `<`. */
export function bandRange(threshold: ThresholdMark, min: number, max: number): [number, number] | undefined {
  const above = threshold.op === '>' || threshold.op === '>=';
  const lo = above ? Math.max(threshold.value, min) : min;
  const hi = above ? max : Math.min(threshold.value, max);
  return hi > lo ? [lo, hi] : undefined;
}

/** The data's y range widened so every threshold's line shows. */
export function rangeWithThresholds(
  min: number,
  max: number,
  thresholds: readonly ThresholdMark[],
): [number, number] {
  const values = thresholds.map((t) => t.value);
  return [Math.min(min, ...values), Math.max(max, ...values)];
}

/** A threshold's caption: its label or `field op value`. */
export function thresholdText(threshold: ThresholdMark): string {
  return threshold.label ?? `${threshold.field} ${threshold.op} ${threshold.value.toLocaleString('en-US')}`;
}

const COMPARATORS: readonly string[] = ['>', '>=', '<', '<='];

function record(value: unknown): Readonly<Record<string, unknown>> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Marks read back from a saved file (a notebook output): the well-formed parts, undefined when none is.
 * Marks only decorate a chart, so a malformed part is left out rather than failing the file.
 */
export function parseChartMarks(value: unknown): ChartMarks | undefined {
  const o = record(value);
  if (!o) return undefined;
  const thresholds = (Array.isArray(o.thresholds) ? o.thresholds : []).flatMap((item: unknown) => {
    const t = record(item);
    if (!t || typeof t.field !== 'string' || !finite(t.value) || !COMPARATORS.includes(String(t.op)))
      return [];
    const mark: ThresholdMark = { field: t.field, value: t.value, op: t.op as MarkComparator };
    return [typeof t.label === 'string' ? { ...mark, label: t.label } : mark];
  });
  const spans = (Array.isArray(o.spans) ? o.spans : []).flatMap((item: unknown) => {
    const s = record(item);
    if (!s || !finite(s.start) || !finite(s.end)) return [];
    const mark: SpanMark = { start: s.start, end: s.end };
    return [typeof s.label === 'string' ? { ...mark, label: s.label } : mark];
  });
  const units = Object.fromEntries(
    Object.entries(record(o.units) ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  const marks: ChartMarks = {
    ...(thresholds.length > 0 ? { thresholds } : {}),
    ...(spans.length > 0 ? { spans } : {}),
    ...(Object.keys(units).length > 0 ? { units } : {}),
  };
  return Object.keys(marks).length > 0 ? marks : undefined;
}
