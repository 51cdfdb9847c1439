// The dashboard preview: the board's widgets on a CSS grid placed by their layout, rich text as
// Markdown, series widgets as uPlot charts and the others as compact tables. Every value is set as text
// (textContent); the page reports what it shows back to the extension after each change.
import '../page.css';
import './board.css';
import { fillTemplate } from '../../../common/l10n';
import { thresholdsFor, thresholdText } from '../../../common/chartMarks';
import {
  BOARD_TEXTS,
  parseExtensionToBoard,
  type BoardMessage,
  type BoardToExtension,
  type BoardWidgetView,
  type QueryMessage,
  type WidgetReport,
} from '../../../common/boardMessages';
import { ResultsChart } from '../results/chart';
import { displayText, inferKinds, isIdColumn, truncate } from '../results/columns';
import { appRoot, hostPoster, listenToHost } from '../page';
import { pageTexts } from '../pageTexts';
import { el } from '../results/dom';
import { renderMarkdown } from './markdown';
import { widgetChartData, widgetFields } from './seriesData';

const post = hostPoster<BoardToExtension>();
const texts = pageTexts(BOARD_TEXTS);
/** Height of one grid row in pixels. */
const ROW_PX = 28;

interface WidgetView {
  readonly spec: BoardWidgetView;
  readonly box: HTMLElement;
  readonly body: HTMLElement;
  readonly note: HTMLElement;
  readonly results: (QueryMessage | undefined)[];
  chart?: ResultsChart;
  report: WidgetReport;
}

const app = appRoot();
const title = el('h1', { className: 'board-title', text: texts.heading });
const status = el('span', { className: 'board-status', text: texts.waiting });
const rangeSelect = el('select', { className: 'board-range', attrs: { 'aria-label': texts.range } });
rangeSelect.title = texts.range;
rangeSelect.addEventListener('change', () => post({ type: 'range', preset: rangeSelect.value }));
const refresh = el('button', {
  className: 'board-refresh',
  text: texts.refresh,
  title: texts.refreshTitle,
  attrs: { type: 'button' },
  onClick: () => post({ type: 'refresh' }),
});
const problems = el('ul', { className: 'board-problems' });
const grid = el('main', { className: 'board-grid' });
app.replaceChildren(
  el('header', { className: 'board-head' }, [title, status, rangeSelect, refresh]),
  problems,
  grid,
);

let generation = -1;
let target = '';
let views: WidgetView[] = [];

function showBoard(message: BoardMessage): void {
  generation = message.generation;
  target = message.target;
  for (const view of views) view.chart?.clear();
  title.textContent = message.name || texts.heading;
  rangeSelect.replaceChildren(
    ...message.presets.map((preset) => {
      const option = el('option', { text: fillTemplate(texts.rangeLast, preset), attrs: { value: preset } });
      option.selected = preset === message.preset;
      return option;
    }),
  );
  problems.replaceChildren(...message.problems.map((p) => el('li', { text: p })));
  grid.style.gridTemplateColumns = `repeat(${message.columns}, minmax(0, 1fr))`;
  grid.style.gridTemplateRows = `repeat(${Math.max(1, message.rows)}, ${ROW_PX}px)`;
  views = message.widgets.map(widgetView);
  grid.replaceChildren(...views.map((v) => v.box));
  for (const view of views) if (view.spec.kind === 'markdown') showMarkdown(view);
  updateStatus();
  report();
}

function widgetView(spec: BoardWidgetView): WidgetView {
  const box = el('section', {
    className: `widget widget-${spec.kind}`,
    attrs: { 'data-index': String(spec.index) },
  });
  box.dataset.id = spec.id;
  box.style.gridColumn = `${spec.place.x + 1} / span ${spec.place.w}`;
  box.style.gridRow = `${spec.place.y + 1} / span ${spec.place.h}`;
  const head = el('h2', { className: 'widget-title', text: spec.title });
  if (spec.stacked) head.append(el('span', { className: 'widget-stacked', text: texts.widgetStacked }));
  const note = el('div', { className: 'widget-note' });
  const body = el('div', { className: 'widget-body' });
  box.append(head, note, body);
  const running = spec.kind === 'series' || spec.kind === 'grid';
  if (spec.kind === 'empty') note.textContent = texts.widgetEmpty;
  else if (running) note.textContent = texts.widgetRunning;
  return {
    spec,
    box,
    body,
    note,
    results: spec.queries.map(() => undefined),
    report: {
      index: spec.index,
      kind: spec.kind,
      status: running ? 'running' : 'shown',
      rows: 0,
      series: 0,
      message: note.textContent,
    },
  };
}

function showMarkdown(view: WidgetView): void {
  renderMarkdown(view.body, view.spec.markdown ?? '', (href) => fillTemplate(texts.linkTitle, href));
}

function showQuery(message: QueryMessage): void {
  if (message.generation !== generation) return;
  const view = views.find((v) => v.spec.index === message.widget);
  if (!view || message.query >= view.results.length) return;
  view.results[message.query] = message;
  const pending = view.results.find((r) => !r || r.status !== 'done');
  view.box.dataset.status = pending ? (pending.status ?? 'running') : 'done';
  if (pending && pending.status !== 'running') {
    view.note.textContent =
      pending.status === 'needs'
        ? fillTemplate(texts.widgetNeeds, pending.message ?? '')
        : (pending.message ?? '');
    view.note.classList.toggle('failed', pending.status === 'error');
    view.chart?.clear();
    view.body.replaceChildren();
    view.report = {
      ...view.report,
      status: pending.status,
      rows: 0,
      series: 0,
      message: view.note.textContent,
    };
  } else if (!pending) {
    view.note.classList.remove('failed');
    const done = view.results.filter((r): r is QueryMessage => r !== undefined);
    if (view.spec.kind === 'series') drawChart(view, done);
    else drawTable(view, done);
    // What the board filled in (the author's merges and params), on hover over the widget.
    const sent = done.flatMap((r) => r.sent ?? []).join('\n');
    view.box.title = sent;
    view.report = { ...view.report, ...(sent !== '' ? { sent } : {}) };
  }
  updateStatus();
  report();
}

function drawChart(view: WidgetView, results: readonly QueryMessage[]): void {
  const labelled = results.map((r, i) => ({
    label: view.spec.queries[i] ?? '',
    columns: r.columns ?? [],
    rows: r.rows ?? [],
  }));
  const data = widgetChartData(labelled);
  const rows = results.reduce((n, r) => n + (r.rows?.length ?? 0), 0);
  if (!data || data.series.length === 0) {
    view.chart?.clear();
    view.body.replaceChildren();
    view.note.textContent = rows === 0 ? texts.widgetNoRows : texts.widgetNoChart;
    view.report = { ...view.report, status: 'done', rows, series: 0, message: view.note.textContent };
    return;
  }
  view.note.textContent = '';
  view.chart ??= new ResultsChart(view.body);
  const units = Object.assign({}, ...results.map((r) => r.units ?? {})) as Record<string, string>;
  const thresholds = results.flatMap((r) => r.thresholds ?? []);
  const fields = widgetFields(labelled);
  const marks = {
    ...(Object.keys(units).length > 0 ? { units } : {}),
    ...(thresholds.length > 0 ? { thresholds } : {}),
  };
  const overlay = Object.keys(marks).length > 0 ? { marks, fields } : undefined;
  view.chart.show(data, false, overlay);
  // The bands drawn: the thresholds of rules on the fields the chart shows, each once.
  const bands = [...new Set(thresholdsFor(marks, fields).map(thresholdText))];
  view.report = {
    ...view.report,
    status: 'done',
    rows,
    series: data.series.length,
    message: '',
    ...(bands.length > 0 ? { bands } : {}),
  };
}

function drawTable(view: WidgetView, results: readonly QueryMessage[]): void {
  const tables = results.map((result) => {
    const columns = result.columns ?? [];
    const rows = result.rows ?? [];
    const kinds = inferKinds(columns, rows);
    const head = el(
      'tr',
      {},
      columns.map((c) => el('th', { text: c.name })),
    );
    const body = rows.map((row) =>
      el(
        'tr',
        {},
        columns.map((column, i) => {
          const plain = isIdColumn(column.name);
          const text = displayText(row[i], kinds[i] ?? 'string', 'local', plain);
          return el('td', {
            text: truncate(text, 200),
            className: kinds[i] === 'number' && !plain ? 'num' : '',
          });
        }),
      ),
    );
    return el('table', { className: 'widget-table' }, [el('thead', {}, [head]), el('tbody', {}, body)]);
  });
  const shown = results.reduce((n, r) => n + (r.rows?.length ?? 0), 0);
  const total = results.reduce((n, r) => n + (r.total ?? r.rows?.length ?? 0), 0);
  view.body.replaceChildren(...tables);
  view.note.textContent =
    total === 0 ? texts.widgetNoRows : shown < total ? fillTemplate(texts.widgetRowsShown, shown, total) : '';
  view.report = { ...view.report, status: 'done', rows: shown, series: 0, message: view.note.textContent };
}

function updateStatus(): void {
  const queries = views.flatMap((v) => v.results);
  const settled = queries.filter((r) => r && r.status !== 'running').length;
  status.textContent =
    settled < queries.length
      ? fillTemplate(texts.running, queries.length - settled, queries.length)
      : fillTemplate(texts.done, queries.length, target);
}

function report(): void {
  post({ type: 'rendered', generation, widgets: views.map((v) => v.report) });
}

listenToHost((data) => {
  const message = parseExtensionToBoard(data);
  if (message?.type === 'board') showBoard(message);
  else if (message?.type === 'query') showQuery(message);
});
// VS Code marks a theme change on the body's class: the charts take the new colours.
new MutationObserver(() => {
  for (const view of views) view.chart?.redraw();
}).observe(document.body, { attributes: true, attributeFilter: ['class'] });
window.addEventListener('resize', () => {
  for (const view of views) view.chart?.resize();
});
post({ type: 'ready' });
