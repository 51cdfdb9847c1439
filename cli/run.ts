// `mxql run <file.mxql>`: runs a query file against the Open API or the in-process demo backend and
// prints its rows. The file's directives supply range, params, injects, limit, path and pcode; command-line
// options override them (cli/runQuery.ts, which the many-file form shares).
import { mxqlNoticeOf } from '../api/index';
import type { Subcommand } from './main';
import {
  openTarget,
  outputFormat,
  parseCommandLine,
  reportFailure,
  runGuarded,
  targetHelp,
  UsageError,
} from './args';
import { formatOutput, type OutputFormat } from './format';
import { baselineFlag, compareHelp, compareQueryFile, comparisonOutput } from './runCompare';
import type { Baseline } from '../server/core/index';
import type { Target } from './args';
import {
  failureText,
  type RunFlags,
  outcomeLine,
  resultJson,
  runFlags,
  runOptions,
  runQueryFile,
  runQueryHelp,
} from './runQuery';

// `mxql run --line N` picks its query here; re-exported for the query-boundary test.
export { chooseQuery } from './runQuery';

const HELP = `Usage: mxql run <file.mxql> [options]
       mxql run <files, directories, globs or dashboard .json…> --demo   (see mxql run "*.mxql" --help)

Runs an MXQL file and prints its rows, then one line on stderr: 'ok N rows', 'empty' (with the
reason, when the server gives one) or the error as path:line:col. Directives in the file (-- @range,
@stime/@etime, @param, @inject, @limit, @path, @pcode) apply; options given here override them. With
--demo and no --pcode or -- @pcode, the file runs in the demo project of its categories' product line
(the line names the project).

${targetHelp}
${runQueryHelp}
  --line N               run only the query at line N, as Run Query at Cursor does (default: the file)
${compareHelp}

Exit codes: 0 ok, 1 query or API error, 2 usage error.
`;

async function execute(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(args, runOptions);
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new UsageError('give exactly one .mxql file');
  const format = outputFormat(values.format);
  const flags = runFlags(values);
  const baseline = baselineFlag(values.compare);
  const target = await openTarget(values);
  try {
    if (baseline) return await compare(file, flags, baseline, target, format);
    const run = await runQueryFile(file, flags, target);
    if (run.error) {
      const { exitCode, code } = run.error;
      return reportFailure(
        'run',
        failureText(run, run.error),
        exitCode,
        exitCode === 2 && !code.startsWith('api/'),
      );
    }
    // JSON says what the rows are (limit reached, range, project) beside them; table and CSV are the rows.
    const output = format === 'json' ? { ...resultJson(run), rows: run.rows } : run.rows;
    process.stdout.write(formatOutput(output, format));
    process.stderr.write(`${outcomeLine(run)}\n`);
    const notice = mxqlNoticeOf(run.rows);
    if (notice && run.status === 'ok') process.stderr.write(`${notice}\n`);
    return 0;
  } finally {
    await target.close();
  }
}

/** `--compare`: both windows, then the ranking; a failure of either run fails the command as a run would. */
async function compare(
  file: string,
  flags: RunFlags,
  baseline: Baseline,
  target: Target,
  format: OutputFormat,
): Promise<number> {
  const runs = await compareQueryFile(file, flags, baseline, target);
  const failed = runs.window.error ? runs.window : runs.base.error ? runs.base : undefined;
  if (failed?.error) {
    const { exitCode, code } = failed.error;
    const which = failed === runs.window ? '' : ` (baseline ${baseline})`;
    return reportFailure(
      'run',
      `${failureText(failed, failed.error)}${which}`,
      exitCode,
      exitCode === 2 && !code.startsWith('api/'),
    );
  }
  const output = comparisonOutput(runs, format);
  process.stdout.write(output.stdout);
  if (output.stderr) process.stderr.write(output.stderr);
  const count = runs.comparison?.changes.length ?? 0;
  process.stderr.write(
    `${file}: compared ${count} agent fields · ${runs.window.rows.length} rows vs ${runs.base.rows.length} rows (${baseline})\n`,
  );
  return 0;
}

export const run: Subcommand = async (args) => {
  // Several files, a directory or a glob: run them all and report per file (cli/runMany.ts).
  const many = await import('./runMany');
  return many.runsManyFiles(args) ? many.runMany(args) : runGuarded('run', () => execute(args));
};
