// Wires MXQL notebooks into the extension: the serializer, the controller, each cell's status bar
// (profile · project · range · rows · time), the renderer's requests (open in the results panel,
// export, copy, error buttons) and the notebook commands. Everything belongs to the Ctx.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { translateText, t } from '../l10n';
import {
  isRendererToExtension,
  NOTEBOOK_RENDERER_ID,
  parseOutput,
  type CellOutput,
  type OutputRun,
} from '../../../common/notebookOutput';
import { toCsv, toJson, toObjects } from '../../../common/tabular';
import type { Ctx } from '../ctx';
import type { Runner } from '../run/runner';
import type { ResultsPanels } from '../views/resultsPanel';
import * as commands from './notebookCommands';
import type { NotebookCommandId } from './notebookCommandTable';
import { MxqlNotebookController } from './notebookController';
import { htmlReport, markdownReport } from './notebookExport';
import {
  fileOfDocument,
  headerOf,
  MxqlNotebookSerializer,
  NOTEBOOK_TYPE,
  storedRun,
} from './notebookSerializer';

/** The status bar text of a run: `profile · project · range · rows · time`. */
export function runStatusText(run: OutputRun): string {
  const project = run.project ?? (run.pcode !== undefined ? `pcode ${run.pcode}` : undefined);
  const parts = [
    run.profile,
    project,
    run.range,
    run.rows !== undefined ? `${run.rows.toLocaleString()} rows` : undefined,
    run.ms !== undefined ? `${run.ms} ms` : undefined,
  ];
  return parts.filter((p): p is string => p !== undefined && p !== '').join(' · ');
}

class CellStatusBar implements vscode.NotebookCellStatusBarItemProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when a run or a header edit changes what a cell's status bar shows. */
  readonly onDidChangeCellStatusBarItems = this.changed.event;
  private readonly subscription = vscode.workspace.onDidChangeNotebookDocument((event) => {
    if (event.notebook.notebookType !== NOTEBOOK_TYPE) return;
    if (event.metadata !== undefined || event.cellChanges.some((c) => c.outputs !== undefined))
      this.changed.fire();
  });

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }

  provideCellStatusBarItems(cell: vscode.NotebookCell): vscode.NotebookCellStatusBarItem[] {
    if (cell.kind !== vscode.NotebookCellKind.Code) return [];
    // Asked for every cell when a notebook opens and again after each run: the run is read from the
    // output's metadata, not from its rows.
    const run = cell.outputs.map(storedRun).find((r) => r !== undefined);
    if (run) {
      const text = runStatusText(run);
      if (!text) return [];
      const item = new vscode.NotebookCellStatusBarItem(
        `$(server) ${text}`,
        vscode.NotebookCellStatusBarAlignment.Right,
      );
      item.tooltip = run.ranAt ? t('Last run {0}', new Date(run.ranAt).toLocaleString()) : t('Last run');
      return [item];
    }
    const header = headerOf(cell.notebook);
    if (!header.profile && !header.range) return [];
    const inherited = [
      header.profile,
      header.pcode !== undefined ? `pcode ${header.pcode}` : undefined,
      header.range,
    ];
    const item = new vscode.NotebookCellStatusBarItem(
      `$(settings) ${inherited.filter(Boolean).join(' · ')}`,
      vscode.NotebookCellStatusBarAlignment.Right,
    );
    item.tooltip = t('From the notebook header');
    item.command = 'mxql.notebook.editHeader';
    return [item];
  }
}

/** Shows a notebook output in the results panel as a finished run of the results model. */
function openInPanel(ctx: Ctx, panels: ResultsPanels, output: CellOutput): void {
  if (output.type !== 'result') return;
  const run = {
    runId: `nb-${Date.now().toString(36)}`,
    title: output.run.title,
    endpoint: output.run.endpoint ?? '(notebook output)',
    startedAt: output.run.ranAt ?? Date.now(),
    ...(output.run.stime !== undefined ? { stime: output.run.stime } : {}),
    ...(output.run.etime !== undefined ? { etime: output.run.etime } : {}),
    ...(output.run.pcode !== undefined ? { pcode: output.run.pcode } : {}),
    ...(output.run.marks ? { marks: output.run.marks } : {}),
  };
  ctx.results.start(run);
  const columns = output.columns.map((name) => ({ name }));
  ctx.results.complete(run.runId, toObjects(columns, output.rows), output.run.ms ?? 0, 0);
  panels.show(run);
  panels.update(run.runId);
}

async function exportRows(ctx: Ctx, output: CellOutput, format: 'csv' | 'json'): Promise<void> {
  if (output.type !== 'result') return;
  const uri = await vscode.window.showSaveDialog({
    title: t('Export {0} rows', output.rows.length.toLocaleString()),
    filters: format === 'csv' ? { CSV: ['csv'] } : { JSON: ['json'] },
  });
  if (!uri) return;
  const columns = output.columns.map((name) => ({ name }));
  const text = format === 'csv' ? toCsv(columns, output.rows) : toJson(columns, output.rows);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  void ctx.ui.message(
    'info',
    t('MXQL: exported {0} rows to {1}.', output.rows.length.toLocaleString(), path.basename(uri.fsPath)),
  );
}

/** The MXQL cell whose output shows `run` (outputs carry their run in their metadata). */
function cellOfRun(run: OutputRun): vscode.NotebookCell | undefined {
  // Key order may differ between a fresh run and a reopened file, so compare sorted entries.
  const key = (value: unknown): string =>
    typeof value === 'object' && value !== null ? JSON.stringify(Object.entries(value).sort()) : '';
  const wanted = key(run);
  for (const notebook of vscode.workspace.notebookDocuments) {
    if (notebook.notebookType !== NOTEBOOK_TYPE) continue;
    const cell = notebook
      .getCells()
      .find((c) => c.outputs.some((o) => key((o.metadata as { run?: unknown } | undefined)?.run) === wanted));
    if (cell) return cell;
  }
  return undefined;
}

/** Runs a cell again through VS Code, so the cell shows the execution as usual. */
async function runCellAgain(cell: vscode.NotebookCell): Promise<void> {
  await vscode.commands.executeCommand('notebook.cell.execute', {
    ranges: [{ start: cell.index, end: cell.index + 1 }],
    document: cell.notebook.uri,
  });
}

/** Answers the renderer; a malformed message or output is logged and ignored. */
async function onRendererMessage(ctx: Ctx, panels: ResultsPanels, message: unknown): Promise<void> {
  if (!isRendererToExtension(message))
    return void ctx.log.warn('Notebook renderer: ignored an unknown message');
  if (message.type === 'copy') {
    await vscode.env.clipboard.writeText(message.text);
    return;
  }
  if (message.type === 'action') {
    const cell = message.actionId === 'rerun' ? cellOfRun(message.run) : undefined;
    if (cell) await runCellAgain(cell);
    else await vscode.commands.executeCommand('mxql.runErrorAction', message.actionId);
    return;
  }
  const output = parseOutput(message.output);
  if (message.type === 'openInPanel') openInPanel(ctx, panels, output);
  else await exportRows(ctx, output, message.format);
}

function reportTarget(notebook: vscode.NotebookDocument, ext: string): vscode.Uri | undefined {
  if (notebook.uri.scheme !== 'file') return undefined;
  return notebook.uri.with({ path: notebook.uri.path.replace(/\.mxqlnb$/i, '') + ext });
}

function activeNotebook(ctx: Ctx, arg: unknown): vscode.NotebookDocument | undefined {
  const uri = arg instanceof vscode.Uri ? arg.toString() : undefined;
  const notebook =
    (uri ? vscode.workspace.notebookDocuments.find((n) => n.uri.toString() === uri) : undefined) ??
    vscode.window.activeNotebookEditor?.notebook;
  if (notebook?.notebookType === NOTEBOOK_TYPE) return notebook;
  void ctx.ui.message('info', t('MXQL: open an MXQL notebook (.mxqlnb) first.'));
  return undefined;
}

/** Where to write a report: the second argument (tests, scripts) or a save dialog. */
async function saveTarget(
  notebook: vscode.NotebookDocument,
  ext: string,
  given: unknown,
): Promise<vscode.Uri | undefined> {
  if (given instanceof vscode.Uri) return given;
  if (typeof given === 'string') return vscode.Uri.file(given);
  const suggested = reportTarget(notebook, ext);
  return vscode.window.showSaveDialog({
    ...(suggested ? { defaultUri: suggested } : {}),
    filters: ext === '.md' ? { Markdown: ['md'] } : { HTML: ['html'] },
  });
}

async function exportMarkdown(ctx: Ctx, arg: unknown, target: unknown): Promise<vscode.Uri | undefined> {
  const notebook = activeNotebook(ctx, arg);
  if (!notebook) return undefined;
  const uri = await saveTarget(notebook, '.md', target);
  if (!uri) return undefined;
  const base = path.basename(uri.path).replace(/\.md$/i, '');
  const { markdown, images } = markdownReport(fileOfDocument(notebook), base, translateText);
  const encoder = new TextEncoder();
  for (const image of images) {
    await vscode.workspace.fs.writeFile(
      vscode.Uri.joinPath(uri, '..', image.name),
      encoder.encode(image.svg),
    );
  }
  await vscode.workspace.fs.writeFile(uri, encoder.encode(markdown));
  return uri;
}

async function exportHtml(ctx: Ctx, arg: unknown, target: unknown): Promise<vscode.Uri | undefined> {
  const notebook = activeNotebook(ctx, arg);
  if (!notebook) return undefined;
  const uri = await saveTarget(notebook, '.html', target);
  if (!uri) return undefined;
  const title = path.basename(notebook.uri.path).replace(/\.mxqlnb$/i, '');
  await vscode.workspace.fs.writeFile(
    uri,
    new TextEncoder().encode(htmlReport(fileOfDocument(notebook), title, translateText)),
  );
  return uri;
}

/** The handlers of the notebook commands (registered with every other command). */
export function notebookHandlers(ctx: Ctx): Record<NotebookCommandId, (...args: unknown[]) => unknown> {
  return {
    'mxql.notebook.new': () => commands.newNotebook(),
    'mxql.notebook.openAsNotebook': (arg) => commands.openAsNotebook(ctx, arg),
    'mxql.notebook.editHeader': (arg, second) => commands.editHeader(ctx, arg, second),
    'mxql.notebook.toggleSaveOutputs': (arg) => commands.toggleSaveOutputs(ctx, arg),
    'mxql.notebook.addFromHistory': (arg) => commands.addFromHistory(ctx, arg),
    'mxql.notebook.addFromExplorer': (arg) => commands.addFromExplorer(ctx, arg),
    'mxql.notebook.exportMarkdown': (arg, target) => exportMarkdown(ctx, arg, target),
    'mxql.notebook.exportHtml': (arg, target) => exportHtml(ctx, arg, target),
  };
}

/** Registers the notebook type, its controller, status bar and renderer messaging. */
export function registerNotebooks(ctx: Ctx, runner: Runner, panels: ResultsPanels): MxqlNotebookController {
  const serializer = new MxqlNotebookSerializer(() => ctx.config.notebookSaveOutputs);
  ctx.push(
    vscode.workspace.registerNotebookSerializer(NOTEBOOK_TYPE, serializer, { transientOutputs: false }),
  );
  const controller = ctx.push(new MxqlNotebookController(ctx, runner));
  const statusBar = ctx.push(new CellStatusBar());
  ctx.push(vscode.notebooks.registerNotebookCellStatusBarItemProvider(NOTEBOOK_TYPE, statusBar));
  const messaging = vscode.notebooks.createRendererMessaging(NOTEBOOK_RENDERER_ID);
  ctx.push(
    messaging.onDidReceiveMessage(({ message }) => {
      onRendererMessage(ctx, panels, message).catch((error: unknown) => {
        ctx.log.error('A notebook output request failed', error);
        void ctx.ui.message('error', t('MXQL: {0}', error instanceof Error ? error.message : String(error)));
      });
    }),
  );
  return controller;
}
