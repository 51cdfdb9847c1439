// MXQL: Draft Alert Rule from Query. The query at the cursor (an .mxql file or a dashboard's JSON string;
// from the results panel, the query it shows) runs over a backtest window through the one Runner (progress
// with Cancel, the results panel); the alert core (server/core/alerts) drafts a rule from its rows, the user
// picks the field and edits the suggested threshold, the core replays the rule over the same rows, and the
// panel draws the threshold band and the firing spans with the firings as its status line. The rule is
// then proposed as a diff to an event-rule file and written only when the user applies it.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ChartMarks } from '../../../common/chartMarks';
import { formatDuration } from '../../../common/durations';
import {
  backtestDraft,
  draftAlertRule,
  numericFieldsOf,
  parsedText,
  parseThreshold,
  queryAt,
  unitSuffix,
  type AlertDraft,
  type Backtest,
} from '../../../server/core/index';
import type { Ctx } from '../ctx';
import { embeddedSourceAt } from '../embedded/embeddedRun';
import { isJsonDocument } from '../embedded/jsonDocuments';
import { translateText, t } from '../l10n';
import type { Runner, RunOptions, RunSource } from '../run/runner';
import { presetMs } from '../run/timeRange';
import type { PickItem } from '../views/ui';
import { proposeRuleEdit, chooseRuleFile, showProposal } from './ruleFileProposal';

/** Backtest windows offered. */
const WINDOWS = ['6h', '1d', '7d'] as const;
type Window = (typeof WINDOWS)[number];

/** Arguments (tests, other commands): skip the prompts they answer. */
export interface DraftAlertArgs {
  readonly uri?: string;
  readonly offset?: number;
  readonly window?: Window;
  /** The rule file to propose the rule to (a workspace file URI); without it the user picks one. */
  readonly ruleFile?: string;
}

/** How the command ended, for tests and callers. */
export interface DraftAlertOutcome {
  readonly status: 'applied' | 'cancelled' | 'refused' | 'skipped';
  readonly message?: string;
  readonly runId?: string;
  readonly rule?: Readonly<Record<string, unknown>>;
  readonly firings?: number;
  readonly ruleFile?: string;
}

function asArgs(arg: unknown): DraftAlertArgs {
  if (arg instanceof vscode.Uri) return { uri: arg.toString() };
  return typeof arg === 'object' && arg !== null ? arg : {};
}

function refused(ctx: Ctx, message: string): DraftAlertOutcome {
  void ctx.ui.message('error', t('MXQL: {0}', message));
  return { status: 'refused', message };
}

/** The query to draft from: the editor's (cursor or CodeLens offset), else the last one the panel showed. */
async function sourceOf(
  args: DraftAlertArgs,
  runner: Runner,
): Promise<{ source: RunSource; options: RunOptions } | { problem: string }> {
  const editor = vscode.window.activeTextEditor;
  const document = args.uri
    ? await vscode.workspace.openTextDocument(vscode.Uri.parse(args.uri))
    : editor && (editor.document.languageId === 'mxql' || isJsonDocument(editor.document))
      ? editor.document
      : undefined;
  if (!document) {
    const last = runner.lastRun();
    if (last && last.source.queryText.trim() !== '') return last;
    return {
      problem: t('put the cursor in a query of an .mxql file or a dashboard to draft an alert from it.'),
    };
  }
  const offset =
    args.offset ?? (editor?.document === document ? document.offsetAt(editor.selection.active) : 0);
  if (isJsonDocument(document)) {
    const source = embeddedSourceAt(document, offset);
    return 'problem' in source ? source : { source, options: {} };
  }
  const query = queryAt(parsedText(document.getText()), offset);
  if (!query) return { problem: t('there is no query here (only comments or blank lines).') };
  const fileText = document.getText();
  const source: RunSource = {
    title: path.posix.basename(document.uri.path),
    fileText,
    queryText: query.text,
    uri: document.uri.toString(),
  };
  return { source, options: {} };
}

async function askWindow(ctx: Ctx, given: Window | undefined): Promise<Window | undefined> {
  if (given && (WINDOWS as readonly string[]).includes(given)) return given;
  const labels: Record<Window, string> = {
    '6h': t('Last 6 hours'),
    '1d': t('Last day'),
    '7d': t('Last 7 days'),
  };
  const picked = await ctx.ui.quickPick(
    WINDOWS.map((w) => ({ label: labels[w], value: w })),
    {
      title: t('Backtest the alert over'),
      placeHolder: t('The query runs over this window; the rule is replayed on its rows'),
    },
  );
  return picked?.value;
}

async function askField(ctx: Ctx, fields: readonly string[]): Promise<string | undefined> {
  if (fields.length <= 1) return fields[0];
  const items: PickItem<string>[] = fields.map((f) => ({ label: f, value: f }));
  const picked = await ctx.ui.quickPick(items, {
    title: t('Alert on which field?'),
    placeHolder: t('The query returns several numeric fields'),
  });
  return picked?.value;
}

async function askThreshold(ctx: Ctx, draft: AlertDraft): Promise<string | undefined> {
  const basis = draft.basis;
  const suffix = unitSuffix(draft.unit).trim();
  const suggested = `${String(draft.threshold)}${suffix === '%' ? '%' : suffix ? ` ${suffix}` : ''}`;
  const range = `${basis.min.toLocaleString()} – ${basis.max.toLocaleString()}`;
  return ctx.ui.inputBox({
    title: t('Threshold: {0} {1} …', draft.field, draft.comparator),
    prompt:
      basis.kind === 'percentile'
        ? t(
            'Suggested from p{0} of {1} values (they range {2}). Type a number, with a unit if you like.',
            basis.percentile,
            basis.samples,
            range,
          )
        : t('Type a number, with a unit if you like.'),
    value: suggested,
    validateInput: (text) => {
      const read = parseThreshold(text, draft.unit, draft.field);
      return read.ok ? undefined : translateText(read.text);
    },
  });
}

/** The chart marks of a replay: the threshold band and one shaded span per firing. */
function marksOf(draft: AlertDraft, replay: Backtest): ChartMarks {
  const unit = unitSuffix(draft.unit);
  return {
    thresholds: [
      {
        field: draft.field,
        value: draft.threshold,
        op: draft.comparator,
        label: `${draft.field} ${draft.comparator} ${draft.threshold.toLocaleString()}${unit}`,
      },
    ],
    spans: replay.firings.map((f) => ({ start: f.start, end: f.end, label: f.agent })),
  };
}

/** The panel's status line: how often the rule fired over the window, then the first firings. */
function replayNotice(replay: Backtest, window: Window): string {
  if (replay.count === 0)
    return t(
      'Backtest over the last {0}: the rule would not have fired ({1} shorter breaches).',
      window,
      replay.shortBreaches,
    );
  const first = replay.firings
    .slice(0, 5)
    .map(
      (f) =>
        `${f.agent} ${new Date(f.firedAt).toISOString().slice(5, 16).replace('T', ' ')} UTC (${formatDuration(f.durationMs)})`,
    );
  const more = replay.count > first.length ? [t('{0} more', replay.count - first.length)] : [];
  return t(
    'Backtest over the last {0}: fired {1} times, {2} in all, longest {3}: {4}',
    window,
    replay.count,
    formatDuration(replay.totalMs),
    formatDuration(replay.longestMs),
    [...first, ...more].join('; '),
  );
}

/** mxql.draftAlertRule; see the module header. */
export async function draftAlert(ctx: Ctx, runner: Runner, arg?: unknown): Promise<DraftAlertOutcome> {
  const args = asArgs(arg);
  const found = await sourceOf(args, runner);
  if ('problem' in found) return refused(ctx, found.problem);
  const window = await askWindow(ctx, args.window);
  if (!window) return { status: 'cancelled' };
  const outcome = await runner.run(found.source, {
    ...found.options,
    range: { kind: 'relative', ms: presetMs(window) },
  });
  if (outcome.status !== 'done' || !outcome.runId)
    return {
      status: outcome.status === 'cancelled' ? 'cancelled' : 'skipped',
      ...(outcome.message ? { message: outcome.message } : {}),
    };
  const runId = outcome.runId;
  const result = ctx.results.get(runId);
  const cells = ctx.results.rows(runId) ?? [];
  const names = result?.columns.map((c) => c.name) ?? [];
  const rows = cells.map((row) => Object.fromEntries(names.map((name, i) => [name, row[i] ?? null])));
  const catalog = ctx.catalogs.categories;
  const queryText = found.source.queryText;
  const field = await askField(ctx, numericFieldsOf(rows));
  const first = draftAlertRule({ queryText, rows, catalog, ...(field ? { options: { field } } : {}) });
  if (!first.ok) return { ...refused(ctx, translateText(first.problem.text)), runId };
  const threshold = await askThreshold(ctx, first.draft);
  if (threshold === undefined) return { status: 'cancelled', runId };
  const drafted = draftAlertRule({
    queryText,
    rows,
    catalog,
    options: { field: first.draft.field, threshold },
  });
  if (!drafted.ok) return { ...refused(ctx, translateText(drafted.problem.text)), runId };
  const draft = drafted.draft;
  const run = result?.run;
  const replay = backtestDraft(
    draft,
    rows,
    run?.stime !== undefined && run.etime !== undefined ? { stime: run.stime, etime: run.etime } : undefined,
  );
  runner.markRun(runId, marksOf(draft, replay), replayNotice(replay, window), [draft.field]);
  const base = {
    runId,
    rule: draft.rule as unknown as Readonly<Record<string, unknown>>,
    firings: replay.count,
  };

  const target = args.ruleFile ? vscode.Uri.parse(args.ruleFile) : await chooseRuleFile(ctx);
  if (!target) return { status: 'cancelled', ...base };
  const proposal = await proposeRuleEdit(target, base.rule);
  if (!proposal.ok) return { ...refused(ctx, translateText(proposal.problem.text)), ...base };
  const applied = await showProposal(ctx, target, proposal.before, proposal.text, draft.rule.eventTitle);
  return { status: applied ? 'applied' : 'cancelled', ...base, ruleFile: target.toString() };
}
