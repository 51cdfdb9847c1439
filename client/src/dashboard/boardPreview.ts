// MXQL: Preview Dashboard. A webview panel per dashboard JSON file draws the board as its layout says
// (the core's board model) and runs each widget query through the one run planner with the board's
// conventions (the core's planBoardQuery) and the values its author set (the core's authoredValues), each
// widget's tooltip naming where they came from, on the active profile or the Demo. It follows edits of the
// file (debounced), re-runs on Refresh and on a new range, and cancels what runs when it re-runs or
// closes. Every failure stays in its widget; nothing is thrown into the host.
import * as vscode from 'vscode';
import {
  BOARD_GRID_ROWS,
  BOARD_PROTOCOL_VERSION as v,
  BOARD_TEXTS,
  parseBoardToExtension,
  type BoardMessage,
  type ExtensionToBoard,
  type QueryMessage,
  type WidgetReport,
} from '../../../common/boardMessages';
import { translateTexts } from '../../../common/l10n';
import type { ParamOrigin } from '../../../common/resultsMessages';
import type { ThresholdMark } from '../../../common/chartMarks';
import {
  fieldUnits,
  authoredValues,
  boardOf,
  boardWidgetViews,
  planBoardQuery,
  queryCategory,
  type BoardModel,
  type BoardQuery,
} from '../../../server/core/index';
import { DEMO_PROFILE_NAME } from '../config';
import type { Ctx } from '../ctx';
import { errorText } from '../errorText';
import { translateText, t } from '../l10n';
import type { Selection, Target } from '../profiles/profiles';
import { preparedOf } from '../run/runRequest';
import { sendPrepared } from '../run/sendPrepared';
import { presetMs, RANGE_PRESETS, type RangePreset } from '../run/timeRange';
import { tabulate } from '../../../common/rowFacts';
import { createPanel, PanelHost, PanelsByKey, writePage } from '../views/webviewPanel';
import { dashboardHtml } from './dashboardHtml';
import { localTimezone } from '../../../common/localZone';

/** Quiet time after an edit before the board is drawn and run again. */
export const BOARD_DEBOUNCE_MS = 500;
/** Queries of one board in flight at once. */
const PARALLEL_QUERIES = 4;
/** How long `settled()` waits for the page before it answers with what the host knows. */
const SETTLE_TIMEOUT_MS = 120_000;

/** What the preview shows, as the page reported it: the command's answer and the tests' view. */
export interface BoardPreviewReport {
  readonly uri: string;
  readonly generation: number;
  readonly name: string;
  readonly problems: readonly string[];
  readonly target: string;
  readonly widgets: readonly WidgetReport[];
}

/** The parsed JSON text, or undefined when it does not parse (the board model says why). */
function parsedOrUndefined(json: string): unknown {
  try {
    return JSON.parse(json.charCodeAt(0) === 0xfeff ? json.slice(1) : json);
  } catch {
    return undefined;
  }
}

/** `$TIME_MERGE_PLACE = max (the timeMerge of …)`: each value the board filled, and where it came from. */
function sentLines(
  params: Readonly<Record<string, string>>,
  origins: Readonly<Record<string, ParamOrigin>>,
): string[] {
  return Object.entries(origins).map(([name, origin]) => {
    const line = `${name} = ${params[name] ?? ''}`;
    switch (origin.kind) {
      case 'param':
        return t('{0} (set by the dashboard at {1})', line, origin.pointer);
      case 'field':
        return t(
          '{0} (the {1} of the dashboard field {2} at {3})',
          line,
          name === '$OBJECT_MERGE_PLACE' ? 'objectMerge' : 'timeMerge',
          origin.key,
          origin.pointer,
        );
      case 'default':
        return t("{0} (the board's default merge)", line);
      case 'given':
        return line;
    }
  });
}

/** The preset of `choice` when it is one, else 1h. */
function presetOf(ms: number | undefined): RangePreset {
  return RANGE_PRESETS.find((p) => presetMs(p) === ms) ?? '1h';
}

class BoardPreview extends PanelHost<ExtensionToBoard> {
  private generation = 0;
  private preset: RangePreset;
  private controller: AbortController | undefined;
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;
  private inFlight = 0;
  private lastBoard: BoardMessage | undefined;
  private readonly lastQueries = new Map<string, QueryMessage>();
  private report: BoardPreviewReport;
  private reportedGeneration = -1;
  private waiters: (() => void)[] = [];
  /** The parsed file of the last render: what each query's author set is read from it. */
  private root: unknown;

  constructor(
    ctx: Ctx,
    readonly document: vscode.TextDocument,
    panel: vscode.WebviewPanel,
    onDispose: () => void,
  ) {
    super(ctx, panel, 'The dashboard preview', onDispose);
    const choice = ctx.rangeChoice();
    this.preset = presetOf(choice.kind === 'relative' ? choice.ms : undefined);
    this.report = {
      uri: document.uri.toString(),
      generation: 0,
      name: '',
      problems: [],
      target: '',
      widgets: [],
    };
    const texts = translateTexts(BOARD_TEXTS, t);
    writePage(ctx, panel, (page) => dashboardHtml(page, 'board', t('Dashboard preview'), texts));
    this.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === this.document && event.contentChanges.length > 0) this.schedule();
      }),
    );
    this.render();
  }

  /** The report once no edit waits, every query is in and the page has shown it (or after a timeout). */
  settled(): Promise<BoardPreviewReport> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(), SETTLE_TIMEOUT_MS);
      const done = () => {
        clearTimeout(timer);
        resolve(this.report);
      };
      this.waiters.push(done);
      this.check();
    });
  }

  private schedule(): void {
    this.dirty = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.render();
    }, BOARD_DEBOUNCE_MS);
  }

  /** Reads the file, draws the board and runs its queries; what ran before is cancelled. */
  private render(): void {
    this.dirty = false;
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const generation = ++this.generation;
    this.lastQueries.clear();
    const text = this.document.getText();
    const board = boardOf(text);
    this.root = parsedOrUndefined(text);
    // A widget's problem says where the widget is; the file's own problems say where themselves.
    const problems = board.problems.map((p) =>
      p.widget !== undefined && p.line
        ? t('line {0}: {1}', p.line, translateText(p.text))
        : translateText(p.text),
    );
    const message: BoardMessage = {
      type: 'board',
      v,
      generation,
      name: board.name || this.title(),
      columns: board.columns,
      rows: board.rows,
      widgets: boardWidgetViews(board),
      problems,
      target: '',
      presets: [...RANGE_PRESETS],
      preset: this.preset,
    };
    this.panel.title = t('Preview: {0}', message.name);
    this.report = { uri: this.report.uri, generation, name: message.name, problems, target: '', widgets: [] };
    this.lastBoard = message;
    this.post(message);
    this.runAll(board, generation, controller.signal).catch((error: unknown) => {
      this.ctx.log.error('The dashboard preview could not run its queries', error);
    });
  }

  private title(): string {
    return this.document.uri.path.split('/').pop() ?? '';
  }

  private async runAll(board: BoardModel, generation: number, signal: AbortSignal): Promise<void> {
    const tasks = board.widgets.flatMap((w) =>
      w.queries.map((query, index) => ({ widget: w.index, index, query })),
    );
    this.inFlight = tasks.length;
    if (tasks.length === 0) return this.check();
    let target: Target;
    try {
      target = await this.ctx.profiles.target(await this.selection());
    } catch (error) {
      const message = this.ctx.log.redact(errorText(error));
      for (const task of tasks)
        this.finish(generation, { widget: task.widget, query: task.index, status: 'error', message });
      return;
    }
    // A newer render owns the board now; this one's queries would only be dropped.
    if (generation !== this.generation || !this.lastBoard) return;
    const label = this.targetLabel(target);
    this.report = { ...this.report, target: label };
    this.lastBoard = { ...this.lastBoard, target: label };
    this.post(this.lastBoard);
    const queue = [...tasks];
    const worker = async (): Promise<void> => {
      for (let task = queue.shift(); task; task = queue.shift()) {
        const outcome = await this.runOne(task.query, target, signal);
        this.finish(generation, { widget: task.widget, query: task.index, ...outcome });
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_QUERIES, tasks.length) }, worker));
  }

  private async runOne(
    query: BoardQuery,
    target: Target,
    signal: AbortSignal,
  ): Promise<
    Pick<QueryMessage, 'status' | 'message' | 'columns' | 'rows' | 'total' | 'units' | 'thresholds' | 'sent'>
  > {
    const plan = planBoardQuery({
      query,
      authored: authoredValues(this.root, query.pointer, query.text),
      range: { kind: 'relative', ms: presetMs(this.preset) },
      now: Date.now(),
      timezone: localTimezone,
      defaultLimit: this.ctx.config.defaultLimit,
      catalog: this.ctx.catalogs.categories,
    });
    if (plan.needs.length > 0) return { status: 'needs', message: plan.needs.map((n) => n.name).join(', ') };
    const prepared = preparedOf(plan);
    if (!prepared.ok) return { status: 'error', message: translateText(prepared.problem) };
    const sent = sentLines(prepared.run.params, plan.paramOrigins);
    if (signal.aborted) return { status: 'cancelled' };
    try {
      const { rows: answer } = await sendPrepared(
        prepared.run,
        target,
        prepared.run.pcode ?? target.pcode,
        signal,
      );
      const { columns, rows } = tabulate(answer);
      const kept = this.isSeries(query) ? rows : rows.slice(0, BOARD_GRID_ROWS);
      const units = fieldUnits(query.text, this.ctx.catalogs);
      const thresholds = await this.ruleThresholds(query.text);
      return {
        status: 'done',
        columns,
        rows: kept,
        total: rows.length,
        ...(Object.keys(units).length > 0 ? { units } : {}),
        ...(thresholds.length > 0 ? { thresholds } : {}),
        ...(sent.length > 0 ? { sent } : {}),
      };
    } catch (error) {
      if (signal.aborted) return { status: 'cancelled' };
      return { status: 'error', message: this.ctx.log.redact(errorText(error)) };
    }
  }

  /** The workspace's rules on the category a widget query reads; none when the rule files cannot be read. */
  private async ruleThresholds(queryText: string): Promise<readonly ThresholdMark[]> {
    const category = queryCategory(queryText, this.ctx.catalogs.categories);
    if (!category) return [];
    return this.ctx.rules.thresholdsFor(category).catch((error: unknown) => {
      this.ctx.log.warn(`Reading the workspace's rule files failed: ${String(error)}`);
      return [];
    });
  }

  private isSeries(query: BoardQuery): boolean {
    const widget = this.lastBoard?.widgets.find((w) => query.pointer.startsWith(`/widgets/${w.index}/`));
    return widget?.kind === 'series';
  }

  private finish(generation: number, result: Omit<QueryMessage, 'type' | 'v' | 'generation'>): void {
    if (generation !== this.generation) return;
    this.inFlight--;
    const message: QueryMessage = { type: 'query', v, generation, ...result };
    this.lastQueries.set(`${result.widget}/${result.query}`, message);
    this.post(message);
    this.check();
  }

  /** The active profile, else the Demo on its first project. */
  private async selection(): Promise<Selection> {
    const active = this.ctx.profiles.active();
    if (active) return active;
    const server = await this.ctx.demo.server();
    const pcode = server.projects[0]?.pcode;
    return { profile: DEMO_PROFILE_NAME, ...(pcode !== undefined ? { pcode } : {}) };
  }

  private targetLabel(target: Target): string {
    const profile = target.isDemo ? t('Demo') : target.profile;
    if (target.pcode === undefined) return profile;
    const project = this.ctx.projectName(target.profile, target.pcode) ?? String(target.pcode);
    return `${profile} · ${project}`;
  }

  protected receive(data: unknown): void {
    const message = parseBoardToExtension(data);
    if (!message) return;
    switch (message.type) {
      case 'ready':
        // A page that was hidden and comes back gets the board and every answer again.
        if (this.lastBoard) this.post(this.lastBoard);
        for (const query of this.lastQueries.values()) this.post(query);
        return;
      case 'refresh':
        return this.render();
      case 'range':
        if ((RANGE_PRESETS as readonly string[]).includes(message.preset)) {
          this.preset = message.preset as RangePreset;
          this.render();
        }
        return;
      case 'rendered':
        if (message.generation !== this.generation) return;
        this.reportedGeneration = message.generation;
        this.report = { ...this.report, widgets: message.widgets };
        this.check();
        return;
    }
  }

  private check(): void {
    const settled =
      !this.dirty &&
      this.inFlight <= 0 &&
      this.reportedGeneration === this.generation &&
      this.report.widgets.every((w) => w.status !== 'running');
    if (!settled) return;
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  override dispose(): void {
    this.controller?.abort();
    if (this.timer) clearTimeout(this.timer);
    super.dispose();
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}

/** The previews, one per file. */
export class BoardPreviews implements vscode.Disposable {
  private readonly previews = new PanelsByKey<BoardPreview>();

  constructor(private readonly ctx: Ctx) {}

  /**
   * Opens (or reveals) the preview of `arg` (a file URI, else the active editor's file) and resolves
   * with what it shows once every query is in; undefined when there is no dashboard to preview.
   */
  async open(arg: unknown): Promise<BoardPreviewReport | undefined> {
    const document = await this.documentOf(arg);
    if (!document) {
      void this.ctx.ui.message('info', t('MXQL: open a dashboard JSON file to preview it.'));
      return undefined;
    }
    const key = document.uri.toString();
    const existing = this.previews.reveal(key);
    if (existing) return existing.settled();
    const board = boardOf(document.getText());
    if (!board.ok) {
      const [problem] = board.problems;
      const text = problem ? translateText(problem.text) : '';
      void this.ctx.ui.message('error', t('MXQL: this file cannot be previewed as a dashboard. {0}', text));
      return { uri: key, generation: 0, name: '', problems: [text], target: '', widgets: [] };
    }
    const panel = createPanel(this.ctx, 'mxql.boardPreview', t('Preview: {0}', board.name), {
      viewColumn: vscode.ViewColumn.Beside,
      preserveFocus: true,
    });
    return this.previews.open(key, (closed) => new BoardPreview(this.ctx, document, panel, closed)).settled();
  }

  private async documentOf(arg: unknown): Promise<vscode.TextDocument | undefined> {
    if (arg instanceof vscode.Uri) return vscode.workspace.openTextDocument(arg);
    if (typeof arg === 'string') return vscode.workspace.openTextDocument(vscode.Uri.parse(arg));
    return vscode.window.activeTextEditor?.document;
  }

  dispose(): void {
    for (const preview of this.previews.all()) preview.dispose();
    this.previews.clear();
  }
}
