// The extension's door to the core's run planner (server/core/run/plan.ts): a run source plus the user's
// choices become one planner call, and the plan becomes what the runner sends and records. Nothing here
// decides what a run sends; it only says the extension's inputs in the planner's words. Pure: no vscode.
import {
  MXQL_ENDPOINTS,
  planRun,
  type CategoryCatalog,
  type MxqlBody,
  type MxqlEndpointId,
  type RunPlan,
  type RunText,
} from '../../../server/core/index';
import { t } from '../l10n';
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
  readonly offsetMinutes: number;
  /** The category catalog, so column and category `$params` offer choices. */
  readonly catalog?: CategoryCatalog;
}

/** Plans an extension run through the one planner. */
export function planEditorRun(input: EditorRunInput): RunPlan {
  return planRun({
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
    timezone: input.offsetMinutes,
    ...(input.catalog ? { catalog: input.catalog } : {}),
  });
}

/** A planner text in the user's language. */
export function sayRunText(text: RunText): string {
  return t(text.template, ...text.args);
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
  readonly pcode: number | undefined;
  /** The exact body the API client sends. */
  readonly body: MxqlBody;
}

/** The request of a plan, or the problems that block it, in the user's language and joined. */
export function preparedOf(plan: RunPlan): { ok: true; run: PreparedRun } | { ok: false; problem: string } {
  const request = plan.request;
  if (!request) {
    const directive = plan.problems.filter((p) => !p.code.startsWith('run/'));
    const others = plan.problems.filter((p) => p.code.startsWith('run/'));
    if (directive.length > 0) {
      const lines = directive.map((p) => t('line {0}: {1}', p.line, sayRunText(p.text))).join('; ');
      return { ok: false, problem: t('Fix the directives first: {0}', lines) };
    }
    const [first] = others;
    if (first?.code === 'run/range')
      return { ok: false, problem: t('Not sent: {0}', sayRunText(first.text)) };
    return { ok: false, problem: others.map((p) => sayRunText(p.text)).join(' ') };
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
    },
  };
}
