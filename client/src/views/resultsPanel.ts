// Hosts the results webview: creates panels with the pure HTML builder, sends each run as the
// protocol's message sequence (rows in chunks), and answers the webview's requests (copy, export,
// open as JSON, re-run, cancel, error buttons). Rows live in the extension's ResultsModel; the
// webview keeps none across reloads, so a restored panel gets them replayed, or is told to re-run.
import { homedir } from 'node:os';
import * as vscode from 'vscode';
import {
  parseResultsToExtension,
  RESULTS_PROTOCOL_VERSION as v,
  type ExtensionToResults,
  type ResultsToExtension,
  type RunInfo,
} from '../../../common/resultsMessages';
import { translateResultsTexts } from '../../../common/resultsTexts';
import type { Ctx } from '../ctx';
import { t } from '../l10n';
import { runErrorAction } from '../run/errorActions';
import { resultsHtml } from './resultsHtml';
import { createPanel, PanelHost, writePage } from './webviewPanel';

/** The webview type; also the serializer's key (package.json activation event onWebviewPanel:mxql.results). */
export const RESULTS_VIEW_TYPE = 'mxql.results';

/** What the panel host asks of the runner. */
export interface ResultsActions {
  rerun(runId: string, limit?: number): Promise<unknown>;
  cancel(runId: string): void;
  action(actionId: string, runId: string | undefined): Promise<unknown>;
  /** Compare with… for the run shown (the toolbar's button). */
  compare(runId: string): Promise<unknown>;
}

/** True while a results panel is open: the palette offers Compare Result with… then. */
const RESULT_SHOWN_KEY = 'mxql.resultShown';

/** One results panel: the run it shows and whether its page is ready for that run's messages. */
class PanelEntry extends PanelHost<ExtensionToResults> {
  ready = false;
  runId: string | undefined;
  /** Counts replays, so the unsent rest of a replaced replay is dropped. */
  replays = 0;

  constructor(
    ctx: Ctx,
    panel: vscode.WebviewPanel,
    private readonly heard: (entry: PanelEntry, data: unknown) => void,
    closed: () => void,
  ) {
    super(ctx, panel, 'Results panel', closed);
    writePage(ctx, panel, (page) =>
      resultsHtml({
        cspSource: page.cspSource,
        nonce: page.nonce,
        scriptUri: page.uri('results.js'),
        styleUri: page.uri('results.css'),
        codiconsUri: page.uri('codicon.css'),
        title: t('MXQL Results'),
        texts: translateResultsTexts(t),
      }),
    );
  }

  protected receive(data: unknown): void {
    this.heard(this, data);
  }

  /** Shows `title`, and the panel beside the editor when it is hidden (the editor keeps the focus). */
  present(title: string): void {
    this.panel.title = `MXQL: ${title}`;
    if (!this.panel.visible) this.panel.reveal(vscode.ViewColumn.Beside, true);
  }

  get active(): boolean {
    return this.panel.active;
  }

  /** Posts one message; resolves once the page took it or failed to (logged, never rejects). */
  send(message: ExtensionToResults): Promise<void> {
    return this.deliver(message);
  }
}

/** "1 row", "1,234 rows". */
function rowCount(n: number): string {
  return n === 1 ? t('1 row') : t('{0} rows', n.toLocaleString('en-US'));
}

/**
 * Where an export is proposed: `<title>.<format>` in the first workspace folder, else in the home
 * folder; never a bare file name, which the save dialog would place at the file-system root.
 */
export function exportUri(title: string, format: 'csv' | 'json'): vscode.Uri {
  const name = `${title.replace(/[^\w.-]+/g, '_').replace(/^[._]+/, '') || 'results'}.${format}`;
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(homedir());
  return vscode.Uri.joinPath(folder, name);
}

export class ResultsPanels implements vscode.Disposable {
  private readonly entries = new Set<PanelEntry>();
  /** The panel that showed a run last. */
  private lastShown: PanelEntry | undefined;

  constructor(
    private readonly ctx: Ctx,
    private readonly actions: ResultsActions,
  ) {}

  /** Registers the serializer that brings panels back after a window reload. */
  registerSerializer(): vscode.Disposable {
    return vscode.window.registerWebviewPanelSerializer(RESULTS_VIEW_TYPE, {
      deserializeWebviewPanel: (panel) => {
        this.adopt(panel);
        return Promise.resolve();
      },
    });
  }

  /** Shows `run` as running, in the reused panel or a new one (setting mxql.results.reusePanel). */
  show(run: RunInfo): void {
    const reusable = this.ctx.config.reusePanel ? [...this.entries][0] : undefined;
    const entry = reusable ?? this.create(run.title);
    entry.runId = run.runId;
    this.lastShown = entry;
    entry.present(run.title);
    void this.replay(entry);
  }

  /** The run of the active results panel, else of the panel that showed a run last. */
  shownRunId(): string | undefined {
    const active = [...this.entries].find((e) => e.active);
    const last = this.lastShown && this.entries.has(this.lastShown) ? this.lastShown : undefined;
    return (active ?? last ?? [...this.entries].at(-1))?.runId;
  }

  private shownChanged(): void {
    void vscode.commands.executeCommand('setContext', RESULT_SHOWN_KEY, this.entries.size > 0);
  }

  /** Sends the current state of `runId` to the panels showing it. */
  update(runId: string): void {
    void this.delivered(runId);
  }

  /**
   * Sends the current state of `runId` to the panels showing it; resolves once they have taken every
   * message (never rejects), so work that competes for the window's connection can wait for it.
   */
  async delivered(runId: string): Promise<void> {
    const replays = [...this.entries].filter((e) => e.runId === runId).map((e) => this.replay(e));
    await Promise.all(replays);
  }

  /** Panels open now (tests and the status of reuse). */
  get count(): number {
    return this.entries.size;
  }

  private create(title: string): PanelEntry {
    const panel = createPanel(this.ctx, RESULTS_VIEW_TYPE, `MXQL: ${title}`, {
      viewColumn: vscode.ViewColumn.Beside,
      preserveFocus: true,
    });
    return this.adopt(panel);
  }

  private adopt(panel: vscode.WebviewPanel): PanelEntry {
    const entry = new PanelEntry(
      this.ctx,
      panel,
      (heard, data) => void this.receive(heard, data),
      () => {
        this.entries.delete(entry);
        this.shownChanged();
      },
    );
    this.entries.add(entry);
    this.shownChanged();
    return entry;
  }

  /**
   * Posts the messages of the entry's run. VS Code joins the messages posted in one turn into one
   * write to the window (which a remote window compresses whole), so after a `paintNow` chunk (the
   * first screenful of a large result) the rest waits for the next turn: the first rows leave, and
   * are painted, while the rest is on its way. Every chunk is encoded before the first is posted,
   * so nothing holds the extension host between the two posts. A replay that a later one (of this
   * run or another) has replaced in the meantime stops.
   */
  private async replay(entry: PanelEntry): Promise<void> {
    if (!entry.ready || entry.runId === undefined) return;
    const replay = ++entry.replays;
    const messages = this.ctx.results.messagesFor(entry.runId);
    if (messages.length === 0) {
      await this.post(entry, {
        type: 'error',
        v,
        runId: entry.runId,
        error: {
          message: t('The rows of this result are no longer kept. Re-run the query to see them.'),
          code: 'results/expired',
          actions: [runErrorAction('rerun')],
        },
      });
      return;
    }
    const posted: Promise<void>[] = [];
    for (const message of messages) {
      posted.push(this.post(entry, message));
      if (message.type !== 'columnsChunk' || message.paintNow !== true) continue;
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (entry.replays !== replay || !this.entries.has(entry)) break;
    }
    await Promise.all(posted);
  }

  /** Posts one message; resolves once the webview took it or failed to (logged, never rejects). */
  private async post(entry: PanelEntry, message: ExtensionToResults): Promise<void> {
    const stamped = message.type === 'columnsChunk' ? { ...message, sentAt: Date.now() } : message;
    await entry.send(stamped);
  }

  private async receive(entry: PanelEntry, data: unknown): Promise<void> {
    const message = parseResultsToExtension(data);
    if (!message) {
      this.ctx.log.warn('Results panel sent a message that is not part of the protocol; ignored.');
      return;
    }
    try {
      await this.handle(entry, message);
    } catch (error) {
      this.ctx.log.error('Results panel request failed', error);
      this.notice(entry, 'error', t('Failed: {0}', error instanceof Error ? error.message : String(error)));
    }
  }

  private async handle(entry: PanelEntry, message: ResultsToExtension): Promise<void> {
    switch (message.type) {
      case 'ready':
        entry.ready = true;
        entry.runId ??= message.resumeRunId;
        await this.replay(entry);
        return;
      case 'copy':
        await vscode.env.clipboard.writeText(message.text);
        this.notice(entry, 'info', t('Copied {0}', rowCount(message.rows)));
        return;
      case 'export':
        await this.exportRows(entry, message.runId, message.format);
        return;
      case 'openJson':
        await this.openJson(message.runId, message.rowIndexes);
        return;
      case 'rerun':
        await this.actions.rerun(message.runId, message.limit);
        return;
      case 'cancel':
        this.actions.cancel(message.runId);
        return;
      case 'compare':
        await this.actions.compare(message.runId);
        return;
      case 'action':
        await this.actions.action(message.actionId, message.runId ?? entry.runId);
        return;
      case 'webviewError':
        this.ctx.log.error(`Results panel: ${message.message}`);
        return;
    }
  }

  private notice(entry: PanelEntry, level: 'info' | 'warning' | 'error', text: string): void {
    void this.post(entry, { type: 'notice', v, level, text });
  }

  private async exportRows(entry: PanelEntry, runId: string, format: 'csv' | 'json'): Promise<void> {
    const text = this.ctx.results.exportText(runId, format);
    if (text === undefined) {
      this.notice(entry, 'warning', t('These rows are no longer kept; re-run the query to export them.'));
      return;
    }
    const title = this.ctx.results.get(runId)?.run.title ?? 'results';
    const target = await vscode.window.showSaveDialog({
      defaultUri: exportUri(title, format),
      filters: format === 'csv' ? { CSV: ['csv'] } : { JSON: ['json'] },
    });
    if (!target) return;
    await vscode.workspace.fs.writeFile(target, Buffer.from(text, 'utf8'));
    const rows = this.ctx.results.get(runId)?.rowCount ?? 0;
    this.notice(entry, 'info', t('Exported {0} to {1}', rowCount(rows), target.fsPath));
  }

  private async openJson(runId: string, rowIndexes: readonly number[] | undefined): Promise<void> {
    const content = this.ctx.results.jsonOf(runId, rowIndexes);
    if (content === undefined) throw new Error(t('these rows are no longer kept; re-run the query'));
    const document = await vscode.workspace.openTextDocument({ language: 'json', content });
    await vscode.window.showTextDocument(document, { preview: true });
  }

  dispose(): void {
    for (const entry of [...this.entries]) entry.close();
    this.entries.clear();
  }
}
