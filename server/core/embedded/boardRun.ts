/**
 * How a board runs its widgets' queries: through the one run planner, with the values a dashboard
 * fills in itself. Each `$param` the query uses takes, in order: the caller's explicit value (a command
 * line `--param`, a prompt answer), what the dashboard's author set for it (`authoredValues.ts`: the
 * metric's `param`, the widget's, the fields' merges), and in the board's own run (the preview) for the
 * merge placeholders (`$TIME_MERGE_PLACE`, `$OBJECT_MERGE_PLACE`) the board's default, the first of the
 * merge choices.
 * The board's INJECT points (`timepast`, `default`) are empty unless the widget writes a fragment; any
 * other `$param` the query needs is left for the caller to report. Every filled value names its origin.
 * Pure.
 */
import type { ParamOrigin } from '../../../common/resultsMessages';
import { planRun, type RunPlan } from '../run/plan';
import type { RangeChoice } from '../run/timeRange';
import type { TimezoneOffset } from '../syntax/index';
import type { CategoryCatalog } from '../catalog/index';
import type { BoardQuery } from './board';
import { BOARD_MERGES, BOARD_MERGE_PARAMS } from '../queries/boardMerges';
import { boardInjects } from './boardConventions';
import type { AuthoredValues } from './authoredValues';

export interface BoardRunInput {
  readonly query: BoardQuery;
  readonly range: RangeChoice;
  readonly now: number;
  readonly timezone: TimezoneOffset;
  readonly defaultLimit?: number;
  readonly catalog?: CategoryCatalog;
  /** What the dashboard's author set for this query (`authoredValuesOfJson`). */
  readonly authored?: AuthoredValues;
  /** Values the caller chose explicitly; they win over the author's. */
  readonly params?: Readonly<Record<string, string>>;
}

/** The `$params` a board query sends, and where each came from. */
export interface BoardValues {
  readonly params: Readonly<Record<string, string>>;
  readonly origins: Readonly<Record<string, ParamOrigin>>;
}

/**
 * The values for the `$params` in `used`: `given` first, then the author's, then (with `fallback`
 * `default`, as the board itself does) the board's default merge for a merge placeholder. A name none
 * of them fills is left out: the planner reports it, so a door that can ask (the editor's prompt, with
 * the merges as choices) or must refuse (`mxql run`, naming them) keeps doing so.
 */
export function boardValues(
  used: readonly string[],
  authored: AuthoredValues | undefined,
  given: Readonly<Record<string, string>> = {},
  fallback: 'default' | 'none' = 'default',
): BoardValues {
  const params: Record<string, string> = {};
  const origins: Record<string, ParamOrigin> = {};
  const fill = (name: string, value: string, origin: ParamOrigin) => {
    params[name] = value;
    origins[name] = origin;
  };
  for (const name of new Set(used)) {
    const own = given[name];
    const author = authored?.values[name];
    if (own !== undefined) fill(name, own, { kind: 'given' });
    else if (author) fill(name, author.value, author.origin);
    else if (fallback === 'default' && BOARD_MERGE_PARAMS.has(name))
      fill(name, BOARD_MERGES[0] ?? 'avg', { kind: 'default' });
  }
  return { params, origins };
}

/** The plan of one widget query with the board's conventions; `needs` names what still lacks a value. */
export function planBoardQuery(
  input: BoardRunInput,
): RunPlan & { readonly paramOrigins: BoardValues['origins'] } {
  const { query } = input;
  const plan = (params: Readonly<Record<string, string>>, injects: Record<string, string>) =>
    planRun({
      fileText: query.text,
      select: { kind: 'file' },
      overrides: { params, injects },
      fallbackRange: input.range,
      now: input.now,
      timezone: input.timezone,
      ...(input.defaultLimit !== undefined ? { defaultLimit: input.defaultLimit } : {}),
      ...(input.catalog ? { catalog: input.catalog } : {}),
    });
  // Only what the query uses is filled, so the request carries nothing the query does not read.
  const used = plan({}, query.injects).query?.params ?? [];
  const values = boardValues(used, input.authored, input.params);
  return {
    ...plan(values.params, boardInjects(query.text, query.injects)),
    paramOrigins: values.origins,
  };
}
