// Sorting and filtering of a ColumnarTable. Both produce a row order (a Uint32Array of row indexes)
// that the grid shows; the table itself never moves. Pure: tested in node.

import {
  buildSortKeys,
  candidateColumns,
  cellMatches,
  type DisplayKind,
  type SortKeys,
  stringRanks,
} from './columns';
import { type TimeMode } from './state';
import { type ColumnarTable, type ColumnStore } from './table';

// Groups in the order of compareCells: numbers (0), booleans, strings, then empty.
const BOOLEAN = 1;
const STRING = 2;
const EMPTY = 3;

/** Sort keys of one column: two typed-array reads per comparison. */
export function columnSortKeys(column: ColumnStore): SortKeys {
  const n = column.length;
  const group = new Uint8Array(n);
  const key = new Float64Array(n);
  switch (column.kind) {
    case 'empty':
      group.fill(EMPTY);
      break;
    case 'number':
      for (let r = 0; r < n; r++) {
        const value = column.numbers[r] ?? NaN;
        if (Number.isNaN(value)) group[r] = EMPTY;
        else key[r] = value;
      }
      break;
    case 'boolean':
      for (let r = 0; r < n; r++) {
        const value = column.bytes[r] ?? 2;
        group[r] = value === 2 ? EMPTY : BOOLEAN;
        key[r] = value === 1 ? 1 : 0;
      }
      break;
    case 'string': {
      // Rank each distinct string once; rows then read their rank through their code.
      const ranks = stringRanks(column.strings);
      const rankOfCode = new Float64Array(column.strings.length + 1);
      column.strings.forEach((text, i) => (rankOfCode[i + 1] = ranks.get(text) ?? 0));
      for (let r = 0; r < n; r++) {
        const code = column.codes[r] ?? 0;
        group[r] = code === 0 ? EMPTY : STRING;
        key[r] = rankOfCode[code] ?? 0;
      }
      break;
    }
    case 'mixed':
      return buildSortKeys(column.cells);
  }
  return { group, key };
}

/** Identity order `0 … n-1`. */
export function identityOrder(n: number): Uint32Array {
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  return order;
}

/**
 * `order` sorted by `keys`, ascending or descending, empty values last either way. Stable: rows
 * with equal values keep their relative position in `order` (so sorting by a second column keeps
 * the first one's order inside each group).
 */
export function sortOrder(order: Uint32Array, keys: SortKeys, asc: boolean): Uint32Array {
  const { group, key } = keys;
  const position = new Uint32Array(key.length);
  for (let i = 0; i < order.length; i++) position[order[i] ?? 0] = i;
  const sign = asc ? 1 : -1;
  return order.slice().sort((a, b) => {
    const g = (group[a] ?? 0) - (group[b] ?? 0);
    if (g !== 0) return g;
    const x = key[a] ?? 0;
    const y = key[b] ?? 0;
    if (x !== y) return x < y ? -sign : sign;
    return (position[a] ?? 0) - (position[b] ?? 0);
  });
}

type RowTest = (r: number) => boolean;

// A test of one column for one term. Text columns decide per distinct string, once.
function columnTest(column: ColumnStore, kind: DisplayKind, term: string, mode: TimeMode): RowTest {
  if (column.kind === 'string') {
    const hits = new Uint8Array(column.strings.length + 1);
    column.strings.forEach((text, i) => (hits[i + 1] = text.toLowerCase().includes(term) ? 1 : 0));
    const codes = column.codes;
    return (r) => hits[codes[r] ?? 0] === 1;
  }
  if (column.kind === 'empty') return () => false;
  return (r) => cellMatches(column.get(r), kind, term, mode);
}

/**
 * The rows of `order` that pass the quick filter `query` (every whitespace-separated term occurs in
 * some cell, case-insensitive; text as received, numbers by their digits, times also as shown), in
 * the same order; `undefined` when the query is empty.
 */
export function filterOrder(
  table: ColumnarTable,
  order: Uint32Array,
  query: string,
  kinds: readonly DisplayKind[],
  mode: TimeMode,
): Uint32Array | undefined {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return undefined;
  const tests = terms.map((term) =>
    candidateColumns(term, kinds).map((c) =>
      columnTest(table.columns[c] as ColumnStore, kinds[c] ?? 'string', term, mode),
    ),
  );
  const out = new Uint32Array(order.length);
  let n = 0;
  for (let i = 0; i < order.length; i++) {
    const r = order[i] ?? 0;
    if (tests.every((anyOf) => anyOf.some((test) => test(r)))) out[n++] = r;
  }
  return out.slice(0, n);
}
