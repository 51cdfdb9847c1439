// UPDATE: change the values of named columns in place: reduce a composite (value: sum|min|max|last|
// avg|cnt), default nulls (notnull), format times (datetime + timezone) and numbers (decimal), read a
// percentile of a listed-up column (pct) or change the type (cast: long|int|double|string).
import { MxqlQueryError } from '../mxqlExecutor';
import { formatDateTime, formatDecimal, timezoneOffset } from './formatting';
import { toNumberOrNull, toText } from './functions';
import type { QueryContext } from './context';
import { compileFormula } from './formula';
import { columnName, names, numberOf, text, type PlainObject } from './operands';
import { MetricValue, plainValue, reduceValue, type Row } from './rows';

type Change = (value: unknown) => unknown;

const REDUCTIONS = new Set(['sum', 'min', 'max', 'last', 'avg', 'cnt', 'count']);

/** The p-th percentile (0–100) of a list of numbers, nearest rank. */
export function percentile(values: unknown, p: number): number | null {
  if (!Array.isArray(values)) return toNumberOrNull(plainValue(values));
  const sorted = values
    .map((v) => toNumberOrNull(plainValue(v)))
    .filter((n): n is number => n !== null)
    .sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? null;
}

function castChange(type: string): Change {
  switch (type.toLowerCase()) {
    case 'long':
    case 'int':
    case 'integer': {
      return (v) => {
        const n = toNumberOrNull(plainValue(v));
        return n === null ? null : Math.trunc(n);
      };
    }
    case 'double':
    case 'float':
    case 'number':
      return (v) => toNumberOrNull(plainValue(v));
    case 'string':
      return (v) => toText(plainValue(v));
    default:
      throw new MxqlQueryError(
        `UPDATE cast '${type}' is unknown; use long, int, double or string.`,
        'mxql/bad-option',
      );
  }
}

/** Log aggregations (`value: aggr`) read a composite as its total. */
const ALIASES: Readonly<Record<string, string>> = { aggr: 'sum', average: 'avg', mean: 'avg' };

/**
 * `value` as real queries write it: a reduction of a composite (sum, min, max, last, avg, cnt, count,
 * aggr), null, or any other literal (`value: 1`, `value: 'n/a'`), which sets the column to it.
 */
function valueChange(op: unknown): Change {
  if (op === null) return () => null;
  if (typeof op === 'number' || typeof op === 'boolean') return () => op;
  const written = toText(op);
  const name = ALIASES[written.toLowerCase()] ?? written.toLowerCase();
  if (!REDUCTIONS.has(name)) return () => written;
  return (v) => reduceValue(v, name);
}

function changesOf(options: PlainObject): Change[] {
  const changes: Change[] = [];
  if ('value' in options) changes.push(valueChange(options.value));
  const pct = numberOf(options.pct);
  if (pct !== undefined) changes.push((v) => percentile(v, pct));
  const cast = text(options.cast);
  if (cast !== undefined) changes.push(castChange(cast));
  if ('notnull' in options) {
    const fallback = options.notnull ?? null;
    changes.push((v) => (v === null || v === undefined ? fallback : v));
  }
  const datetime = text(options.datetime);
  if (datetime !== undefined) {
    const offset = timezoneOffset(text(options.timezone) ?? 'UTC');
    changes.push((v) => {
      const ms = toNumberOrNull(plainValue(v));
      return ms === null ? v : formatDateTime(ms, datetime, offset);
    });
  }
  const decimal = text(options.decimal);
  if (decimal !== undefined) {
    changes.push((v) => {
      const n = toNumberOrNull(plainValue(v));
      return n === null ? v : formatDecimal(n, decimal);
    });
  }
  if (changes.length === 0) {
    throw new MxqlQueryError(
      'UPDATE needs value, notnull, datetime, decimal, pct, cast or (with one key) expr.',
      'mxql/missing-option',
    );
  }
  return changes;
}

/** `UPDATE {key, expr}`: the column becomes the expression's value on the row. */
function exprUpdate(key: string, source: string, qc: QueryContext): (row: Row) => Row {
  const formula = compileFormula(source, { params: qc.params, now: qc.now });
  return (row) => {
    row[key] = formula(row);
    return row;
  };
}

/** The row function of `UPDATE {key…, …}`; without `key` it changes every composite column. */
export function updateRow(options: PlainObject, qc: QueryContext): (row: Row) => Row {
  const keys = options.key === undefined ? undefined : names(options.key);
  const expr = text(options.expr);
  if (expr !== undefined && keys?.length === 1) return exprUpdate(columnName(keys[0], 'UPDATE'), expr, qc);
  const changes = changesOf(options);
  return (row) => {
    for (const key of keys ?? Object.keys(row).filter((k) => row[k] instanceof MetricValue)) {
      let value = row[key];
      for (const change of changes) value = change(value);
      row[key] = value;
    }
    return row;
  };
}
