/**
 * Result rows in columnar, typed form: how the extension sends a result to a webview (the results
 * panel, a notebook output) and how the grid stores it. Per column and chunk, numbers travel as one
 * `Float64Array` (times are numbers, epoch ms), text as a table of the chunk's distinct strings plus
 * one `Uint32Array` of codes, booleans as a `Uint8Array`. `postMessage` copies typed arrays as
 * memory blocks, without the per-value cost of JSON or structured objects.
 *
 * Pure: no DOM, no Node.
 */

/** One value of a result cell, as decoded from the service's JSON. */
export type Cell = string | number | boolean | null;

/** Every value of the chunk is null (or the column is missing in it). */
export interface EmptyColumnChunk {
  readonly kind: 'empty';
}
/** Numbers (and epoch-ms times); `NaN` marks null, because JSON cannot carry a real NaN. */
export interface NumberColumnChunk {
  readonly kind: 'number';
  readonly values: Float64Array;
}
/** Text: `codes[i]` is 0 for null, else `1 +` the index of the row's string in `table`. */
export interface StringColumnChunk {
  readonly kind: 'string';
  readonly table: readonly string[];
  readonly codes: Uint32Array;
}
/** Booleans: 0 false, 1 true, 2 null. */
export interface BooleanColumnChunk {
  readonly kind: 'boolean';
  readonly values: Uint8Array;
}
/** A column whose values mix types within the chunk: the cells as they are. */
export interface MixedColumnChunk {
  readonly kind: 'mixed';
  readonly values: readonly Cell[];
}

/** One column of one chunk. */
export type ColumnChunk =
  EmptyColumnChunk | NumberColumnChunk | StringColumnChunk | BooleanColumnChunk | MixedColumnChunk;

/** Rows `[start, start + rowCount)` of a result, one entry per column in column order. */
export interface ColumnsChunk {
  readonly rowCount: number;
  readonly columns: readonly ColumnChunk[];
}

/** Booleans' code for null in {@link BooleanColumnChunk}. */
export const BOOLEAN_NULL = 2;

function kindOf(
  rows: readonly (readonly Cell[])[],
  start: number,
  end: number,
  column: number,
): ColumnChunk['kind'] {
  let kind: ColumnChunk['kind'] = 'empty';
  for (let r = start; r < end; r++) {
    const value = rows[r]?.[column];
    if (value === null || value === undefined) continue;
    const type =
      typeof value === 'number'
        ? 'number'
        : typeof value === 'string'
          ? 'string'
          : typeof value === 'boolean'
            ? 'boolean'
            : 'mixed';
    if (kind === 'empty') kind = type;
    else if (kind !== type) return 'mixed';
  }
  return kind;
}

function encodeColumn(
  rows: readonly (readonly Cell[])[],
  start: number,
  end: number,
  column: number,
): ColumnChunk {
  const kind = kindOf(rows, start, end, column);
  const n = end - start;
  switch (kind) {
    case 'empty':
      return { kind };
    case 'number': {
      const values = new Float64Array(n);
      for (let r = 0; r < n; r++) {
        const value = rows[start + r]?.[column];
        values[r] = typeof value === 'number' ? value : NaN;
      }
      return { kind, values };
    }
    case 'string': {
      const table: string[] = [];
      const index = new Map<string, number>();
      const codes = new Uint32Array(n);
      for (let r = 0; r < n; r++) {
        const value = rows[start + r]?.[column];
        if (typeof value !== 'string') continue;
        let code = index.get(value);
        if (code === undefined) {
          code = table.push(value);
          index.set(value, code);
        }
        codes[r] = code;
      }
      return { kind, table, codes };
    }
    case 'boolean': {
      const values = new Uint8Array(n);
      for (let r = 0; r < n; r++) {
        const value = rows[start + r]?.[column];
        values[r] = value === true ? 1 : value === false ? 0 : BOOLEAN_NULL;
      }
      return { kind, values };
    }
    case 'mixed': {
      const values: Cell[] = new Array<Cell>(n);
      for (let r = 0; r < n; r++) values[r] = rows[start + r]?.[column] ?? null;
      return { kind, values };
    }
  }
}

/** Encodes rows `[start, end)` (arrays in column order, `width` columns) as one columnar chunk. */
export function encodeColumns(
  rows: readonly (readonly Cell[])[],
  width: number,
  start = 0,
  end = rows.length,
): ColumnsChunk {
  const columns: ColumnChunk[] = [];
  for (let c = 0; c < width; c++) columns.push(encodeColumn(rows, start, end, c));
  return { rowCount: Math.max(0, end - start), columns };
}

/** The value of row `r` (0-based within the chunk) of one column chunk. */
export function chunkCell(chunk: ColumnChunk, r: number): Cell {
  switch (chunk.kind) {
    case 'empty':
      return null;
    case 'number': {
      const value = chunk.values[r] ?? NaN;
      return Number.isNaN(value) ? null : value;
    }
    case 'string': {
      const code = chunk.codes[r] ?? 0;
      return code === 0 ? null : (chunk.table[code - 1] ?? null);
    }
    case 'boolean': {
      const value = chunk.values[r];
      return value === 1 ? true : value === 0 ? false : null;
    }
    case 'mixed':
      return chunk.values[r] ?? null;
  }
}

/** Decodes a chunk back into rows (tests, and consumers that want rows). */
export function decodeRows(chunk: ColumnsChunk): Cell[][] {
  const rows: Cell[][] = [];
  for (let r = 0; r < chunk.rowCount; r++) rows.push(chunk.columns.map((c) => chunkCell(c, r)));
  return rows;
}

const isCell = (x: unknown): boolean =>
  x === null || typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean';

/**
 * Checks one column chunk received from another process: a column that is malformed, of the wrong
 * length or holds codes outside its table becomes an empty column, so bad input degrades to blanks
 * and never to a crash or to values from another row.
 */
export function validColumnChunk(x: unknown, rowCount: number): ColumnChunk {
  const empty: EmptyColumnChunk = { kind: 'empty' };
  if (typeof x !== 'object' || x === null) return empty;
  const c = x as Record<string, unknown>;
  switch (c.kind) {
    case 'number':
      return c.values instanceof Float64Array && c.values.length === rowCount
        ? (c as unknown as NumberColumnChunk)
        : empty;
    case 'boolean':
      return c.values instanceof Uint8Array && c.values.length === rowCount
        ? (c as unknown as BooleanColumnChunk)
        : empty;
    case 'mixed':
      return Array.isArray(c.values) && c.values.length === rowCount && c.values.every(isCell)
        ? (c as unknown as MixedColumnChunk)
        : empty;
    case 'string': {
      const { table, codes } = c;
      if (!Array.isArray(table) || !table.every((s) => typeof s === 'string')) return empty;
      if (!(codes instanceof Uint32Array) || codes.length !== rowCount) return empty;
      for (const code of codes) if (code > table.length) return empty;
      return c as unknown as StringColumnChunk;
    }
    default:
      return empty;
  }
}

/** Checks a chunk received from another process (see {@link validColumnChunk}); `width` columns. */
export function validColumnsChunk(x: unknown, width: number): ColumnsChunk | undefined {
  if (typeof x !== 'object' || x === null) return undefined;
  const c = x as { rowCount?: unknown; columns?: unknown };
  const rowCount = c.rowCount;
  if (typeof rowCount !== 'number' || !Number.isInteger(rowCount) || rowCount < 0) return undefined;
  if (!Array.isArray(c.columns)) return undefined;
  const given = c.columns as unknown[];
  const columns = Array.from({ length: width }, (_, i) => validColumnChunk(given[i], rowCount));
  return { rowCount, columns };
}
