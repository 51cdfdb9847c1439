// `mxql run <files | dirs | globs…> --demo`: runs every query file and reports, per file, `ok N rows`,
// `empty` (with the reason the server gave, when it gave one) or the error at `path:line:col`, in the
// formats of `mxql check` (text, json). Exit 1 when any file failed: a smoke test a team puts in CI
// next to `mxql check`. Files run one after another against one target, so the demo starts once; each
// runs through cli/runQuery.ts exactly as `mxql run file` runs it alone.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { openTarget, parseCommandLine, runGuarded, targetOptions, UsageError } from './args';
import { expandOperands } from './files';
import { runJsonFile } from './runJson';
import {
  outcomeLine,
  resultJson,
  plural,
  runFlags,
  runOptions,
  runQueryFile,
  runQueryHelp,
  type FileRun,
} from './runQuery';

const HELP = `Usage: mxql run <files, directories or globs…> [options]

Runs every MXQL file named (a directory means every *.mxql below it and every *.json file that holds
MXQL; quote globs such as "queries/**/*.mxql") and prints one line per file: 'ok N rows', 'empty'
(with the reason, when the server gives one) or the error as path:line:col. Each file runs exactly as
'mxql run file' runs it alone: its directives apply (@range, @stime/@etime, @param, @inject, @limit,
@path, @pcode) and the options below override them. With --demo and no --pcode or -- @pcode, each file
runs in the demo project of its categories' product line (its line names the project).

In a JSON file (a dashboard), each string of a mql or query key runs as a query, and its line reads
path:line:col: /json/pointer: (where its text starts); --format json adds "pointer". The board's
conventions apply: INJECT timepast and INJECT default are sent empty unless --inject (or an inject
object beside the query) gives them. Each $param takes --param, else what the dashboard's author
set (the metric's or widget's "param", the fields' timeMerge / objectMerge for $TIME_MERGE_PLACE /
$OBJECT_MERGE_PLACE); the line names where each came from. A merge nobody set needs --param (avg,
sum, max or min).

Target: --demo (the in-process demo backend), or --base-url URL --pcode N with MXQL_PROJECT_TOKEN.
${runQueryHelp}
Output:
  --format text|json     one line per file, or the shape of mxql check --format json (default: text)

Exit codes: 0 every file ran (with rows or empty), 1 at least one file failed, 2 usage error.
`;

/**
 * True when `mxql run` was given several files, a directory, a glob or a JSON file (a dashboard holds
 * many queries): the many-file form.
 */
export function runsManyFiles(args: readonly string[]): boolean {
  const positionals = args.filter((a, i) => !a.startsWith('-') && !isOptionValue(args, i));
  if (positionals.length > 1) return true;
  const only = positionals[0];
  if (only === undefined) return false;
  if (/[*?]/.test(only) || only.endsWith('.json')) return true;
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

function summary(runs: readonly FileRun[]) {
  const count = (status: FileRun['status']) => runs.filter((r) => r.status === status).length;
  const queries = runs.filter((r) => r.pointer !== undefined).length;
  return {
    files: new Set(runs.map((r) => r.path)).size,
    ...(queries > 0 ? { queries } : {}),
    ok: count('ok'),
    empty: count('empty'),
    errors: count('error'),
  };
}

function renderText(runs: readonly FileRun[]): string {
  const lines = runs.map(outcomeLine);
  const s = summary(runs);
  const queries =
    s.queries === undefined ? '' : `, ${s.queries} ${s.queries === 1 ? 'query' : 'queries'} in JSON`;
  lines.push(
    `${plural(s.files, 'file')}${queries} run: ${s.ok} ok, ${s.empty} empty, ${plural(s.errors, 'error')}`,
  );
  return `${lines.join('\n')}\n`;
}

function renderJson(runs: readonly FileRun[]): string {
  const files = runs.map(({ error, facts, ...run }) => ({
    ...run,
    ...(facts ? resultJson({ ...run, facts }) : {}),
    rows: run.rows.length,
    ...(error
      ? { error: { line: error.line, column: error.column, code: error.code, message: error.message } }
      : {}),
  }));
  return `${JSON.stringify({ files, summary: summary(runs) }, null, 2)}\n`;
}

async function execute(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(args, runOptions);
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json')
    throw new UsageError(`--format must be text or json when running several files (got '${format}')`);
  if (values.line !== undefined) throw new UsageError('--line picks a query of one file; give one file');
  if (values.compare !== undefined) throw new UsageError('--compare compares one query; give one file');
  const flags = runFlags(values);
  const { files, problems, unmatched, walkedJson } = expandOperands(positionals, process.cwd(), {
    json: true,
  });
  for (const p of problems) process.stderr.write(`mxql run: ${p.path}: not run: ${p.reason}\n`);
  if (unmatched.length > 0)
    throw new UsageError(`no .mxql or .json files match ${unmatched.map((u) => `'${u}'`).join(', ')}`);
  const walked = new Set(walkedJson);
  const target = await openTarget(values);
  try {
    if (!target.hasProjectToken) throw new UsageError('set MXQL_PROJECT_TOKEN to the project API token');
    const runs: FileRun[] = [];
    for (const path of files) {
      if (path.endsWith('.json')) runs.push(...(await runJsonFile(path, flags, target, walked.has(path))));
      else runs.push(await runQueryFile(path, flags, target));
    }
    process.stdout.write(format === 'json' ? renderJson(runs) : renderText(runs));
    return problems.length > 0 || runs.some((r) => r.status === 'error') ? 1 : 0;
  } finally {
    await target.close();
  }
}

/** The many-file form of `mxql run`. */
export const runMany = (args: readonly string[]): Promise<number> => runGuarded('run', () => execute(args));
