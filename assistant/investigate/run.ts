/**
 * Runs a planned investigation step by step: each step's query over its window and the window before,
 * through the comparison the `mxql_compare` tool runs (the one planner, the one executor, the core's
 * ranking), and ranks what moved over every step. A step that fails keeps its message and the rest go
 * on; a cancelled signal stops between steps and keeps what was done. Pure over the API client.
 */
import { isOpenApiError } from '../../api/index';
import type { FieldChange } from '../../server/core/index';
import { runComparison, type ComparisonRun } from '../tools/compare';
import type { ToolContext } from '../types';
import type { InvestigationPlan, InvestigationStep } from './plan';

/** What one step gave: its comparison, or why it has none. */
export type StepOutcome =
  | { readonly step: InvestigationStep; readonly ok: true; readonly run: ComparisonRun }
  | { readonly step: InvestigationStep; readonly ok: false; readonly message: string; readonly code: string };

/** A change of one step, for the ranking over all steps. */
export interface RankedChange {
  readonly stepIndex: number;
  readonly change: FieldChange;
}

/** Runs one step over `range` (e.g. `30m`) against the window before; never throws but when cancelled. */
export async function runInvestigationStep(
  step: InvestigationStep,
  range: string,
  context: ToolContext,
  signal: AbortSignal,
): Promise<StepOutcome> {
  try {
    const run = await runComparison({ mql: step.mql, range, baseline: 'prev' }, context, signal);
    return { step, ok: true, run };
  } catch (error) {
    if (signal.aborted) throw error;
    const code =
      typeof (error as { code?: unknown }).code === 'string'
        ? (error as { code: string }).code
        : isOpenApiError(error)
          ? (error.serviceCode ?? `api/${error.kind}`)
          : 'investigate/failed';
    const message = error instanceof Error ? error.message : String(error);
    return { step, ok: false, message, code };
  }
}

/**
 * Runs every step in order; `onStep` sees each outcome as it comes. Stops before the next step once
 * `signal` is aborted (a step in flight is aborted with its request) and returns what was done.
 */
export async function runInvestigation(
  plan: InvestigationPlan,
  context: ToolContext,
  signal: AbortSignal,
  onStep?: (outcome: StepOutcome, index: number) => void | Promise<void>,
): Promise<{ outcomes: StepOutcome[]; cancelled: boolean }> {
  const outcomes: StepOutcome[] = [];
  for (const [index, step] of plan.steps.entries()) {
    if (signal.aborted) return { outcomes, cancelled: true };
    let outcome: StepOutcome;
    try {
      outcome = await runInvestigationStep(step, plan.range, context, signal);
    } catch (error) {
      if (signal.aborted) return { outcomes, cancelled: true };
      throw error;
    }
    outcomes.push(outcome);
    await onStep?.(outcome, index);
  }
  return { outcomes, cancelled: signal.aborted };
}

/** Every change of every step that ran, the farthest moved (by |score|) first; ties keep the step order. */
export function rankChanges(outcomes: readonly StepOutcome[]): RankedChange[] {
  const all: RankedChange[] = [];
  outcomes.forEach((outcome, stepIndex) => {
    if (outcome.ok) for (const change of outcome.run.comparison.changes) all.push({ stepIndex, change });
  });
  return all
    .map((r, i) => ({ r, i }))
    .sort((a, b) => Math.abs(b.r.change.score) - Math.abs(a.r.change.score) || a.i - b.i)
    .map(({ r }) => r);
}
