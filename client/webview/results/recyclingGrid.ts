// SlickGrid with a narrow render band and recycled rows: the results grid's body renderer.
//
// SlickGrid builds a new row element and a new element per cell for every row a scroll brings in,
// and removes the rows that left. On a fast flick that is ~30 rows × the visible columns of
// fresh elements per frame, and the frame goes to their style and layout. Here a row that leaves
// the band keeps its element and its cells; the next row to enter takes them over, so a scroll
// step only moves rows (a transform) and rewrites text. SlickGrid keeps everything else: headers,
// selection, keyboard, copy, column picker, sorting clicks.
//
// Rows are pooled when SlickGrid drops them from its cache (`removeRowFromCache`) and handed to the rows
// `renderRows` brings in; SlickGrid's `rowsCache` stays the single truth, so selection, the active cell,
// copy and column changes work unchanged. Rows this cannot recycle (frozen rows or columns, spans) go
// through SlickGrid's own code. Measured against a bare SlickGrid page (test/webview/bareGrid.ts), the
// grid's work per flick step fell from about 22 ms to about 7 ms p50, which is why SlickGrid was kept
// rather than replaced by a body renderer that would have to re-implement that cache contract.

import { type Column, type FormatterResultWithText, SlickGrid } from 'slickgrid';

/** A grid row as SlickGrid sees it: the row's index in received order. */
export interface GridItem {
  readonly id: number;
}

/** Rows rendered beyond the visible ones, above and below. */
const ROW_BUFFER = 4;
/** Pixels of columns rendered beyond the visible ones, left and right. */
const COLUMN_BUFFER_PX = 120;
/** Row elements kept for reuse beyond those on screen (a tall panel shows ~60 rows). */
const POOL_LIMIT = 256;

/** A row element that left the band, with its cells by column index. */
interface PooledRow {
  readonly node: HTMLElement;
  readonly cells: readonly (HTMLElement | undefined)[];
}

type Range = { top: number; bottom: number; leftPx: number; rightPx: number };

/**
 * SlickGrid that renders a narrow band around what is visible and recycles row elements.
 *
 * The band: SlickGrid itself renders one whole viewport of rows ahead and one viewport width of
 * columns on each side, so a flick builds about three times the cells the frame shows.
 *
 * The recycling: {@link removeRowFromCache} keeps a leaving row's element (in the page while a
 * render is under way, so reusing it costs no insertion) and {@link renderRows} hands it to an
 * entering row, rewriting classes only when they change and text through the cell's text node.
 * Rows SlickGrid must build itself (no pooled element, frozen rows or columns, row spans) go
 * through its own code, unchanged.
 */
export class RecyclingSlickGrid extends SlickGrid<GridItem, Column<GridItem>> {
  // Declared, not initialized: SlickGrid's constructor already renders, before field initializers
  // of a subclass would run (and they would reset what it did).
  declare private pool: PooledRow[] | undefined;
  declare private rendering: boolean | undefined;

  override getRenderedRange(viewportTop?: number, viewportLeft?: number): Range {
    const range = this.getVisibleRange(viewportTop, viewportLeft);
    return {
      top: Math.max(0, range.top - ROW_BUFFER),
      bottom: Math.min(this.getDataLengthIncludingAddNew() - 1, range.bottom + ROW_BUFFER),
      leftPx: Math.max(0, range.leftPx - COLUMN_BUFFER_PX),
      rightPx: Math.min(this.canvasWidth, range.rightPx + COLUMN_BUFFER_PX),
    };
  }

  override render(): void {
    this.rendering = true;
    try {
      super.render();
    } finally {
      this.rendering = false;
      // Rows that left and found no successor this frame leave the page; they stay pooled.
      for (const row of this.pool ?? []) row.node.remove();
    }
  }

  override setColumns(columns: Column<GridItem>[]): void {
    super.setColumns(columns);
    // Pooled cells belong to the previous columns' layout.
    this.pool = [];
  }

  private canRecycle(): boolean {
    return !this.hasFrozenRows && !this.hasFrozenColumns() && !this._options.enableCellRowSpan;
  }

  protected override removeRowFromCache(row: number): void {
    const entry = this.rowsCache[row];
    const node = entry?.rowNode?.[0];
    const pool = (this.pool ??= []);
    if (!entry || !node || !this.canRecycle() || pool.length >= POOL_LIMIT) {
      super.removeRowFromCache(row);
      return;
    }
    this.ensureCellNodesInRowsCache(row);
    pool.push({ node, cells: entry.cellNodesByColumnIdx });
    if (!this.rendering) node.remove();
    // What SlickGrid's own removal does besides removing the element.
    this.trigger(this.onBeforeRemoveCachedRow, { row });
    delete this.rowsCache[row];
    delete (this.postProcessedRows as Record<number, unknown>)[row];
    this.renderedRows--;
    this.counter_rows_removed++;
  }

  protected override renderRows(range: Range): void {
    const pool = this.pool;
    if (pool && this.canRecycle()) {
      for (let row = range.top; row <= range.bottom && pool.length > 0; row++) {
        if (this.rowsCache[row]) continue;
        const item = this.getDataItem(row);
        const pooled = pool.pop();
        if (!item || !pooled) {
          if (pooled) pool.push(pooled);
          break;
        }
        this.recycleRow(pooled, row, item, range);
      }
    }
    // Whatever is still missing (no pooled element left), SlickGrid builds.
    super.renderRows(range);
  }

  private recycleRow(pooled: PooledRow, row: number, item: GridItem, range: Range): void {
    const { node } = pooled;
    const entry = this.createEmptyCachingRow();
    entry.rowNode = [node];
    this.rowsCache[row] = entry;
    this.renderedRows++;
    this.counter_rows_rendered++;

    const active = row === this.activeRow && this._options.showCellSelection ? ' active' : '';
    const rowClass = `ui-widget-content slick-row${active}${row % 2 === 1 ? ' odd' : ' even'}`;
    if (node.className !== rowClass) node.className = rowClass;
    node.dataset['row'] = String(row);
    const top = this.getRowTop(row);
    if (this._options.rowTopOffsetRenderType === 'transform') node.style.transform = `translateY(${top}px)`;
    else node.style.top = `${top}px`;

    // A row pooled outside a render (rows invalidated by a sort or filter) left the page: it goes
    // back in display order, as SlickGrid appends the rows it builds.
    if (node.parentNode !== this._canvasTopL) this._canvasTopL.appendChild(node);

    const columns = this.columns;
    for (let c = 0; c < pooled.cells.length; c++) {
      const cell = pooled.cells[c];
      if (cell && !this.cellInRange(c, range)) cell.remove();
    }
    for (let c = 0; c < columns.length; c++) {
      if (!this.cellInRange(c, range)) continue;
      const cell = pooled.cells[c];
      // The selection's corner cell carries SlickGrid's drag handle: SlickGrid builds that one.
      const corner = row === this.selectionBottomRow && c === this.selectionRightCell;
      if (cell && !corner) {
        this.fillCell(cell, row, c, item);
        entry.cellNodesByColumnIdx[c] = cell;
        entry.cellColSpans[c] = 1;
      } else {
        cell?.remove();
        this.appendCellHtml(node, row, c, 1, 1, null, item);
      }
    }
    if (row === this.activeRow) this.activeCellNode = this.getCellNode(row, this.activeCell);
  }

  // The columns SlickGrid's appendRowHtml renders for this range (no spans, no frozen columns).
  private cellInRange(c: number, range: Range): boolean {
    const column = this.columns[c];
    if (!column || column.hidden) return false;
    return (
      (this.columnPosRight[c] ?? 0) > range.leftPx &&
      ((this.columnPosLeft[c] ?? 0) <= range.rightPx || column.alwaysRenderColumn === true)
    );
  }

  // The same classes, tooltip and text SlickGrid's appendCellHtml gives a new cell.
  private fillCell(cell: HTMLElement, row: number, c: number, item: GridItem): void {
    const column = this.columns[c] as Column<GridItem>;
    let css = `slick-cell l${c} r${c}${column.cssClass ? ` ${column.cssClass}` : ''}`;
    if (row === this.activeRow && c === this.activeCell && this._options.showCellSelection) css += ' active';
    // Classes set through setCellCssStyles (selection, copy flash), as one string per cell.
    const styled: unknown = this.cellCssClassesByCell[row]?.[column.id];
    const extra = typeof styled === 'string' ? styled : '';
    if (extra) css += ` ${extra}`;
    const selected = this._options.selectedCellCssClass ?? 'selected';
    if (this.isCellSelected(row, c) && !extra.includes(selected)) css += ` ${selected}`;
    if (cell.className !== css) cell.className = css;
    const describedBy = `${this.uid}${column.id}`;
    if (cell.getAttribute('aria-describedby') !== describedBy)
      cell.setAttribute('aria-describedby', describedBy);

    const value = this.getDataItemValueForColumn(item, column);
    const result = this.getFormatter(row, column)(row, c, value, column, item, this) as
      string | FormatterResultWithText | null | undefined;
    const text = (typeof result === 'string' ? result : result?.text) ?? '';
    const toolTip = typeof result === 'object' && result?.toolTip ? result.toolTip : '';
    // Text only, as enableHtmlRendering: false does: markup in data stays inert.
    const first = cell.firstChild;
    if (first && first === cell.lastChild && first.nodeType === Node.TEXT_NODE) {
      const node = first as Text;
      if (node.data !== text) node.data = text;
    } else cell.textContent = text;
    if (toolTip) cell.setAttribute('title', toolTip);
    else if (cell.hasAttribute('title')) cell.removeAttribute('title');
  }
}
