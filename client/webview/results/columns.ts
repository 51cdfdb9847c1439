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
  if (typeof a === 'number' && typeof b === 'number') return a - b || (Number.isNaN(a) ? 1 : 0);
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 3) return 0;
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/** A quick-filter predicate: every whitespace-separated term must occur in some cell (case-insensitive). */
export function rowMatcher(
  query: string,
  kinds: readonly DisplayKind[],
  mode: TimeMode,
): ((row: readonly Cell[]) => boolean) | undefined {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return undefined;
  return (row) =>
    terms.every((term) =>
      row.some((cell, i) => {
        if (cell === null) return false;
        if (String(cell).toLowerCase().includes(term)) return true;
        const kind = kinds[i] ?? 'string';
        return kind !== 'string' && displayText(cell, kind, mode).toLowerCase().includes(term);
      }),
    );
}
