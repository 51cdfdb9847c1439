// Turns an .mxql file (or a part of it) plus the user's choices into exactly what is sent to the
// MXQL endpoints. Pure: no vscode, no IO; the runner supplies clock, zone, range and prompted values.
import {
  directiveErrors,
  fillRangeParams,
  hasStatements,
  paramsWithoutValue,
  parseDirectives,
  wholeQuery,
  type Directives,
} from '../../../server/core/index';
import { rangeProblem, resolveRange, type RangeChoice, type ResolvedRange } from './timeRange';

/** The two MXQL endpoints, by API client id and path. */
export const MxqlEndpoints = {
  mxqlText: '/open/api/flush/mxql/text',
  mxqlPath: '/open/api/flush/mxql/path',
} as const;
export type MxqlEndpointId = keyof typeof MxqlEndpoints;

/** What a query needs before it can be sent (computed by the core, which owns what a query is). */
export interface QueryAnalysis {
  readonly directives: Directives;
  /** The query with directive lines removed. */
  readonly query: string;
  /** False when the query is only comments and blank lines. */
  readonly hasStatements: boolean;
  /** `$params` used by the query, in first-use order (keys keep their `$`). */
  readonly usedParams: readonly string[];
  /** INJECT names used by the query (a bare INJECT counts as `default`). */
  readonly usedInjects: readonly string[];
  /** Directive errors that block the run, as readable lines. */
  readonly errors: readonly string[];
}

/**
 * Reads directives from the whole file and the needs of `queryText`: the file, a selection, or the
 * text of the core's `queryAt` (Run Query at Cursor and the CodeLens).
 */
export function analyzeQuery(fileText: string, queryText: string, offsetMinutes: number): QueryAnalysis {
  const directives = parseDirectives(fileText, { timezoneOffsetMinutes: offsetMinutes });
  const query = wholeQuery(queryText);
  return {
    directives,
    query: query.text,
    hasStatements: hasStatements(query),
    usedParams: query.params,
    usedInjects: query.injects,
    errors: directiveErrors(fileText, directives).map((e) => `line ${e.line}: ${e.message}`),
  };
}

/** Values the user gave (prompted or from the test API), on top of the file's directives. */
export interface RunValues {
  readonly params: Readonly<Record<string, string>>;
  readonly injects: Readonly<Record<string, string>>;
}

/** Everything of one request, without credentials. */
export interface PreparedRun {
  readonly endpointId: MxqlEndpointId;
  readonly endpoint: string;
  /** Query text, or the predefined path for `mxqlPath`. */
  readonly mql: string;
  readonly range: ResolvedRange;
  readonly limit: number;
  /** What `param` sends: directives, then the user's values, then `$stime`/`$etime` from the range. */
  readonly params: Readonly<Record<string, string>>;
  /** The names in `params` filled from the range (the core's fillRangeParams); never kept for a re-run. */
  readonly paramsFromRange: readonly string[];
  readonly injects: Readonly<Record<string, string>>;
  readonly pcode: number | undefined;
}

/**
 * `$params` to ask for: without a value in the directives or `values`, and not `$stime`/`$etime`, which
 * the run fills from its range (none for path runs: they take no params).
 */
export function missingParams(analysis: QueryAnalysis, values: RunValues, path?: string): string[] {
  if (path ?? analysis.directives.path) return [];
  return paramsWithoutValue(analysis.usedParams, { ...analysis.directives.params, ...values.params });
}

/** INJECT names without a fragment in the directives or `values`. */
export function missingInjects(analysis: QueryAnalysis, values: RunValues, path?: string): string[] {
  if (path ?? analysis.directives.path) return [];
  return analysis.usedInjects.filter(
    (name) => values.injects[name] === undefined && analysis.directives.injects[name] === undefined,
  );
}

/** Inputs of {@link prepareRun} besides the analysis. */
export interface PrepareOptions {
  readonly values: RunValues;
  readonly range: RangeChoice;
  readonly defaultLimit: number;
  readonly now: number;
  readonly offsetMinutes: number;
  /** A predefined path chosen in the UI; overrides the file's @path. */
  readonly path?: string;
  /** A row limit chosen in the UI (the results panel's "re-run with a higher limit"); overrides @limit. */
  readonly limit?: number;
}

/** The request to send, or a readable problem (bad directives, range over the MXQL limit, empty query). */
export function prepareRun(
  analysis: QueryAnalysis,
  options: PrepareOptions,
): { ok: true; run: PreparedRun } | { ok: false; problem: string } {
  if (analysis.errors.length > 0)
    return { ok: false, problem: `Fix the directives first: ${analysis.errors.join('; ')}` };
  const d = analysis.directives;
  const range = resolveRange(options.range, d, options.now, options.offsetMinutes);
  const problem = rangeProblem(range.stime, range.etime);
  if (problem) return { ok: false, problem: `Not sent: ${problem}` };
  const path = options.path ?? d.path;
  if (!path && !analysis.hasStatements) return { ok: false, problem: 'There is no query to run here.' };
  const injects = { ...d.injects, ...options.values.injects };
  // The path endpoint takes no params (the contract says to send an empty object).
  const params = path
    ? { params: {}, filled: [] }
    : fillRangeParams(analysis.usedParams, { ...d.params, ...options.values.params }, range);
  const run: PreparedRun = {
    endpointId: path ? 'mxqlPath' : 'mxqlText',
    endpoint: path ? MxqlEndpoints.mxqlPath : MxqlEndpoints.mxqlText,
    mql: path ?? analysis.query,
    range,
    limit: options.limit ?? d.limit ?? options.defaultLimit,
    params: params.params,
    paramsFromRange: params.filled,
    injects,
    pcode: d.pcode,
  };
  return { ok: true, run };
}
