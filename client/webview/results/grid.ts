// The virtualized results grid: SlickGrid over a SlickDataView of row arrays.
// Every value and column name is rendered as text: `enableHtmlRendering: false` makes SlickGrid
// assign formatter output and header names with textContent, never innerHTML.

import Sortable from 'sortablejs';
import {
  type Column,
  type FormatterResultWithText,
  SlickCellCopyManager,
  SlickCellSelectionModel,
  SlickColumnPicker,
  SlickDataView,
  SlickGrid,
  type SlickRange,
} from 'slickgrid';
import { type Cell, type ColumnInfo } from '../../../common/resultsMessages';
import { toTsv } from '../../../common/tabular';
import {
  buildSortKeys,
  type DisplayKind,
  displayText,
  isIdColumn,
  MAX_CELL_CHARS,
  rowMatcher,
  type SortKeys,
  truncate,
} from './columns';
import { type TimeMode } from './state';
import { strings } from './strings';

/** SlickGrid's column picker, told about the columns of each new result. */
class ResultsColumnPicker extends SlickColumnPicker {
  setColumns(columns: Column<GridItem>[]): void {
    this.columns = columns;
  }
}

// SlickGrid's ES build looks Sortable.js up on the global object for column reordering.
(globalThis as { Sortable?: unknown }).Sortable = Sortable;

/** A grid row: the received row plus its index in received order (the DataView's id). */
export interface GridItem {
  readonly id: number;
  readonly row: readonly Cell[];
}

/** What the grid reports to the panel. */
export interface GridEvents {
  readonly activeCell: (row: readonly Cell[], column: number) => void;
  readonly copy: (text: string, rows: number, cells: number) => void;
  readonly sorted: (column: string, asc: boolean) => void;
  readonly hiddenChanged: (hidden: string[]) => void;
  readonly rowCountChanged: (visible: number) => void;
}

const TOOLTIP_CHARS = 2000;
const CHAR_PX = 8;

function columnWidth(name: string, sample: string[]): number {
  const longest = sample.reduce((n, s) => Math.max(n, s.length), name.length + 2);
  return Math.round(Math.min(360, Math.max(64, longest * CHAR_PX + 24)));
}

/** SlickGrid wired to the results: columns, rows, sort, filter, copy and hidden columns. */
export class ResultsGrid {
  private readonly dataView = new SlickDataView<GridItem>({});
  private readonly grid: SlickGrid<GridItem, Column<GridItem>>;
  private readonly picker: ResultsColumnPicker;
  /** Every column, hidden ones included; the grid itself only gets the visible ones. */
  private defs: Column<GridItem>[] = [];
  private columns: readonly ColumnInfo[] = [];
  private kinds: DisplayKind[] = [];
  private timeMode: TimeMode = 'local';
  private items: GridItem[] = [];
  /** Sort keys per column, kept until rows change (a second click only reverses the order). */
  private readonly sortKeys = new Map<number, SortKeys>();

  constructor(
    container: HTMLElement,
    nonce: string,
    private readonly events: GridEvents,
  ) {
    this.grid = new SlickGrid<GridItem, Column<GridItem>>(container, this.dataView, [], {
      enableHtmlRendering: false,
      enableCellNavigation: true,
      enableColumnReorder: true,
      enableTextSelectionOnCells: true,
      enableAsyncPostRender: false,
      multiColumnSort: false,
      rowHeight: 22,
      headerRowHeight: 26,
      nonce,
      // Cells, headers and the column picker are assigned with textContent (enableHtmlRendering
      // is off), so markup in data is inert text; SlickGrid's default sanitizer would only strip
      // parts of it (e.g. <script>) and show the user something other than the data.
      sanitizer: (text: string) => text,
      dataItemColumnValueExtractor: (item: GridItem, col: Column<GridItem>) => item.row[Number(col.field)],
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
    this.picker.onColumnsChanged.subscribe(() => this.events.hiddenChanged(this.hiddenNames()));
    this.wireEvents();
  }

  private wireEvents(): void {
    this.dataView.onRowCountChanged.subscribe((_e, args) => {
      this.grid.updateRowCount();
      this.grid.render();
      this.events.rowCountChanged(args.current);
    });
    this.dataView.onRowsChanged.subscribe((_e, args) => {
      this.grid.invalidateRows(args.rows);
      this.grid.render();
    });
    this.grid.onSort.subscribe((_e, args) => {
      if (!('sortCol' in args) || !args.sortCol) return;
      this.applySort(Number(args.sortCol.field), args.sortAsc !== false);
      this.events.sorted(String(args.sortCol.id), args.sortAsc !== false);
    });
    this.grid.onActiveCellChanged.subscribe((_e, args) => {
      const item = this.grid.getDataItem(args.row);
      const col = this.grid.getColumns()[args.cell];
      if (item && col) this.events.activeCell(item.row, Number(col.field));
    });
  }

  /** Starts a new result: new columns, no rows. `hidden` names columns to hide. */
  reset(
    columns: readonly ColumnInfo[],
    kinds: DisplayKind[],
    hidden: readonly string[],
    sample: readonly (readonly Cell[])[],
  ): void {
    this.columns = columns;
    this.kinds = kinds;
    this.items = [];
    this.sortKeys.clear();
    this.defs = columns.map((c, i) => this.columnDef(c, i, hidden.includes(c.name), sample));
    this.grid.setColumns(this.defs.filter((d) => !d.hidden));
    this.picker.setColumns(this.defs);
    this.dataView.setItems([]);
    this.grid.setSortColumns([]);
  }

  /** Forgets the current result: no columns, no rows, no sort, nothing selected. */
  clear(): void {
    this.grid.resetActiveCell();
    this.grid.getSelectionModel()?.setSelectedRanges([]);
    this.reset([], [], [], []);
  }

  private columnDef(
    c: ColumnInfo,
    i: number,
    hidden: boolean,
    sample: readonly (readonly Cell[])[],
  ): Column<GridItem> {
    const kind = this.kinds[i] ?? 'string';
    const plain = isIdColumn(c.name);
    const texts = sample.slice(0, 50).map((r) => displayText(r[i], kind, this.timeMode, plain));
    const numeric = kind === 'number' || (kind === 'time' && this.timeMode === 'raw');
    return {
      id: `c${i}`,
      name: c.name,
      // The field is the value's index in the row array (read by dataItemColumnValueExtractor).
      field: String(i) as Column<GridItem>['field'],
      toolTip: `${c.name} (${kind})`,
      sortable: true,
      resizable: true,
      hidden,
      width: columnWidth(c.name, texts),
      minWidth: 40,
      cssClass: `mxql-cell-${kind}${numeric ? ' mxql-num' : ''}`,
      headerCssClass: numeric ? 'mxql-num' : '',
      formatter: (_r, _c, value: Cell | undefined) => this.format(value, kind, plain),
    };
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

  /** Appends received rows; `firstIndex` is the received-order index of `rows[0]`. */
  append(rows: readonly (readonly Cell[])[], firstIndex: number): void {
    const added = rows.map((row, i) => ({ id: firstIndex + i, row }));
    for (const item of added) this.items.push(item);
    this.sortKeys.clear();
    this.dataView.addItems(added);
  }

  /** Changes how time columns display and redraws. */
  setTimeMode(mode: TimeMode): void {
    this.timeMode = mode;
    this.grid.invalidate();
  }

  /** Quick filter over all cells; empty shows every row. */
  setFilter(query: string): void {
    const match = rowMatcher(query, this.kinds, this.timeMode);
    this.dataView.setFilter((item: GridItem) => (match ? match(item.row) : true));
  }

  /** Sorts by a column, as a click on its header does, and shows the indicator. */
  sortBy(columnName: string, asc: boolean): void {
    const index = this.columns.findIndex((c) => c.name === columnName);
    if (index < 0) return;
    this.grid.setSortColumn(`c${index}`, asc);
    this.applySort(index, asc);
  }

  private applySort(index: number, asc: boolean): void {
    let keys = this.sortKeys.get(index);
    if (!keys) {
      keys = buildSortKeys(
        this.items.map((item) => item.row),
        index,
      );
      this.sortKeys.set(index, keys);
    }
    const { group, key } = keys;
    // Array.prototype.sort is stable; DataView.sort reverses around it for descending order.
    this.dataView.sort((a, b) => group[a.id]! - group[b.id]! || key[a.id]! - key[b.id]!, asc);
  }

  /** Name of the sort column as persisted (the column's name, not its id). */
  columnName(id: string): string | undefined {
    return this.columns[Number(id.slice(1))]?.name;
  }

  private hiddenNames(): string[] {
    return this.defs.filter((c) => c.hidden).map((c) => this.columns[Number(c.field)]?.name ?? '');
  }

  /** Number of rows after the filter. */
  visibleCount(): number {
    return this.dataView.getLength();
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
    const kind = this.kinds[index] ?? 'string';
    return kind === 'time' && value !== undefined && value !== null
      ? displayText(value, kind, this.timeMode)
      : (value ?? null);
  }

  private copyRanges(ranges: readonly SlickRange[]): void {
    const visible = this.grid.getColumns();
    const lines: Cell[][] = [];
    let cells = 0;
    for (const r of ranges) {
      const cols = visible.slice(r.fromCell, r.toCell + 1).map((c) => Number(c.field));
      for (let row = r.fromRow; row <= r.toRow; row++) {
        const item = this.grid.getDataItem(row);
        if (!item) continue;
        lines.push(cols.map((i) => this.copyText(item.row[i], i)));
        cells += cols.length;
      }
    }
    if (lines.length === 0) return;
    const width = Math.max(...lines.map((l) => l.length));
    const text = toTsv(
      Array.from({ length: width }, () => ({ name: '' })),
      lines,
    );
    this.events.copy(text, lines.length, cells);
  }

  /** Copies the active cell, the active row or the whole selection (with a header line). */
  copy(what: 'cell' | 'row' | 'selection'): void {
    const active = this.grid.getActiveCell();
    if (what === 'selection') {
      const ranges = this.grid.getSelectionModel()?.getSelectedRanges() ?? [];
      this.copyWithHeader(ranges);
      return;
    }
    if (!active) return;
    const last = this.grid.getColumns().length - 1;
    const fromCell = what === 'cell' ? active.cell : 0;
    const toCell = what === 'cell' ? active.cell : last;
    this.copyRanges([{ fromRow: active.row, toRow: active.row, fromCell, toCell } as SlickRange]);
  }

  private copyWithHeader(ranges: readonly SlickRange[]): void {
    const visible = this.grid.getColumns();
    const r = ranges[0];
    if (!r) return;
    const cols = visible.slice(r.fromCell, r.toCell + 1).map((c) => Number(c.field));
    const rows: Cell[][] = [];
    for (let row = r.fromRow; row <= r.toRow; row++) {
      const item = this.grid.getDataItem(row);
      if (item) rows.push(cols.map((i) => this.copyText(item.row[i], i)));
    }
    const header = cols.map((i) => ({ name: this.columns[i]?.name ?? '' }));
    this.events.copy(toTsv(header, rows, true), rows.length, rows.length * cols.length);
  }

  /** Fits the grid to its container after a layout change. */
  resize(): void {
    this.grid.resizeCanvas();
  }

  /** Gives the keyboard to the grid (first cell when nothing is active). */
  focus(): void {
    if (!this.grid.getActiveCell() && this.dataView.getLength() > 0) this.grid.setActiveCell(0, 0);
    this.grid.focus();
  }
}
