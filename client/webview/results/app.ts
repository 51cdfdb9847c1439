// Composition of the results panel: applies host messages through the reducer, then brings the
// DOM (header, grid, detail, chart) up to date once per animation frame.

import {
  type Cell,
  type ExtensionToResults,
  isExtensionToResults,
  RESULTS_PROTOCOL_VERSION,
  type ResultsToExtension,
} from '../../../common/resultsMessages';
import { ChartPane } from './chartPane';
import { renderComparison } from './compareView';
import { renderDetail } from './detail';
import { el } from './dom';
import { mountGrid, type ResultsGrid } from './grid';
import { renderHeader } from './header';
import { renderMessage } from './message';
import {
  fromPersisted,
  initialState,
  isBusy,
  reduce,
  type ResultsState,
  toPersisted,
  type ViewState,
  viewForRun,
} from './state';
import { strings } from './strings';
import { buildToolbar, type Toolbar } from './toolbar';

/** How long `init` waits for the rows posted with it before the header shows on its own. */
const INIT_ALONE_MS = 100;

/** The slice of the webview API the app uses (the real one comes from acquireVsCodeApi). */
export interface HostApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

// Distributes Omit over the union so each message keeps its own fields.
type Outgoing = ResultsToExtension extends infer M
  ? M extends ResultsToExtension
    ? Omit<M, 'v'>
    : never
  : never;

/** The results panel. */
export class ResultsApp {
  private state: ResultsState = initialState;
  private view: ViewState;
  private appliedChunks = 0;
  private sortedRows = -1;
  private gridRun: string | undefined;
  private chartDirty = true;
  private frame = 0;
  /** A pending `renderAfter` (a timeout handle), 0 when none. */
  private later = 0;
  private readonly resumeRunId: string | undefined;
  private readonly header = el('div', { className: 'mxql-header-dynamic' });
  private readonly detail = el('aside', {
    className: 'mxql-detail',
    attrs: { 'aria-label': strings.detailLabel },
  });
  private readonly gridHost = el('div', { className: 'mxql-grid', attrs: { tabindex: '-1' } });
  /** Shown in the grid's place while there are no rows: running, an error, a cancel, no rows. */
  private readonly message = el('div', { className: 'mxql-message', attrs: { 'aria-live': 'polite' } });
  private readonly gridArea = el('div', { className: 'mxql-grid-area' }, [this.gridHost, this.message]);
  private readonly gridPane = el('div', { className: 'mxql-grid-pane' }, [this.gridArea, this.detail]);
  private readonly chartRoot = el('div', { className: 'mxql-chart-pane', attrs: { role: 'tabpanel' } });
  private readonly compareRoot = el('div', { className: 'mxql-compare-pane', attrs: { role: 'tabpanel' } });
  private readonly toolbar: Toolbar;
  private readonly grid: ResultsGrid;
  private readonly chart: ChartPane;

  constructor(
    private readonly root: HTMLElement,
    private readonly host: HostApi,
    nonce: string,
  ) {
    const restored = fromPersisted(host.getState());
    this.view = restored.view;
    this.toolbar = buildToolbar({
      rerun: () => this.postForRun('rerun'),
      cancel: () => this.postForRun('cancel'),
      copy: (what) => this.grid.copy(what),
      exportAs: (format) => this.exportAs(format),
      openJson: () => this.openJson(),
      timeMode: (timeMode) => this.setView({ timeMode }),
      filter: (filter) => this.setView({ filter }),
      tab: (tab) => this.setView({ tab, chartByRun: false }),
      toggleDetail: () => this.setView({ detail: !this.view.detail }),
      compare: () => this.postForRun('compare'),
    });
    root.append(
      el('header', { className: 'mxql-header' }, [this.toolbar.root, this.header]),
      el('main', { className: 'mxql-body' }, [this.gridPane, this.chartRoot, this.compareRoot]),
    );
    this.grid = mountGrid(this.gridHost, {
      nonce,
      events: {
        activeCell: (row, column) => this.showDetail(row, column),
        copy: (text, rows, cells) => this.post({ type: 'copy', text, rows, cells }),
        sorted: (column, asc) => this.sortedByUser(column, asc),
        hiddenChanged: (hidden) => this.setView({ hidden }, false),
        rowCountChanged: (visible) => this.showFilterCount(visible),
      },
    });
    this.chart = new ChartPane(this.chartRoot, (chartY, chartSplit) => this.setView({ chartY, chartSplit }));
    this.applyViewControls();
    this.watchLayoutAndTheme();
    this.resumeRunId = restored.runId;
    this.render();
  }

  /** Announces the panel to the host; call after the `message` listener is installed. */
  start(): void {
    const resumeRunId = this.resumeRunId;
    this.post(resumeRunId === undefined ? { type: 'ready' } : { type: 'ready', resumeRunId });
  }

  /** Entry for `message` events: validates, reduces and schedules a render. */
  receive(data: unknown): void {
    if (!isExtensionToResults(data)) return;
    this.guarded(() => this.apply(data));
  }

  // A failure inside the panel is reported to the host (which logs it) instead of vanishing.
  private guarded(action: () => void): void {
    try {
      action();
    } catch (error) {
      this.post({ type: 'webviewError', message: error instanceof Error ? error.message : String(error) });
    }
  }

  private apply(msg: ExtensionToResults): void {
    const before = this.state;
    this.state = reduce(before, msg);
    if (this.state.run?.runId !== before.run?.runId || msg.type === 'init') {
      this.startResult();
      const view = viewForRun(this.view, this.state.run);
      if (view !== this.view)
        this.setView({ tab: view.tab, chartY: view.chartY, chartByRun: view.chartByRun ?? false });
      // A result that was not compared has no Changes tab to stay on.
      if (this.view.tab === 'compare') this.setView({ tab: 'grid' });
    }
    // Compare with… opens on what moved; the chart tab has both series.
    if (msg.type === 'comparison' && this.state.comparison)
      this.setView({ tab: 'compare', chartByRun: false });
    if (msg.type === 'theme') this.chart.redraw();
    this.chartDirty = true;
    // The end of a run and the first screenful of a large one go on screen at once. The host posts
    // `init` with the rows in the same write, so rendering it alone would only hold the rows up
    // (this page shares its thread with the window that receives them); it shows with them, or
    // after INIT_ALONE_MS if nothing follows. Other messages are batched once per frame, because
    // message tasks can keep the next animation frame waiting while a large result streams in.
    const paintNow = msg.type === 'columnsChunk' && msg.paintNow === true;
    if (paintNow || (msg.type === 'done' && this.state.phase === 'done')) this.renderNow();
    else if (msg.type === 'init') this.renderAfter(INIT_ALONE_MS);
    else this.schedule();
  }

  private renderNow(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    if (this.later) clearTimeout(this.later);
    this.frame = 0;
    this.later = 0;
    this.render();
  }

  private renderAfter(ms: number): void {
    if (this.later) clearTimeout(this.later);
    this.later = window.setTimeout(() => {
      this.later = 0;
      this.guarded(() => this.renderNow());
    }, ms);
  }

  // A new run empties the grid at once: rows of the previous run must never stand under the new
  // run's header (running, failed or cancelled).
  private startResult(): void {
    this.appliedChunks = 0;
    this.sortedRows = -1;
    this.gridRun = undefined;
    this.grid.clear();
    this.detail.replaceChildren(el('div', { className: 'mxql-detail-empty', text: strings.detailEmpty }));
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.guarded(() => this.renderNow());
    });
  }

  private render(): void {
    this.syncGrid();
    renderHeader(
      this.header,
      this.state,
      { rerunWithLimit: (limit) => this.rerunWithLimit(limit) },
      { timeMode: this.view.timeMode },
    );
    const covered = renderMessage(this.message, this.state, (a) =>
      this.post({ type: 'action', actionId: a.id, runId: this.state.run?.runId }),
    );
    this.gridArea.dataset.covered = String(covered);
    const busy = isBusy(this.state);
    this.toolbar.cancel.disabled = !busy;
    this.toolbar.rerun.disabled = !this.state.run || busy;
    this.toolbar.compare.disabled = this.state.phase !== 'done';
    this.toolbar.tabs.compare.hidden = !this.state.comparison;
    for (const b of this.toolbar.dataButtons) b.disabled = this.state.rowCount === 0;
    this.root.dataset.phase = this.state.phase;
    this.root.dataset.rows = String(this.state.rowCount);
    if (this.view.tab === 'chart' && this.chartDirty && this.state.phase !== 'receiving') this.drawChart();
    if (this.view.tab === 'compare')
      renderComparison(this.compareRoot, this.state.comparison, this.state.rowCount, this.view.timeMode);
    this.host.setState(toPersisted(this.state, this.view));
  }

  // The grid takes the run's columns once, then each chunk as it arrives; the user can scroll
  // the rows already in while the rest streams.
  private syncGrid(): void {
    const { chunks, columns, phase, run } = this.state;
    if (this.gridRun !== run?.runId && phase !== 'running' && phase !== 'idle') {
      this.grid.setColumns(columns, this.view.hidden);
      this.grid.setTimeMode(this.view.timeMode);
      this.grid.setFilter(this.view.filter);
      this.gridRun = run?.runId;
    }
    if (this.gridRun === undefined) return;
    for (; this.appliedChunks < chunks.length; this.appliedChunks++) {
      const chunk = chunks[this.appliedChunks];
      if (chunk) this.grid.appendColumns(chunk);
    }
    // The saved sort is applied once all rows are in (appended rows arrive unsorted).
    const sort = this.view.sort;
    const rows = this.grid.table.rowCount;
    if (sort && phase !== 'receiving' && this.sortedRows !== rows) {
      this.grid.sortBy(sort.column, sort.asc);
      this.sortedRows = rows;
    }
  }

  private sortedByUser(column: string, asc: boolean): void {
    // The grid has sorted already; remember it so the render does not sort again.
    this.sortedRows = this.grid.table.rowCount;
    this.setView({ sort: { column, asc } }, false);
  }

  private drawChart(): void {
    this.chartDirty = false;
    // The chart reads rows; they are built from the columns only when the chart is shown.
    const { columns, comparison } = this.state;
    this.chart.update(
      columns,
      this.grid.kinds,
      this.grid.table.rows(),
      this.view,
      comparison,
      this.state.run?.marks,
    );
  }

  private setView(patch: Partial<ViewState>, apply = true): void {
    const before = this.view;
    this.view = { ...before, ...patch };
    if (apply) {
      if (patch.timeMode !== undefined && patch.timeMode !== before.timeMode)
        this.grid.setTimeMode(patch.timeMode);
      if (patch.filter !== undefined && patch.filter !== before.filter) this.grid.setFilter(patch.filter);
      if (patch.timeMode !== undefined || patch.chartY !== undefined || patch.chartSplit !== undefined)
        this.chartDirty = true;
      this.applyViewControls();
    }
    this.schedule();
  }

  private applyViewControls(): void {
    this.toolbar.time.value = this.view.timeMode;
    if (this.toolbar.filter.value !== this.view.filter) this.toolbar.filter.value = this.view.filter;
    for (const [tab, button] of Object.entries(this.toolbar.tabs)) {
      button.setAttribute('aria-selected', String(tab === this.view.tab));
    }
    this.gridPane.hidden = this.view.tab !== 'grid';
    this.detail.hidden = !this.view.detail;
    this.toolbar.detail.setAttribute('aria-pressed', String(this.view.detail));
    this.chartRoot.hidden = this.view.tab !== 'chart';
    this.compareRoot.hidden = this.view.tab !== 'compare';
    if (this.view.tab === 'grid') requestAnimationFrame(() => this.grid.resize());
  }

  private showFilterCount(visible: number): void {
    const total = this.grid.table.rowCount;
    const filtered = this.view.filter !== '' && visible !== total;
    this.toolbar.filterCount.textContent = filtered ? strings.filterCount(visible, total) : '';
  }

  private showDetail(row: readonly Cell[], column: number): void {
    const name = this.state.columns[column]?.name ?? '';
    renderDetail(this.detail, name, this.grid.kinds[column] ?? 'string', row[column], this.view.timeMode);
  }

  private exportAs(format: 'csv' | 'json'): void {
    const runId = this.state.run?.runId;
    if (runId !== undefined) this.post({ type: 'export', runId, format });
  }

  private openJson(): void {
    const runId = this.state.run?.runId;
    if (runId === undefined) return;
    const selected = this.grid.selectedRowIndexes();
    this.post(
      selected.length > 1 ? { type: 'openJson', runId, rowIndexes: selected } : { type: 'openJson', runId },
    );
  }

  private rerunWithLimit(limit: number): void {
    const runId = this.state.run?.runId;
    if (runId !== undefined) this.post({ type: 'rerun', runId, limit });
  }

  private postForRun(type: 'rerun' | 'cancel' | 'compare'): void {
    const runId = this.state.run?.runId;
    if (runId !== undefined) this.post({ type, runId });
  }

  private post(message: Outgoing): void {
    this.host.postMessage({ ...message, v: RESULTS_PROTOCOL_VERSION });
  }

  private watchLayoutAndTheme(): void {
    new ResizeObserver(() => {
      this.grid.resize();
      this.chart.resize();
    }).observe(this.root);
    // VS Code swaps the body class (vscode-light/-dark/-high-contrast) and the CSS variables.
    new MutationObserver(() => this.chart.redraw()).observe(document.body, {
      attributes: true,
      attributeFilter: ['class'],
    });
    document.addEventListener('keydown', (e) => {
      if ((e.ctrlKey || e.metaKey) && e.key === 'f') {
        e.preventDefault();
        this.toolbar.filter.focus();
      }
    });
  }
}
