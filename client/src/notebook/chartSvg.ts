// A result's chart as a standalone SVG for exported reports: the panel's choice of columns (time on x,
// the first measure on y, one line per agent: common/rowFacts), drawn as plain polylines. The panel's own series builder lives in
// the webview program, which the extension may not import; this static image needs only the basics.
// Pure; every text is escaped, and the SVG refers to nothing outside itself.
import {
  axisUnitText,
  bandRange,
  rangeWithThresholds,
  thresholdsFor,
  thresholdText,
  type ChartMarks,
} from '../../../common/chartMarks';
import type { Cell } from '../../../common/resultsMessages';
import { chartColumnsOf, isTimeColumn, type ChartKind } from '../../../common/rowFacts';

const WIDTH = 720;
const HEIGHT = 280;
const PAD = { left: 56, right: 12, top: 12, bottom: 28 };
const PALETTE = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f'];

/** Text escaped for XML and HTML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function isoMinute(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}

interface Series {
  readonly label: string;
  readonly values: (number | null)[];
}

const MAX_SERIES = 24;

/** What a chart sees in each column: times in the time column, numbers, or text. */
function chartKindsOf(columns: readonly string[], rows: readonly (readonly Cell[])[]): ChartKind[] {
  return columns.map((name, i) => {
    if (!rows.some((r) => typeof r[i] === 'number')) return 'string';
    return isTimeColumn(name) ? 'time' : 'number';
  });
}

/** Aligned series (mean per time and agent), or undefined without a time column and a measure. */
function seriesOf(
  columns: readonly string[],
  rows: readonly (readonly Cell[])[],
): { xs: number[]; series: Series[]; field: string } | undefined {
  const choice = chartColumnsOf(columns, chartKindsOf(columns, rows));
  const y = choice?.ys[0];
  if (!choice || y === undefined) return undefined;
  const { x, split } = choice;
  const sums = new Map<string, Map<number, { sum: number; n: number }>>();
  for (const row of rows) {
    const t = row[x];
    const v = row[y];
    if (typeof t !== 'number' || typeof v !== 'number' || !Number.isFinite(v)) continue;
    const label = split >= 0 ? String(row[split] ?? '') : (columns[y] ?? '');
    const byTime = sums.get(label) ?? new Map<number, { sum: number; n: number }>();
    sums.set(label, byTime);
    const cell = byTime.get(t) ?? { sum: 0, n: 0 };
    byTime.set(t, { sum: cell.sum + v, n: cell.n + 1 });
  }
  const kept = [...sums].sort((a, b) => (a[0] < b[0] ? -1 : 1)).slice(0, MAX_SERIES);
  const xs = [...new Set(kept.flatMap(([, byTime]) => [...byTime.keys()]))].sort((a, b) => a - b);
  const series = kept.map(([label, byTime]) => ({
    label,
    values: xs.map((t) => {
      const s = byTime.get(t);
      return s ? s.sum / s.n : null;
    }),
  }));
  return { xs, series, field: columns[y] ?? '' };
}

/** The chart of a result as SVG text, or undefined when it has no time axis and number column. */
export function chartSvg(
  columnNames: readonly string[],
  rows: readonly (readonly Cell[])[],
  title: string,
  marks?: ChartMarks,
): string | undefined {
  const data = seriesOf(columnNames, rows);
  if (!data) return undefined;
  if (data.xs.length < 2 || data.series.length === 0) return undefined;
  const values = data.series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const thresholds = thresholdsFor(marks, [data.field]);
  const [lo, hi] = rangeWithThresholds(Math.min(0, ...values), Math.max(...values), thresholds);
  const minY = lo;
  // Headroom over a threshold, so the band on its firing side shows.
  const maxY = Math.max(hi + (thresholds.length > 0 ? (hi - lo) * 0.1 : 0), minY + 1);
  const x0 = data.xs[0] ?? 0;
  const x1 = data.xs[data.xs.length - 1] ?? x0 + 1;
  const px = (t: number): number =>
    PAD.left + ((t - x0) / Math.max(1, x1 - x0)) * (WIDTH - PAD.left - PAD.right);
  const py = (v: number): number =>
    HEIGHT - PAD.bottom - ((v - minY) / (maxY - minY)) * (HEIGHT - PAD.top - PAD.bottom);
  const lines = data.series.map((series, i) => {
    const points = series.values
      .map((v, j) => (v === null ? undefined : `${px(data.xs[j] ?? 0).toFixed(1)},${py(v).toFixed(1)}`))
      .filter((p): p is string => p !== undefined)
      .join(' ');
    const colour = PALETTE[i % PALETTE.length] ?? '#000';
    return `<polyline fill="none" stroke="${colour}" stroke-width="1.5" points="${points}"><title>${escapeXml(series.label)}</title></polyline>`;
  });
  const plotW = WIDTH - PAD.left - PAD.right;
  const overlay = [
    ...(marks?.spans ?? []).flatMap((span) => {
      const a = Math.max(PAD.left, px(span.start));
      const b = Math.min(WIDTH - PAD.right, px(span.end));
      return b > a
        ? [
            `<rect class="span" x="${a.toFixed(1)}" y="${PAD.top}" width="${(b - a).toFixed(1)}" height="${HEIGHT - PAD.top - PAD.bottom}" fill="#ff7f0e" fill-opacity="0.2"><title>${escapeXml(span.label ?? '')}</title></rect>`,
          ]
        : [];
    }),
    ...thresholds.flatMap((threshold) => {
      const band = bandRange(threshold, minY, maxY);
      const line = py(threshold.value).toFixed(1);
      const caption = escapeXml(thresholdText(threshold));
      return [
        ...(band
          ? [
              `<rect class="band" x="${PAD.left}" y="${py(band[1]).toFixed(1)}" width="${plotW}" height="${(py(band[0]) - py(band[1])).toFixed(1)}" fill="#d62728" fill-opacity="0.15"><title>${caption}</title></rect>`,
            ]
          : []),
        `<line x1="${PAD.left}" y1="${line}" x2="${WIDTH - PAD.right}" y2="${line}" stroke="#d62728" stroke-dasharray="6 4"/>`,
        `<text x="${WIDTH - PAD.right - 4}" y="${(Number(line) - 3).toFixed(1)}" text-anchor="end" fill="#d62728">${caption}</text>`,
      ];
    }),
  ];
  const unit = axisUnitText(marks, [data.field]);
  const unitLabel = unit ? [`<text class="unit" x="4" y="${PAD.top + 8}">${escapeXml(unit)}</text>`] : [];
  const legend = data.series
    .slice(0, 8)
    .map((s, i) => `<tspan fill="${PALETTE[i % PALETTE.length] ?? '#000'}">■ ${escapeXml(s.label)}</tspan>`)
    .join(' ');
  const axes = [
    `<line x1="${PAD.left}" y1="${HEIGHT - PAD.bottom}" x2="${WIDTH - PAD.right}" y2="${HEIGHT - PAD.bottom}" stroke="#888"/>`,
    `<line x1="${PAD.left}" y1="${PAD.top}" x2="${PAD.left}" y2="${HEIGHT - PAD.bottom}" stroke="#888"/>`,
    `<text x="${PAD.left - 4}" y="${PAD.top + 8}" text-anchor="end">${escapeXml(String(Math.round(maxY * 100) / 100))}</text>`,
    `<text x="${PAD.left - 4}" y="${HEIGHT - PAD.bottom}" text-anchor="end">${escapeXml(String(minY))}</text>`,
    `<text x="${PAD.left}" y="${HEIGHT - 8}">${escapeXml(isoMinute(x0))} UTC</text>`,
    `<text x="${WIDTH - PAD.right}" y="${HEIGHT - 8}" text-anchor="end">${escapeXml(isoMinute(x1))} UTC</text>`,
  ];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT + 18}" viewBox="0 0 ${WIDTH} ${HEIGHT + 18}" font-family="sans-serif" font-size="11" role="img" aria-label="${escapeXml(title)}">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    ...overlay,
    ...axes,
    ...unitLabel,
    ...lines,
    `<text x="${PAD.left}" y="${HEIGHT + 12}">${legend}</text>`,
    '</svg>',
  ].join('\n');
}
