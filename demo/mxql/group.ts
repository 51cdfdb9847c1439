// GROUP: bucket rows by time unit and primary key, folding `merge` columns into composites
// (MetricValue), `sum` columns into totals, `first`/`last` columns into one value and `listup` columns
// into lists; `_rows_` counts the rows of each group. Without a `merge` list every other numeric
// column is merged and text columns keep their last value, as real queries expect.
import type { QueryContext } from './context';
import { durationOf, isObject, names, numberOf, type Plain } from './operands';
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
  return {
    pk: names(o.pk ?? o.primaryKey ?? o.key),
    unitMs: durationOf(o.timeunit ?? o.timegroup) ?? 0,
    merge: o.merge === undefined ? undefined : names(o.merge),
    sum: names(o.sum),
    first: names(o.first),
    last: names(o.last),
    listup: names(o.listup),
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
  group._rows_ = 0;
  return group;
}

function foldExplicit(group: Row, row: Row, plan: GroupPlan, merge: readonly string[]): void {
  for (const name of merge) (group[name] as MetricValue).add(row[name]);
  for (const name of plan.sum) group[name] = (group[name] as number) + (Number(row[name]) || 0);
  for (const name of plan.listup) (group[name] as unknown[]).push(row[name]);
  for (const name of plan.last) group[name] = row[name] ?? group[name] ?? null;
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
  yield* streamOf([...groups.values()]);
}
