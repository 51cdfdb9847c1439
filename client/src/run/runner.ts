// Runs a query: picks the target (offering the Demo on first use), reads the file's directives,
// asks for missing $params and INJECT fragments, checks the range, sends the request with a
// cancellable progress notification, and records the outcome in the results model, the panel and
// the history. Every failure ends as a message (notification + panel), never as an exception.
import * as vscode from 'vscode';
import type { ChartMarks } from '../../../common/chartMarks';
import type { ParamOrigin, RunInfo } from '../../../common/resultsMessages';
import { emptyCauseText, explainEmpty, type RequestEvent, type RunExecution } from '../../../api/index';
import { DEMO_PROFILE_NAME } from '../config';
import type { Ctx } from '../ctx';
import { translateText, t } from '../l10n';
import type { Selection, Target } from '../profiles/profiles';
import type { ResultsPanels } from '../views/resultsPanel';
import { withDelayedProgress } from '../views/delayedProgress';
import type { HistoryEntry } from '../history/historyStore';
import { describeRunError, isAbort } from './errorActions';
import { promptMissing, rememberedValues, rememberValues } from './prompts';
import { historyEntryOf, runInfoOf, type RunResultSummary, type RunSource } from './runRecord';
import type { RangeChoice } from './timeRange';
import {
  boardInjects,
  boardValues,
  fieldUnits,
  queryCategory,
  type RunPlan,
} from '../../../server/core/index';
import { planEditorRun, preparedOf, type PreparedRun, type RunValues } from './runRequest';
import { agentScopeOf } from './agentScope';
import { sendPrepared } from './sendPrepared';
import { compareResult, type CompareArgs } from './compareResult';
import { KEPT_RESULTS } from '../views/resultsModel';

export type { RunSource } from './runRecord';

/** Values that skip the prompts (history re-runs and tests pass them). */
export interface RunOptions {
  readonly params?: Readonly<Record<string, string>>;
  readonly injects?: Readonly<Record<string, string>>;
  /** The range to use instead of the status bar's (a history re-run keeps its own). */
  readonly range?: RangeChoice;
  /** The profile and project instead of the active ones (a notebook's header sets them). */
  readonly selection?: Selection;
  /** Aborts the request from outside (a notebook cell's stop button). */
  readonly signal?: AbortSignal;
  /** The caller shows the outcome (a notebook cell): no results panel, progress or error notification. */
  readonly quiet?: boolean;
  /** The row limit to use instead of the file's @limit (the results panel's limit banner). */
  readonly limit?: number;
  /** Thresholds and spans the chart draws over the rows (an alert's backtest); units come from the catalog. */
  readonly marks?: ChartMarks;
}

export interface RunOutcome {
  readonly status: 'done' | 'error' | 'cancelled' | 'skipped';
  readonly runId?: string;
  readonly rows?: number;
  readonly message?: string;
}

/** A dashboard query's options: the board's INJECTs (timepast, default) sent empty unless given. */
function withBoardInjects(source: RunSource, options: RunOptions): RunOptions {
  if (!source.board) return options;
  const given = { ...source.board.fragments, ...options.injects };
  return { ...options, injects: boardInjects(source.queryText, given, source.fileText) };
}

/** The values of a run, and for a dashboard's query where each `$param` came from. */
type CollectedValues = RunValues & { readonly origins?: Readonly<Record<string, ParamOrigin>> };

const GIVEN: ParamOrigin = { kind: 'given' };

/** The values a re-run repeats: the board's own (author's, default) are filled again from its source. */
function givenOnly(values: RunValues, origins: CollectedValues['origins']): RunValues {
  if (!origins) return values;
  const params = Object.entries(values.params).filter(([name]) => (origins[name] ?? GIVEN).kind === 'given');
  return { ...values, params: Object.fromEntries(params) };
}

/**
 * What a shown result was run with, so Compare with… sends the same query again (compareResult.ts). The
 * facts of the run itself are the run record's (common/runRecord.ts); this is how to send it again.
 */
export interface RunReplay {
  readonly source: RunSource;
  readonly values: RunValues;
  readonly selection: Selection;
  readonly prepared: PreparedRun;
}

export class Runner {
  private readonly inflight = new Map<string, AbortController>();
  /** How to send again each result the model keeps, by run id (oldest first). */
  private readonly replays = new Map<string, RunReplay>();
  private last: { source: RunSource; options: RunOptions } | undefined;
  private sequence = 0;

  private panelsRef: ResultsPanels | undefined;

  constructor(private readonly ctx: Ctx) {}

  /** The panels are created after the runner because they call back into it. */
  attachPanels(panels: ResultsPanels): void {
    this.panelsRef = panels;
  }

  private get panels(): ResultsPanels {
    if (!this.panelsRef) throw new Error(t('the results panels are not attached'));
    return this.panelsRef;
  }

  /** A panel's Re-run button: the history entry of that run, else the last run; `limit` replaces its limit. */
  async rerunFromPanel(runId: string, limit?: number): Promise<RunOutcome> {
    const entry = this.ctx.history.find(runId);
    const override = limit === undefined ? {} : { limit };
    if (entry) return this.rerunEntry(entry, override);
    if (!this.last) return this.rerunLast();
    return this.run(this.last.source, { ...this.last.options, ...override });
  }

  /** Runs `source`; resolves with the outcome once the rows are shown, the run failed or was cancelled. */
  async run(source: RunSource, given: RunOptions = {}): Promise<RunOutcome> {
    const options = withBoardInjects(source, given);
    const selection = options.selection ?? (await this.ensureSelection());
    if (!selection) return { status: 'skipped', message: t('no profile chosen') };
    const target = await this.ctx.profiles.target(selection);
    const collected = await this.collectValues(source, options, target);
    if (!collected) return { status: 'skipped', message: t('a prompt was dismissed') };
    const { origins, ...values } = collected;
    const prepared = preparedOf(this.plan(source, options, values));
    // A re-run keeps what was given; the board fills the author's values again from its source.
    if (!options.quiet) this.last = { source, options: { ...options, ...givenOnly(values, origins) } };
    if (!prepared.ok) return this.refuse(source, translateText(prepared.problem), options);
    const run = origins ? { ...prepared.run, paramOrigins: origins } : prepared.run;
    return this.execute(source, run, target, options, { source, values, selection });
  }

  /** Compare with…: the result `runId` (else the one shown) against a baseline, asked unless given. */
  compare(args: CompareArgs = {}): Promise<RunOutcome> {
    return compareResult(this.ctx, this.panels, this, args);
  }

  /** The record of a result the panels can show; undefined once the result is no longer kept. */
  replayOf(runId: string): RunReplay | undefined {
    return this.replays.get(runId);
  }

  /**
   * A new run id, tracked as in flight with `controller` until the returned function is called; its
   * result can be compared again, as the run of `record`.
   */
  startTracked(controller: AbortController, record: RunReplay): { runId: string; done: () => void } {
    const runId = this.nextRunId();
    this.inflight.set(runId, controller);
    this.remember(runId, record);
    return { runId, done: () => this.inflight.delete(runId) };
  }

  private remember(runId: string, record: RunReplay): void {
    this.replays.set(runId, record);
    for (const id of this.replays.keys()) {
      if (this.replays.size <= KEPT_RESULTS) break;
      this.replays.delete(id);
    }
  }

  /** The last query run with the panel shown, and its options (the results panel's alert draft starts there). */
  lastRun(): { readonly source: RunSource; readonly options: RunOptions } | undefined {
    return this.last;
  }

  /** Draws `marks` over a finished run's chart of `ys` and says `notice`, in the panels that show it. */
  markRun(runId: string, marks: ChartMarks, notice?: string, ys?: readonly string[]): void {
    this.ctx.results.mark(runId, marks, notice, ys);
    this.panels.update(runId);
  }

  /** Runs the last query again with the same values. */
  async rerunLast(): Promise<RunOutcome> {
    if (!this.last) {
      void this.ctx.ui.message('info', t('Nothing has run yet in this window. Run a query first.'));
      return { status: 'skipped', message: t('nothing to re-run') };
    }
    return this.run(this.last.source, this.last.options);
  }

  /** Runs a history entry again (its file when it still exists, else the stored text). */
  async rerunEntry(entry: HistoryEntry, extra: Pick<RunOptions, 'limit'> = {}): Promise<RunOutcome> {
    const isPath = entry.endpoint.endsWith('/path');
    const source: RunSource = {
      title: entry.title,
      fileText: entry.query,
      queryText: isPath ? '' : entry.query,
      ...(entry.uri ? { uri: entry.uri } : {}),
      ...(isPath ? { path: entry.query } : {}),
    };
    return this.run(source, { params: entry.params, injects: entry.injects, range: entry.range, ...extra });
  }

  /** Aborts one run, or every run in flight. */
  cancel(runId?: string): number {
    let count = 0;
    for (const [id, controller] of this.inflight) {
      if (runId !== undefined && id !== runId) continue;
      controller.abort();
      count++;
    }
    return count;
  }

  private nextRunId(): string {
    return `${Date.now().toString(36)}-${++this.sequence}`;
  }

  /** Run ids in flight (tests wait on them). */
  get running(): string[] {
    return [...this.inflight.keys()];
  }

  /** The active profile; on first use without any profile, offers the built-in Demo. */
  private async ensureSelection(): Promise<Selection | undefined> {
    const active = this.ctx.profiles.active();
    if (active) return active;
    const first = this.ctx.config.profiles[0];
    if (first) {
      const selection = {
        profile: first.name,
        ...(first.defaultPcode !== undefined ? { pcode: first.defaultPcode } : {}),
      };
      await this.ctx.profiles.setActive(selection);
      return selection;
    }
    const useDemo = t('Run on Demo Data');
    const addProfile = t('Add Profile…');
    const choice = await this.ctx.ui.message(
      'info',
      t(
        'No MXQL connection is set up yet. Run on the built-in demo data (no account needed), or add a profile for your service?',
      ),
      useDemo,
      addProfile,
    );
    if (choice === addProfile) void vscode.commands.executeCommand('mxql.addProfile');
    if (choice !== useDemo) return undefined;
    const server = await this.ctx.demo.server();
    const pcode = server.projects[0]?.pcode;
    const selection = { profile: DEMO_PROFILE_NAME, ...(pcode !== undefined ? { pcode } : {}) };
    await this.ctx.profiles.setActive(selection);
    return selection;
  }

  /** The one planner's view of `source` with `values` (server/core/run/plan.ts). */
  private plan(source: RunSource, options: RunOptions, values: RunValues): RunPlan {
    return planEditorRun({
      fileText: source.fileText,
      queryText: source.queryText,
      ...(source.path ? { path: source.path } : {}),
      values,
      range: options.range ?? this.ctx.rangeChoice(),
      defaultLimit: this.ctx.config.defaultLimit,
      ...(options.limit !== undefined ? { limit: options.limit } : {}),
      now: Date.now(),
      catalog: this.ctx.catalogs.categories,
    });
  }

  /**
   * The values a run sends: the caller's, the file's agent scope (Scope to an Agent…) for agent filters
   * left open, then a prompt for each `$param` that still needs a value and each INJECT without a fragment.
   * Agent filters left open are not asked for: unbound, the service reads every agent.
   */
  private async collectValues(
    source: RunSource,
    options: RunOptions,
    target: Target,
  ): Promise<CollectedValues | undefined> {
    const key = source.uri ?? 'untitled';
    const state = this.ctx.extension.workspaceState;
    const asked: RunValues = { params: { ...options.params }, injects: { ...options.injects } };
    // The file's agent scope binds only the agent filters this query leaves open.
    const firstPlan = this.plan(source, options, asked);
    const scope = agentScopeOf(state, key);
    const open = firstPlan.unboundOptional.map((n) => n.name);
    const scoped = Object.fromEntries(open.flatMap((name) => (scope[name] ? [[name, scope[name]]] : [])));
    const chosen = { ...scoped, ...asked.params };
    // A dashboard's query: what the caller chose, else what its author set; a merge nobody set is asked.
    const board = source.board
      ? boardValues(firstPlan.query?.params ?? [], source.board.authored, chosen, 'none')
      : undefined;
    const given: CollectedValues = {
      params: { ...chosen, ...board?.params },
      injects: asked.injects,
      ...(board ? { origins: board.origins } : {}),
    };
    const plan = this.plan(source, options, given);
    const missing = { params: plan.needs, injects: plan.missingInjects };
    if (missing.params.length === 0 && missing.injects.length === 0) return given;
    const prompted = await promptMissing(
      {
        ui: this.ctx.ui,
        target,
        now: Date.now(),
        log: this.ctx.log,
        range: plan.range,
        ...(plan.pcode !== undefined ? { pcode: plan.pcode } : {}),
      },
      missing,
      rememberedValues(state, key),
    );
    if (!prompted) return undefined;
    await rememberValues(state, key, prompted);
    const answered = Object.fromEntries(Object.keys(prompted.params).map((n) => [n, GIVEN] as const));
    return {
      params: { ...given.params, ...prompted.params },
      injects: { ...given.injects, ...prompted.injects },
      ...(given.origins ? { origins: { ...given.origins, ...answered } } : {}),
    };
  }

  private refuse(source: RunSource, problem: string, options: RunOptions): RunOutcome {
    if (!options.quiet) void this.ctx.ui.message('error', t('MXQL: {0}', problem));
    const run = runInfoOf(this.nextRunId(), source);
    this.ctx.results.start(run);
    this.ctx.results.fail(run.runId, { message: problem, code: 'run/not-sent' });
    if (!options.quiet) this.panels.show(run);
    return { status: 'error', runId: run.runId, message: problem };
  }

  private async execute(
    source: RunSource,
    prepared: PreparedRun,
    target: Target,
    options: RunOptions,
    record: Omit<RunReplay, 'prepared'>,
  ): Promise<RunOutcome> {
    const run = runInfoOf(
      this.nextRunId(),
      source,
      prepared,
      target,
      this.marksOf(source, prepared, options),
    );
    this.ctx.results.start(run);
    this.remember(run.runId, { ...record, prepared });
    if (!options.quiet) this.panels.show(run);
    this.drawRuleThresholds(run.runId, source, prepared);
    const controller = new AbortController();
    const abort = (): void => controller.abort();
    if (options.signal?.aborted) abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    this.inflight.set(run.runId, controller);
    let bytes = 0;
    const tap = this.ctx.tapRequests((event: RequestEvent) => {
      if (event.path === prepared.endpoint) bytes = event.bytes;
    });
    const started = performance.now();
    try {
      const send = () => this.send(prepared, target, run, controller.signal);
      const done = await (options.quiet ? send() : this.withProgress(source.title, controller, send));
      const { rows } = done;
      const ms = Math.round(performance.now() - started);
      const notice = done.notice ?? (await this.whyEmpty(done, target, run, prepared, controller.signal));
      this.ctx.results.complete(run.runId, rows, ms, bytes, notice, done.facts);
      // The rows go to the panel first; the history write waits until the panel has them, because
      // it travels the same connection to the window and would hold them up.
      await this.panels.delivered(run.runId);
      return await this.finish(run, source, prepared, target, { status: 'done', rows: rows.length, ms });
    } catch (error) {
      const ms = Math.round(performance.now() - started);
      return await this.failed(run, source, prepared, target, error, ms, options);
    } finally {
      options.signal?.removeEventListener('abort', abort);
      tap.dispose();
      this.inflight.delete(run.runId);
    }
  }

  /**
   * The workspace's rules on the category the query reads, drawn over its chart once they are found (a
   * background read: the run does not wait for it). A rule file that cannot be read draws nothing.
   */
  private drawRuleThresholds(runId: string, source: RunSource, prepared: PreparedRun): void {
    if (prepared.endpointId === 'mxqlPath') return;
    const category = queryCategory(source.queryText, this.ctx.catalogs.categories);
    if (!category) return;
    this.ctx.rules.thresholdsFor(category).then(
      (thresholds) => {
        if (this.ctx.results.markRuleThresholds(runId, thresholds)) this.panels.update(runId);
      },
      (error: unknown) => this.ctx.log.warn(`Reading the workspace's rule files failed: ${String(error)}`),
    );
  }

  /** The caller's marks with the catalog unit of each field the query reads (a path names no fields). */
  private marksOf(source: RunSource, prepared: PreparedRun, options: RunOptions): ChartMarks | undefined {
    const units = prepared.endpointId === 'mxqlPath' ? {} : fieldUnits(source.queryText, this.ctx.catalogs);
    const all = { ...units, ...options.marks?.units };
    const marks = { ...options.marks, ...(Object.keys(all).length > 0 ? { units: all } : {}) };
    return Object.keys(marks).length > 0 ? marks : undefined;
  }

  private send(prepared: PreparedRun, target: Target, run: RunInfo, signal: AbortSignal) {
    return sendPrepared(prepared, target, run.pcode, signal, this.ctx.catalogs.categories);
  }

  /**
   * Why an empty result is empty, asked of the data (api/explainEmpty.ts), as the panel's status line;
   * undefined for a result with rows, or when the reads that would tell fail.
   */
  private async whyEmpty(
    done: RunExecution,
    target: Target,
    run: RunInfo,
    prepared: PreparedRun,
    signal: AbortSignal,
  ): Promise<string | undefined> {
    if (done.rows.length > 0) return undefined;
    const causes = await explainEmpty(target.client, done, {
      signal,
      ...(run.pcode !== undefined ? { pcode: run.pcode } : {}),
      catalog: this.ctx.catalogs.categories,
      fromRange: new Set(prepared.paramsFromRange),
    }).catch(() => []);
    const texts = causes.map((cause) => translateText(emptyCauseText(cause, run.pcode ?? target.pcode)));
    return texts.length > 0 ? texts.join(' ') : undefined;
  }

  /** Runs `work` with a cancellable progress notification once it is slow; Cancel aborts `controller`. */
  private withProgress<T>(title: string, controller: AbortController, work: () => Promise<T>): Promise<T> {
    return withDelayedProgress(t('MXQL: running {0}', title), controller, work());
  }

  private async failed(
    run: RunInfo,
    source: RunSource,
    prepared: PreparedRun,
    target: Target,
    error: unknown,
    ms: number,
    options: RunOptions,
  ): Promise<RunOutcome> {
    if (isAbort(error)) {
      this.ctx.results.cancel(run.runId);
      this.panels.update(run.runId);
      this.ctx.log.info(`Run ${run.runId} cancelled after ${ms} ms`);
      return this.finish(run, source, prepared, target, { status: 'cancelled', rows: 0, ms });
    }
    const described = describeRunError(error);
    this.ctx.results.fail(run.runId, described);
    this.panels.update(run.runId);
    this.ctx.log.error(`Run ${run.runId} failed`, error);
    const labels = (described.actions ?? []).map((a) => a.label);
    if (!options.quiet)
      void this.ctx.ui.message('error', t('MXQL: {0}', described.message), ...labels).then((label) => {
        const action = described.actions?.find((a) => a.label === label);
        if (action) void vscode.commands.executeCommand('mxql.runErrorAction', action.id, run.runId);
      });
    return this.finish(run, source, prepared, target, {
      status: 'error',
      rows: 0,
      ms,
      error: described.message,
    });
  }

  private async finish(
    run: RunInfo,
    source: RunSource,
    prepared: PreparedRun,
    target: Target,
    result: RunResultSummary,
  ): Promise<RunOutcome> {
    await this.ctx.history.add(historyEntryOf(run, source, prepared, target.profile, result));
    return {
      status: result.status,
      runId: run.runId,
      rows: result.rows,
      ...(result.error ? { message: result.error } : {}),
    };
  }
}
