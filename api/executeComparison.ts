// The one owner of running a comparison: the query planned over its window and over the baseline by
// the core's planComparison, the window run first and the baseline only when the window answered, then
// what moved ranked by the core's compareRows. How one side is sent (checks, prompts, the executor, how
// a failure is worded) stays with the caller: `mxql run --compare`, the tool mxql_compare and the
// editor's "Compare with…" each pass their own, so all of them compare the same two runs the same way.
import {
  compareRows,
  planComparison,
  type Baseline,
  type CompareRow,
  type Comparison,
  type ComparisonPlans,
  type PlanInput,
  type RunPlan,
} from '../server/core/index';

/** Which of the two runs a step is for. */
export type ComparisonSide = 'window' | 'baseline';

/** How a caller runs one side of a comparison. */
export interface ComparisonSteps<R> {
  /** Sends one side's plan (the window first, then the baseline); a throw ends the comparison. */
  run(plan: RunPlan, side: ComparisonSide): Promise<R>;
  /** The rows of an outcome; undefined when it failed, so nothing more is run and nothing compared. */
  rowsOf(outcome: R): readonly CompareRow[] | undefined;
}

/** Both runs of a comparison and, when both answered, the ranking. */
export interface ComparisonRun<R> {
  readonly baseline: Baseline;
  readonly shiftMs: number;
  readonly plans: ComparisonPlans;
  readonly window: R;
  /** Undefined when the window failed and the baseline was not run. */
  readonly base: R | undefined;
  readonly comparison: Comparison | undefined;
}

/** Plans both windows, runs them in turn through `steps`, and ranks what moved. */
export async function executeComparison<R>(
  input: PlanInput,
  baseline: Baseline,
  steps: ComparisonSteps<R>,
): Promise<ComparisonRun<R>> {
  const plans = planComparison(input, baseline);
  const window = await steps.run(plans.window, 'window');
  const windowRows = steps.rowsOf(window);
  const base = windowRows === undefined ? undefined : await steps.run(plans.baseline, 'baseline');
  const baseRows = base === undefined ? undefined : steps.rowsOf(base);
  const comparison =
    windowRows !== undefined && baseRows !== undefined ? compareRows(windowRows, baseRows) : undefined;
  return { baseline, shiftMs: plans.shiftMs, plans, window, base, comparison };
}
