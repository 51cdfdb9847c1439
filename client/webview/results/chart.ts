// The chart tab: uPlot lines over time, colours from VS Code's --vscode-charts-* variables.
// Drag selects a time range to zoom into; a double click resets (uPlot's built-in cursor).

import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { type ChartData } from './chartData';
import { type ChartOverlay, withMarks } from './chartMarks';
import { formatTime } from './columns';
import { baselineStyle, legendMarkers } from './compareOverlay';
import { el } from './dom';

const paletteVars = [
  '--vscode-charts-blue',
  '--vscode-charts-orange',
  '--vscode-charts-green',
  '--vscode-charts-red',
  '--vscode-charts-purple',
  '--vscode-charts-yellow',
  '--vscode-charts-foreground',
];
const fallbackPalette = ['#3794ff', '#d18616', '#89d185', '#f14c4c', '#b180d7', '#cca700', '#cccccc'];

function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.body).getPropertyValue(name).trim() || fallback;
}

/** The series colours of the current theme. */
export function chartPalette(): string[] {
  return paletteVars.map((name, i) => cssVar(name, fallbackPalette[i] ?? '#888888'));
}

/** Draws {@link ChartData} into a container and redraws on resize or theme change. */
export class ResultsChart {
  private plot: uPlot | undefined;
  private data: ChartData | undefined;
  private utc = false;
  private overlay: ChartOverlay | undefined;
  private readonly tooltip = el('div', { className: 'mxql-chart-tooltip', attrs: { role: 'tooltip' } });

  constructor(private readonly container: HTMLElement) {}

  /** Replaces the drawn data; `utc` formats the time axis in UTC; `overlay` adds thresholds, spans and units. */
  show(data: ChartData, utc: boolean, overlay?: ChartOverlay): void {
    this.data = data;
    this.utc = utc;
    this.overlay = overlay;
    this.draw();
  }

  /** Redraws with the current theme's colours (after a theme change). */
  redraw(): void {
    if (this.data) this.draw();
  }

  /** Fits the chart to its container. */
  resize(): void {
    if (!this.plot) return;
    const { width, height } = this.size();
    this.plot.setSize({ width, height });
  }

  /** Removes the chart. */
  clear(): void {
    this.plot?.destroy();
    this.plot = undefined;
    this.data = undefined;
    this.container.replaceChildren();
  }

  private size(): { width: number; height: number } {
    return {
      width: Math.max(200, this.container.clientWidth - 8),
      height: Math.max(160, this.container.clientHeight - 90),
    };
  }

  private draw(): void {
    const data = this.data;
    if (!data) return;
    this.plot?.destroy();
    this.container.replaceChildren();
    const palette = chartPalette();
    const axisColour = cssVar('--vscode-foreground', '#cccccc');
    const gridColour = cssVar('--vscode-editorWidget-border', 'rgba(128,128,128,0.3)');
    const axis: uPlot.Axis = {
      stroke: axisColour,
      grid: { stroke: gridColour, width: 1 },
      ticks: { stroke: gridColour },
    };
    const base: uPlot.Options = {
      ...this.size(),
      ms: 1,
      tzDate: this.utc ? (ts) => uPlot.tzDate(new Date(ts), 'Etc/UTC') : (ts) => new Date(ts),
      cursor: { drag: { x: true, y: false }, points: { show: false } },
      legend: { show: true, live: true, markers: legendMarkers },
      scales: { x: { time: true } },
      axes: [axis, { ...axis }],
      series: [
        { label: 'time' },
        ...data.series.map((s, i) => ({
          label: s.label,
          stroke: palette[i % palette.length],
          width: 1.5,
          spanGaps: true,
          points: { show: false },
          // Compare with…: a baseline series is dashed and faded (compareOverlay.ts).
          ...baselineStyle(s, i, palette),
        })),
      ],
      hooks: {
        setCursor: [(u: uPlot) => this.updateTooltip(u)],
        // The visible time range, readable by tests and by assistive tools.
        setScale: [(u: uPlot, key: string) => this.showRange(u, key)],
      },
    };
    const opts = withMarks(base, this.overlay, this.container);
    const aligned: uPlot.AlignedData = [data.xs, ...data.series.map((s) => s.values)];
    this.plot = new uPlot(opts, aligned, this.container);
    this.plot.over.appendChild(this.tooltip);
  }

  private showRange(u: uPlot, key: string): void {
    if (key !== 'x') return;
    const { min, max } = u.scales.x ?? {};
    if (min !== undefined && max !== undefined) this.container.dataset.xRange = `${min}..${max}`;
  }

  // Shows the values under the cursor next to it; the legend shows them too, but far away.
  private updateTooltip(u: uPlot): void {
    const idx = u.cursor.idx;
    const left = u.cursor.left ?? -1;
    if (idx === null || idx === undefined || left < 0 || !this.data) {
      this.tooltip.classList.remove('mxql-visible');
      return;
    }
    const x = this.data.xs[idx];
    const lines = [x === undefined ? '' : formatTime(x, this.utc ? 'utc' : 'local')];
    this.data.series.slice(0, 8).forEach((s) => {
      const v = s.values[idx];
      if (v !== null && v !== undefined) lines.push(`${s.label}: ${v.toLocaleString()}`);
    });
    this.tooltip.textContent = lines.join('\n');
    this.tooltip.style.left = `${left + 12}px`;
    this.tooltip.style.top = `${(u.cursor.top ?? 0) + 12}px`;
    this.tooltip.classList.add('mxql-visible');
  }
}
