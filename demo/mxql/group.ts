// GROUP: bucket rows by time unit and primary key, folding `merge` columns into composites
// (MetricValue), `sum` columns into totals, `first`/`last` columns into one value and `listup` columns
// into lists; `_rows_` counts the rows of each group. Without a `merge` list every other numeric
// column is merged and text columns keep their last value, as real queries expect.
import type { QueryContext } from './context';
import { durationOf, isObject, names, numberOf, scalars, type Plain } from './operands';
import { percentile } from './update';
import { MxqlQueryError } from '../mxqlExecutor';
import { MetricValue, streamOf, type Row, type RowStream } from './rows';

interface GroupPlan {
  readonly pk: readonly string[];
  readonly unitMs: number;
  readonly merge: readonly string[] | undefined;
  readonly sum: readonly string[];
  readonly first: readonly string[];
  readonly last: readonly string[];
  readonly listup: readonly string[];
  /** `user` columns: the number of distinct values per group (distinct users from their ids). */
  readonly distinct: readonly string[];
  /** `quantile2` columns with the `rank` fractions to read from them. */
  readonly ranked: readonly string[];
  readonly ranks: readonly number[];
  readonly rowsPerTime: number;
}

function planOf(value: Plain): GroupPlan {
  if (value !== undefined && !isObject(value)) {
    throw new MxqlQueryError(
      'GROUP needs an object operand, e.g. GROUP {timeunit: 5m, pk: oid}.',
      'mxql/bad-operand',
    );
  }
  const o = value ?? {};
  // A column named under two options keeps the first role in this order (pk, merge, sum, listup, user,
  // first, last): one value cannot be a merged series and a last value at once.
  const taken = new Set<string>();
  const claim = (list: readonly string[]) => {
    const mine = list.filter((name) => !taken.has(name));
    for (const name of mine) taken.add(name);
    return mine;
  };
  const pk = claim(names(o.pk ?? o.primaryKey ?? o.key));
  const merge = o.merge === undefined ? undefined : claim(names(o.merge));
  const sum = claim(names(o.sum));
  // quantile / quantile2 columns are kept as lists, like listup, so percentiles can be read from them.
  const listup = claim([...names(o.listup), ...names(o.quantile), ...names(o.quantile2)]);
  const distinct = claim(names(o.user));
  return {
    pk,
    unitMs: durationOf(o.timeunit ?? o.timegroup) ?? 0,
    merge,
    sum,
    first: claim(names(o.first)),
    last: claim(names(o.last)),
    listup,
    distinct,
    ranked: names(o.quantile2),
    ranks: scalars(o.rank).flatMap((r) => numberOf(r ?? undefined) ?? []),
    rowsPerTime: numberOf(o.rows) ?? 1000,
  };
}

function keyOf(row: Row, pk: readonly string[], bucket: number | undefined): string {
  let key = bucket === undefined ? '' : String(bucket);
  for (const name of pk) key += `\u0000${String(row[name])}`;
  return key;
}

function startGroup(row: Row, plan: GroupPlan, bucket: number | undefined): Row {
  const group: Row = bucket === undefined ? {} : { time: bucket };
  for (const name of plan.pk) group[name] = row[name] ?? null;
  for (const name of plan.merge ?? []) group[name] = new MetricValue();
  for (const name of plan.sum) group[name] = 0;
  for (const name of plan.listup) group[name] = [];
  for (const name of plan.first) group[name] = row[name] ?? null;
  for (const name of plan.distinct) group[name] = new Set<unknown>();
  group._rows_ = 0;
  return group;
}

function foldExplicit(group: Row, row: Row, plan: GroupPlan, merge: readonly string[]): void {
  for (const name of merge) (group[name] as MetricValue).add(row[name]);
  for (const name of plan.sum) group[name] = (group[name] as number) + (Number(row[name]) || 0);
  for (const name of plan.listup) (group[name] as unknown[]).push(row[name]);
  for (const name of plan.last) group[name] = row[name] ?? group[name] ?? null;
  for (const name of plan.distinct) (group[name] as Set<unknown>).add(row[name]);
}

/** Reads the distinct counts and the `rank` percentiles (`col_0.95`) once a group is complete. */
function finishGroup(group: Row, plan: GroupPlan): Row {
  for (const name of plan.distinct) group[name] = (group[name] as Set<unknown>).size;
  for (const name of plan.ranked)
    for (const rank of plan.ranks) group[`${name}_${rank}`] = percentile(group[name], rank * 100);
  return group;
}

function foldImplicit(group: Row, row: Row, skip: ReadonlySet<string>): void {
  for (const name in row) {
    if (skip.has(name)) continue;
    const value = row[name];
    if (typeof value === 'number' || value instanceof MetricValue) {
      const acc = group[name];
      if (acc instanceof MetricValue) acc.add(value);
      else {
        const fresh = new MetricValue();
        fresh.add(value);
        group[name] = fresh;
      }
    } else if (value !== undefined) group[name] = value;
  }
}

/** Runs GROUP over the whole input (it must see every row before answering). */
export async function* groupRows(input: RowStream, value: Plain, qc: QueryContext): RowStream {
  const plan = planOf(value);
  const skip = new Set([
    'time',
    '_rows_',
    ...plan.pk,
    ...plan.sum,
    ...plan.first,
    ...plan.last,
    ...plan.listup,
    ...plan.distinct,
  ]);
  const groups = new Map<string, Row>();
  const perTime = new Map<number | undefined, number>();
  for await (const batch of input) {
    for (const row of batch) {
      const time = row.time;
      const bucket =
        typeof time === 'number'
          ? plan.unitMs > 0
            ? Math.floor(time / plan.unitMs) * plan.unitMs
            : time
          : undefined;
      const key = keyOf(row, plan.pk, bucket);
      let group = groups.get(key);
      if (!group) {
        const count = perTime.get(bucket) ?? 0;
        if (count >= plan.rowsPerTime) continue;
        perTime.set(bucket, count + 1);
        groups.set(key, (group = startGroup(row, plan, bucket)));
      }
      if (plan.merge) foldExplicit(group, row, plan, plan.merge);
      else {
        foldExplicit(group, row, plan, []);
        foldImplicit(group, row, skip);
      }
      group._rows_ = (group._rows_ as number) + 1;
    }
    await qc.pacer.pace();
  }
  yield* streamOf([...groups.values()].map((group) => finishGroup(group, plan)));
}
