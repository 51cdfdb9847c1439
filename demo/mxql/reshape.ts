// Commands that change the shape of the row stream: UNFOLD and FOLD (packed list columns ⇄ rows),
// PIVOT-HEAD and PIVOT-FIELD (columns ⇄ rows), DELTA (difference of a counter per series) and
// TIME-FILTER (only the rows of one time window). Choices where the reference leaves behaviour open
// are listed in demo/README.md.
import { MxqlQueryError } from '../mxqlExecutor';
import type { QueryContext } from './context';
import { timezoneOffset } from './formatting';
import { toNumberOrNull, toText } from './functions';
import {
  durationOf,
  isObject,
  names,
  numberOf,
  objectOperand,
  text,
  type Plain,
  type PlainObject,
} from './operands';
import { collect, plainValue, streamOf, type Row, type RowStream } from './rows';

function tupleOf(row: Row, keys: readonly string[]): string {
  return keys.map((k) => toText(plainValue(row[k]))).join('\u0000');
}

/**
 * UNFOLD [fields]: a row whose named fields hold lists becomes one row per list position (shorter
 * lists give null). A row whose named fields are all single values passes unchanged; bare UNFOLD
 * unfolds every list column.
 */
export async function* unfoldRows(input: RowStream, value: Plain): RowStream {
  const fields = names(isObject(value) ? (value.key ?? value.field) : value);
  for await (const batch of input) {
    const out: Row[] = [];
    for (const row of batch) {
      const listed = (fields.length > 0 ? fields : Object.keys(row)).filter((f) => Array.isArray(row[f]));
      const length = Math.max(0, ...listed.map((f) => (row[f] as unknown[]).length));
      if (listed.length === 0) {
        out.push(row);
        continue;
      }
      for (let i = 0; i < length; i++) {
        const copy: Row = { ...row };
        for (const f of listed) copy[f] = (row[f] as unknown[])[i] ?? null;
        out.push(copy);
      }
    }
    if (out.length > 0) yield out;
  }
}

/**
 * FOLD [fields] or FOLD {pk, key}: the rows with the same pk become one row whose `key` fields are
 * lists of their values, in row order. The list form folds all rows into one row.
 */
export async function* foldRows(input: RowStream, value: Plain, qc: QueryContext): RowStream {
  const pk = isObject(value) ? names(value.pk) : [];
  const keys = names(isObject(value) ? value.key : value);
  if (keys.length === 0)
    throw new MxqlQueryError(
      'FOLD needs the fields to fold, e.g. FOLD {pk: oid, key: [tps]}.',
      'mxql/missing-option',
    );
  const groups = new Map<string, Row>();
  for (const row of await collect(input, qc.pacer)) {
    const tuple = tupleOf(row, pk);
    let group = groups.get(tuple);
    if (!group) {
      group = Object.fromEntries(pk.map((k) => [k, row[k] ?? null]));
      for (const k of keys) group[k] = [];
      groups.set(tuple, group);
    }
    for (const k of keys) (group[k] as unknown[]).push(plainValue(row[k]) ?? null);
  }
  yield* streamOf([...groups.values()]);
}

/** PIVOT-HEAD {key, except?}: every other column of a row becomes a row {key…, pivot_field, pivot_value}. */
export async function* pivotHeadRows(input: RowStream, value: Plain): RowStream {
  const options: PlainObject = isObject(value) ? value : { key: value };
  const keys = names(options.key);
  const skip = new Set([...keys, ...names(options.except)]);
  for await (const batch of input) {
    const out: Row[] = [];
    for (const row of batch) {
      const kept = Object.fromEntries(keys.map((k) => [k, row[k] ?? null]));
      for (const column in row) {
        if (skip.has(column)) continue;
        out.push({ ...kept, pivot_field: column, pivot_value: plainValue(row[column]) ?? null });
      }
    }
    if (out.length > 0) yield out;
  }
}

/** PIVOT-FIELD {key, pivot_field, pivot_value}: rows with the same key become one row with a column per pivot_field value. */
export async function* pivotFieldRows(input: RowStream, value: Plain, qc: QueryContext): RowStream {
  const options = objectOperand(value, 'PIVOT-FIELD', '{key: [time], pivot_field: name, pivot_value: value}');
  const keys = names(options.key);
  const field = text(options.pivot_field) ?? 'pivot_field';
  const cell = text(options.pivot_value) ?? 'pivot_value';
  const groups = new Map<string, Row>();
  for (const row of await collect(input, qc.pacer)) {
    const tuple = tupleOf(row, keys);
    const group = groups.get(tuple) ?? Object.fromEntries(keys.map((k) => [k, row[k] ?? null]));
    groups.set(tuple, group);
    const column = toText(plainValue(row[field]));
    if (column && column !== '__proto__') group[column] = plainValue(row[cell]) ?? null;
  }
  yield* streamOf([...groups.values()]);
}

/**
 * DELTA {pk, key, target}: `key` = this row's `target` minus the previous row's of the same pk
 * (in stream order). A series' first row has no previous value and is left out; a counter that went
 * down (a restart) gives the new value, as rate functions over counters do.
 */
export async function* deltaRows(input: RowStream, value: Plain): RowStream {
  const options = objectOperand(value, 'DELTA', '{pk: [instance], key: result, target: counter}');
  const pk = names(options.pk);
  const target = text(options.target) ?? text(options.key);
  const key = text(options.key) ?? target;
  if (!target || !key) throw new MxqlQueryError('DELTA needs a target column.', 'mxql/missing-option');
  const previous = new Map<string, number>();
  for await (const batch of input) {
    const out: Row[] = [];
    for (const row of batch) {
      const current = toNumberOrNull(plainValue(row[target]));
      if (current === null) continue;
      const tuple = tupleOf(row, pk);
      const before = previous.get(tuple);
      previous.set(tuple, current);
      if (before === undefined) continue;
      row[key] = current >= before ? current - before : current;
      out.push(row);
    }
    if (out.length > 0) yield out;
  }
}

const DATE = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Epoch ms of `yyyy/MM/dd[ HH:mm[:ss]]` in the options' `timezone` (GMT9 …) or `gmt` hours, or
 * undefined when the text is not such a date.
 */
export function dateTimeOf(written: string | undefined, options: PlainObject): number | undefined {
  const match = written === undefined ? null : DATE.exec(written.trim());
  if (!match) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const gmt = numberOf(options.gmt);
  const offsetMinutes = gmt !== undefined ? gmt * 60 : timezoneOffset(text(options.timezone) ?? 'UTC');
  return utc - offsetMinutes * 60_000;
}

function windowStart(options: PlainObject): number {
  const start = dateTimeOf(text(options.time) ?? text(options.date), options);
  if (start === undefined)
    throw new MxqlQueryError(
      "TIME-FILTER needs time: 'yyyy/MM/dd HH:mm:ss' or date: 'yyyy/MM/dd'.",
      'mxql/bad-time',
    );
  return start;
}

/**
 * TIME-FILTER {time|date, duration?, timezone?|gmt?}: only the rows whose time lies in the window
 * [start, start + duration); the duration defaults to one day for `date` and one second for `time`.
 */
export async function* timeFilterRows(input: RowStream, value: Plain): RowStream {
  const options = objectOperand(value, 'TIME-FILTER', "{date: '2026/11/20', timezone: 'GMT9'}");
  const start = windowStart(options);
  const length =
    durationOf(options.duration ?? options.dur) ?? (options.date !== undefined ? 86_400_000 : 1_000);
  for await (const batch of input) {
    const out = batch.filter((row) => {
      const t = toNumberOrNull(plainValue(row.time));
      return t !== null && t >= start && t < start + length;
    });
    if (out.length > 0) yield out;
  }
}
