// `mxql run <files | dirs | globs…> --demo`: runs every query file and reports, per file, `ok N rows`,
// `empty` (with the reason the server gave, when it gave one) or the error at `path:line:col`, in the
// formats of `mxql check` (text, json). Exit 1 when any file failed: a smoke test a team puts in CI
// next to `mxql check`. Files run one after another against one target, so the demo starts once.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  lineColumnOf,
  lineStartsOf,
  parseDirectives,
  stripDirectives,
  type DirectiveEntry,
} from '../server/core/index';
import { isOpenApiError, mxqlNoticeOf, type MxqlRow } from '../api/index';
import {
  durationMs,
  openTarget,
  parseCommandLine,
  integerFlag,
  runGuarded,
  targetOptions,
  UsageError,
  untilInterrupted,
  type Target,
} from './args';
import { expandOperands, readQueryFile } from './files';

const HELP = `Usage: mxql run <files, directories or globs…> [options]

Runs every MXQL file named (a directory means every *.mxql below it; quote globs such as
"queries/**/*.mxql") and prints one line per file: 'ok N rows', 'empty' (with the reason, when the
server gives one) or the error as path:line:col. Each file's directives apply (@range, @param,
@inject, @limit, @path, @pcode).

Target: --demo (the in-process demo backend), or --base-url URL --pcode N with MXQL_PROJECT_TOKEN.
Options:
  --range D              relative range ending now for files without their own (default 1h)
  --limit N              maximum rows per file (default: the file's @limit, else 1000)
  --format text|json     output format (default: text)

Exit codes: 0 every file ran (with rows or empty), 1 at least one file failed, 2 usage error.
`;

const options = { ...targetOptions, range: { type: 'string' }, limit: { type: 'string' } } as const;

/** One file's outcome. */
interface FileRun {
  readonly path: string;
  readonly status: 'ok' | 'empty' | 'error';
  readonly rows: number;
  readonly ms: number;
  readonly notice?: string;
  readonly error?: { line: number; column: number; code: string; message: string };
}

/** True when `mxql run` was given several files, a directory or a glob: the many-file form. */
export function runsManyFiles(args: readonly string[]): boolean {
  const positionals = args.filter((a, i) => !a.startsWith('-') && !isOptionValue(args, i));
  if (positionals.length > 1) return true;
  const only = positionals[0];
  if (only === undefined) return false;
  if (/[*?]/.test(only)) return true;
  try {
    return statSync(resolve(only)).isDirectory();
  } catch {
    return false;
  }
}

/** Flags of `mxql run` that take no value; every other `--flag` (without `=`) takes the next argument. */
const BOOLEAN_FLAGS = new Set(
  Object.entries(targetOptions)
    .filter(([, o]) => o.type === 'boolean')
    .flatMap(([name, o]) => [`--${name}`, ...('short' in o ? [`-${o.short}`] : [])]),
);

function isOptionValue(args: readonly string[], i: number): boolean {
  const previous = args[i - 1];
  return (
    previous !== undefined &&
    previous.startsWith('-') &&
    !previous.includes('=') &&
    !BOOLEAN_FLAGS.has(previous)
  );
}

/** The original line of a line of the text with its directive lines removed. */
function originalLine(entries: readonly DirectiveEntry[], text: string, strippedLine: number): number {
  const starts = lineStartsOf(text);
  const removed = new Set(entries.map((e) => lineColumnOf(starts, e.range.start).line));
  let kept = 0;
  for (let line = 1; ; line++) {
    if (removed.has(line)) continue;
    if (++kept === strippedLine) return line;
  }
}

/** Code, message and line of a failed run, from the server's JSON error when there is one. */
function describeFailure(error: unknown): { code: string; message: string; line: number | undefined } {
  const message = error instanceof Error ? error.message : String(error);
  let code = isOpenApiError(error) ? `api/${error.kind}` : 'run/failed';
  let detail = message;
  if (isOpenApiError(error) && error.bodyExcerpt) {
    try {
      const body = JSON.parse(error.bodyExcerpt) as { code?: unknown; message?: unknown };
      if (typeof body.code === 'string') code = body.code;
      if (typeof body.message === 'string') detail = body.message;
    } catch {
      // not JSON: keep the client's message
    }
  }
  const line = /\bline (\d+)\b/.exec(detail)?.[1];
  return {
    code,
    message: detail.replace(/\s*\n\s*/g, ' '),
    line: line === undefined ? undefined : Number(line),
  };
}

async function runFile(
  path: string,
  target: Target,
  defaults: { rangeMs: number; limit?: number },
): Promise<FileRun> {
  const started = performance.now();
  let text = '';
  try {
    const read = readQueryFile(path);
    if (!read.ok) return fail(path, started, { code: 'run/unreadable', message: read.reason, line: 1 });
    text = read.text;
    const d = parseDirectives(text, { timezoneOffsetMinutes: -new Date().getTimezoneOffset() });
    const problem = d.diagnostics.find((x) => x.severity === 'error');
    if (problem) {
      const line = lineColumnOf(lineStartsOf(text), problem.range.start).line;
      return fail(path, started, { code: problem.code, message: problem.message, line });
    }
    const now = Date.now();
    const etime = d.etime ?? now;
    const stime = d.stime ?? etime - (d.range?.ms ?? defaults.rangeMs);
    const common = {
      stime,
      etime,
      limit: defaults.limit ?? d.limit ?? 1000,
      ...(Object.keys(d.injects).length > 0 ? { inject: d.injects } : {}),
    };
    const pcode = d.pcode ?? target.pcode;
    const callOptions = pcode === undefined ? {} : { pcode };
    const rows: MxqlRow[] = await untilInterrupted((signal) =>
      d.path
        ? target.client.mxqlPath({ ...common, mql: d.path }, { ...callOptions, signal })
        : target.client.mxqlText(
            {
              ...common,
              mql: stripDirectives(text),
              ...(Object.keys(d.params).length > 0 ? { param: d.params } : {}),
            },
            { ...callOptions, signal },
          ),
    );
    const notice = mxqlNoticeOf(rows);
    return {
      path,
      status: rows.length > 0 ? 'ok' : 'empty',
      rows: rows.length,
      ms: Math.round(performance.now() - started),
      ...(notice ? { notice } : {}),
    };
  } catch (error) {
    const failure = describeFailure(error);
    const entries = text ? parseDirectives(text).entries : [];
    const line = failure.line === undefined ? 1 : originalLine(entries, text, failure.line);
    // The server counted lines of the text without its directives; say the file's line instead.
    const message = failure.message.replace(/\bline \d+\b/, `line ${line}`);
    return fail(path, started, { ...failure, message, line });
  }
}

function fail(path: string, started: number, e: { code: string; message: string; line: number }): FileRun {
  return {
    path,
    status: 'error',
    rows: 0,
    ms: Math.round(performance.now() - started),
    error: { line: e.line, column: 1, code: e.code, message: e.message },
  };
}

function summary(runs: readonly FileRun[]) {
  const count = (status: FileRun['status']) => runs.filter((r) => r.status === status).length;
  return { files: runs.length, ok: count('ok'), empty: count('empty'), errors: count('error') };
}

function renderText(runs: readonly FileRun[]): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const lines = runs.map((r) => {
    if (r.error)
      return `${r.path}:${r.error.line}:${r.error.column}: error ${r.error.code} ${r.error.message}`;
    if (r.status === 'empty') return `${r.path}: empty${r.notice ? ` (${r.notice})` : ''}`;
    return `${r.path}: ok ${plural(r.rows, 'row')} (${r.ms} ms)`;
  });
  const s = summary(runs);
  lines.push(`${plural(s.files, 'file')} run: ${s.ok} ok, ${s.empty} empty, ${plural(s.errors, 'error')}`);
  return `${lines.join('\n')}\n`;
}

function renderJson(runs: readonly FileRun[]): string {
  return `${JSON.stringify({ files: runs, summary: summary(runs) }, null, 2)}\n`;
}

async function execute(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(args, options);
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json')
    throw new UsageError(`--format must be text or json when running several files (got '${format}')`);
  const { files, problems, unmatched } = expandOperands(positionals, process.cwd());
  for (const p of problems) process.stderr.write(`mxql run: ${p.path}: not run: ${p.reason}\n`);
  if (unmatched.length > 0)
    throw new UsageError(`no .mxql files match ${unmatched.map((u) => `'${u}'`).join(', ')}`);
  const defaults = {
    rangeMs: values.range === undefined ? 3_600_000 : durationMs('--range', values.range),
    ...(values.limit === undefined ? {} : { limit: integerFlag('--limit', values.limit) }),
  };
  const target = await openTarget(values);
  try {
    if (!target.hasProjectToken) throw new UsageError('set MXQL_PROJECT_TOKEN to the project API token');
    const runs: FileRun[] = [];
    for (const path of files) runs.push(await runFile(path, target, defaults));
    process.stdout.write(format === 'json' ? renderJson(runs) : renderText(runs));
    return problems.length > 0 || runs.some((r) => r.status === 'error') ? 1 : 0;
  } finally {
    await target.close();
  }
}

/** The many-file form of `mxql run`. */
export const runMany = (args: readonly string[]): Promise<number> => runGuarded('run', () => execute(args));
