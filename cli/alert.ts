// `mxql alert draft FILE.mxql`: the file's query (or the one at --line) run over the backtest window
// (the core's planAlertWindow, sent by the one executor through runPrepared), drafted into an event rule
// (the core's draftAlertRule), replayed over the same rows (backtestDraft), and with --rules the unified
// diff of that rule file with the rule appended (proposeRuleFileEdit). It prints; it never writes a file.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import {
  backtestDraft,
  COMPARATORS,
  DEFAULT_BACKTEST_MS,
  draftAlertRule,
  EVENT_LEVELS,
  planAlertWindow,
  proposeRuleFileEdit,
  unifiedDiff,
  type AlertDraft,
  type AlertProblem,
  type Backtest,
  type Comparator,
  type DraftOptions,
  type EventLevel,
  type RuleFileEdit,
} from '../server/core/index';
import { englishOf } from '../common/templateText';
import type { Subcommand } from './main';
import {
  durationMs,
  openTarget,
  outputFormat,
  parseCommandLine,
  reportFailure,
  runGuarded,
  targetHelp,
  UsageError,
} from './args';
import { readQueryFile } from './files';
import { formatOutput, type OutputFormat } from './format';
import {
  FileProblem,
  failureText,
  localClock,
  planInputOf,
  preparedPlan,
  resultJson,
  runFlags,
  runOptions,
  runPrepared,
  sentRangeText,
  type FileRun,
} from './runQuery';

const HELP = `Usage: mxql alert draft <file.mxql> [options]

Turns a query into an event rule: runs it over the backtest window, picks the numeric field (or
--field), suggests a threshold from the data (the 95th percentile, nearest rank, rounded to two
significant digits; or --threshold), and prints the rule in the format 'mxql check' checks, the
threshold's basis, and the rule replayed over the same rows: when it would have fired, how often and for
how long. With --rules, the unified diff of that rule file with the rule appended. Nothing is written:
apply the diff yourself.

${targetHelp}
Draft:
  --line N               draft from the query at line N (default: the file)
  --field F              the field to alert on (default: the first numeric field of the result)
  --threshold T          the threshold in the field's unit: 80, 80%, 250ms, 2s, 1.5k, 512MiB
  --percentile P         the percentile suggested when --threshold is not given (default 95)
  --comparator C         >, >=, < or <= (default >; for < the suggestion is the low percentile)
  --duration D           how long the breach must last before the rule fires: 0, 30s, 5m (default 5m)
  --over D               the backtest window ending now: 6h, 1d, 7d (default 1d)
  --level L              Critical, Warning or Info (default Warning)
  --silent D             the rule's silence after an event: 5m, 1h (default 5m)
  --rules FILE           the event-rule JSON file to add the rule to (a missing file is created in the diff)
  --param, --inject, --limit as for 'mxql run' (the limit defaults to 100000 rows for the window)
  --format table|json    json prints one envelope

Exit codes: 0 drafted, 1 query, API, data or rule-file error (nothing drafted), 2 usage error.
`;

const alertOptions = {
  ...runOptions,
  field: { type: 'string' },
  threshold: { type: 'string' },
  percentile: { type: 'string' },
  comparator: { type: 'string' },
  duration: { type: 'string' },
  over: { type: 'string' },
  level: { type: 'string' },
  silent: { type: 'string' },
  rules: { type: 'string' },
} as const;

/** Problems with what the command line asked are usage errors; the rest are about the data or a file. */
const USAGE_PROBLEMS = new Set([
  'alert/bad-threshold',
  'alert/unit-mismatch',
  'alert/unknown-field',
  'alert/bad-option',
]);

/** `0` or a duration such as 30s or 5m, in ms. */
function durationOrZero(name: string, value: string): number {
  return value.trim() === '0' ? 0 : durationMs(name, value);
}

function comparatorFlag(value: string | undefined): Comparator | undefined {
  if (value === undefined) return undefined;
  const c = value.trim();
  if ((COMPARATORS as readonly string[]).includes(c)) return c as Comparator;
  throw new UsageError(`--comparator must be one of ${COMPARATORS.join(', ')} (got '${value}')`);
}

function levelFlag(value: string | undefined): EventLevel | undefined {
  if (value === undefined) return undefined;
  const level = EVENT_LEVELS.find((l) => l.toLowerCase() === value.trim().toLowerCase());
  if (!level) throw new UsageError(`--level must be one of ${EVENT_LEVELS.join(', ')} (got '${value}')`);
  return level;
}

function percentileFlag(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const p = Number(value);
  if (!(p > 0 && p <= 100))
    throw new UsageError(`--percentile must be a number above 0 and at most 100 (got '${value}')`);
  return p;
}

/** `2h 5m`, `45s`, `0s`: a span for a reader. */
export function spanText(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const parts: string[] = [];
  let rest = Math.round(ms / 1000);
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3600],
    ['m', 60],
    ['s', 1],
  ] as const) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
  }
  return parts.slice(0, 2).join(' ');
}

/** Numbers for a reader: at most 3 decimals. */
function shown(n: number): number {
  return Math.round(n * 1000) / 1000;
}

function percentText(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

/** `threshold 90 (p95 of 200 values: min 1, median 20, max 100; 5.0% of the values breach it)`. */
export function basisLine(draft: AlertDraft): string {
  const b = draft.basis;
  const from =
    b.kind === 'percentile'
      ? `p${b.percentile} of ${b.samples} values is ${shown(b.value)}, rounded`
      : `given as ${b.text}`;
  const unit = draft.unit ? ` ${draft.unit}` : '';
  return `threshold ${draft.threshold}${unit} (${from}; over the window min ${shown(b.min)}, median ${shown(b.median)}, max ${shown(b.max)}; ${percentText(b.shareBreaching)} of the values meet '${draft.rule.rule}')`;
}

/** `backtest … fired 3 times, total 15m, longest 10m, 1.2% of the time (2 agents)`. */
export function backtestLine(bt: Backtest, run: FileRun): string {
  const range = run.facts ? sentRangeText(run.facts.stime, run.facts.etime) : '';
  const cut = run.facts?.cut ? ` · limit ${run.facts.limit} reached: only part of the window replayed` : '';
  const times = bt.count === 1 ? 'once' : `${bt.count} times`;
  const lasting =
    bt.count > 0
      ? `, total ${spanText(bt.totalMs)}, longest ${spanText(bt.longestMs)}, ${percentText(bt.share)} of the time`
      : '';
  const short =
    bt.shortBreaches > 0 ? ` · ${bt.shortBreaches} shorter breaches did not last the duration` : '';
  return `backtest ${range} · ${run.rows.length} rows · ${bt.agents.length} agents: fired ${times}${lasting}${short}${cut}`;
}

/** The firings as table rows, in time order. */
export function firingRows(bt: Backtest): Record<string, string | number>[] {
  const at = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
  return bt.firings.map((f) => ({
    agent: f.agent,
    start: at(f.start),
    fired: at(f.firedAt),
    end: at(f.end),
    duration: spanText(f.durationMs),
    peak: shown(f.peak),
  }));
}

interface Drafted {
  readonly file: string;
  readonly run: FileRun;
  readonly draft: AlertDraft;
  readonly backtest: Backtest;
  readonly rules?: {
    readonly path: string;
    readonly edit: Extract<RuleFileEdit, { ok: true }>;
    readonly diff: string;
  };
}

/** What `--format json` prints. */
export function draftJson(d: Drafted): Record<string, unknown> {
  const { draft, backtest: bt } = d;
  return {
    file: d.file,
    written: false,
    rule: draft.rule,
    draft: {
      category: draft.category,
      field: draft.field,
      ...(draft.unit ? { unit: draft.unit } : {}),
      comparator: draft.comparator,
      threshold: draft.threshold,
      durationMs: draft.durationMs,
      stepMs: draft.stepMs,
      numericFields: draft.numericFields,
    },
    basis: draft.basis,
    run: resultJson(d.run),
    backtest: {
      count: bt.count,
      totalMs: bt.totalMs,
      longestMs: bt.longestMs,
      share: bt.share,
      shortBreaches: bt.shortBreaches,
      window: bt.window,
      agents: bt.agents,
      firings: bt.firings,
    },
    ...(d.rules
      ? {
          rules: {
            path: d.rules.path,
            created: d.rules.edit.created,
            pointer: d.rules.edit.pointer,
            ruleCount: d.rules.edit.ruleCount,
            diff: d.rules.diff,
          },
        }
      : {}),
  };
}

function output(d: Drafted, format: OutputFormat): string {
  if (format === 'json') return formatOutput(draftJson(d), 'json');
  const lines = [
    `rule for ${d.draft.category} · ${d.draft.field} (nothing is written: the rule and the diff are yours to apply)`,
    JSON.stringify(d.draft.rule, null, 2),
    '',
    basisLine(d.draft),
    backtestLine(d.backtest, d.run),
  ];
  const rows = firingRows(d.backtest);
  if (rows.length > 0) lines.push('', formatOutput(rows, format === 'csv' ? 'csv' : 'table').trimEnd());
  if (d.rules) lines.push('', d.rules.diff === '' ? `${d.rules.path}: unchanged` : d.rules.diff.trimEnd());
  return `${lines.join('\n')}\n`;
}

class ProblemError extends Error {
  constructor(readonly problem: AlertProblem) {
    super(englishOf(problem.text));
  }
}

/** Reads the rules file: its text, or undefined when it does not exist yet. */
function readRules(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new FileProblem('alert/unreadable', `${path}: ${(error as Error).message}`, 1, 1);
  }
}

async function draftCommand(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(args, alertOptions);
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const [verb, file, ...extra] = positionals;
  if (verb !== 'draft')
    throw new UsageError(
      verb
        ? `unknown alert verb '${verb}': use 'mxql alert draft'`
        : "give a verb: 'mxql alert draft <file.mxql>'",
    );
  if (!file || extra.length > 0) throw new UsageError('give exactly one .mxql file');
  const format = outputFormat(values.format);
  if (values.range !== undefined || values.stime !== undefined || values.etime !== undefined)
    throw new UsageError(
      'the backtest window is --over D (ending now); --range, --stime and --etime do not apply',
    );
  const flags = runFlags(values);
  const overMs = values.over === undefined ? DEFAULT_BACKTEST_MS : durationMs('--over', values.over);
  const options: DraftOptions = {
    ...(values.field !== undefined ? { field: values.field.trim() } : {}),
    ...(values.threshold !== undefined ? { threshold: values.threshold } : {}),
    ...(values.duration !== undefined ? { durationMs: durationOrZero('--duration', values.duration) } : {}),
    ...(values.silent !== undefined ? { silentSec: durationOrZero('--silent', values.silent) / 1000 } : {}),
    ...optional('percentile', percentileFlag(values.percentile)),
    ...optional('comparator', comparatorFlag(values.comparator)),
    ...optional('level', levelFlag(values.level)),
  };
  const read = readQueryFile(file);
  if (!read.ok) throw new FileProblem('run/unreadable', read.reason, 1, read.missing ? 2 : 1);
  // The rules file is read (and refused if it is no rule file) before anything is sent.
  const rulesText = values.rules === undefined ? undefined : readRules(values.rules);
  if (rulesText !== undefined) {
    const probe = proposeRuleFileEdit(rulesText, { category: 'probe', rule: 'probe > 0' });
    if (!probe.ok) throw new ProblemError(probe.problem);
  }
  const plan = planAlertWindow(planInputOf(read.text, flags, localClock()), overMs);
  const target = await openTarget(values);
  try {
    const run = await runPrepared(file, () => preparedPlan(file, read.text, plan), target);
    if (run.error) {
      const { exitCode, code } = run.error;
      return reportFailure(
        'alert',
        failureText(run, run.error),
        exitCode,
        exitCode === 2 && !code.startsWith('api/'),
      );
    }
    const catalog = (await import('../server/core/catalog/bundledCatalog')).bundledCategoryCatalog;
    const result = draftAlertRule({
      queryText: plan.query?.text ?? read.text,
      rows: run.rows,
      catalog,
      options,
    });
    if (!result.ok) {
      const why = result.problem.code === 'alert/empty-result' && run.notice ? ` (${run.notice})` : '';
      throw new ProblemError({
        ...result.problem,
        text: { template: '{0}{1}', args: [result.problem.text, why] },
      });
    }
    const { draft } = result;
    const window = run.facts ? { stime: run.facts.stime, etime: run.facts.etime } : undefined;
    const bt = backtestDraft(draft, run.rows, window);
    let rules: Drafted['rules'];
    if (values.rules !== undefined) {
      const edit = proposeRuleFileEdit(rulesText, draft.rule as unknown as Record<string, unknown>);
      if (!edit.ok) throw new ProblemError(edit.problem);
      const name = relative(process.cwd(), values.rules).split('\\').join('/') || values.rules;
      rules = { path: values.rules, edit, diff: unifiedDiff(rulesText, edit.text, name) };
    }
    process.stdout.write(output({ file, run, draft, backtest: bt, ...(rules ? { rules } : {}) }, format));
    process.stderr.write(
      `${file}: drafted '${draft.rule.rule}' on ${draft.category}; fired ${bt.count === 1 ? 'once' : `${bt.count} times`} over ${spanText(overMs)} · ${run.rows.length} rows${run.project ? ` · ${run.project}` : ''}\n`,
    );
    return 0;
  } finally {
    await target.close();
  }
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

export const alert: Subcommand = (args) =>
  runGuarded('alert', async () => {
    try {
      return await draftCommand(args);
    } catch (error) {
      if (error instanceof FileProblem)
        return reportFailure('alert', `${error.code} ${error.message}`, error.exitCode);
      if (!(error instanceof ProblemError)) throw error;
      const usage = USAGE_PROBLEMS.has(error.problem.code);
      return reportFailure('alert', `${error.problem.code} ${error.message}`, usage ? 2 : 1, usage);
    }
  });
