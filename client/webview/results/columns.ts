// Column typing, display text and typed comparison of cells. Pure: tested in node.

import { type Cell, type ColumnInfo, type ColumnKind } from '../../../common/resultsMessages';
import { type TimeMode } from './state';

/** Display kind of a column after inference. */
export type DisplayKind = Exclude<ColumnKind, 'unknown'>;

/** Epoch-ms values between 2000-01-01 and 2100-01-01 count as plausible times. */
const MIN_EPOCH_MS = 946_684_800_000;
const MAX_EPOCH_MS = 4_102_444_800_000;
const timeName = /^(time|stime|etime|timestamp)$|_time$/i;
const SAMPLE = 200;

/** True when `value` looks like an epoch-milliseconds timestamp. */
export function isPlausibleEpochMs(value: Cell | undefined): boolean {
  return (
    typeof value === 'number' && Number.isInteger(value) && value >= MIN_EPOCH_MS && value <= MAX_EPOCH_MS
  );
}

function sampleKind(name: string, values: (Cell | undefined)[]): DisplayKind {
  const present = values.filter((v) => v !== null && v !== undefined);
  if (present.length === 0) return timeName.test(name) ? 'time' : 'string';
  if (present.every((v) => typeof v === 'number')) {
    return timeName.test(name) && present.every(isPlausibleEpochMs) ? 'time' : 'number';
  }
  if (present.every((v) => typeof v === 'boolean')) return 'boolean';
  return 'string';
}

/**
 * The display kind of each column: the host's hint when given, otherwise inferred from the name
 * and a sample of values (time = a time-like name holding epoch-ms numbers).
 */
export function inferKinds(
  columns: readonly ColumnInfo[],
  rows: readonly (readonly Cell[])[],
): DisplayKind[] {
  const step = Math.max(1, Math.floor(rows.length / SAMPLE));
  return columns.map((col, i) => {
    if (col.kind && col.kind !== 'unknown') return col.kind;
    const values: (Cell | undefined)[] = [];
    for (let r = 0; r < rows.length && values.length < SAMPLE; r += step) values.push(rows[r]?.[i]);
    return sampleKind(col.name, values);
  });
}

const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 6 });
const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `yyyy-MM-dd HH:mm:ss.SSS` in local time or UTC; the milliseconds only when non-zero. */
export function formatTime(ms: number, mode: Exclude<TimeMode, 'raw'>): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return String(ms);
  const utc = mode === 'utc';
  const date = `${utc ? d.getUTCFullYear() : d.getFullYear()}-${pad((utc ? d.getUTCMonth() : d.getMonth()) + 1)}-${pad(utc ? d.getUTCDate() : d.getDate())}`;
  const time = `${pad(utc ? d.getUTCHours() : d.getHours())}:${pad(utc ? d.getUTCMinutes() : d.getMinutes())}:${pad(utc ? d.getUTCSeconds() : d.getSeconds())}`;
  const millis = utc ? d.getUTCMilliseconds() : d.getMilliseconds();
  return `${date} ${time}${millis ? `.${pad(millis, 3)}` : ''}${utc ? 'Z' : ''}`;
}

const idName = /(^|_)(o?id|pcode|okind|txid|gid|hash)$/i;

/** True for identifier columns (oid, pcode, *_id …): numbers shown without thousands separators. */
export function isIdColumn(name: string): boolean {
  return idName.test(name);
}

/**
 * The text a cell shows. Numbers get thousands separators (identifiers, `plain`, do not);
 * times follow `mode`.
 */
export function displayText(
  value: Cell | undefined,
  kind: DisplayKind,
  mode: TimeMode,
  plain = false,
): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (kind === 'time' && mode !== 'raw' && isPlausibleEpochMs(value)) return formatTime(value, mode);
    if (kind === 'time' || plain) return String(value);
    return numberFormat.format(value);
  }
  return typeof value === 'string' ? value : String(value);
}

/** Longest text put into a grid cell; the full value is in the tooltip and the detail panel. */
export const MAX_CELL_CHARS = 300;

/** Cuts `text` to {@link MAX_CELL_CHARS} with an ellipsis. */
export function truncate(text: string, max: number = MAX_CELL_CHARS): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

// Type rank keeps mixed columns in a stable, total order: numbers, booleans, strings, then empty.
function rank(v: Cell | undefined): number {
  if (v === null || v === undefined) return 3;
  return typeof v === 'number' ? 0 : typeof v === 'boolean' ? 1 : 2;
}

/**
 * Compares two cells ascending: numbers numerically, strings by code points (fast and
 * locale-independent), empty values last. Used by the grid's stable sort.
 */
export function compareCells(a: Cell | undefined, b: Cell | undefined): number {
  if (typeof a === 'number' && typeof b === 'number') {
    // NaN sorts after every number, as in buildSortKeys, so the order is total.
    const x = Number.isNaN(a) ? Infinity : a;
    const y = Number.isNaN(b) ? Infinity : b;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 3) return 0;
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

const numericTerm = /^-?[\d.,]+$/;
const timeTerm = /^[\d\-:./TZ]+$/i;

export function cellMatches(
  cell: Cell | undefined,
  kind: DisplayKind,
  term: string,
  mode: TimeMode,
): boolean {
  if (cell === null || cell === undefined) return false;
  if (typeof cell === 'string') return cell.toLowerCase().includes(term);
  if (typeof cell === 'boolean') return String(cell).includes(term);
  if (numericTerm.test(term) && String(cell).includes(term.replace(/,/g, ''))) return true;
  return kind === 'time' && timeTerm.test(term) && displayText(cell, kind, mode).toLowerCase().includes(term);
}

// Which columns can contain a term at all: a word like "agent-7" never matches a number, so
// number columns are skipped for it. This keeps filtering 200k × 40 cells fast.
export function candidateColumns(term: string, kinds: readonly DisplayKind[]): number[] {
  const numeric = numericTerm.test(term);
  const timeLike = timeTerm.test(term);
  return kinds.flatMap((kind, i) => {
    if (kind === 'string' || kind === 'boolean') return [i];
    if (kind === 'number') return numeric ? [i] : [];
    return numeric || timeLike ? [i] : [];
  });
}

/** Precomputed sort keys of one column, indexed by received row index. */
export interface SortKeys {
  /** 0 number, 1 boolean, 2 string, 3 empty: the order of {@link compareCells}. */
  readonly group: Uint8Array;
  /** The number, or the rank of the string / boolean among the column's distinct values. */
  readonly key: Float64Array;
}

/**
 * Sort keys for a column so that comparing two rows is two typed-array reads instead of type
 * tests and string comparisons; orders exactly like {@link compareCells}.
 */
export function buildSortKeys(values: readonly Cell[]): SortKeys {
  const group = new Uint8Array(values.length);
  const key = new Float64Array(values.length);
  const distinct = new Set<string>();
  values.forEach((cell, i) => {
    if (typeof cell === 'string') distinct.add(cell);
    group[i] = rank(cell);
    if (typeof cell === 'number') key[i] = Number.isNaN(cell) ? Infinity : cell;
    else if (typeof cell === 'boolean') key[i] = cell ? 1 : 0;
  });
  const ranks = stringRanks([...distinct]);
  values.forEach((cell, i) => {
    if (typeof cell === 'string') key[i] = ranks.get(cell) ?? 0;
  });
  return { group, key };
}

/** Each string's rank in code-point order (fast and locale-independent, like {@link compareCells}). */
export function stringRanks(strings: readonly string[]): Map<string, number> {
  const sorted = [...strings].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return new Map(sorted.map((s, i) => [s, i]));
}
