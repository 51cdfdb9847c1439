// The grid's rows, stored as typed columns that grow chunk by chunk (see common/columnChunks.ts):
// numbers in one Float64Array per column, text as codes into one string table per column,
// booleans as bytes. Reading a cell is an array read; sorting and filtering work on the columns.
// Pure: no DOM; tested in node.

import {
  BOOLEAN_NULL,
  type Cell,
  chunkCell,
  type ColumnChunk,
  type ColumnsChunk,
  expandScaled,
} from '../../../common/columnChunks';

type StoreKind = 'empty' | 'number' | 'string' | 'boolean' | 'mixed';

function grow<T extends Float64Array | Uint32Array | Uint8Array>(
  array: T,
  needed: number,
  make: (n: number) => T,
): T {
  if (needed <= array.length) return array;
  const next = make(Math.max(needed, array.length * 2, 1024));
  next.set(array);
  return next;
}

/** One column of the table. */
export class ColumnStore {
  kind: StoreKind = 'empty';
  length = 0;
  numbers = new Float64Array(0);
  codes = new Uint32Array(0);
  bytes = new Uint8Array(0);
  cells: Cell[] = [];
  /** Distinct strings; code `c` (1-based) is `strings[c - 1]`. */
  readonly strings: string[] = [];
  private readonly stringCodes = new Map<string, number>();

  /** The store seen as one chunk, so cells decode through the one owner of that rule. */
  private asChunk: ColumnChunk = { kind: 'empty' };

  /** The value at row `r`. */
  get(r: number): Cell {
    return chunkCell(this.asChunk, r);
  }

  // Typed arrays are replaced when they grow, so the view is rebuilt after every change.
  private refreshView(): void {
    switch (this.kind) {
      case 'empty':
        this.asChunk = { kind: 'empty' };
        break;
      case 'number':
        this.asChunk = { kind: 'number', values: this.numbers };
        break;
      case 'string':
        this.asChunk = { kind: 'string', table: this.strings, codes: this.codes };
        break;
      case 'boolean':
        this.asChunk = { kind: 'boolean', values: this.bytes };
        break;
      case 'mixed':
        this.asChunk = { kind: 'mixed', values: this.cells };
        break;
    }
  }

  /** Appends `n` rows of `given` (numbers sent as scaled integers are stored as Float64). */
  append(given: ColumnChunk, n: number): void {
    const chunk = given.kind === 'scaled' ? expandScaled(given) : given;
    if (chunk.kind !== 'empty' && this.kind !== chunk.kind) {
      if (this.kind === 'empty') this.become(chunk.kind);
      else if (this.kind !== 'mixed') this.toMixed();
    }
    const start = this.length;
    const end = start + n;
    switch (this.kind) {
      case 'empty':
        break;
      case 'number':
        this.numbers = grow(this.numbers, end, (k) => new Float64Array(k));
        if (chunk.kind === 'number') this.numbers.set(chunk.values.subarray(0, n), start);
        else this.numbers.fill(NaN, start, end);
        break;
      case 'string':
        this.codes = grow(this.codes, end, (k) => new Uint32Array(k));
        if (chunk.kind === 'string') this.appendStrings(chunk, start, n);
        else this.codes.fill(0, start, end);
        break;
      case 'boolean':
        this.bytes = grow(this.bytes, end, (k) => new Uint8Array(k));
        if (chunk.kind === 'boolean') this.bytes.set(chunk.values.subarray(0, n), start);
        else this.bytes.fill(BOOLEAN_NULL, start, end);
        break;
      case 'mixed':
        for (let r = 0; r < n; r++) this.cells.push(chunkCell(chunk, r));
        break;
    }
    this.length = end;
    this.refreshView();
  }

  // The chunk's own string table is mapped once onto this column's table; rows then copy codes.
  private appendStrings(chunk: Extract<ColumnChunk, { kind: 'string' }>, start: number, n: number): void {
    const map = new Uint32Array(chunk.table.length + 1);
    chunk.table.forEach((text, i) => {
      let code = this.stringCodes.get(text);
      if (code === undefined) {
        code = this.strings.push(text);
        this.stringCodes.set(text, code);
      }
      map[i + 1] = code;
    });
    const codes = this.codes;
    const source = chunk.codes;
    for (let r = 0; r < n; r++) codes[start + r] = map[source[r] ?? 0] ?? 0;
  }

  // The first values of an all-empty column decide its kind; the rows before them are nulls.
  private become(kind: Exclude<StoreKind, 'empty'>): void {
    const n = this.length;
    this.kind = kind;
    if (kind === 'number') this.numbers = new Float64Array(Math.max(n, 1024)).fill(NaN);
    else if (kind === 'string') this.codes = new Uint32Array(Math.max(n, 1024));
    else if (kind === 'boolean') this.bytes = new Uint8Array(Math.max(n, 1024)).fill(BOOLEAN_NULL);
    else this.cells = new Array<Cell>(n).fill(null);
  }

  // Values of another type arrived: the column keeps every value as it is (rare: mixed results).
  private toMixed(): void {
    const cells: Cell[] = [];
    for (let r = 0; r < this.length; r++) cells.push(this.get(r));
    this.cells = cells;
    this.kind = 'mixed';
    this.numbers = new Float64Array(0);
    this.codes = new Uint32Array(0);
    this.bytes = new Uint8Array(0);
    this.refreshView();
  }
}

/** A result table: typed columns of equal length. */
export class ColumnarTable {
  readonly columns: ColumnStore[];
  rowCount = 0;

  constructor(width: number) {
    this.columns = Array.from({ length: width }, () => new ColumnStore());
  }

  /** Appends a chunk (already validated to this table's width). */
  append(chunk: ColumnsChunk): void {
    this.columns.forEach((column, i) => column.append(chunk.columns[i] ?? { kind: 'empty' }, chunk.rowCount));
    this.rowCount += chunk.rowCount;
  }

  /** The value at row `r`, column `c`. */
  cell(r: number, c: number): Cell {
    return this.columns[c]?.get(r) ?? null;
  }

  /** Row `r` as cells in column order (copy, detail, JSON). */
  row(r: number): Cell[] {
    return this.columns.map((column) => column.get(r));
  }

  /** Rows `[start, end)` as cell arrays (kind inference, the chart). */
  rows(start = 0, end = this.rowCount): Cell[][] {
    const out: Cell[][] = [];
    for (let r = start; r < Math.min(end, this.rowCount); r++) out.push(this.row(r));
    return out;
  }
}
