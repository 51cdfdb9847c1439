// Why a run came back empty, most specific cause first, each once: what the server said, a range shorter
// than the category's collection interval, a FILTER that kept none of the rows before it (asked of the
// data with the core's probe, which also lists the values the filtered column holds), an agent the query
// is bound to, or a category with no rows in the range at all. The callers (`mxql run`, `mxql_run`, the
// editor) word the causes; none guesses "try a longer range" when a filter is what emptied the result.
import { parseDuration } from '../common/durations';
import { ROLLUP_STEP_MS, isRollupSuffix, splitCategorySuffix } from '../common/categoryName';
import {
  categoryOfCommand,
  filterProbe,
  formatDuration,
  lookupValues,
  parse,
  type CategoryCatalog,
} from '../server/core/index';
import type { OpenApiClient } from './client';
import type { ExecuteOptions, RunExecution } from './executeRun';
import { apiText, type ApiText } from './apiText';

/** One reason a result is empty, as data; each surface words it. */
export type EmptyCause =
  | { readonly kind: 'notice'; readonly notice: string }
  | {
      readonly kind: 'range-shorter-than-interval';
      readonly category: string;
      readonly interval: string;
    }
  | {
      readonly kind: 'filter';
      /** The FILTER as written and its line in the query. */
      readonly filter: string;
      readonly line: number;
      readonly column?: string;
      readonly value?: string;
      /** Values the filtered column holds in the range, most frequent first (when they could be read). */
      readonly values?: readonly string[];
    }
  | { readonly kind: 'agent-filter'; readonly bound: readonly string[] }
  | {
      /** The category has no rows in the range for this project (the probe before any FILTER was empty too). */
      readonly kind: 'no-data';
      readonly categories: readonly string[];
    };

/** `$oid`, `$oname`, `$okind`…: a bound value of one of these keeps one agent's (or group's) rows. */
const AGENT_PARAM = /^\$(oids?|onames?|okinds?|onodes?|agents?)$/i;

/** The categories the main pipeline names (as written, suffix and all), in order. */
function categoriesOf(mql: string): string[] {
  const names: string[] = [];
  // Every form of CATEGORY (a word, a quoted name, the JSON map of roll-ups) names its base category first.
  for (const s of parse(mql).ast.main) {
    const ref = s.kind === 'command' && s.upperName === 'CATEGORY' ? categoryOfCommand(s) : null;
    if (ref) names.push(ref.name);
  }
  return [...new Set(names)];
}

/** The interval of the rows a category read returns: its roll-up's (`{m5}` is 5m), else its finest. */
function intervalOf(name: string, catalog: CategoryCatalog | undefined): string | undefined {
  const { base, suffix } = splitCategorySuffix(name);
  if (suffix !== undefined && isRollupSuffix(suffix)) return formatDuration(ROLLUP_STEP_MS[suffix]);
  let finest: string | undefined;
  for (const i of catalog?.getCategory(base)?.interval ?? [])
    if ((parseDuration(i) ?? Infinity) < (parseDuration(finest ?? '') ?? Infinity)) finest = i;
  return finest;
}

/** The causes that need no request: the notice, short ranges, bound agent filters. */
function staticCauses(
  run: RunExecution,
  categories: readonly string[],
  catalog: CategoryCatalog | undefined,
  fromRange: ReadonlySet<string>,
): EmptyCause[] {
  const causes: EmptyCause[] = [];
  if (run.notice) causes.push({ kind: 'notice', notice: run.notice });
  const { body } = run.request;
  for (const category of categories) {
    const interval = intervalOf(category, catalog);
    if (interval && body.etime - body.stime < (parseDuration(interval) ?? 0))
      causes.push({ kind: 'range-shorter-than-interval', category, interval });
  }
  const bound = Object.entries(body.param ?? {})
    .filter(([name, value]) => AGENT_PARAM.test(name) && value !== '' && !fromRange.has(name))
    .map(([name, value]) => `${name}=${value}`);
  if (bound.length > 0) causes.push({ kind: 'agent-filter', bound });
  return causes;
}

/**
 * Why `run` (an empty result) is empty. Sends at most two small reads with the run's range and project
 * (the probe before the first FILTER, and the lookup of the filtered column's values) when the reasons
 * that need none do not already explain it; a probe that fails is left out, never thrown.
 */
export async function explainEmpty(
  client: OpenApiClient,
  run: RunExecution,
  options: ExecuteOptions & { readonly fromRange?: ReadonlySet<string> } = {},
): Promise<EmptyCause[]> {
  const { request } = run;
  const mql = request.endpointId === 'mxqlText' ? request.body.mql : '';
  const categories = mql ? categoriesOf(mql) : [];
  const causes = staticCauses(run, categories, options.catalog, options.fromRange ?? new Set());
  // The server's own word or an impossible range already says it all.
  if (causes.some((c) => c.kind === 'notice' || c.kind === 'range-shorter-than-interval')) return causes;
  const probe = mql ? filterProbe(mql) : undefined;
  if (!probe) return [...causes, { kind: 'no-data', categories }];
  const call = {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.pcode !== undefined ? { pcode: options.pcode } : {}),
  };
  const read = (text: string, limit: number) =>
    client.mxqlText({ ...request.body, mql: text, limit }, call).catch((error: unknown) => {
      if (options.signal?.aborted) throw error;
      return undefined;
    });
  const before = await read(probe.mql, 1);
  if (before === undefined) return causes;
  if (before.length === 0) return [...causes, { kind: 'no-data', categories }];
  const lookupRows = probe.lookup ? await read(probe.lookup.mql, 1000) : undefined;
  const values = probe.lookup && lookupRows ? lookupValues(probe.lookup, lookupRows) : undefined;
  // A FILTER compared with a `$param` filters by the value sent for it; an agent filter bound that way is
  // this same cause, so it is said once, here.
  const value = probe.param !== undefined ? request.body.param?.[probe.param] : probe.value;
  const filter: EmptyCause = {
    kind: 'filter',
    filter:
      probe.param !== undefined && value !== undefined
        ? `${probe.filter} with ${probe.param}=${value}`
        : probe.filter,
    line: probe.line,
    ...(probe.column !== undefined ? { column: probe.column } : {}),
    ...(value !== undefined ? { value } : {}),
    ...(values ? { values } : {}),
  };
  const others = causes.flatMap((c): EmptyCause[] => {
    if (c.kind !== 'agent-filter' || probe.param === undefined) return [c];
    const bound = c.bound.filter((b) => !b.startsWith(`${probe.param}=`));
    return bound.length > 0 ? [{ ...c, bound }] : [];
  });
  return [filter, ...others];
}

/** The text of one cause (English owner; the extension says it in the display language), with what to change. */
export function emptyCauseText(cause: EmptyCause, pcode: number | undefined): ApiText {
  switch (cause.kind) {
    case 'notice':
      return apiText('{0}', cause.notice);
    case 'range-shorter-than-interval':
      return apiText(
        'No rows: the range is shorter than the collection interval of {0} ({1}); pick a range of {1} or more.',
        cause.category,
        cause.interval,
      );
    case 'filter':
      return cause.column !== undefined && cause.values && cause.values.length > 0
        ? apiText(
            'No rows: the FILTER on line {0} kept none of the rows before it. {1} holds: {2}.',
            cause.line,
            cause.column,
            cause.values.slice(0, 10).join(', '),
          )
        : apiText('No rows: the FILTER on line {0} kept none of the rows before it.', cause.line);
    case 'agent-filter':
      return apiText(
        'No rows for {0}: scope the query to another agent, or to all agents.',
        cause.bound.join(', '),
      );
    case 'no-data':
      return apiText(
        'No rows: {0} has no data in this range for project {1}. Pick another range or project.',
        cause.categories.join(', ') || '-',
        pcode ?? '-',
      );
  }
}
