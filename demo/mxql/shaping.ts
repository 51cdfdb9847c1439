// Row-wise commands: each turns one row into one row (or drops it) without looking at others, so the
// engine runs them inside the load loop's batches. SELECT, FILTER, CREATE, CREATE-EXPR, RENAME, DELETE,
// ADJUST and UPDATE live here.
import { MxqlQueryError } from '../mxqlExecutor';
import type { QueryContext } from './context';
import { compileFormula, likeMatch } from './formula';
import { toText, truthy } from './functions';
import {
  columnName,
  isObject,
  objectOperand,
  names,
  numberOf,
  requireOption,
  scalars,
  text,
  type Plain,
  type PlainObject,
} from './operands';
import { plainValue, type Row, type RowFn } from './rows';

export type { RowFn } from './rows';
import { updateRow } from './update';
import { createExprFn, createFn } from './create';

function selectFn(value: Plain): RowFn {
  if (value === undefined) return (row) => row;
  if (!isObject(value)) {
    const keep = names(value);
    return (row) => {
      const out: Row = {};
      for (const key of keep) if (key in row) out[key] = row[key];
      return out;
    };
  }
  const always = new Set(names(value.default));
  const like = text(value.like);
  const notlike = text(value.notlike);
  const wanted = (key: string) =>
    always.has(key) ||
    (like !== undefined ? key.includes(like) : notlike !== undefined && !key.includes(notlike));
  return (row) => {
    const out: Row = {};
    for (const key in row) if (wanted(key)) out[key] = row[key];
    return out;
  };
}

function keyFilter(options: PlainObject, key: string): (cell: unknown) => boolean {
  if (options.value !== undefined) {
    const wanted = new Set(scalars(options.value).map(toText));
    return (cell) => wanted.has(toText(cell));
  }
  if (options.exclude !== undefined) {
    const unwanted = new Set(scalars(options.exclude).map(toText));
    return (cell) => !unwanted.has(toText(cell));
  }
  for (const name of ['like', 'notlike'] as const) {
    const pattern = text(options[name]);
    if (pattern === undefined) continue;
    const match = pattern.includes('*')
      ? (cell: unknown) => likeMatch(cell, pattern)
      : (cell: unknown) => toText(cell).includes(pattern);
    return name === 'like' ? match : (cell) => !match(cell);
  }
  if (options.exist !== undefined) return (cell) => cell !== null && cell !== undefined;
  if (options.notexist !== undefined) return (cell) => cell === null || cell === undefined;
  const over = numberOf(options.over);
  const under = numberOf(options.under);
  if (over !== undefined || under !== undefined) {
    return (cell) => {
      const n = numberOf(toText(cell));
      return n !== undefined && (over === undefined || n >= over) && (under === undefined || n <= under);
    };
  }
  throw new MxqlQueryError(
    `FILTER on '${key}' needs value, exclude, like, notlike, exist, notexist, over or under.`,
    'mxql/missing-option',
  );
}

function filterFn(value: Plain, qc: QueryContext): RowFn {
  if (value === undefined)
    throw new MxqlQueryError(
      'FILTER needs a condition, e.g. FILTER {key: oid, value: 1}.',
      'mxql/bad-operand',
    );
  // With both, real queries mean the expression (`{key: x, expr: "x != 1"}`): key only names the column.
  if (!isObject(value) || value.expr !== undefined) {
    const source = isObject(value) ? value.expr : value;
    const formula = compileFormula(toText(source), { params: qc.params, now: qc.now });
    return (row) => (truthy(formula(row)) ? row : null);
  }
  const key = text(requireOption(value, 'key', 'FILTER')) ?? '';
  const test = keyFilter(value, key);
  return (row) => (test(plainValue(row[key])) ? row : null);
}

function renamePairs(value: Plain): [string, string][] {
  if (Array.isArray(value))
    return value.map((pair) => names(pair)).map(([src = '', dst = '']) => [src, columnName(dst, 'RENAME')]);
  const options = objectOperand(value, 'RENAME', '{src: a, dst: b}');
  const src = names(requireOption(options, 'src', 'RENAME'));
  const dst = names(requireOption(options, 'dst', 'RENAME'));
  if (src.length !== dst.length)
    throw new MxqlQueryError(
      `RENAME has ${src.length} src names but ${dst.length} dst names.`,
      'mxql/bad-operand',
    );
  return src.map((s, i) => [s, columnName(dst[i] ?? s, 'RENAME')]);
}

function renameFn(value: Plain): RowFn {
  const map = new Map(renamePairs(value));
  return (row) => {
    const out: Row = {};
    for (const key in row) out[map.get(key) ?? key] = row[key];
    return out;
  };
}

function deleteFn(value: Plain): RowFn {
  const drop = names(value);
  return (row) => {
    for (const key of drop) delete row[key];
    return row;
  };
}

const ADJUST_SKIP = new Set(['time', 'oid', 'pcode', 'okind', 'onode']);

function adjustOne(op: 'add' | 'sub' | 'mul' | 'div' | 'over' | 'under', v: number, n: number): number {
  switch (op) {
    case 'add':
      return v + n;
    case 'sub':
      return v - n;
    case 'mul':
      return v * n;
    case 'div':
      return n === 0 ? v : v / n;
    case 'over':
      return Math.max(v, n);
    case 'under':
      return Math.min(v, n);
  }
}

function adjustFn(value: Plain): RowFn {
  // A bare number (`ADJUST 100`) multiplies every numeric column, the way percentages are made.
  const bare = numberOf(Array.isArray(value) ? value[0] : value);
  const options =
    bare !== undefined ? { mul: bare } : objectOperand(value, 'ADJUST', '{key: [rate], mul: 100}');
  const keys = options.key === undefined ? undefined : names(options.key);
  const ops = (['add', 'sub', 'mul', 'div', 'over', 'under'] as const).flatMap((op) => {
    const n = numberOf(options[op]);
    return n === undefined ? [] : [[op, n] as const];
  });
  const adjust = (x: number) => ops.reduce((v, [op, n]) => adjustOne(op, v, n), x);
  return (row) => {
    for (const key of keys ?? Object.keys(row).filter((k) => !ADJUST_SKIP.has(k))) {
      const v = plainValue(row[key]);
      if (typeof v === 'number') row[key] = adjust(v);
    }
    return row;
  };
}

function filterKeysFn(value: Plain): RowFn {
  const options = objectOperand(value, 'FILTER-KEYS', '{keys: [oid], values: [1234]}');
  const keys = names(requireOption(options, 'keys', 'FILTER-KEYS'));
  const values = scalars(requireOption(options, 'values', 'FILTER-KEYS')).map(toText);
  if (keys.length !== values.length) {
    throw new MxqlQueryError(
      `FILTER-KEYS has ${keys.length} keys but ${values.length} values.`,
      'mxql/bad-operand',
    );
  }
  return (row) => (keys.every((key, i) => toText(plainValue(row[key])) === values[i]) ? row : null);
}

function ifUpdateFn(value: Plain, qc: QueryContext): RowFn {
  const options = objectOperand(value, 'IFUPDATE', '{if: "x > 0", key: y, value: 1}');
  const test = compileFormula(toText(requireOption(options, 'if', 'IFUPDATE')), {
    params: qc.params,
    now: qc.now,
  });
  const keys = names(requireOption(options, 'key', 'IFUPDATE')).map((k) => columnName(k, 'IFUPDATE'));
  const replacement = requireOption(options, 'value', 'IFUPDATE') ?? null;
  return (row) => {
    if (truthy(test(row))) for (const key of keys) row[key] = replacement;
    return row;
  };
}

/** Builds the row function of a row-wise command (upper-case name), or undefined for other commands. */
export function rowWiseFn(command: string, value: Plain, qc: QueryContext): RowFn | undefined {
  switch (command) {
    case 'SELECT':
      return selectFn(value);
    case 'FILTER':
      return filterFn(value, qc);
    case 'CREATE':
      return createFn(value, qc);
    case 'CREATE-EXPR':
      return createExprFn(value, qc);
    case 'RENAME':
      return renameFn(value);
    case 'DELETE':
      return deleteFn(value);
    case 'ADJUST':
      return adjustFn(value);
    case 'FILTER-KEYS':
      return filterKeysFn(value);
    case 'IFUPDATE':
      return ifUpdateFn(value, qc);
    case 'UPDATE':
      return updateRow(objectOperand(value, 'UPDATE', '{key: tps, value: sum}'), qc);
    default:
      return undefined;
  }
}

/**
 * OID / OKIND / ONODE / OIDSET written after the loader: keep the rows of those agents (unbound or
 * empty lists keep every row, as before the loader).
 */
export function agentFilterFn(command: string, value: Plain): RowFn {
  const sets = (
    command === 'OIDSET' && isObject(value)
      ? [
          ['oid', value.oid ?? value.microOid],
          ['okind', value.okind],
          ['onode', value.onode],
        ]
      : [[command.toLowerCase(), value]]
  ) as [string, Plain][];
  const tests = sets
    .map(([key, ids]) => [key, new Set(scalars(ids).map(toText))] as const)
    .filter(([, ids]) => ids.size > 0);
  return (row) => (tests.every(([key, ids]) => ids.has(toText(plainValue(row[key])))) ? row : null);
}
