/**
 * Result rows in columnar, typed form: how the extension sends a result to a webview (the results
 * panel, a notebook output) and how the grid stores it. Per column and chunk, numbers travel as one
 * `Float64Array` (times are numbers, epoch ms), or, when every value of the chunk survives it
 * exactly, as small integers with an offset and a power-of-ten divisor (`scaled`: epoch-ms times as
 * offsets from the chunk's first, decimals such as 3.17 as 317 / 100); text as a table of the
 * chunk's distinct strings plus the narrowest unsigned array of codes; booleans as a `Uint8Array`.
 * `postMessage` copies typed arrays as memory blocks, without the per-value cost of JSON or
 * structured objects, and fewer bytes cost less on every hop (a remote window compresses them).
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
/**
 * Numbers as integers: row `i` is `base + values[i] / divisor`, and the array type's minimum
 * (-128, -32768 or -2³¹) marks null. Only sent when that gives back every value exactly.
 */
export interface ScaledColumnChunk {
  readonly kind: 'scaled';
  readonly values: Int8Array | Int16Array | Int32Array;
  readonly base: number;
  readonly divisor: number;
}
/** Codes of a text column: the narrowest unsigned array that holds the table's size. */
export type StringCodes = Uint8Array | Uint16Array | Uint32Array;
/** Text: `codes[i]` is 0 for null, else `1 +` the index of the row's string in `table`. */
export interface StringColumnChunk {
  readonly kind: 'string';
  readonly table: readonly string[];
  readonly codes: StringCodes;
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
  | EmptyColumnChunk
  | NumberColumnChunk
  | ScaledColumnChunk
  | StringColumnChunk
  | BooleanColumnChunk
  | MixedColumnChunk;

/** Rows `[start, start + rowCount)` of a result, one entry per column in column order. */
export interface ColumnsChunk {
  readonly rowCount: number;
  readonly columns: readonly ColumnChunk[];
}

/** Booleans' code for null in {@link BooleanColumnChunk}. */
export const BOOLEAN_NULL = 2;

/** The kind of values a column holds in a chunk, before a number column picks its encoding. */
type ValueKind = Exclude<ColumnChunk['kind'], 'scaled'>;

function kindOf(rows: readonly (readonly Cell[])[], start: number, end: number, column: number): ValueKind {
  let kind: ValueKind = 'empty';
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

/** Codes in the narrowest unsigned array that holds `tableSize` (codes run from 0 to the size). */
function narrowCodes(codes: Uint32Array, tableSize: number): StringCodes {
  if (tableSize <= 0xff) return Uint8Array.from(codes);
  if (tableSize <= 0xffff) return Uint16Array.from(codes);
  return codes;
}

/** Offsets and divisors tried in turn: integers, decimals of 1 to 4 places, integers off the first. */
const DIVISORS = [1, 10, 100, 1000, 10000];

/** The integer arrays a scaled column may use, narrowest first, with the null marker of each. */
const WIDTHS = [
  { limit: 0x7f, make: (n: number) => new Int8Array(n) },
  { limit: 0x7fff, make: (n: number) => new Int16Array(n) },
  { limit: 0x7fffffff, make: (n: number) => new Int32Array(n) },
] as const;

/** The value a scaled column's integer stands for (the one rule both sides use). */
export function scaledValue(q: number, base: number, divisor: number): number {
  return base + q / divisor;
}

/**
 * The integers for `values` (NaN = null) as `base + q / divisor`, and the largest magnitude, or
 * undefined when some value would not come back exactly (bit for bit: -0 stays Float64).
 */
function scaledIntegers(
  values: Float64Array,
  base: number,
  divisor: number,
): { ints: Float64Array; largest: number } | undefined {
  const ints = new Float64Array(values.length);
  let largest = 0;
  for (let r = 0; r < values.length; r++) {
    const value = values[r] as number;
    if (Number.isNaN(value)) continue;
    const q = Math.round((value - base) * divisor);
    const magnitude = Math.abs(q);
    if (!(magnitude < 0x7fffffff) || !Object.is(scaledValue(q, base, divisor), value)) return undefined;
    ints[r] = q;
    if (magnitude > largest) largest = magnitude;
  }
  return { ints, largest };
}

/**
 * A number column as the smallest exact encoding: `scaled` integers when every value survives the
 * round trip, else the Float64 values as they are.
 */
function compactNumbers(values: Float64Array): NumberColumnChunk | ScaledColumnChunk {
  const first = values.find((v) => !Number.isNaN(v));
  if (first === undefined) return { kind: 'number', values };
  const bases = Number.isInteger(first) && Math.abs(first) > 0x7fffffff ? [first] : [0];
  for (const base of bases) {
    for (const divisor of base === 0 ? DIVISORS : [1]) {
      const scaled = scaledIntegers(values, base, divisor);
      if (!scaled) continue;
      const width = WIDTHS.find((w) => scaled.largest < w.limit) ?? WIDTHS[2];
      const ints = width.make(values.length);
      const nullMark = -width.limit - 1;
      for (let r = 0; r < values.length; r++) {
        const value = values[r] as number;
        ints[r] = Number.isNaN(value) ? nullMark : (scaled.ints[r] ?? nullMark);
      }
      return { kind: 'scaled', values: ints, base, divisor };
    }
  }
  return { kind: 'number', values };
}

/** The null marker of a scaled column's integer array: the minimum of its type. */
function scaledNull(values: ScaledColumnChunk['values']): number {
  return values instanceof Int8Array ? -0x80 : values instanceof Int16Array ? -0x8000 : -0x80000000;
}

/** A scaled column as Float64 values (NaN for null), the form the grid stores numbers in. */
export function expandScaled(chunk: ScaledColumnChunk): NumberColumnChunk {
  const { values: ints, base, divisor } = chunk;
  const nullMark = scaledNull(ints);
  const values = new Float64Array(ints.length);
  for (let r = 0; r < ints.length; r++) {
    const q = ints[r] as number;
    values[r] = q === nullMark ? NaN : scaledValue(q, base, divisor);
  }
  return { kind: 'number', values };
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
      return compactNumbers(values);
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
      return { kind, table, codes: narrowCodes(codes, table.length) };
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

/** What one cell of a `mixed` column is taken to cost on the wire (a small cloned value). */
const MIXED_CELL_BYTES = 16;

/**
 * About how many bytes a chunk puts on the wire: its typed arrays, the characters of its string
 * tables, and {@link MIXED_CELL_BYTES} per cell of a mixed column.
 */
export function columnsChunkBytes(chunk: ColumnsChunk): number {
  let bytes = 0;
  for (const column of chunk.columns) {
    if (column.kind === 'empty') continue;
    if (column.kind === 'mixed') bytes += column.values.length * MIXED_CELL_BYTES;
    else if (column.kind === 'string') {
      bytes += column.codes.byteLength;
      for (const text of column.table) bytes += text.length;
    } else bytes += column.values.byteLength;
  }
  return bytes;
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
    case 'scaled': {
      const q = chunk.values[r];
      return q === undefined || q === scaledNull(chunk.values)
        ? null
        : scaledValue(q, chunk.base, chunk.divisor);
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

const isScaledArray = (x: unknown): x is ScaledColumnChunk['values'] =>
  x instanceof Int8Array || x instanceof Int16Array || x instanceof Int32Array;
const isCodeArray = (x: unknown): x is StringCodes =>
  x instanceof Uint8Array || x instanceof Uint16Array || x instanceof Uint32Array;

/**
 * Checks one column chunk received from another process: a column that is malformed, of the wrong
 * length or holds codes outside its table becomes an empty column, so bad input degrades to blanks
 * and never to a crash or to values from another row. A `scaled` column comes back as Float64
 * `number` values, so a receiver stores one kind of number column.
 */
export function validColumnChunk(x: unknown, rowCount: number): Exclude<ColumnChunk, ScaledColumnChunk> {
  const empty: EmptyColumnChunk = { kind: 'empty' };
  if (typeof x !== 'object' || x === null) return empty;
  const c = x as Record<string, unknown>;
  switch (c.kind) {
    case 'number':
      return c.values instanceof Float64Array && c.values.length === rowCount
        ? (c as unknown as NumberColumnChunk)
        : empty;
    case 'scaled': {
      const { values, base, divisor } = c;
      const usable =
        isScaledArray(values) &&
        values.length === rowCount &&
        typeof base === 'number' &&
        Number.isFinite(base) &&
        typeof divisor === 'number' &&
        Number.isFinite(divisor) &&
        divisor > 0;
      return usable ? expandScaled({ kind: 'scaled', values, base, divisor }) : empty;
    }
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
      if (!isCodeArray(codes) || codes.length !== rowCount) return empty;
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
