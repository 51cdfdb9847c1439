/**
 * How a board runs its widgets' queries: through the one run planner, with the values a dashboard
 * fills in itself. The merges a board picks (`$TIME_MERGE_PLACE`, `$OBJECT_MERGE_PLACE`) are sent as
 * the first of the merge choices, and the board's INJECT points (`timepast`, `default`) are empty unless
 * the widget writes a fragment; any other `$param` the query needs is left for the caller to report.
 * Pure.
 */
import { planRun, type RunPlan } from '../run/plan';
import type { RangeChoice } from '../run/timeRange';
import type { TimezoneOffset } from '../syntax/index';
import type { CategoryCatalog } from '../catalog/index';
import type { BoardQuery } from './board';
import { BOARD_MERGES, BOARD_MERGE_PARAMS } from '../queries/boardMerges';
import { boardInjects } from './boardConventions';

export interface BoardRunInput {
  readonly query: BoardQuery;
  readonly range: RangeChoice;
  readonly now: number;
  readonly timezone: TimezoneOffset;
  readonly defaultLimit?: number;
  readonly catalog?: CategoryCatalog;
}

/** The plan of one widget query with the board's conventions; `needs` names what still lacks a value. */
export function planBoardQuery(input: BoardRunInput): RunPlan {
  const { query } = input;
  const plan = (params: Record<string, string>, injects: Record<string, string>) =>
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
  const usedParams = new Set(plan({}, query.injects).query?.params ?? []);
  const merges = [...BOARD_MERGE_PARAMS].filter((name) => usedParams.has(name));
  const firstMerge = BOARD_MERGES[0] ?? 'avg';
  return plan(
    Object.fromEntries(merges.map((name) => [name, firstMerge])),
    boardInjects(query.text, query.injects),
  );
}
