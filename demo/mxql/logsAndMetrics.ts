// Loaders whose rows are not a catalog category: the log loaders (LogCountLoad: counts per minute,
// LogSink: log lines) and PromQL lines (`>> query`, `OPENMX query`) over OpenMetrics-style series.
// All three generate their rows with the catalog generator, from columns they name themselves, so
// they share its agents, times and value rules.
import { generatedCategory, type CatalogColumn } from '../data/catalogRows';
import { projectCollects } from '../data/families';
import { MINUTE } from '../data/index';
import type { CategorySource } from './categories';
import type { QueryContext } from './context';
import { sourceRows } from './load';
import { isObject, names, text, type Plain, type PlainObject } from './operands';
import type { Row, RowStream } from './rows';
import { chosenCategory, type Selection } from './selection';

async function* noRows(): RowStream {}

function sourceOf(
  columns: readonly CatalogColumn[],
  stepMs: number,
  name: string,
  pk: readonly string[],
): CategorySource {
  const generated = generatedCategory({ name, columns, pk });
  return {
    loader: 'any',
    shape: 'series',
    stepMs,
    agentTagged: true,
    rows: (data, project, agent, t, step) =>
      data.isAliveAt(agent, t) ? generated.rows(data.seed, project, agent, t, step) : [],
  };
}

/** Log categories are named by their users (AppLog, Console_Log …), so any name is a log category here. */
function logCategory(sel: Selection, qc: QueryContext, loader: string): string | undefined {
  const name = chosenCategory(sel)?.name ?? 'AppLog';
  if (projectCollects(qc.project, 'log_' + name)) return name;
  qc.notices.push(
    `no rows: the demo has no data for log category ${name} in project ${qc.project.name} (${loader} reads logs of APM, server and Kubernetes projects)`,
  );
  return undefined;
}

const LOG_COUNT_COLUMNS: readonly CatalogColumn[] = [
  { name: 'count', type: 'Number', unit: 'count' },
  { name: 'rows', type: 'Number', unit: 'count' },
  { name: 'rps.max', type: 'Number' },
  { name: 'rps.last', type: 'Number' },
  { name: 'rps.maxtime', type: 'Number', unit: 'ms' },
];

/**
 * LogCountLoad {stat?, group?, aggr?}: per agent and minute, the count of log lines (`count`, `rows`,
 * `rps.max`, `rps.last`, `rps.maxtime`), plus a text column per `group` key and a number per `aggr` key.
 */
export function logCountRows(sel: Selection, options: PlainObject, qc: QueryContext): RowStream {
  const category = logCategory(sel, qc, 'LogCountLoad');
  if (category === undefined) return noRows();
  const group = names(options.group).flatMap((g) => g.split(','));
  const aggr = names(options.aggr).flatMap((a) => a.split(','));
  const columns = [
    { name: 'category', type: 'String' },
    ...group.map((name) => ({ name, type: 'String' })),
    ...aggr.map((name) => ({ name, type: 'Number', unit: 'count' })),
    ...LOG_COUNT_COLUMNS,
  ];
  const source = sourceOf(columns, MINUTE, category, group);
  return withCategory(sourceRows(sel, source, 0, options, qc), category, (row) => {
    row['rps.maxtime'] = row.time;
  });
}

const LOG_LINE_COLUMNS: readonly CatalogColumn[] = [
  { name: 'category', type: 'String' },
  { name: 'level', type: 'String' },
  { name: 'logger', type: 'String' },
  { name: 'thread', type: 'String' },
  { name: 'message', type: 'String' },
  { name: 'txid', type: 'Number' },
];

/** LogSink {backward?}: log lines, one per agent every ten seconds, with level, logger and message. */
export function logSinkRows(sel: Selection, options: PlainObject, qc: QueryContext): RowStream {
  const category = logCategory(sel, qc, 'LogSink');
  if (category === undefined) return noRows();
  const source = sourceOf(LOG_LINE_COLUMNS, 10_000, category, []);
  return withCategory(sourceRows(sel, source, 0, options, qc), category);
}

async function* withCategory(input: RowStream, category: string, more?: (row: Row) => void): RowStream {
  for await (const batch of input) {
    for (const row of batch) {
      row.category = category;
      more?.(row);
    }
    yield batch;
  }
}

// Keywords and aggregation operators, which may stand before `by (…)` instead of directly before `(`.
const PROMQL_WORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'sum',
  'avg',
  'min',
  'max',
  'count',
  'stddev',
  'stdvar',
  'topk',
  'bottomk',
  'quantile',
  'count_values',
  'group',
]);

/** The metric and the grouping labels a PromQL expression names (its first selector, its `by (…)` list). */
export function promqlShape(query: string): { metric: string; labels: string[] } {
  const withoutStrings = query.replace(/"[^"]*"|'[^']*'/g, '""');
  const withoutMatchers = withoutStrings
    .replace(/\{[^}]*\}|\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const metric =
    [...withoutMatchers.matchAll(/[A-Za-z_:][\w:]*/g)]
      .filter(
        (m) => !PROMQL_WORDS.has(m[0]) && !/^\s*\(/.test(withoutMatchers.slice((m.index ?? 0) + m[0].length)),
      )
      .map((m) => m[0])
      .find((word) => !/^\d/.test(word)) ?? 'up';
  const labels = [...withoutStrings.matchAll(/\bby\s*\(([^)]*)\)/g)].flatMap((m) =>
    (m[1] ?? '')
      .split(',')
      .map((l) => l.trim())
      .filter(Boolean),
  );
  return { metric, labels: [...new Set(labels)] };
}

/**
 * A PromQL line (`>> query`) or `OPENMX query`: rows {time, value, instance, job, <by-labels>} every
 * minute for each agent, the value generated for the metric the query names (counters named
 * `*_total`/`*_count` grow, others wander like gauges). The PromQL functions themselves are not
 * evaluated: the rows have the shape a query gets, not its arithmetic.
 */
export function promqlRows(query: string, sel: Selection, qc: QueryContext): RowStream {
  const { metric, labels } = promqlShape(query);
  const columns: CatalogColumn[] = [
    { name: 'instance', type: 'String' },
    { name: 'job', type: 'String' },
    ...labels.map((name) => ({ name, type: 'String' })),
    { name: metric, type: 'Number', ...(/_(total|count|sum)$/.test(metric) ? { unit: 'count' } : {}) },
  ];
  const source = sourceOf(columns, MINUTE, metric, labels);
  return renameValue(sourceRows(sel, source, 0, {}, qc), metric);
}

async function* renameValue(input: RowStream, metric: string): RowStream {
  for await (const batch of input) {
    yield batch.map((row) => {
      const { [metric]: value, ...rest } = row;
      return { ...rest, value, __name__: metric };
    });
  }
}

/** The operand's option object (an empty one for a bare loader). */
export function loaderOptions(value: Plain): PlainObject {
  return isObject(value) ? value : value === undefined ? {} : { stat: text(value) ?? null };
}
