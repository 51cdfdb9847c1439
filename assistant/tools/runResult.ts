// What `mxql_run` tells the model about a run's rows: their columns with type and unit, a summary per
// numeric column that says exactly which rows it covers, the facts of the executor (a limit that cut the
// rows and which end it kept, selected columns no row carries) and, for an empty result, its causes; all
// numbers rounded to their unit, and worded in the context's language. The facts themselves are
// common/resultFacts.ts's and api/explainEmpty.ts's; this module only words them for a model.
import type { Column, CategoryCatalog } from '../../server/core/index';
import type { EmptyCause, MxqlRow, RunExecution } from '../../api/index';
import type { LimitCut } from '../../common/resultFacts';
import { columnNamesOf, isIdColumn, isTimeColumn } from '../../common/rowFacts';
import { rowsBlock, serviceRows, utcText } from '../results';
import { toolProse } from '../texts';
import type { ToolContext } from '../types';

export interface ColumnOut {
  readonly name: string;
  readonly type: string;
  readonly unit?: string;
}

export interface Summary {
  readonly min: number;
  readonly max: number;
  readonly avg: number;
  readonly last: number;
}

/** Decimals a value of each catalog unit is worth; others keep three. */
const UNIT_DECIMALS: Readonly<Record<string, number>> = {
  byte: 0,
  bps: 0,
  us: 0,
  millicore: 0,
  ms: 1,
  pct: 1,
  'pct#': 1,
  MiB: 1,
  KiB: 1,
  cs: 1,
  sec: 2,
  count: 2,
};

/** `value` rounded to what its unit is worth: 12.3456 ms → 12.3, 87.654 % → 87.7, 1234.5 bytes → 1235. */
export function roundToUnit(value: number, unit: string | undefined): number {
  if (!Number.isFinite(value) || Number.isInteger(value)) return value;
  const factor = 10 ** (UNIT_DECIMALS[unit ?? ''] ?? 3);
  return Math.round(value * factor) / factor;
}

function inferredType(value: unknown): string {
  if (typeof value === 'number') return 'Number';
  if (typeof value === 'boolean') return 'Boolean';
  if (Array.isArray(value)) return 'List';
  return 'String';
}

/** The rows' columns in order of first appearance, with the catalog's type and unit where it knows them. */
export function columnsOf(
  rows: readonly MxqlRow[],
  categories: readonly string[],
  catalog: CategoryCatalog,
): ColumnOut[] {
  const known = new Map<string, Column>();
  for (const category of categories)
    for (const c of catalog.categoryColumns(category)) if (!known.has(c.name)) known.set(c.name, c);
  return columnNamesOf(rows).map((name) => {
    const fact = known.get(name);
    const sample = rows.find((r) => r[name] !== null && r[name] !== undefined)?.[name];
    return { name, type: fact?.type ?? inferredType(sample), ...(fact?.unit ? { unit: fact.unit } : {}) };
  });
}

/** Rows as the model sees them: each number rounded to its column's unit. */
export function roundedRows(rows: readonly MxqlRow[], columns: readonly ColumnOut[]): MxqlRow[] {
  const units = new Map(columns.map((c) => [c.name, c.unit]));
  return rows.map((row) => {
    const out: MxqlRow = {};
    for (const [name, value] of Object.entries(row))
      out[name] = typeof value === 'number' && name !== 'time' ? roundToUnit(value, units.get(name)) : value;
    return out;
  });
}

/** The rows' time: the numeric `time` of a row, else undefined. */
function timeOf(row: MxqlRow): number | undefined {
  return typeof row.time === 'number' ? row.time : undefined;
}

/**
 * Min, max, average and last value of each column whose values are all numbers, over every row returned.
 * "Last" is the value of the latest row by `time` when rows carry one (so a result the limit cut at its
 * newest end still says which moment its last value is from), else of the last row.
 */
export function summaries(rows: readonly MxqlRow[], columns: readonly ColumnOut[]): Record<string, Summary> {
  const out: Record<string, Summary> = {};
  let latest = rows.length - 1;
  for (let i = 0; i < rows.length; i++) {
    const t = timeOf(rows[i] as MxqlRow);
    const best = rows[latest] ? timeOf(rows[latest] as MxqlRow) : undefined;
    if (t !== undefined && (best === undefined || t > best)) latest = i;
  }
  for (const { name, unit } of columns) {
    if (isTimeColumn(name) || isIdColumn(name)) continue;
    let min = Infinity;
    let max = -Infinity;
    let sum = 0;
    let count = 0;
    let numeric = true;
    // A loop, not Math.min(...values): a million rows would overflow the stack as arguments.
    for (const row of rows) {
      const v = row[name];
      if (v === null || v === undefined) continue;
      if (typeof v !== 'number') {
        numeric = false;
        break;
      }
      if (v < min) min = v;
      if (v > max) max = v;
      sum += v;
      count++;
    }
    if (!numeric || count === 0) continue;
    const lastValue = rows[latest]?.[name];
    out[name] = {
      min: roundToUnit(min, unit),
      max: roundToUnit(max, unit),
      avg: roundToUnit(sum / count, unit),
      last: roundToUnit(typeof lastValue === 'number' ? lastValue : max, unit),
    };
  }
  return out;
}

/** The cut as the output schema states it, with ISO times for the part the rows cover. */
export function cutOut(cut: LimitCut): Record<string, unknown> {
  return {
    kept: cut.kept,
    ...(cut.estimatedTotal !== undefined ? { estimatedTotal: cut.estimatedTotal } : {}),
    ...(cut.suggestedLimit !== undefined ? { suggestedLimit: cut.suggestedLimit } : {}),
    ...(cut.covered
      ? {
          covered: {
            ...cut.covered,
            stimeIso: new Date(cut.covered.stime).toISOString(),
            etimeIso: new Date(cut.covered.etime).toISOString(),
          },
        }
      : {}),
  };
}

/** The sentences of a cut: which rows were kept, then how to get them all. */
function cutLines(context: ToolContext, limit: number, cut: LimitCut): string[] {
  const { locale } = context;
  const first =
    cut.kept === 'oldest' && cut.covered
      ? toolProse(locale, 'cutOldest', limit, utcText(cut.covered.etime))
      : cut.kept === 'newest' && cut.covered
        ? toolProse(locale, 'cutNewest', limit, utcText(cut.covered.stime))
        : toolProse(locale, 'cutFirst', limit);
  const next =
    cut.estimatedTotal !== undefined
      ? toolProse(locale, 'cutEstimate', cut.estimatedTotal, cut.suggestedLimit ?? cut.estimatedTotal)
      : toolProse(locale, 'cutNoEstimate', Math.min(1_000_000, limit * 10));
  return [first, next];
}

/** One text per empty cause, in the order found (most specific first). */
export function emptyLines(
  context: ToolContext,
  causes: readonly EmptyCause[],
  pcode: number,
  label: string,
): string[] {
  const { locale } = context;
  return causes.map((cause) => causeSentences(cause).join(' '));
  function causeSentences(cause: EmptyCause): string[] {
    switch (cause.kind) {
      case 'notice':
        return [toolProse(locale, 'emptyNotice', cause.notice)];
      case 'range-shorter-than-interval':
        return [toolProse(locale, 'emptyShortRange', label, cause.category, cause.interval)];
      case 'filter': {
        const values =
          cause.column !== undefined && cause.values && cause.values.length > 0
            ? [toolProse(locale, 'emptyFilterValues', cause.column, cause.values.slice(0, 20).join(', '))]
            : [];
        return [toolProse(locale, 'emptyFilter', cause.line, cause.filter), ...values];
      }
      case 'agent-filter':
        return [toolProse(locale, 'emptyAgentFilter', cause.bound.join(', '))];
      case 'no-data':
        return cause.categories.length > 0
          ? [toolProse(locale, 'emptyNoData', cause.categories.join(', '), pcode)]
          : [toolProse(locale, 'emptyNoRows')];
    }
  }
}

/** What the model reads: the rows' facts, the rows (fenced as data), the summary and what it covers. */
export function resultText(
  context: ToolContext,
  run: RunExecution,
  shown: readonly MxqlRow[],
  summary: Readonly<Record<string, Summary>>,
  project: { readonly pcode: number; readonly target: string },
  empty: readonly string[] | undefined,
): string {
  const { locale } = context;
  const { facts } = run;
  const from = utcText(facts.stime);
  const to = utcText(facts.etime);
  if (empty)
    return [toolProse(locale, 'runEmpty', from, to, project.pcode, project.target), ...empty].join('\n');
  const lines = [
    toolProse(locale, 'runRows', facts.rowCount, shown.length, from, to, project.pcode, project.target),
  ];
  if (facts.cut) lines.push(...cutLines(context, facts.limit, facts.cut));
  if (facts.missingColumns.length > 0)
    lines.push(toolProse(locale, 'missingColumns', facts.missingColumns.join(', ')));
  lines.push(serviceRows(context, shown));
  // Column names come from the service too, so the summary is fenced as data as well.
  const numeric = Object.entries(summary);
  if (numeric.length > 0) {
    lines.push(toolProse(locale, facts.cut ? 'summaryHeadCut' : 'summaryHead', facts.rowCount));
    if (facts.timeSpan)
      lines.push(
        toolProse(locale, 'summaryTimes', utcText(facts.timeSpan.first), utcText(facts.timeSpan.last)),
      );
    lines.push(rowsBlock(numeric.map(([name, v]) => ({ [name]: [v.min, v.max, v.avg, v.last] }))));
  }
  return lines.join('\n');
}
