// `mxql run FILE --compare prev|1d|7d`: the file's query over its window and over the baseline (the
// window before, or the same window a day or a week earlier), both planned by the one planner
// (the core's planComparison) and sent by the one executor (runPrepared), in the one sequence of
// api/executeComparison.ts, then what moved per agent and field, ranked by the core's compareRows.
// Prints both windows and the ranking.
import { executeComparison } from '../api/index';
import {
  isBaseline,
  BASELINES,
  type Baseline,
  type Comparison,
  type FieldChange,
  type RunPlan,
} from '../server/core/index';
import { UsageError, type Target } from './args';
import { readQueryFile } from './files';
import type { OutputFormat } from './format';
import { formatOutput } from './format';
import {
  FileProblem,
  localClock,
  planInputOf,
  preparedPlan,
  resultJson,
  runPrepared,
  sentRangeText,
  type FileRun,
  type RunClock,
  type RunFlags,
} from './runQuery';

export const compareHelp = `  --compare B            compare with a baseline: prev (the window before), 1d or 7d (the same
                         window a day or a week earlier); prints both windows and what moved per
                         agent and field, ranked by the change against the baseline's spread`;

/** The --compare flag's baseline, or undefined when not given. */
export function baselineFlag(value: string | undefined): Baseline | undefined {
  if (value === undefined) return undefined;
  if (isBaseline(value.trim())) return value.trim() as Baseline;
  throw new UsageError(`--compare must be one of ${BASELINES.join(', ')} (got '${value}')`);
}

/** Both runs of a comparison and, when both ran, the ranking. */
export interface ComparedRuns {
  readonly baseline: Baseline;
  readonly shiftMs: number;
  readonly window: FileRun;
  readonly base: FileRun;
  readonly comparison: Comparison | undefined;
}

/** Plans and runs the file's query over its window and the baseline, one after the other: never throws. */
export async function compareQueryFile(
  file: string,
  flags: RunFlags,
  baseline: Baseline,
  target: Target,
  clock: RunClock = localClock(),
): Promise<ComparedRuns> {
  const read = readQueryFile(file);
  const text = read.ok ? read.text : '';
  const prepare = (plan: RunPlan) => () => {
    if (!read.ok) throw new FileProblem('run/unreadable', read.reason, 1, read.missing ? 2 : 1);
    return preparedPlan(file, text, plan);
  };
  const runs = await executeComparison(planInputOf(text, flags, clock), baseline, {
    run: (plan) => runPrepared(file, prepare(plan), target),
    rowsOf: (run) => (run.error ? undefined : run.rows),
  });
  const { window, shiftMs, comparison } = runs;
  return { baseline, shiftMs, window, base: runs.base ?? window, comparison };
}

/** `+200.0%`, `-50.0%`, `new` when the baseline was 0. */
function percent(change: FieldChange): string {
  if (change.relative === null) return 'new';
  const value = (change.relative * 100).toFixed(1);
  return `${change.relative > 0 ? '+' : ''}${value}%`;
}

/** Numbers for a reader: at most 3 decimals, whole numbers kept whole. */
function shown(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/** The ranking as table rows, the farthest moved first. */
export function rankingRows(comparison: Comparison): Record<string, string | number>[] {
  return comparison.changes.map((c, i) => ({
    rank: i + 1,
    agent: c.agent,
    field: c.field,
    baseline: shown(c.baseline),
    window: shown(c.window),
    change: shown(c.change),
    relative: percent(c),
    score: Math.round(c.score * 10) / 10,
  }));
}

/** `window   2026-11-20 11:30 → 12:00 UTC · 240 rows`: one line per window. */
export function windowLines(runs: ComparedRuns): string[] {
  const line = (label: string, run: FileRun) => {
    const facts = run.facts;
    const range = facts ? sentRangeText(facts.stime, facts.etime) : '';
    // The ranking compares means: a window the limit cut holds only part of its time, so say the limit that holds all.
    const suggested = facts?.cut?.suggestedLimit;
    const cut = facts?.cut
      ? ` · limit ${facts.limit} reached, only part of the window compared: ${suggested === undefined ? 'raise --limit' : `--limit ${suggested} returns it all`}`
      : '';
    return `${label} ${range} · ${run.rows.length} rows${cut}`;
  };
  const only = (label: string, names: readonly string[]) =>
    names.length > 0 ? [`only in the ${label}: ${names.join(', ')}`] : [];
  return [
    line('window  ', runs.window) + (runs.window.project ? ` · ${runs.window.project}` : ''),
    line(`baseline`, runs.base) + ` (${runs.baseline})`,
    ...only('window', runs.comparison?.onlyInWindow ?? []),
    ...only('baseline', runs.comparison?.onlyInBaseline ?? []),
  ];
}

/** What `mxql run --compare --format json` prints. */
export function comparisonJson(runs: ComparedRuns): Record<string, unknown> {
  const comparison = runs.comparison;
  return {
    baseline: runs.baseline,
    shiftMs: runs.shiftMs,
    window: resultJson(runs.window),
    baselineWindow: resultJson(runs.base),
    agentKey: comparison?.agentKey ?? null,
    changes: comparison?.changes ?? [],
    onlyInWindow: comparison?.onlyInWindow ?? [],
    onlyInBaseline: comparison?.onlyInBaseline ?? [],
  };
}

/** The output of a comparison in the chosen format; the windows go first on a table, to stderr otherwise. */
export function comparisonOutput(
  runs: ComparedRuns,
  format: OutputFormat,
): { stdout: string; stderr: string } {
  const lines = windowLines(runs);
  if (format === 'json') return { stdout: formatOutput(comparisonJson(runs), 'json'), stderr: '' };
  const rows = runs.comparison ? rankingRows(runs.comparison) : [];
  const table = formatOutput(rows, format);
  if (format === 'csv') return { stdout: table, stderr: `${lines.join('\n')}\n` };
  return { stdout: `${lines.join('\n')}\n\n${table}`, stderr: '' };
}
