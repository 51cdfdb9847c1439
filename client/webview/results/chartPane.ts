// The chart tab: pickers for the y columns and the split key, the chart and a note about
// simplifications (downsampling, series left out).

import type { ChartMarks } from '../../../common/chartMarks';
import { type Cell, type ColumnInfo, type ComparisonInfo } from '../../../common/resultsMessages';
import { ResultsChart } from './chart';
import { withBaseline } from './compareOverlay';
import { buildChartData, chartCandidates, defaultChoice } from './chartData';
import { type DisplayKind } from './columns';
import { el, setChildren } from './dom';
import { type ViewState } from './state';
import { strings } from './strings';

/** Called when the user picks other y columns or another split key (`-` = none). */
export type ChoiceChanged = (ys: string[], split: string) => void;

/** Pickers + chart + note. */
export class ChartPane {
  private readonly pickers = el('div', { className: 'mxql-chart-pickers' });
  private readonly note = el('div', { className: 'mxql-chart-note', attrs: { role: 'status' } });
  private readonly canvas = el('div', { className: 'mxql-chart' });
  private readonly chart = new ResultsChart(this.canvas);

  constructor(
    root: HTMLElement,
    private readonly changed: ChoiceChanged,
  ) {
    root.append(this.pickers, this.note, this.canvas);
  }

  /** Rebuilds pickers and chart from the rows. */
  update(
    columns: readonly ColumnInfo[],
    kinds: readonly DisplayKind[],
    rows: readonly (readonly Cell[])[],
    view: ViewState,
    comparison?: ComparisonInfo,
    marks?: ChartMarks,
  ): void {
    const choice = defaultChoice(columns, kinds, view.chartY, view.chartSplit);
    if (!choice) {
      this.chart.clear();
      setChildren(this.pickers, []);
      this.note.textContent = strings.chart.none;
      return;
    }
    const { numeric, keys } = chartCandidates(columns, kinds);
    const name = (i: number): string => columns[i]?.name ?? '';
    this.renderPickers(
      numeric.map(name),
      choice.ys.map(name),
      keys.map(name),
      choice.split < 0 ? '-' : name(choice.split),
    );
    const own = buildChartData(columns, rows, choice);
    const data = comparison ? withBaseline(own, columns, choice, comparison) : own;
    const notes = [strings.chart.shape(data.series.length, data.xs.length)];
    if (data.downsampled) notes.push(strings.chart.downsampled);
    if (data.droppedSeries > 0) notes.push(strings.chart.dropped(data.droppedSeries));
    this.note.textContent = notes.join(' · ');
    const overlay = marks ? { marks, fields: choice.ys.map(name) } : undefined;
    this.chart.show(data, view.timeMode === 'utc', overlay);
  }

  private renderPickers(numeric: string[], ys: string[], keys: string[], split: string): void {
    const boxes = numeric.map((name) => {
      const box = el('input', { attrs: { type: 'checkbox', 'data-column': name } });
      box.checked = ys.includes(name);
      box.addEventListener('change', () => this.emit());
      return el('label', { className: 'mxql-chart-y' }, [box, el('span', { text: name })]);
    });
    const select = el(
      'select',
      { className: 'mxql-chart-split', attrs: { 'aria-label': strings.chart.split } },
      [
        el('option', { text: '(no split)', attrs: { value: '-' } }),
        ...keys.map((k) => el('option', { text: k, attrs: { value: k } })),
      ],
    );
    select.value = split;
    select.addEventListener('change', () => this.emit());
    setChildren(this.pickers, [
      el('fieldset', { className: 'mxql-chart-ys' }, [
        el('legend', { text: strings.chart.values }),
        ...boxes,
      ]),
      el('label', { className: 'mxql-chart-split-label' }, [
        el('span', { text: strings.chart.splitBy }),
        select,
      ]),
    ]);
  }

  private emit(): void {
    const ys = [...this.pickers.querySelectorAll<HTMLInputElement>('input[type=checkbox]:checked')].map(
      (b) => b.dataset.column ?? '',
    );
    const split = this.pickers.querySelector<HTMLSelectElement>('select')?.value ?? '-';
    this.changed(ys, split);
  }

  /** Redraws with the theme's colours. */
  redraw(): void {
    this.chart.redraw();
  }

  /** Fits the chart to the pane. */
  resize(): void {
    this.chart.resize();
  }
}
