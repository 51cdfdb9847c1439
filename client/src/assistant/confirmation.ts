// The confirmation VS Code shows before a tool reads a real account, rendered from what the tool will do:
// for `mxql_run`, from the plan of the one planner (assistant/tools/run.ts `toolPlan`), so the range, the
// row limit and the project it names are those the request carries, the query's own directives included
// (`-- @range 7d`, `-- @limit 50`, `-- @pcode`). Pure: texts as data, said by the tool registration.
import {
  DEFAULT_BACKTEST_MS,
  formatLocal,
  formatZone,
  planAlertWindow,
  planComparison,
  type Baseline,
  type RunPlan,
} from '../../../server/core/index';
import {
  findTool,
  resolveRunSource,
  toolDisplayText,
  toolPlan,
  toolPlanInput,
  type ToolContext,
  type ToolTarget,
} from '../../../assistant/toolset';
import { parseDuration } from '../../../common/durations';
import { templateText, type TemplateText } from '../../../common/templateText';

type ToolInput = Record<string, unknown>;

/** What the confirmation says, and the plan it was rendered from (undefined for tools that plan no run). */
export interface Confirmation {
  readonly title: TemplateText;
  readonly message: TemplateText;
  readonly plan?: RunPlan;
}

/** `2026-11-20 11:00 → 12:00 UTC+09:00 (7d, from the query's -- @range)`: the range a plan sends. */
function rangeText(plan: RunPlan, context: ToolContext): TemplateText {
  const { stime, etime } = plan.request?.body ?? plan.range;
  const from = formatLocal(stime, context.timezone);
  const to = formatLocal(etime, context.timezone);
  const span = `${from} → ${from.slice(0, 10) === to.slice(0, 10) ? to.slice(11) : to} ${formatZone(context.timezone(etime))}`;
  return plan.range.source === 'directive'
    ? templateText("{0} ({1}, from the query's directives)", span, plan.range.label)
    : templateText('{0} ({1})', span, plan.range.label);
}

/** The plan of a run tool's input, or undefined when the input cannot be planned (the tool refuses it unsent). */
function planOf(input: ToolInput, context: ToolContext): RunPlan | undefined {
  try {
    return toolPlan(input, context);
  } catch {
    return undefined;
  }
}

/** The plan of an alert draft's input: the query over its backtest window, as `mxql_alert_draft` plans it. */
function alertWindowOf(input: ToolInput, context: ToolContext): RunPlan | undefined {
  try {
    const over = typeof input.over === 'string' ? parseDuration(input.over) : DEFAULT_BACKTEST_MS;
    return over ? planAlertWindow(toolPlanInput(input, context), over) : undefined;
  } catch {
    return undefined;
  }
}

/** The baseline plan of a comparison's input, planned as `mxql_compare` plans it; undefined when it cannot be. */
function baselineOf(input: ToolInput, context: ToolContext): RunPlan | undefined {
  try {
    return planComparison(toolPlanInput(input, context), input.baseline as Baseline).baseline;
  } catch {
    return undefined;
  }
}

/**
 * The confirmation before `name` reads `target`; undefined for the Demo and for tools that read nothing.
 * A query named by a workspace file is read first, so the plan is the one the run will send.
 */
export async function confirmationOf(
  name: string,
  asked: ToolInput,
  target: Pick<ToolTarget, 'label' | 'isDemo' | 'pcode'>,
  context: ToolContext,
): Promise<Confirmation | undefined> {
  const tool = findTool(name);
  if (!tool?.readsService || target.isDemo) return undefined;
  const input =
    name === 'mxql_run' || name === 'mxql_compare'
      ? await resolveRunSource(asked, context).then(
          (resolved) => resolved.input,
          () => asked,
        )
      : asked;
  const given = typeof input.pcode === 'number' ? input.pcode : undefined;
  const plan =
    name === 'mxql_run' || name === 'mxql_compare'
      ? planOf(input, context)
      : name === 'mxql_alert_draft'
        ? alertWindowOf(input, context)
        : undefined;
  const project = String(given ?? plan?.pcode ?? target.pcode ?? '—');
  const baseline = name === 'mxql_compare' ? baselineOf(input, context) : undefined;
  if (plan?.request && baseline?.request) {
    return {
      title: templateText('Compare an MXQL query on {0}?', target.label),
      message: templateText(
        'The assistant wants to run a query twice on profile {0}, project {1}: over {2} and over its baseline {3}, with at most {4} rows each. It only reads.',
        target.label,
        project,
        rangeText(plan, context),
        rangeText(baseline, context),
        plan.request.body.limit,
      ),
      plan,
    };
  }
  // An alert draft reads one run of the query over its backtest window: the run's own words say it.
  if (plan?.request && (name === 'mxql_run' || name === 'mxql_alert_draft')) {
    return {
      title: templateText('Run an MXQL query on {0}?', target.label),
      message: templateText(
        'The assistant wants to run a query on profile {0}, project {1}, over {2}, with at most {3} rows. It only reads.',
        target.label,
        project,
        rangeText(plan, context),
        plan.request.body.limit,
      ),
      plan,
    };
  }
  return {
    title: templateText('Read from {0}?', target.label),
    message: templateText(
      'The assistant wants {0} to read profile {1}, project {2}. It only reads.',
      toolDisplayText(tool, context.locale).title,
      target.label,
      project,
    ),
  };
}
