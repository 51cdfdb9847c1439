// `mxql run <file.mxql>`: runs a query file against the Open API or the in-process demo backend.
// The file's directives supply range, params, injects, limit, path and pcode; command-line options
// override them. Directive lines are stripped before sending.
import {
  describeInjectCycle,
  directiveErrors,
  findInjectCycle,
  parseDirectives,
  parsedText,
  queryAt,
  wholeQuery,
  type QueryAt,
} from '../server/core/index';
import { mxqlNoticeOf, type MxqlRow } from '../api/index';
import type { Subcommand } from './main';
import {
  durationMs,
  openTarget,
  outputFormat,
  parseCommandLine,
  integerFlag,
  runGuarded,
  targetHelp,
  targetOptions,
  timeMs,
  UsageError,
  untilInterrupted,
  type Target,
} from './args';
import { readQueryFile } from './files';
import { formatOutput } from './format';

const HELP = `Usage: mxql run <file.mxql> [options]
       mxql run <files, directories or globs…> --demo   (see mxql run "*.mxql" --help)

Runs an MXQL file and prints its rows. Directives in the file (-- @range, @stime/@etime, @param,
@inject, @limit, @path, @pcode) apply; options given here override them.

${targetHelp}
Query:
  --range D              relative range ending now: 15m, 1h, 7d (default: the file's, else 1h)
  --stime T --etime T    absolute range: epoch ms, 'yyyy-MM-dd HH:mm' (local), ISO 8601, now-1h
  --param '$name=value'  a $param value (repeatable)
  --inject name=MXQL     an INJECT fragment (repeatable; repeating a name adds a line)
  --limit N              maximum rows, 1 to 1000000 (default: the file's @limit, else 1000)
  --line N               run only the query at line N, as Run Query at Cursor does (default: the file)

Exit codes: 0 ok, 1 query or API error, 2 usage error.
`;

const options = {
  ...targetOptions,
  range: { type: 'string' },
  stime: { type: 'string' },
  etime: { type: 'string' },
  param: { type: 'string', multiple: true },
  inject: { type: 'string', multiple: true },
  limit: { type: 'string' },
  line: { type: 'string' },
} as const;

type Values = ReturnType<typeof parseCommandLine<typeof options>>['values'];
type Directives = ReturnType<typeof parseDirectives>;

function assignments(
  flag: string,
  list: readonly string[] | undefined,
  into: Record<string, string>,
  join: boolean,
) {
  for (const item of list ?? []) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new UsageError(`${flag} takes name=value (got '${item}')`);
    const name = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    const key = flag === '--param' && !name.startsWith('$') ? `$${name}` : name;
    const previous = into[key];
    into[key] = join && previous !== undefined ? `${previous}\n${value}` : value;
  }
}

function timeRange(values: Values, d: Directives, now: number): { stime: number; etime: number } {
  if (values.stime !== undefined || values.etime !== undefined) {
    if (values.stime === undefined || values.etime === undefined)
      throw new UsageError('--stime and --etime go together');
    return { stime: timeMs('--stime', values.stime, now), etime: timeMs('--etime', values.etime, now) };
  }
  if (values.range !== undefined) return { stime: now - durationMs('--range', values.range), etime: now };
  if (d.stime !== undefined && d.etime !== undefined) return { stime: d.stime, etime: d.etime };
  return { stime: now - (d.range?.ms ?? 3_600_000), etime: now };
}

/** Missing `$names` of `query` (none for a path run: it takes no params). */
function missingParams(query: QueryAt, params: Record<string, string>): string[] {
  return query.params.filter((name) => params[name] === undefined);
}

function directiveProblems(file: string, text: string, d: Directives): void {
  const [first, ...more] = directiveErrors(text, d);
  if (!first) return;
  const suffix = more.length > 0 ? ` (and ${more.length} more)` : '';
  throw new Error(`${file}:${first.line}: ${first.message}${suffix}`);
}

/**
 * The query to send: with `--line N`, the query at that line as Run Query at Cursor and the CodeLens
 * see it (the core's `queryAt`); otherwise the whole file, as Run File sends it.
 */
export function chooseQuery(file: string, text: string, line: number | undefined): QueryAt {
  if (line === undefined) return wholeQuery(text);
  const source = parsedText(text);
  const offset = source.parsed.ast.lineStarts[line - 1];
  if (offset === undefined)
    throw new UsageError(
      `--line ${line} is past the end of ${file} (${source.parsed.ast.lineStarts.length} lines)`,
    );
  const query = queryAt(source, offset);
  if (!query) throw new UsageError(`${file} has no query (only comments, directives or blank lines)`);
  return query;
}

function readQuery(file: string): string {
  const read = readQueryFile(file);
  if (read.ok) return read.text;
  // A missing file is a typing mistake (usage); a file that exists but cannot be read is an error.
  if (read.missing) throw new UsageError(`no such file: ${file}`);
  throw new Error(`${file}: ${read.reason}`);
}

interface PreparedQuery {
  query: string;
  path: string | undefined;
  pcode: number | undefined;
  stime: number;
  etime: number;
  limit: number;
  params: Record<string, string>;
  inject: Record<string, string>;
}

/** Reads the file and merges its directives with the command line (the command line wins). */
function prepare(file: string, values: Values): PreparedQuery {
  const text = readQuery(file);
  const d = parseDirectives(text, { timezoneOffsetMinutes: -new Date().getTimezoneOffset() });
  directiveProblems(file, text, d);
  const query = chooseQuery(file, text, integerFlag('--line', values.line));
  const params = { ...d.params };
  assignments('--param', values.param, params, false);
  const inject = { ...d.injects };
  assignments('--inject', values.inject, inject, true);
  const cycle = findInjectCycle(inject);
  if (cycle) {
    throw new UsageError(
      `INJECT fragments form a cycle (${describeInjectCycle(cycle)}) and can never be expanded: change --inject or the file's -- @inject lines`,
    );
  }
  const missing = d.path ? [] : missingParams(query, params);
  if (missing.length > 0) {
    const first = missing[0] ?? '';
    throw new UsageError(
      `missing value for ${missing.join(', ')}: add --param '${first}=value' or '-- @param ${first} = value'`,
    );
  }
  const limit = integerFlag('--limit', values.limit) ?? d.limit ?? 1000;
  return {
    query: query.text,
    path: d.path,
    pcode: d.pcode,
    ...timeRange(values, d, Date.now()),
    limit,
    params,
    inject,
  };
}

function send(target: Target, q: PreparedQuery, signal: AbortSignal): Promise<MxqlRow[]> {
  const options = { signal, ...(target.pcode !== undefined ? { pcode: target.pcode } : {}) };
  const common = {
    stime: q.stime,
    etime: q.etime,
    limit: q.limit,
    ...(Object.keys(q.inject).length > 0 ? { inject: q.inject } : {}),
  };
  if (q.path) return target.client.mxqlPath({ ...common, mql: q.path }, options);
  const param = Object.keys(q.params).length > 0 ? { param: q.params } : {};
  return target.client.mxqlText({ ...common, mql: q.query, ...param }, options);
}

async function execute(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(args, options);
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new UsageError('give exactly one .mxql file');
  const format = outputFormat(values.format);
  const prepared = prepare(file, values);
  const target = await openTarget(values, prepared.pcode);
  try {
    if (target.pcode === undefined)
      throw new UsageError('give the project: --pcode N or -- @pcode N in the file');
    if (!target.hasProjectToken) throw new UsageError('set MXQL_PROJECT_TOKEN to the project API token');
    const started = performance.now();
    const rows = await untilInterrupted((signal) => send(target, prepared, signal));
    process.stdout.write(formatOutput(rows, format));
    const ms = Math.round(performance.now() - started);
    process.stderr.write(`${rows.length} row${rows.length === 1 ? '' : 's'} in ${ms} ms\n`);
    const notice = mxqlNoticeOf(rows);
    if (notice) process.stderr.write(`${notice}\n`);
    return 0;
  } finally {
    await target.close();
  }
}

export const run: Subcommand = async (args) => {
  // Several files, a directory or a glob: run them all and report per file (cli/runMany.ts).
  const many = await import('./runMany');
  return many.runsManyFiles(args) ? many.runMany(args) : runGuarded('run', () => execute(args));
};
