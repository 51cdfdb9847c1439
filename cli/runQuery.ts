// One query file run by `mxql run`: read it, merge its directives with the command line (the command
// line wins), pick the project, send it and describe the outcome. `mxql run file` (cli/run.ts) and
// `mxql run folder/` (cli/runMany.ts) both run every file through runQueryFile, so a file sends the same
// request and gets the same result alone or in a folder.
import {
  englishOfRunText,
  formatLocal,
  inFileLines,
  formatZone,
  needsText,
  originWords,
  planRun,
  type PlanInput,
  type QueryAt,
  type RangeChoice,
  type RunPlan,
  type RunRequest,
  type TimezoneOffset,
} from '../server/core/index';
import {
  emptyCauseText,
  englishOf,
  executeRun,
  explainEmpty,
  isOpenApiError,
  withLiveChoices,
  type MxqlRow,
} from '../api/index';
import type { ResultFacts } from '../common/resultFacts';
import type { ParamOrigin } from '../common/resultsMessages';
import type { RunRecord } from '../common/runRecord';
// The CLI ships the catalog data inline (see cli/check.ts).
import { bundledCategoryCatalog } from '../server/core/catalog/bundledCatalog';
import {
  durationMs,
  exitCodeOf,
  integerFlag,
  type parseCommandLine,
  targetOptions,
  timeMs,
  UsageError,
  untilInterrupted,
  type Target,
} from './args';
import { categoriesOf } from './demoProject';
import { readQueryFile } from './files';
import { localTimezone } from '../common/localZone';

/** The options of `mxql run`, one file or many. */
export const runOptions = {
  ...targetOptions,
  range: { type: 'string' },
  stime: { type: 'string' },
  etime: { type: 'string' },
  param: { type: 'string', multiple: true },
  inject: { type: 'string', multiple: true },
  limit: { type: 'string' },
  line: { type: 'string' },
  compare: { type: 'string' },
} as const;

export type RunValues = ReturnType<typeof parseCommandLine<typeof runOptions>>['values'];

export const runQueryHelp = `Query (each file's directives apply; these override them):
  --range D              relative range ending now: 15m, 1h, 7d (default: the file's, else 1h)
  --stime T --etime T    absolute range: epoch ms, 'yyyy-MM-dd HH:mm' (local), ISO 8601, now-1h
  --param '$name=value'  a $param value (repeatable); $stime/$etime default to the range's start/end
  --inject name=MXQL     an INJECT fragment (repeatable; repeating a name adds a line)
  --limit N              maximum rows, 1 to 1000000 (default: the file's @limit, else 1000)`;

/** What the command line says about every file's query, read once. */
export interface RunFlags {
  /** An explicit range: beats the file's @range/@stime/@etime. */
  readonly range: RangeChoice | undefined;
  readonly params: Readonly<Record<string, string>>;
  readonly injects: Readonly<Record<string, string>>;
  readonly limit: number | undefined;
  readonly line: number | undefined;
}

function assignments(
  flag: '--param' | '--inject',
  list: readonly string[] | undefined,
  into: Record<string, string>,
): Record<string, string> {
  for (const item of list ?? []) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new UsageError(`${flag} takes name=value (got '${item}')`);
    const name = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    const key = flag === '--param' && !name.startsWith('$') ? `$${name}` : name;
    const previous = into[key];
    // Repeating an INJECT name adds a line to its fragment; a repeated $param takes the last value.
    into[key] = flag === '--inject' && previous !== undefined ? `${previous}\n${value}` : value;
  }
  return into;
}

function flagRange(values: RunValues, now: number): RunFlags['range'] {
  if (values.stime !== undefined || values.etime !== undefined) {
    if (values.stime === undefined || values.etime === undefined)
      throw new UsageError('--stime and --etime go together');
    const stime = timeMs('--stime', values.stime, now);
    const etime = timeMs('--etime', values.etime, now);
    return { kind: 'absolute', stime, etime };
  }
  return values.range === undefined
    ? undefined
    : { kind: 'relative', ms: durationMs('--range', values.range) };
}

/** Reads the query options of the command line; a mistake there is a usage error of the whole command. */
export function runFlags(values: RunValues, now = Date.now()): RunFlags {
  return {
    range: flagRange(values, now),
    params: assignments('--param', values.param, {}),
    injects: assignments('--inject', values.inject, {}),
    limit: integerFlag('--limit', values.limit),
    line: integerFlag('--line', values.line),
  };
}

/** A file that cannot run as it is, with the line to look at; `exitCode` is what it means run alone. */
export class FileProblem extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly line: number,
    readonly exitCode: 1 | 2,
  ) {
    super(message);
  }
}

/** A file refused for `$params` without a value; it keeps the plan, so the refusal can list live values. */
class MissingValues extends FileProblem {
  constructor(readonly plan: RunPlan) {
    super('run/missing-param', englishOfRunText(needsText(plan.needs, 'cli')), 1, 2);
  }
}

/** The clock and zone a run is planned with: the machine's, unless a test fixes them. */
export interface RunClock {
  readonly now: number;
  readonly timezone: TimezoneOffset;
}

/** This machine's clock and zone (minutes east of UTC at each instant, so summer time counts). */
export function localClock(): RunClock {
  return { now: Date.now(), timezone: localTimezone };
}

/** The one planner's view of a file's text with the command line's flags (server/core/run/plan.ts). */
export function planFile(text: string, flags: RunFlags, clock: RunClock): RunPlan {
  return planRun(planInputOf(text, flags, clock));
}

/** What the planner reads for a file's text and the command line's flags (a run, or a comparison's two). */
export function planInputOf(text: string, flags: RunFlags, clock: RunClock): PlanInput {
  return {
    fileText: text,
    select: flags.line === undefined ? { kind: 'file' } : { kind: 'line', line: flags.line },
    overrides: {
      ...(flags.range ? { range: flags.range } : {}),
      params: flags.params,
      injects: flags.injects,
      ...(flags.limit !== undefined ? { limit: flags.limit } : {}),
    },
    now: clock.now,
    timezone: clock.timezone,
    catalog: bundledCategoryCatalog,
  };
}

/**
 * The query to send: with `--line N`, the query at that line as Run Query at Cursor and the CodeLens
 * see it (the core's `queryAt`); otherwise the whole file, as Run File sends it.
 */
export function chooseQuery(file: string, text: string, line: number | undefined): QueryAt {
  const plan = planFile(
    text,
    { range: undefined, params: {}, injects: {}, limit: undefined, line },
    localClock(),
  );
  const lineProblem = plan.problems.find((p) => p.code === 'run/line');
  if (lineProblem) throw new FileProblem('run/line', `--${englishOfRunText(lineProblem.text)}`, 1, 2);
  if (!plan.query || plan.problems.some((p) => p.code === 'run/empty'))
    throw new FileProblem(
      'run/line',
      `${file} has no query (only comments, directives or blank lines)`,
      1,
      2,
    );
  return plan.query;
}

/** One file's query with everything needed to send it. */
export interface PreparedQuery {
  readonly text: string;
  readonly plan: RunPlan;
  readonly request: RunRequest;
  readonly path: string | undefined;
  readonly pcode: number | undefined;
  /** The `$params` filled from the range (core's fillRangeParams), with the values sent. */
  readonly fromRange: Readonly<Record<string, string>>;
}

function readQuery(file: string): string {
  const read = readQueryFile(file);
  if (read.ok) return read.text;
  // A missing file is a typing mistake (usage); a file that exists but cannot be read is an error.
  throw new FileProblem('run/unreadable', read.reason, 1, read.missing ? 2 : 1);
}

/** Reads the file and plans its run with the command line's flags (the flags win over directives). */
export function prepare(file: string, flags: RunFlags, clock: RunClock = localClock()): PreparedQuery {
  return prepareText(file, readQuery(file), flags, clock);
}

/** Plans the run of a query text read from `file` (a query file, or a string of a JSON file). */
export function prepareText(
  file: string,
  text: string,
  flags: RunFlags,
  clock: RunClock = localClock(),
): PreparedQuery {
  return preparedPlan(file, text, planFile(text, flags, clock));
}

/** A plan made ready to send, or the FileProblem that says why it cannot be sent as it is. */
export function preparedPlan(file: string, text: string, plan: RunPlan): PreparedQuery {
  const [problem, ...more] = plan.problems;
  if (problem) {
    const suffix = more.length > 0 ? ` (and ${more.length} more)` : '';
    const message = englishOfRunText(problem.text);
    const said = problem.code === 'run/line' ? `--${message.replace(/of the file/, `of ${file}`)}` : message;
    throw new FileProblem(problem.code, `${said}${suffix}`, problem.line, problem.usage ? 2 : 1);
  }
  if (plan.needs.length > 0) throw new MissingValues(plan);
  const request = plan.request;
  if (!request) throw new FileProblem('run/empty', 'There is no query to run here.', 1, 1);
  return {
    text,
    plan,
    request,
    path: plan.request?.endpointId === 'mxqlPath' ? request.body.mql : undefined,
    pcode: plan.pcode,
    fromRange: plan.fromRange,
  };
}

/** Why a file failed: where in the file, a code, one line of text, and the exit code it means alone. */
export interface RunFailure {
  readonly line: number;
  readonly column: number;
  readonly code: string;
  readonly message: string;
  readonly exitCode: 1 | 2;
}

/** One file's outcome (or one query's, in a JSON file). */
/** One file's run as the CLI reports it: the run record's facts (common/runRecord.ts) and the rows. */
export interface FileRun extends Pick<RunRecord, 'ms'>, Partial<Pick<RunRecord, 'params' | 'pcode'>> {
  readonly path: string;
  /** In a JSON file: the JSON pointer of the query's string, and where its text starts inside the string (1-based). */
  readonly pointer?: string;
  readonly line?: number;
  readonly column?: number;
  readonly status: 'ok' | 'empty' | 'error';
  readonly rows: readonly MxqlRow[];
  readonly notice?: string;
  /** `$stime`/`$etime` the run filled from its time range, with the values sent. */
  readonly fromRange?: Readonly<Record<string, string>>;
  /** In a JSON file, `params` are the `$params` the board filled (--param, the author's, the default merge). */
  /** Where each of `params` came from (core's boardValues). */
  readonly paramOrigins?: Readonly<Record<string, ParamOrigin>>;
  /** The project the CLI chose for the file (with --demo), and why. */
  readonly project?: string;
  /** What the rows are (common/resultFacts.ts): limit reached and which end kept, the range sent. */
  readonly facts?: ResultFacts;
  readonly error?: RunFailure;
}

/** Code, message and file line of a failed run; a rejected query (400) says the service's own words. */
function describeFailure(error: unknown, q: PreparedQuery | undefined): RunFailure {
  if (error instanceof FileProblem) {
    const { code, message, line, exitCode } = error;
    return { line, column: 1, code, message, exitCode };
  }
  let message = error instanceof Error ? error.message : String(error);
  let code = isOpenApiError(error) ? `api/${error.kind}` : 'run/failed';
  if (isOpenApiError(error) && error.status === 400) {
    code = error.serviceCode ?? code;
    message = error.serviceMessage ?? message;
  }
  const mapped = q ? inFileLines(q.plan, message) : { message, line: undefined };
  return {
    line: mapped.line ?? 1,
    column: 1,
    code,
    // The server counted lines of the text it got; say the file's line instead.
    message: mapped.message.replace(/\s*\n\s*/g, ' '),
    exitCode: exitCodeOf(error),
  };
}

/** Runs one file against `target`: never throws; a failure is the outcome's `error`. */
export function runQueryFile(path: string, flags: RunFlags, target: Target): Promise<FileRun> {
  return runPrepared(path, () => prepare(path, flags), target);
}

/** Prepares (`prepareRun` may throw a FileProblem) and sends one query: never throws. */
export async function runPrepared(
  path: string,
  prepareRun: () => PreparedQuery,
  target: Target,
): Promise<FileRun> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  let prepared: PreparedQuery | undefined;
  let project: string | undefined;
  try {
    prepared = prepareRun();
    const q = prepared;
    const categories = () => (q.path ? [] : categoriesOf(q.request.body.mql));
    const choice = target.projectFor({ pcode: q.pcode, categories });
    project = choice.label;
    const pcode = choice.pcode;
    if (pcode === undefined)
      throw new FileProblem('run/no-project', 'give the project: --pcode N or -- @pcode N in the file', 1, 2);
    if (!target.hasProjectToken)
      throw new FileProblem('run/no-token', 'set MXQL_PROJECT_TOKEN to the project API token', 1, 2);
    const options = { pcode, catalog: bundledCategoryCatalog };
    const run = await untilInterrupted((signal) => executeRun(target.client, q, { ...options, signal }));
    // An empty result asks the data why (a FILTER that kept nothing, no data in the range), in words.
    const causes =
      run.rows.length > 0
        ? []
        : await untilInterrupted((signal) =>
            explainEmpty(target.client, run, {
              ...options,
              signal,
              fromRange: new Set(Object.keys(q.fromRange)),
            }),
          );
    const why = causes.map((c) => englishOf(emptyCauseText(c, pcode)));
    return {
      path,
      status: run.rows.length > 0 ? 'ok' : 'empty',
      rows: run.rows,
      ms: ms(),
      ...(why.length > 0 ? { notice: why.join(' ') } : run.notice ? { notice: run.notice } : {}),
      ...(Object.keys(q.fromRange).length > 0 ? { fromRange: q.fromRange } : {}),
      ...(project ? { project } : {}),
      pcode,
      facts: run.facts,
    };
  } catch (error) {
    const failure = describeFailure(await withLiveValues(error, target), prepared);
    return { path, status: 'error', rows: [], ms: ms(), ...(project ? { project } : {}), error: failure };
  }
}

/**
 * A refusal for missing values says the values the data holds for a tag value: its lookup runs on the
 * project the file would run on, over the same range. Without a project or a token, or when the lookup
 * fails, the refusal stays as the plan words it.
 */
async function withLiveValues(error: unknown, target: Target): Promise<unknown> {
  if (!(error instanceof MissingValues) || !error.plan.needs.some((n) => n.lookup)) return error;
  const { plan } = error;
  const mql = plan.query?.text ?? '';
  try {
    const { pcode } = target.projectFor({ pcode: plan.pcode, categories: () => categoriesOf(mql) });
    if (pcode === undefined || !target.hasProjectToken) return error;
    const live = await untilInterrupted((signal) =>
      withLiveChoices(plan.needs, plan.range, (body) => target.client.mxqlText(body, { signal, pcode })),
    );
    const text = englishOfRunText(needsText(live.needs, 'cli'));
    return new FileProblem(error.code, text, error.line, error.exitCode);
  } catch {
    // No project to read from (an unknown -- @pcode): the refusal as planned says what to give.
    return error;
  }
}

/** `1 row`, `2 rows`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Where and why a failed file failed, without the word "error" (the caller's prefix says it). */
export function failureText(run: FileRun, e: RunFailure): string {
  return `${run.path}:${e.line}:${e.column}: ${pointerText(run)}${e.code} ${e.message}${projectText(run)}`;
}

/** `/widgets/3/metrics/0/mql: ` for a query of a JSON file. */
function pointerText(run: FileRun): string {
  return run.pointer === undefined ? '' : `${run.pointer}: `;
}

/** `board.json:9:18: ` for a query of a JSON file (where its text starts), `tps.mxql: ` for a file. */
function placeText(run: FileRun): string {
  if (run.pointer === undefined) return `${run.path}: `;
  return `${run.path}:${run.line ?? 1}:${run.column ?? 1}: ${run.pointer}: `;
}

function projectText(run: FileRun): string {
  return run.project ? ` · ${run.project}` : '';
}

/** ` · $etime = 1767229200000 from the time range`: what the run filled in, as it was sent. */
function fromRangeText(run: FileRun): string {
  const filled = Object.entries(run.fromRange ?? {}).map(([name, value]) => `${name} = ${value}`);
  return filled.length > 0 ? ` · ${filled.join(', ')} from the time range` : '';
}

/** ` · $TIME_MERGE_PLACE = sum from /widgets/1/metrics/3/param`: each value a board filled, and whence. */
function originsText(run: FileRun): string {
  const parts = Object.entries(run.paramOrigins ?? {}).map(
    ([name, origin]) => `${name} = ${run.params?.[name] ?? ''} ${originWords(name, origin)}`,
  );
  return parts.length > 0 ? ` · ${parts.join(', ')}` : '';
}

/** `2026-11-21 11:00 → 12:00 UTC+01:00`: the range sent, in this machine's zone. */
export function sentRangeText(
  stime: number,
  etime: number,
  zone: TimezoneOffset = localClock().timezone,
): string {
  const from = formatLocal(stime, zone);
  const to = formatLocal(etime, zone);
  const sameDay = from.slice(0, 10) === to.slice(0, 10);
  const offset = typeof zone === 'number' ? zone : zone(etime);
  return `${from} → ${sameDay ? to.slice(11) : to} ${formatZone(offset)}`;
}

/**
 * ` · limit 1000 reached: …`: what the rows are beyond their count, so a cut or a column no row has is
 * never silent (the facts of common/resultFacts.ts, worded for a terminal).
 */
export function factsText(facts: ResultFacts, zone: TimezoneOffset = localClock().timezone): string {
  const parts: string[] = [];
  const cut = facts.cut;
  if (cut) {
    const at = (ms: number) => {
      const text = formatLocal(ms, zone);
      return text.slice(0, 10) === formatLocal(facts.etime, zone).slice(0, 10) ? text.slice(11) : text;
    };
    const kept =
      cut.kept === 'first'
        ? `kept the first rows in the query's order`
        : cut.covered === undefined
          ? `kept the ${cut.kept} rows`
          : cut.kept === 'oldest'
            ? `kept the oldest rows (complete up to ${at(cut.covered.etime)})`
            : `kept the newest rows (complete from ${at(cut.covered.stime)})`;
    const all =
      cut.estimatedTotal === undefined
        ? 'more may exist: raise --limit or narrow the range'
        : `about ${cut.estimatedTotal} rows in the range: --limit ${cut.suggestedLimit ?? cut.estimatedTotal} returns them all`;
    parts.push(`limit ${facts.limit} reached: ${kept}; ${all}`);
  }
  if (facts.missingColumns.length > 0)
    parts.push(`no row has ${facts.missingColumns.join(', ')} (not a column of the category?)`);
  parts.push(`range ${sentRangeText(facts.stime, facts.etime, zone)}`);
  return parts.map((p) => ` · ${p}`).join('');
}

/** The one line that reports a file's outcome, alone (on stderr) or in a folder run (on stdout). */
export function outcomeLine(run: FileRun): string {
  const e = run.error;
  if (e)
    return `${run.path}:${e.line}:${e.column}: ${pointerText(run)}error ${e.code} ${e.message}${originsText(run)}${projectText(run)}`;
  const facts = run.facts ? factsText(run.facts) : '';
  if (run.status === 'empty')
    return `${placeText(run)}empty${run.notice ? ` (${run.notice})` : ''}${fromRangeText(run)}${originsText(run)}${projectText(run)}${facts}`;
  return `${placeText(run)}ok ${plural(run.rows.length, 'row')} (${run.ms} ms)${fromRangeText(run)}${originsText(run)}${projectText(run)}${facts}`;
}

/** What `mxql run --format json` prints for one query: the facts of its rows, then the rows. */
export function resultJson(run: FileRun): Record<string, unknown> {
  const facts = run.facts;
  return {
    rowCount: run.rows.length,
    ...(facts
      ? {
          limit: facts.limit,
          complete: facts.cut === undefined,
          ...(facts.cut ? { cut: facts.cut } : {}),
          range: {
            stime: facts.stime,
            etime: facts.etime,
            stimeIso: new Date(facts.stime).toISOString(),
            etimeIso: new Date(facts.etime).toISOString(),
          },
          ...(facts.timeSpan ? { timeSpan: facts.timeSpan } : {}),
          ...(facts.missingColumns.length > 0 ? { missingColumns: facts.missingColumns } : {}),
        }
      : {}),
    ...(run.pcode !== undefined ? { pcode: run.pcode } : {}),
    ...(run.project ? { project: run.project } : {}),
    ...(run.notice ? { notice: run.notice } : {}),
    ...(run.fromRange ? { fromRange: run.fromRange } : {}),
  };
}
