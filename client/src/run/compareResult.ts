// Compare with… on a shown result: asks which baseline (the window before, the same window yesterday or
// last week), re-runs the result's own query (its run record: text, params, injects, project, limit)
// over the result's window and the baseline through the one sequence (api/executeComparison.ts) and the
// one executor, under a cancellable progress, and shows the window's rows as a new run of the panel with
// the comparison attached: the baseline's rows for the chart's overlay and what moved, ranked.
import { executeComparison } from '../../../api/index';
import { encodeColumns } from '../../../common/columnChunks';
import type { ComparedField, ComparisonInfo, RunInfo } from '../../../common/resultsMessages';
import { localTimezone } from '../../../common/localZone';
import {
  baselineShiftMs,
  type Baseline,
  type Comparison,
  type RangeChoice,
} from '../../../server/core/index';
import type { Ctx } from '../ctx';
import { translateText, t } from '../l10n';
import type { ResultsPanels } from '../views/resultsPanel';
import { tabulate } from '../../../common/rowFacts';
import type { PickItem } from '../views/ui';
import { describeRunError, isAbort } from './errorActions';
import { runInfoOf } from './runRecord';
import { editorPlanInput, preparedOf } from './runRequest';
import type { RunOutcome, RunReplay } from './runner';
import { sendPrepared } from './sendPrepared';
import { choiceLabel } from './timeRange';

/** The command's arguments: a run id (else the result shown) and a baseline (else asked). */
export interface CompareArgs {
  readonly runId?: string;
  readonly baseline?: Baseline;
}

/** What compareResult needs of the runner. */
export interface CompareRunner {
  replayOf(runId: string): RunReplay | undefined;
  startTracked(controller: AbortController, record: RunReplay): { runId: string; done: () => void };
}

/** A plan that could not be sent: said as it is, nothing was sent. */
class NotSent extends Error {}

/** The baseline's name in the chart's series, "(baseline: yesterday)". */
function baselineName(baseline: Baseline): string {
  if (baseline === '1d') return t('yesterday');
  if (baseline === '7d') return t('last week');
  return t('the window before');
}

function rangeText(stime: number, etime: number): string {
  return choiceLabel({ kind: 'absolute', stime, etime }, localTimezone);
}

/** Asks which baseline; each choice names its range in the user's time zone. */
async function pickBaseline(ctx: Ctx, window: { stime: number; etime: number }) {
  const item = (baseline: Baseline, label: string): PickItem<Baseline> => {
    const shift = baselineShiftMs(baseline, window);
    return { label, description: rangeText(window.stime - shift, window.etime - shift), value: baseline };
  };
  const picked = await ctx.ui.quickPick(
    [
      item('prev', t('The window before')),
      item('1d', t('The same window yesterday')),
      item('7d', t('The same window last week')),
    ],
    {
      title: t('Compare {0} with…', rangeText(window.stime, window.etime)),
      placeHolder: t('Which window to compare this result with'),
    },
  );
  return picked?.value;
}

function comparedFields(comparison: Comparison): ComparedField[] {
  return comparison.changes.map((c) => ({
    agent: c.agent,
    field: c.field,
    window: c.window,
    baseline: c.baseline,
    change: c.change,
    relative: c.relative,
    score: c.score,
  }));
}

/** Compare with… for `args.runId` (else the panel's run); never throws, every failure ends as a message. */
export async function compareResult(
  ctx: Ctx,
  panels: ResultsPanels,
  runner: CompareRunner,
  args: CompareArgs,
): Promise<RunOutcome> {
  const shownId = args.runId ?? panels.shownRunId();
  const record = shownId === undefined ? undefined : runner.replayOf(shownId);
  if (!record) {
    const text = t('There is no result to compare: run a query, then compare its result with a baseline.');
    void ctx.ui.message('info', text);
    return { status: 'skipped', message: text };
  }
  const { source, prepared } = record;
  const window = { stime: prepared.range.stime, etime: prepared.range.etime };
  const baseline = args.baseline ?? (await pickBaseline(ctx, window));
  if (!baseline) return { status: 'skipped', message: t('no baseline chosen') };
  const target = await ctx.profiles.target(record.selection);
  const name = baselineName(baseline);
  const planned = editorPlanInput({
    fileText: source.fileText,
    queryText: source.queryText,
    ...(source.path ? { path: source.path } : {}),
    values: record.values,
    range: { kind: 'absolute', ...window },
    defaultLimit: ctx.config.defaultLimit,
    limit: prepared.limit,
    now: Date.now(),
    catalog: ctx.catalogs.categories,
  });
  // The result's own window, whatever the file's @range says now.
  const range: RangeChoice = { kind: 'absolute', ...window };
  const input = { ...planned, overrides: { ...planned.overrides, range } };
  const controller = new AbortController();
  const tracked = runner.startTracked(controller, record);
  let run: RunInfo | undefined;
  const started = performance.now();
  try {
    const work = executeComparison(input, baseline, {
      run: (plan, side) => {
        const sendable = preparedOf(plan);
        if (!sendable.ok) throw new NotSent(translateText(sendable.problem));
        if (side === 'window') {
          run = runInfoOf(tracked.runId, source, sendable.run, target);
          ctx.results.start(run);
          panels.show(run);
        }
        const pcode = run?.pcode;
        return sendPrepared(sendable.run, target, pcode, controller.signal, ctx.catalogs.categories);
      },
      rowsOf: (execution) => execution.rows,
    });
    const title = t('MXQL: comparing {0} with {1}', source.title, name);
    const runs = await ctx.ui.progress(title, (signal) => {
      signal.addEventListener('abort', () => controller.abort(), { once: true });
      return work;
    });
    const shown = run;
    if (!shown || !runs.base || !runs.comparison) throw new NotSent(t('the comparison did not run'));
    const ms = Math.round(performance.now() - started);
    const base = tabulate(runs.base.rows);
    const info: ComparisonInfo = {
      baseline,
      name,
      window: { stime: runs.window.facts.stime, etime: runs.window.facts.etime },
      baselineWindow: { stime: runs.base.facts.stime, etime: runs.base.facts.etime },
      shiftMs: runs.shiftMs,
      baselineColumns: base.columns,
      baselineRows: encodeColumns(base.rows, base.columns.length, 0, base.rows.length),
      changes: comparedFields(runs.comparison),
      onlyInWindow: runs.comparison.onlyInWindow,
      onlyInBaseline: runs.comparison.onlyInBaseline,
    };
    const { rows, notice, facts } = runs.window;
    ctx.results.complete(shown.runId, rows, ms, 0, notice, facts);
    ctx.results.compared(shown.runId, info);
    await panels.delivered(shown.runId);
    ctx.log.info(
      `Compared ${shown.runId} with ${baseline}: ${rows.length} rows vs ${runs.base.rows.length} rows, ${info.changes.length} fields in ${ms} ms`,
    );
    return { status: 'done', runId: shown.runId, rows: rows.length };
  } catch (error) {
    return failed(ctx, panels, run, error);
  } finally {
    tracked.done();
  }
}

function failed(ctx: Ctx, panels: ResultsPanels, run: RunInfo | undefined, error: unknown): RunOutcome {
  if (run && isAbort(error)) {
    ctx.results.cancel(run.runId);
    panels.update(run.runId);
    return { status: 'cancelled', runId: run.runId };
  }
  const described =
    error instanceof NotSent ? { message: error.message, code: 'run/not-sent' } : describeRunError(error);
  if (run) {
    ctx.results.fail(run.runId, described);
    panels.update(run.runId);
  }
  ctx.log.error('Compare with… failed', error);
  void ctx.ui.message('error', t('MXQL: {0}', described.message));
  return { status: 'error', ...(run ? { runId: run.runId } : {}), message: described.message };
}
