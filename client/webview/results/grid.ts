// The results grid: SlickGrid over a ColumnarTable (typed columns, see table.ts). A reusable module:
// the results panel and the notebook renderer both mount it (API below).
//
//   const grid = mountGrid(element, { nonce });
//   grid.setColumns(columns);          // a new result: its columns, no rows yet
//   grid.appendColumns(chunk);         // rows arrive as typed column chunks; the user can scroll meanwhile
//   grid.sortBy('tps', false); grid.setFilter('agent-7'); grid.setTimeMode('utc');
//   grid.clear();                      // nothing shown (e.g. a new run started)
//
// Every value and column name is rendered as text: `enableHtmlRendering: false` makes SlickGrid
// assign formatter output and header names with textContent, never innerHTML. The grid reads cells
// straight from the typed columns, so scrolling creates no row objects beyond the visible ones, and
// sorting or filtering reorders an index array instead of the rows.

import Sortable from 'sortablejs';
import {
  type Column,
  type CustomDataView,
  type FormatterResultWithText,
  SlickCellCopyManager,
  SlickCellSelectionModel,
  SlickColumnPicker,
  type SlickRange,
} from 'slickgrid';
import { type Cell, type ColumnsChunk, validColumnsChunk } from '../../../common/columnChunks';
import { type ColumnInfo } from '../../../common/resultsMessages';
import { toTsv } from '../../../common/tabular';
import {
  type DisplayKind,
  displayText,
  inferKinds,
  isIdColumn,
  MAX_CELL_CHARS,
  type SortKeys,
  truncate,
} from './columns';
import { type TimeMode } from './state';
import { strings } from './strings';
import { ColumnarTable } from './table';
import { type GridItem, RecyclingSlickGrid } from './recyclingGrid';
import { columnSortKeys, filterOrder, identityOrder, sortOrder } from './tableView';

export { type GridItem } from './recyclingGrid';

/** SlickGrid's column picker, told about the columns of each new result. */
class ResultsColumnPicker extends SlickColumnPicker {
  setColumns(columns: Column<GridItem>[]): void {
    this.columns = columns;
  }
}

// SlickGrid's ES build looks Sortable.js up on the global object for column reordering.
(globalThis as { Sortable?: unknown }).Sortable = Sortable;

/** What the grid reports to its host; every callback is optional. */
export interface GridEvents {
  readonly activeCell?: (row: readonly Cell[], column: number) => void;
  readonly copy?: (text: string, rows: number, cells: number) => void;
  readonly sorted?: (column: string, asc: boolean) => void;
  readonly hiddenChanged?: (hidden: string[]) => void;
  readonly rowCountChanged?: (visible: number) => void;
}

/** Options of {@link mountGrid}. */
export interface GridOptions {
  /** The page's CSP nonce, for SlickGrid's generated stylesheet. */
  readonly nonce: string;
  readonly events?: GridEvents;
}

/** How many rows kinds and column widths are judged from. */
const SAMPLE_ROWS = 2_000;
const TOOLTIP_CHARS = 2000;
const MIN_WIDTH = 48;
const MAX_WIDTH = 320;
/** Cell padding and border (results.css) plus room for the header's sort indicator. */
const CELL_EXTRA_PX = 14;
const HEADER_EXTRA_PX = 30;

/** Measures text in the fonts the grid really uses, so columns fit their content. */
class TextMeasure {
  private readonly context = document.createElement('canvas').getContext('2d');
  readonly cellFont: string;
  readonly headerFont: string;

  constructor(container: HTMLElement) {
    this.cellFont = probeFont(container, 'slick-cell');
    this.headerFont = probeFont(container, 'slick-header-column');
  }

  widest(texts: readonly string[], font: string): number {
    if (!this.context) return Math.max(0, ...texts.map((t) => t.length * 8));
    this.context.font = font;
    let widest = 0;
    for (const text of texts) widest = Math.max(widest, this.context.measureText(text).width);
    return widest;
  }
}

// The computed font of an element with `className` inside the grid (the theme decides it).
function probeFont(container: HTMLElement, className: string): string {
  const probe = document.createElement('div');
  probe.className = className;
  probe.style.position = 'absolute';
  probe.style.visibility = 'hidden';
  container.appendChild(probe);
  const style = getComputedStyle(probe);
  const font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  probe.remove();
  return font;
}

/** The rows SlickGrid sees: the table in received order, or through a sorted/filtered index. */
class TableRows implements CustomDataView<GridItem> {
  table = new ColumnarTable(0);
  /** Row indexes in display order; undefined shows every row in received order. */
  order: Uint32Array | undefined;

  getLength(): number {
    return this.order ? this.order.length : this.table.rowCount;
  }

  getItem(index: number): GridItem {
    return { id: this.order ? (this.order[index] ?? 0) : index };
  }

  getItemMetadata(): null {
    return null;
  }
}

/** SlickGrid wired to a columnar result: columns, rows, sort, filter, copy and hidden columns. */
export class ResultsGrid {
  private readonly rows = new TableRows();
  private readonly grid: RecyclingSlickGrid;
  private readonly picker: ResultsColumnPicker;
  private readonly events: GridEvents;
  /** Every column, hidden ones included; the grid itself only gets the visible ones. */
  private defs: Column<GridItem>[] = [];
  private columns: readonly ColumnInfo[] = [];
  private hidden: readonly string[] = [];
  private kindsOf: DisplayKind[] = [];
  private timeMode: TimeMode = 'local';
  private filter = '';
  /** Sorted row order over all rows (undefined: received order); the filter applies on top. */
  private sorted: Uint32Array | undefined;
  private sort: { readonly index: number; readonly asc: boolean } | undefined;
  /** Sort keys per column, kept until rows change (a second click only reverses the order). */
  private readonly sortKeys = new Map<number, SortKeys>();
  private measure: TextMeasure | undefined;

  constructor(
    private readonly container: HTMLElement,
    options: GridOptions,
  ) {
    this.events = options.events ?? {};
    this.grid = new RecyclingSlickGrid(container, this.rows, [], {
      enableHtmlRendering: false,
      enableCellNavigation: true,
      enableColumnReorder: true,
      enableTextSelectionOnCells: true,
      enableAsyncPostRender: false,
      multiColumnSort: false,
      rowHeight: 22,
      // A transform moves a recycled row without a layout of its position.
      rowTopOffsetRenderType: 'transform',
      headerRowHeight: 26,
      nonce: options.nonce,
      // Cells, headers and the column picker are assigned with textContent (enableHtmlRendering
      // is off), so markup in data is inert text; SlickGrid's default sanitizer would only strip
      // parts of it (e.g. <script>) and show the user something other than the data.
      sanitizer: (text: string) => text,
      dataItemColumnValueExtractor: (item: GridItem, col: Column<GridItem>) =>
        this.rows.table.cell(item.id, Number(col.field)),
    });
    this.grid.setSelectionModel(new SlickCellSelectionModel());
    const copier = new SlickCellCopyManager();
    this.grid.registerPlugin(copier);
    copier.onCopyCells.subscribe((_e, args) => this.copyRanges(args.ranges ?? []));
    this.picker = new ResultsColumnPicker([], this.grid, {
      columnPicker: {
        hideForceFitButton: true,
        hideSyncResizeButton: true,
        columnTitle: strings.columnsTitle,
      },
    });
    this.picker.onColumnsChanged.subscribe(() => this.events.hiddenChanged?.(this.hiddenNames()));
    this.wireEvents();
  }

  private wireEvents(): void {
    this.grid.onSort.subscribe((_e, args) => {
      if (!('sortCol' in args) || !args.sortCol) return;
      const asc = args.sortAsc !== false;
      this.applySort(Number(args.sortCol.field), asc);
      this.events.sorted?.(this.columns[Number(args.sortCol.field)]?.name ?? '', asc);
    });
    this.grid.onActiveCellChanged.subscribe((_e, args) => {
      const item = this.grid.getDataItem(args.row);
      const col = this.grid.getColumns()[args.cell];
      if (item && col) this.events.activeCell?.(this.rows.table.row(item.id), Number(col.field));
    });
  }

  /** The display kind of each column (known once the first rows arrived). */
  get kinds(): readonly DisplayKind[] {
    return this.kindsOf;
  }

  /** The rows received so far, as typed columns. */
  get table(): ColumnarTable {
    return this.rows.table;
  }

  /**
   * Starts a new result: its columns, no rows. `hidden` names columns to hide. The grid stays empty
   * until the first chunk, which decides the columns' kinds and widths.
   */
  setColumns(columns: readonly ColumnInfo[], hidden: readonly string[] = []): void {
    this.columns = columns;
    this.hidden = hidden;
    this.kindsOf = [];
    this.rows.table = new ColumnarTable(columns.length);
    this.rows.order = undefined;
    this.sorted = undefined;
    this.sort = undefined;
    this.sortKeys.clear();
    this.defs = [];
    this.grid.resetActiveCell();
    this.grid.getSelectionModel()?.setSelectedRanges([]);
    this.grid.setSortColumns([]);
    this.grid.setColumns([]);
    this.picker.setColumns([]);
    this.refreshRows();
    this.scrollHome();
  }

  /** Forgets the current result: no columns, no rows, no sort, nothing selected. */
  clear(): void {
    this.setColumns([]);
  }

  /**
   * Appends the next rows (a chunk of the protocol's `columnsChunk`). A malformed chunk is
   * validated to blanks, never to a crash. Rows after a sort are appended at the end; call
   * {@link sortBy} again when all rows are in.
   */
  appendColumns(chunk: ColumnsChunk): void {
    const valid = validColumnsChunk(chunk, this.columns.length);
    if (!valid || valid.rowCount === 0) return;
    const table = this.rows.table;
    const first = table.rowCount;
    table.append(valid);
    this.sortKeys.clear();
    if (this.defs.length === 0 && this.columns.length > 0) this.buildColumns();
    if (this.sorted) this.sorted = concat(this.sorted, range(first, table.rowCount));
    if (this.rows.order && this.filter) {
      const added = filterOrder(
        table,
        range(first, table.rowCount),
        this.filter,
        this.kindsOf,
        this.timeMode,
      );
      this.rows.order = concat(this.rows.order, added ?? new Uint32Array(0));
    } else {
      this.rows.order = this.sorted;
    }
    this.refreshRows(false);
  }

  private buildColumns(): void {
    const sample = this.rows.table.rows(0, SAMPLE_ROWS);
    this.kindsOf = inferKinds(this.columns, sample);
    this.defs = this.columns.map((c, i) => this.columnDef(c, i, this.hidden.includes(c.name), sample));
    this.grid.setColumns(this.defs.filter((d) => !d.hidden));
    this.picker.setColumns(this.defs);
    this.scrollHome();
  }

  private columnDef(
    c: ColumnInfo,
    i: number,
    hidden: boolean,
    sample: readonly (readonly Cell[])[],
  ): Column<GridItem> {
    const kind = this.kindsOf[i] ?? 'string';
    const plain = isIdColumn(c.name);
    const texts = sample.slice(0, 200).map((r) => displayText(r[i], kind, this.timeMode, plain));
    const numeric = kind === 'number' || (kind === 'time' && this.timeMode === 'raw');
    return {
      id: `c${i}`,
      name: c.name,
      // The field is the column's index in the table (read by dataItemColumnValueExtractor).
      field: String(i) as Column<GridItem>['field'],
      toolTip: `${c.name} (${kind})`,
      sortable: true,
      resizable: true,
      hidden,
      width: this.columnWidth(c.name, texts),
      minWidth: 40,
      cssClass: `mxql-cell-${kind}${numeric ? ' mxql-num' : ''}`,
      headerCssClass: numeric ? 'mxql-num' : '',
      // One formatter per column (not per cell): it only turns the value into text.
      formatter: (_r, _c, value: Cell | undefined) => this.format(value, kind, plain),
    };
  }

  /** Width that fits the header and the longest sampled text, within bounds. */
  private columnWidth(name: string, texts: readonly string[]): number {
    const measure = (this.measure ??= new TextMeasure(this.container));
    const cells = measure.widest(texts, measure.cellFont) + CELL_EXTRA_PX;
    const header = measure.widest([name], measure.headerFont) + HEADER_EXTRA_PX;
    return Math.ceil(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, cells, header)));
  }

  private format(
    value: Cell | undefined,
    kind: DisplayKind,
    plain: boolean,
  ): string | FormatterResultWithText {
    const text = displayText(value, kind, this.timeMode, plain);
    if (text.length <= MAX_CELL_CHARS) return text;
    return { text: truncate(text), toolTip: truncate(text, TOOLTIP_CHARS) };
  }

  // New or reordered rows: SlickGrid re-reads the length; `all` redraws rows already on screen.
  private refreshRows(all = true): void {
    if (all) this.grid.invalidateAllRows();
    this.grid.updateRowCount();
    this.grid.render();
    this.events.rowCountChanged?.(this.rows.getLength());
  }

  // A new result starts at its first row and first column, whatever the last one showed.
  private scrollHome(): void {
    for (const viewport of this.container.querySelectorAll<HTMLElement>('.slick-viewport')) {
      viewport.scrollTop = 0;
      viewport.scrollLeft = 0;
    }
  }

  /** Changes how time columns display and redraws. */
  setTimeMode(mode: TimeMode): void {
    this.timeMode = mode;
    this.grid.invalidate();
  }

  /** Quick filter over all cells; empty shows every row. */
  setFilter(query: string): void {
    this.filter = query;
    this.applyView();
  }

  private applyView(): void {
    const table = this.rows.table;
    const base = this.sorted ?? identityOrder(table.rowCount);
    const filtered = filterOrder(table, base, this.filter, this.kindsOf, this.timeMode);
    this.rows.order = filtered ?? this.sorted;
    this.refreshRows();
  }

  /** Sorts by a column, as a click on its header does, and shows the indicator. */
  sortBy(columnName: string, asc: boolean): void {
    const index = this.columns.findIndex((c) => c.name === columnName);
    if (index < 0) return;
    this.grid.setSortColumn(`c${index}`, asc);
    this.applySort(index, asc);
  }

  private applySort(index: number, asc: boolean): void {
    const column = this.rows.table.columns[index];
    if (!column) return;
    let keys = this.sortKeys.get(index);
    if (!keys) {
      keys = columnSortKeys(column);
      this.sortKeys.set(index, keys);
    }
    // Stable from the current order, so sorting by a second column keeps the first one's order
    // inside each group of equal values.
    const base = this.sorted ?? identityOrder(this.rows.table.rowCount);
    this.sorted = sortOrder(base, keys, asc);
    this.sort = { index, asc };
    this.applyView();
  }

  /** The current sort (column name and direction), if any. */
  get sortState(): { column: string; asc: boolean } | undefined {
    return this.sort ? { column: this.columns[this.sort.index]?.name ?? '', asc: this.sort.asc } : undefined;
  }

  private hiddenNames(): string[] {
    return this.defs.filter((c) => c.hidden).map((c) => this.columns[Number(c.field)]?.name ?? '');
  }

  /** Number of rows after the filter. */
  visibleCount(): number {
    return this.rows.getLength();
  }

  /** Received-order indexes of the rows touched by the selection (or the active row). */
  selectedRowIndexes(): number[] {
    const ranges = this.grid.getSelectionModel()?.getSelectedRanges() ?? [];
    const ids = new Set<number>();
    for (const r of ranges) {
      for (let row = r.fromRow; row <= r.toRow; row++) {
        const item = this.grid.getDataItem(row);
        if (item) ids.add(item.id);
      }
    }
    return [...ids].sort((a, b) => a - b);
  }

  private copyText(value: Cell | undefined, index: number): Cell {
    const kind = this.kindsOf[index] ?? 'string';
    return kind === 'time' && value !== undefined && value !== null
      ? displayText(value, kind, this.timeMode)
      : (value ?? null);
  }

  private rangeCells(r: SlickRange): { cols: number[]; lines: Cell[][] } {
    const cols = this.grid
      .getColumns()
      .slice(r.fromCell, r.toCell + 1)
      .map((c) => Number(c.field));
    const lines: Cell[][] = [];
    for (let row = r.fromRow; row <= r.toRow; row++) {
      const item = this.grid.getDataItem(row);
      if (item) lines.push(cols.map((i) => this.copyText(this.rows.table.cell(item.id, i), i)));
    }
    return { cols, lines };
  }

  private copyRanges(ranges: readonly SlickRange[]): void {
    const lines: Cell[][] = [];
    let cells = 0;
    for (const r of ranges) {
      const part = this.rangeCells(r);
      lines.push(...part.lines);
      cells += part.lines.length * part.cols.length;
    }
    if (lines.length === 0) return;
    const width = Math.max(...lines.map((l) => l.length));
    const text = toTsv(
      Array.from({ length: width }, () => ({ name: '' })),
      lines,
    );
    this.events.copy?.(text, lines.length, cells);
  }

  /** Copies the active cell, the active row or the whole selection (with a header line). */
  copy(what: 'cell' | 'row' | 'selection'): void {
    const active = this.grid.getActiveCell();
    if (what === 'selection') {
      const range = this.grid.getSelectionModel()?.getSelectedRanges()[0];
      if (!range) return;
      const { cols, lines } = this.rangeCells(range);
      const header = cols.map((i) => ({ name: this.columns[i]?.name ?? '' }));
      this.events.copy?.(toTsv(header, lines, true), lines.length, lines.length * cols.length);
      return;
    }
    if (!active) return;
    const last = this.grid.getColumns().length - 1;
    const fromCell = what === 'cell' ? active.cell : 0;
    const toCell = what === 'cell' ? active.cell : last;
    this.copyRanges([{ fromRow: active.row, toRow: active.row, fromCell, toCell } as SlickRange]);
  }

  /** Fits the grid to its container after a layout change. */
  resize(): void {
    this.grid.resizeCanvas();
  }

  /** Gives the keyboard to the grid (first cell when nothing is active). */
  focus(): void {
    if (!this.grid.getActiveCell() && this.rows.getLength() > 0) this.grid.setActiveCell(0, 0);
    this.grid.focus();
  }

  /** Removes the grid from the page. */
  dispose(): void {
    this.picker.destroy();
    this.grid.destroy();
  }
}

function range(from: number, to: number): Uint32Array {
  const out = new Uint32Array(Math.max(0, to - from));
  for (let i = 0; i < out.length; i++) out[i] = from + i;
  return out;
}

function concat(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** Mounts a results grid into `element` (the entry point for the panel and notebook outputs). */
export function mountGrid(element: HTMLElement, options: GridOptions): ResultsGrid {
  return new ResultsGrid(element, options);
}
