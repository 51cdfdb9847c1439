// Draws a run's chart marks (common/chartMarks.ts) on a uPlot chart: each threshold of a drawn field as
// a band on the side where the rule fires with its line and caption, each span (when a backtest fired)
// as a shaded time range, and the fields' unit as the y axis caption. Kept apart from chart.ts, which
// only passes its options through {@link withMarks}. What was drawn, in canvas pixels, is written to
// the chart container's `data-marks` so tests and assistive tools can read it.

import uPlot from 'uplot';
import {
  axisUnitText,
  bandRange,
  rangeWithThresholds,
  thresholdsFor,
  thresholdText,
  type ChartMarks,
  type ThresholdMark,
} from '../../../common/chartMarks';

/** The marks of a run and the fields the chart draws (a threshold shows only over its own field). */
export interface ChartOverlay {
  readonly marks: ChartMarks;
  readonly fields: readonly string[];
}

/** What {@link marksPlugin} drew last, in canvas pixels. */
export interface DrawnMarks {
  readonly bands: { label: string; top: number; bottom: number; left: number; right: number; line: number }[];
  readonly spans: { label: string; left: number; right: number; top: number; bottom: number }[];
  readonly unit?: string;
}

function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.body).getPropertyValue(name).trim() || fallback;
}

/** `opts` with the overlay's unit caption, a y range that shows every threshold, and the drawing plugin. */
export function withMarks(
  opts: uPlot.Options,
  overlay: ChartOverlay | undefined,
  container: HTMLElement,
): uPlot.Options {
  delete container.dataset.marks;
  if (!overlay) return opts;
  const unit = axisUnitText(overlay.marks, overlay.fields);
  const thresholds = thresholdsFor(overlay.marks, overlay.fields);
  const axes = opts.axes?.map((axis, i) => (i === 1 && unit ? { ...axis, label: unit } : axis));
  const y: uPlot.Scale = {
    ...(opts.scales?.y ?? {}),
    // uPlot's own padding of a data range, over the data and every threshold.
    range: (_u, min, max) => {
      const [lo, hi] = rangeWithThresholds(min, max, thresholds);
      return uPlot.rangeNum(lo, hi, 0.1, true);
    },
  };
  return {
    ...opts,
    ...(axes ? { axes } : {}),
    scales: { ...(opts.scales ?? {}), ...(thresholds.length > 0 ? { y } : {}) },
    plugins: [...(opts.plugins ?? []), marksPlugin(overlay, thresholds, unit, container)],
  };
}

function marksPlugin(
  overlay: ChartOverlay,
  thresholds: readonly ThresholdMark[],
  unit: string | undefined,
  container: HTMLElement,
): uPlot.Plugin {
  const spans = overlay.marks.spans ?? [];
  return {
    hooks: {
      // Under the series: bands and spans are the background the lines are read against.
      drawClear: [
        (u: uPlot) => {
          const drawn: DrawnMarks = { bands: [], spans: [], ...(unit ? { unit } : {}) };
          const { left, top, width, height } = u.bbox;
          const ctx = u.ctx;
          ctx.save();
          ctx.beginPath();
          ctx.rect(left, top, width, height);
          ctx.clip();
          const spanColour = cssVar('--vscode-charts-orange', '#d18616');
          for (const span of spans) {
            const x0 = Math.max(left, u.valToPos(span.start, 'x', true));
            const x1 = Math.min(left + width, u.valToPos(span.end, 'x', true));
            if (!(x1 > x0)) continue;
            ctx.globalAlpha = 0.22;
            ctx.fillStyle = spanColour;
            ctx.fillRect(x0, top, Math.max(1, x1 - x0), height);
            drawn.spans.push({ label: span.label ?? '', left: x0, right: x1, top, bottom: top + height });
          }
          const bandColour = cssVar('--vscode-charts-red', '#f14c4c');
          const scale = u.scales.y;
          const min = scale?.min ?? 0;
          const max = scale?.max ?? 0;
          for (const threshold of thresholds) {
            const range = bandRange(threshold, min, max);
            const line = u.valToPos(threshold.value, 'y', true);
            if (range) {
              const yTop = u.valToPos(range[1], 'y', true);
              const yBottom = u.valToPos(range[0], 'y', true);
              ctx.globalAlpha = 0.16;
              ctx.fillStyle = bandColour;
              ctx.fillRect(left, yTop, width, yBottom - yTop);
              drawn.bands.push({
                label: thresholdText(threshold),
                top: yTop,
                bottom: yBottom,
                left,
                right: left + width,
                line,
              });
            }
            ctx.globalAlpha = 0.9;
            ctx.strokeStyle = bandColour;
            ctx.lineWidth = Math.max(1, devicePixelRatio);
            ctx.setLineDash([6 * devicePixelRatio, 4 * devicePixelRatio]);
            ctx.beginPath();
            ctx.moveTo(left, line);
            ctx.lineTo(left + width, line);
            ctx.stroke();
            ctx.setLineDash([]);
            ctx.fillStyle = bandColour;
            ctx.font = `${String(11 * devicePixelRatio)}px sans-serif`;
            ctx.textAlign = 'right';
            ctx.textBaseline = 'bottom';
            ctx.fillText(thresholdText(threshold), left + width - 4, line - 2);
          }
          ctx.restore();
          container.dataset.marks = JSON.stringify(drawn);
        },
      ],
    },
  };
}
