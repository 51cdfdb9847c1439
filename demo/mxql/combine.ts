// JOIN and APPEND: combine the rows of this pipeline with those of another query, named either as a
// SUB of the same text or as a predefined path (`/app/act_tx/act_tx_oid`).
import { MxqlQueryError } from '../mxqlExecutor';
import type { QueryContext } from './context';
import { isObject, names, numberOf, objectOperand, text, type Plain } from './operands';
import { plainValue, streamOf, type Row, type RowStream } from './rows';

function queryName(value: Plain, command: string): string {
  const name = isObject(value) ? text(value.query) : text(value);
  if (!name)
    throw new MxqlQueryError(
      `${command} needs a query: a SUB name or a path such as /app/act_tx/act_tx_oid.`,
      'mxql/missing-option',
    );
  return name;
}

function tupleOf(row: Row, pk: readonly string[]): string {
  return pk.map((k) => String(plainValue(row[k]))).join('\u0000');
}

/** JOIN {query, pk, field?, type?}: adds the other query's columns to rows with the same pk (left join; `type: inner` drops rows without a match). */
export async function* joinRows(input: RowStream, value: Plain, qc: QueryContext): RowStream {
  if (!isObject(value))
    throw new MxqlQueryError(
      'JOIN needs an object operand, e.g. JOIN {query: sub1, pk: oid}.',
      'mxql/bad-operand',
    );
  const pk = names(value.pk ?? value.primaryKey);
  if (pk.length === 0)
    throw new MxqlQueryError('JOIN needs a pk naming the columns to match on.', 'mxql/missing-option');
  // `last` names columns to take from the other query too; `rows` caps how many of its rows are read.
  const fields =
    value.field === undefined && value.last === undefined
      ? undefined
      : [...names(value.field), ...names(value.last)];
  const inner = text(value.type)?.toLowerCase() === 'inner';
  const cap = numberOf(value.rows) ?? Number.POSITIVE_INFINITY;
  const index = new Map<string, Row>();
  for (const row of (await qc.runQuery(queryName(value, 'JOIN'))).slice(0, cap)) {
    const tuple = tupleOf(row, pk);
    if (!index.has(tuple)) index.set(tuple, row);
  }
  for await (const batch of input) {
    const out: Row[] = [];
    for (const row of batch) {
      const match = index.get(tupleOf(row, pk));
      if (!match && inner) continue;
      for (const key of fields ?? Object.keys(match ?? {}))
        if (!pk.includes(key)) row[key] = match?.[key] ?? null;
      out.push(row);
    }
    if (out.length > 0) yield out;
  }
}

/** APPEND name | {query, field?}: this pipeline's rows, then the other query's rows. */
export async function* appendRows(input: RowStream, value: Plain, qc: QueryContext): RowStream {
  const name = queryName(value, 'APPEND');
  const fields = isObject(value) && value.field !== undefined ? names(value.field) : undefined;
  yield* input;
  const rows = await qc.runQuery(name);
  const picked = fields
    ? rows.map((row) => Object.fromEntries(fields.filter((f) => f in row).map((f) => [f, row[f]])))
    : rows;
  yield* streamOf(picked);
}

/**
 * FILTER-SUBQUERY {key, query|include|exclude}: keeps the rows whose `key` value occurs in the other
 * query's rows (`query`, `include`), or does not occur there (`exclude`).
 */
export async function* filterSubqueryRows(input: RowStream, value: Plain, qc: QueryContext): RowStream {
  const options = objectOperand(value, 'FILTER-SUBQUERY', '{key: oid, query: sub1}');
  const key = names(options.key);
  if (key.length === 0)
    throw new MxqlQueryError('FILTER-SUBQUERY needs a key column.', 'mxql/missing-option');
  const exclude = options.exclude !== undefined;
  const name = queryName(
    { query: options.query ?? options.include ?? options.exclude ?? null },
    'FILTER-SUBQUERY',
  );
  const wanted = new Set((await qc.runQuery(name)).map((row) => tupleOf(row, key)));
  for await (const batch of input) {
    const out = batch.filter((row) => wanted.has(tupleOf(row, key)) !== exclude);
    if (out.length > 0) yield out;
  }
}

/** JOINByTime {query, pk}: JOIN on the pk columns and the row's time. */
export function joinByTimeRows(input: RowStream, value: Plain, qc: QueryContext): RowStream {
  const options = objectOperand(value, 'JOINByTime', '{query: sub1, pk: [key]}');
  return joinRows(input, { ...options, pk: ['time', ...names(options.pk ?? options.primaryKey)] }, qc);
}
