// Commands that look across rows: ORDER, FIRST-ONLY, LAST-ONLY, LIMIT, SKIP and ROWNUM.
// LIMIT stops pulling from upstream as soon as it has its rows, which ends the load early.
import { MxqlQueryError } from '../mxqlExecutor';
import type { QueryContext } from './context';
import { toText } from './functions';
import { collect, plainValue, streamOf, type Row, type RowStream } from './rows';
import { isObject, names, numberOf, type Plain } from './operands';

function countOf(value: Plain, command: string): number {
  const raw = Array.isArray(value) ? value[0] : isObject(value) ? value.value : value;
  const n = numberOf(raw);
  if (n === undefined || n < 0 || !Number.isInteger(n)) {
    throw new MxqlQueryError(
      `${command} needs a whole number of rows, e.g. ${command} 10.`,
      'mxql/bad-operand',
    );
  }
  return n;
}

/** LIMIT n: the first n rows, then stop reading upstream. */
export async function* limitRows(input: RowStream, value: Plain): RowStream {
  let left = countOf(value, 'LIMIT');
  if (left === 0) return;
  for await (const batch of input) {
    if (batch.length >= left) {
      yield batch.slice(0, left);
      return;
    }
    left -= batch.length;
    yield batch;
  }
}

/** SKIP n: drop the first n rows. */
export async function* skipRows(input: RowStream, value: Plain): RowStream {
  let skip = countOf(value, 'SKIP');
  for await (const batch of input) {
    if (skip >= batch.length) {
      skip -= batch.length;
      continue;
    }
    yield skip > 0 ? batch.slice(skip) : batch;
    skip = 0;
  }
}

/** ROWNUM: a `rownum` column counting from 1. */
export async function* rownumRows(input: RowStream): RowStream {
  let n = 0;
  for await (const batch of input) {
    for (const row of batch) row.rownum = ++n;
    yield batch;
  }
}

function keysOf(value: Plain): string[] {
  return names(isObject(value) ? value.key : value);
}

function tupleOf(row: Row, keys: readonly string[]): string {
  return keys.map((k) => String(plainValue(row[k]))).join('\u0000');
}

/** FIRST-ONLY: the first row of each key tuple (the very first row without a key); `timebase: true` keeps one per key and time. */
export async function* firstOnlyRows(input: RowStream, value: Plain): RowStream {
  const timebase = isObject(value) && (value.timebase === true || value.timebase === 'true');
  const keys = timebase ? ['time', ...keysOf(value)] : keysOf(value);
  const seen = new Set<string>();
  for await (const batch of input) {
    const out: Row[] = [];
    for (const row of batch) {
      const tuple = tupleOf(row, keys);
      if (seen.has(tuple)) continue;
      seen.add(tuple);
      out.push(row);
    }
    if (out.length > 0) yield out;
    if (keys.length === 0 && seen.size > 0) return;
  }
}

/** LAST-ONLY: the last row of each key tuple (the very last row without a key). */
export async function* lastOnlyRows(input: RowStream, value: Plain, qc: QueryContext): RowStream {
  const keys = keysOf(value);
  const last = new Map<string, Row>();
  for (const row of await collect(input, qc.pacer)) {
    const tuple = tupleOf(row, keys);
    last.delete(tuple);
    last.set(tuple, row);
  }
  yield* streamOf([...last.values()]);
}

function compareCells(a: unknown, b: unknown): number {
  const x = plainValue(a);
  const y = plainValue(b);
  if (x === y) return 0;
  if (x === null || x === undefined) return 1;
  if (y === null || y === undefined) return -1;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return toText(x) < toText(y) ? -1 : 1;
}

/** ORDER: sorts by the keys (time first when rows carry it), keeping at most `rows` rows per time. */
export async function* orderRows(input: RowStream, value: Plain, qc: QueryContext): RowStream {
  const options = isObject(value) ? value : { key: value };
  const keys = names(options.key);
  if (keys.length === 0)
    throw new MxqlQueryError('ORDER needs a key, e.g. ORDER {key: tps, sort: desc}.', 'mxql/missing-option');
  const dirs = names(options.sort).map((d) => (d.toLowerCase() === 'desc' ? -1 : 1));
  const rows = await collect(input, qc.pacer);
  const byTime = rows.length > 0 && 'time' in (rows[0] as Row) && !keys.includes('time');
  const order = byTime ? [{ key: 'time', dir: 1 }] : [];
  keys.forEach((key, i) => order.push({ key, dir: dirs[i] ?? dirs[dirs.length - 1] ?? 1 }));
  rows.sort((a, b) => {
    for (const { key, dir } of order) {
      const c = compareCells(a[key], b[key]);
      if (c !== 0) return c * dir;
    }
    return 0;
  });
  yield* streamOf(capPerTime(rows, numberOf(options.rows) ?? 10_000));
}

function capPerTime(rows: Row[], cap: number): Row[] {
  const counts = new Map<unknown, number>();
  return rows.filter((row) => {
    const n = counts.get(row.time) ?? 0;
    counts.set(row.time, n + 1);
    return n < cap;
  });
}
