// The extension's door to the core's run planner (server/core/run/plan.ts): a run source plus the user's
// choices become one planner call, and the plan becomes what the runner sends and records. Nothing here
// decides what a run sends; it only says the extension's inputs in the planner's words. Pure: no vscode.
import {
  localizedMessage,
  MXQL_ENDPOINTS,
  planRun,
  type CategoryCatalog,
  type MxqlBody,
  type MxqlEndpointId,
  type PlanInput,
  type RunPlan,
  type RunProblem,
  type RunRequest,
} from '../../../server/core/index';
import type { ParamOrigin } from '../../../common/resultsMessages';
import { templateText, type TemplateText } from '../../../common/templateText';
import { uiLanguage } from '../l10n';
import { localTimezone } from '../../../common/localZone';
import type { RangeChoice, ResolvedRange } from './timeRange';

/** The two MXQL endpoints, by API client id and path (the planner owns them). */
export const MxqlEndpoints = MXQL_ENDPOINTS;
export type { MxqlEndpointId };

/** Values the user gave (prompted, remembered, from history or the test API), on top of the file's directives. */
export interface RunValues {
  readonly params: Readonly<Record<string, string>>;
  readonly injects: Readonly<Record<string, string>>;
}

/** What the extension knows of a run before planning it. */
export interface EditorRunInput {
  /** The whole file (directives apply from anywhere in it). */
  readonly fileText: string;
  /** The part to send: the file, a selection or the query at the cursor (the core's queryAt text). */
  readonly queryText: string;
  /** A predefined path chosen in the UI; overrides the file's @path. */
  readonly path?: string;
  readonly values: RunValues;
  /** The status bar's range, or a history entry's or notebook header's own: the file's directives beat it. */
  readonly range: RangeChoice;
  readonly defaultLimit: number;
  /** A row limit chosen in the UI (the results panel's "re-run with a higher limit"); overrides @limit. */
  readonly limit?: number;
  readonly now: number;
  /** The category catalog, so column and category `$params` offer choices. */
  readonly catalog?: CategoryCatalog;
}

/** Plans an extension run through the one planner. */
export function planEditorRun(input: EditorRunInput): RunPlan {
  return planRun(editorPlanInput(input));
}

/** What the one planner reads for an extension run (a run, or a comparison's two runs). */
export function editorPlanInput(input: EditorRunInput): PlanInput {
  return {
    fileText: input.fileText,
    select: { kind: 'text', text: input.queryText },
    overrides: {
      params: input.values.params,
      injects: input.values.injects,
      ...(input.limit !== undefined ? { limit: input.limit } : {}),
      ...(input.path !== undefined ? { path: input.path } : {}),
    },
    fallbackRange: input.range,
    defaultLimit: input.defaultLimit,
    now: input.now,
    // The machine's zone at each instant: the one `mxql run` plans with, so both send the same times.
    timezone: localTimezone,
    ...(input.catalog ? { catalog: input.catalog } : {}),
  };
}

/**
 * A planner problem as a text: a directive's diagnostic is worded by the core in the display language
 * (its message is built from its code and arguments, not from a template), any other is the planner's text.
 */
function problemText(problem: RunProblem): TemplateText {
  return problem.diagnostic
    ? templateText('{0}', localizedMessage(problem.diagnostic, uiLanguage()))
    : problem.text;
}

/** Everything of one request, without credentials: what the runner sends and records. */
export interface PreparedRun {
  readonly endpointId: MxqlEndpointId;
  readonly endpoint: string;
  /** Query text, or the predefined path for `mxqlPath`. */
  readonly mql: string;
  readonly range: ResolvedRange;
  readonly limit: number;
  /** What `param` sends: directives, then the user's values, then `$stime`/`$etime` from the range. */
  readonly params: Readonly<Record<string, string>>;
  /** The names in `params` filled from the range; never kept for a re-run. */
  readonly paramsFromRange: readonly string[];
  readonly injects: Readonly<Record<string, string>>;
  /** A dashboard query's `$params`: where each value came from (core's boardValues). */
  readonly paramOrigins?: Readonly<Record<string, ParamOrigin>>;
  readonly pcode: number | undefined;
  /** The exact body the API client sends. */
  readonly body: MxqlBody;
  /** The planner's request as it is: what the executor sends. */
  readonly request: RunRequest;
}

/** Texts one after another: as a list (`a; b`) or as sentences (`a b`). */
function joined(first: TemplateText, rest: readonly TemplateText[], as: 'list' | 'sentences'): TemplateText {
  const [next, ...others] = rest;
  if (!next) return first;
  const tail = joined(next, others, as);
  return as === 'list' ? templateText('{0}; {1}', first, tail) : templateText('{0} {1}', first, tail);
}

/** The request of a plan, or the problems that block it as one text. */
export function preparedOf(
  plan: RunPlan,
): { ok: true; run: PreparedRun } | { ok: false; problem: TemplateText } {
  const request = plan.request;
  if (!request) {
    const directive = plan.problems.filter((p) => !p.code.startsWith('run/'));
    const others = plan.problems.filter((p) => p.code.startsWith('run/'));
    const [firstLine, ...lines] = directive.map((p) => templateText('line {0}: {1}', p.line, problemText(p)));
    if (firstLine)
      return {
        ok: false,
        problem: templateText('Fix the directives first: {0}', joined(firstLine, lines, 'list')),
      };
    const [first, ...rest] = others;
    if (!first) return { ok: false, problem: templateText('There is no query to run here.') };
    if (first.code === 'run/range')
      return { ok: false, problem: templateText('Not sent: {0}', problemText(first)) };
    return { ok: false, problem: joined(problemText(first), rest.map(problemText), 'sentences') };
  }
  const { body } = request;
  return {
    ok: true,
    run: {
      endpointId: request.endpointId,
      endpoint: request.endpoint,
      mql: body.mql,
      range: plan.range,
      limit: body.limit,
      params: body.param ?? {},
      paramsFromRange: Object.keys(plan.fromRange),
      injects: body.inject ?? {},
      pcode: plan.pcode,
      body,
      request,
    },
  };
}
