/**
 * The run a draft and its replay read: the query as the one planner plans it (server/core/run/plan.ts),
 * over the backtest window (the last day unless asked) and with room for the window's rows, so every
 * door (the CLI verb, the assistant tool, the editor command) sends the same request for the same ask.
 */
import { planRun, type PlanInput, type RunPlan } from '../run/plan';

/** The window replayed unless the caller names one: the last day. */
export const DEFAULT_BACKTEST_MS = 86_400_000;

/**
 * Rows read for a replay unless the caller or the file sets a limit: a day of 5-second samples of a
 * handful of agents fits; the facts of the run say when a limit cut the window.
 */
export const ALERT_ROW_LIMIT = 100_000;

/**
 * Plans the query over the last `overMs` (a relative range ending at `input.now`); the row limit is the
 * caller's, else the file's `@limit`, else {@link ALERT_ROW_LIMIT}.
 */
export function planAlertWindow(input: PlanInput, overMs: number = DEFAULT_BACKTEST_MS): RunPlan {
  return planRun({
    ...input,
    defaultLimit: input.defaultLimit ?? ALERT_ROW_LIMIT,
    overrides: { ...input.overrides, range: { kind: 'relative', ms: overMs } },
  });
}
