/**
 * What a run sends: the one planner behind every caller that runs MXQL (editor runs, the CodeLens, history
 * re-runs, notebook cells, scoped runs from the explorer, `mxql run` for one file or a folder, and the
 * assistant tools). It takes the file, which query, the caller's overrides and the clock, and returns the
 * exact request body, the `$params` filled from the range, the `$params` still needing a value (with their
 * kind and choices), the problems that block the run as translatable texts, and the map from sent lines
 * back to file lines. Pure: no IO, no clock, no environment; never throws on user input.
 */
import {
  findInjectCycle,
  describeInjectCycle,
  lineColumnOf,
  lineStartsOf,
  parseDirectives,
  type Directives,
  type MxqlDiagnostic,
  type Range,
  type TimezoneOffset,
} from '../syntax/index';
import {
  hasStatements,
  parsedText,
  queryAt,
  sentSpans,
  wholeQuery,
  type QueryAt,
  type QuerySource,
} from '../queries/queries';
import { fillRangeParams, paramsWithoutValue } from '../queries/rangeParams';
import { describeParamKind, paramNeeds, type ParamNeed } from '../analysis/paramKinds';
import type { CategoryCatalog } from '../catalog/index';
import { DEFAULT_RANGE, rangeProblem, resolveRange, type RangeChoice, type ResolvedRange } from './timeRange';
import { englishOfRunText, runText, type RunText } from './runText';

/** The two MXQL endpoints, by API client id and path. */
export const MXQL_ENDPOINTS = {
  mxqlText: '/open/api/flush/mxql/text',
  mxqlPath: '/open/api/flush/mxql/path',
} as const;
export type MxqlEndpointId = keyof typeof MXQL_ENDPOINTS;

/** The row limit when neither the caller nor the file gives one. */
export const DEFAULT_ROW_LIMIT = 1000;

/** Which query of the file runs. */
export type QuerySelection =
  /** The whole file (Run File, `mxql run file`). */
  | { readonly kind: 'file' }
  /** The query at a character offset (Run Query at Cursor, the CodeLens). */
  | { readonly kind: 'offset'; readonly offset: number }
  /** The query at a 1-based line (`mxql run --line N`). */
  | { readonly kind: 'line'; readonly line: number }
  /** A text already chosen (a selection, a history entry's stored query, a notebook cell). */
  | { readonly kind: 'text'; readonly text: string };

/** What the caller says for this run; each beats the file's directive of the same kind. */
export interface RunOverrides {
  /** An explicit range (command-line flags); beats `@range`/`@stime`/`@etime`. */
  readonly range?: RangeChoice;
  /** `$param` values (keys with their `$`); beat `-- @param`. */
  readonly params?: Readonly<Record<string, string>>;
  /** INJECT fragments by name; each replaces the file's `-- @inject` fragment of that name. */
  readonly injects?: Readonly<Record<string, string>>;
  /** Row limit; beats `@limit`. */
  readonly limit?: number;
  /** A predefined path; beats `@path` and sends to `/mxql/path`. */
  readonly path?: string;
}

/** Everything the planner reads. */
export interface PlanInput {
  readonly fileText: string;
  readonly select: QuerySelection;
  readonly overrides?: RunOverrides;
  /** The range when neither the overrides nor the file give one: the status bar's choice. Default 1h. */
  readonly fallbackRange?: RangeChoice;
  /** The row limit when neither the overrides nor the file give one. Default {@link DEFAULT_ROW_LIMIT}. */
  readonly defaultLimit?: number;
  readonly now: number;
  /** The zone of local times in directives and labels: minutes east of UTC, or a function of the instant. */
  readonly timezone: TimezoneOffset;
  /** The category catalog, for the choices of column and category `$params`; without it they have none. */
  readonly catalog?: CategoryCatalog;
}

/** The JSON body of an MXQL request, exactly as sent (the API client adds `pageKey`). */
export interface MxqlBody {
  readonly stime: number;
  readonly etime: number;
  readonly mql: string;
  readonly limit: number;
  readonly param?: Readonly<Record<string, string>>;
  readonly inject?: Readonly<Record<string, string>>;
}

/** A request ready for the API client. */
export interface RunRequest {
  readonly endpointId: MxqlEndpointId;
  readonly endpoint: (typeof MXQL_ENDPOINTS)[MxqlEndpointId];
  readonly body: MxqlBody;
}

/** Why a run cannot be sent as it is. `line` is the file's 1-based line to look at. */
export interface RunProblem {
  readonly code: string;
  readonly text: RunText;
  readonly line: number;
  /** True for a mistake in what the caller asked (a line past the end): a usage error on the command line. */
  readonly usage: boolean;
  /** The directive's diagnostic, when the problem is one: a client words it in its language from it. */
  readonly diagnostic?: MxqlDiagnostic;
}

/** The plan of one run. */
export interface RunPlan {
  /** The request; undefined when `problems` block the run. Sendable when `needs` is empty too. */
  readonly request: RunRequest | undefined;
  readonly problems: readonly RunProblem[];
  /** `$params` that need a value from the user (no directive, no override, not filled from the range). */
  readonly needs: readonly ParamNeed[];
  /** Agent-filter `$params` left unbound: sent without a value, so the service reads all agents. */
  readonly unboundOptional: readonly ParamNeed[];
  /** INJECT names with no fragment from the file or the caller. */
  readonly missingInjects: readonly string[];
  /** `$stime`/`$etime` filled from the range, with the values sent. */
  readonly fromRange: Readonly<Record<string, string>>;
  readonly range: ResolvedRange;
  /** The file's `@pcode`, if any. */
  readonly pcode: number | undefined;
  /** The file's `@name`, if any. */
  readonly name: string | undefined;
  readonly query: QueryAt | undefined;
  readonly directives: Directives;
  /** File line (1-based) of each sent line: `lineMap[n - 1]` for sent line n; empty for a `text` selection. */
  readonly lineMap: readonly number[];
}

/** The file line of sent line `sentLine`, or undefined when the plan cannot say. */
export function fileLineOf(plan: RunPlan, sentLine: number): number | undefined {
  return plan.lineMap[sentLine - 1];
}

/**
 * A service message about the sent text (`… (line 3)`) with the line of the file instead: the service
 * counted lines of what it got, without the directive lines and with the SUB blocks moved after the query.
 * `line` is the file line named, or undefined when the message names none the plan can map.
 */
export function inFileLines(plan: RunPlan, message: string): { message: string; line: number | undefined } {
  const sentLine = Number(/\bline (\d+)\b/.exec(message)?.[1] ?? NaN);
  const line = sentLine > 0 ? fileLineOf(plan, sentLine) : undefined;
  return { message: line === undefined ? message : message.replace(/\bline \d+\b/, `line ${line}`), line };
}

function chooseQuery(
  source: QuerySource,
  select: QuerySelection,
): { query?: QueryAt; spans: readonly Range[]; problem?: RunProblem; from?: QuerySource } {
  switch (select.kind) {
    case 'file': {
      const query = wholeQuery(source.text);
      return { query, spans: [query.range] };
    }
    case 'text':
      // The query's offsets are the text's own, so what its $params stand for is read in the text.
      return { query: wholeQuery(select.text), spans: [], from: parsedText(select.text) };
    case 'offset':
    case 'line': {
      let offset = select.kind === 'offset' ? select.offset : undefined;
      if (select.kind === 'line') {
        offset = source.parsed.ast.lineStarts[select.line - 1];
        if (offset === undefined || !(select.line >= 1)) {
          const count = source.parsed.ast.lineStarts.length;
          const text = runText('line {0} is past the end of the file ({1} lines)', select.line, count);
          return { spans: [], problem: { code: 'run/line', text, line: 1, usage: true } };
        }
      }
      const query = queryAt(source, offset ?? 0);
      if (!query) return { spans: [] };
      return { query, spans: sentSpans(source, query) };
    }
  }
}

/** File lines of the sent text: the lines of each span in order, directive lines left out. */
function lineMapOf(text: string, spans: readonly Range[], directives: Directives): number[] {
  const starts = lineStartsOf(text);
  const directiveLines = new Set(directives.entries.map((e) => lineColumnOf(starts, e.range.start).line));
  const lines: number[] = [];
  for (const span of spans) {
    const first = lineColumnOf(starts, span.start).line;
    const last = lineColumnOf(starts, span.end).line;
    for (let line = first; line <= last; line++) if (!directiveLines.has(line)) lines.push(line);
  }
  return lines;
}

function directiveProblems(text: string, directives: Directives): RunProblem[] {
  const starts = lineStartsOf(text);
  return directives.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => ({
      code: d.code,
      text: runText('{0}', d.message),
      line: lineColumnOf(starts, d.range.start).line,
      usage: false,
      diagnostic: d,
    }));
}

/** Plans one run. Never throws on user input: what is wrong is in `problems`. */
export function planRun(input: PlanInput): RunPlan {
  const { fileText, overrides = {}, now, timezone } = input;
  const source = parsedText(fileText);
  const directives = parseDirectives(fileText, { timezoneOffsetMinutes: timezone });
  const problems: RunProblem[] = directiveProblems(fileText, directives);
  const path = overrides.path ?? directives.path;
  const chosen = chooseQuery(source, input.select);
  if (chosen.problem) problems.push(chosen.problem);
  const query = chosen.query;
  const needsSource = chosen.from ?? source;
  const range = resolveRange(
    input.fallbackRange ?? DEFAULT_RANGE,
    directives,
    now,
    timezone,
    overrides.range,
  );
  const badRange = rangeProblem(range.stime, range.etime);
  if (badRange)
    problems.push({ code: 'run/range', text: badRange, line: 1, usage: range.source === 'override' });
  if (!path && !chosen.problem && (!query || !hasStatements(query)))
    problems.push({
      code: 'run/empty',
      text: runText('There is no query to run here.'),
      line: 1,
      usage: false,
    });

  const injects: Record<string, string> = { ...directives.injects, ...overrides.injects };
  const cycle = findInjectCycle(injects);
  if (cycle)
    problems.push({
      code: 'run/inject-cycle',
      text: runText(
        "INJECT fragments form a cycle ({0}) and can never be expanded: change the fragments given for this run or the file's -- @inject lines",
        describeInjectCycle(cycle),
      ),
      line: 1,
      // A cycle the file alone does not make comes from what the caller gave.
      usage: findInjectCycle(directives.injects) === null,
    });

  const given = { ...directives.params, ...overrides.params };
  // A path run takes no $params: the contract says to send an empty object.
  const usedParams = path || !query ? [] : query.params;
  const open = new Set(paramsWithoutValue(usedParams, given));
  const described =
    path || !query ? [] : paramNeeds(needsSource, query, input.catalog).filter((n) => open.has(n.name));
  const { params, filled } = fillRangeParams(usedParams, given, range);
  const limit = overrides.limit ?? directives.limit ?? input.defaultLimit ?? DEFAULT_ROW_LIMIT;
  const mql = path ?? query?.text ?? '';
  const request: RunRequest | undefined =
    problems.length > 0
      ? undefined
      : {
          endpointId: path ? 'mxqlPath' : 'mxqlText',
          endpoint: path ? MXQL_ENDPOINTS.mxqlPath : MXQL_ENDPOINTS.mxqlText,
          body: {
            stime: range.stime,
            etime: range.etime,
            mql,
            limit,
            ...(!path && Object.keys(params).length > 0 ? { param: params } : {}),
            ...(Object.keys(injects).length > 0 ? { inject: injects } : {}),
          },
        };
  const usedInjects = path || !query ? [] : query.injects;
  return {
    request,
    problems,
    needs: described.filter((n) => !n.optional),
    unboundOptional: described.filter((n) => n.optional),
    missingInjects: usedInjects.filter((name) => injects[name] === undefined),
    fromRange: Object.fromEntries(filled.map((name) => [name, params[name] ?? ''])),
    range,
    pcode: directives.pcode,
    name: directives.name,
    query,
    directives,
    lineMap: lineMapOf(fileText, chosen.spans, directives),
  };
}

/** How many choices a refusal names. */
const CHOICES_SHOWN = 5;

/** `tps, cpu, mem, … (41 in all)`: the first choices of a need, for one line of text. */
export function choicesSummary(need: ParamNeed): string {
  const shown = need.choices.slice(0, CHOICES_SHOWN);
  const more = need.choices.length > shown.length ? `, … (${need.choices.length} in all)` : '';
  return `${shown.join(', ')}${more}`;
}

/**
 * Why a run cannot go without more values: the `$params` to give, up to five choices of the first, and
 * where to type a value. `mxql run` prints it; the assistant tools return it.
 */
export function needsText(needs: readonly ParamNeed[], how: 'cli' | 'tool' = 'cli'): RunText {
  const first = needs[0];
  const names = needs.map((n) => n.name).join(', ');
  const choices =
    first && first.choices.length > 0
      ? `; ${first.name} (${describeParamKind(first)}) such as ${choicesSummary(first)}`
      : '';
  const where =
    how === 'cli'
      ? runText("add --param '{0}=value' or '-- @param {0} = value'", first?.name ?? '$name')
      : runText('pass params: {"{0}": "value"}', first?.name ?? '$name');
  return runText('missing value for {0}{1}: {2}', names, choices, englishOfRunText(where));
}
