// Runs MXQL cells through the ordinary run pipeline (Runner: the same request building, prompts,
// API client and history as the editor) in quiet mode, and turns each outcome into a cell output.
// A cell's stop button aborts its HTTP request; every failure ends as a readable error output.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { translateText, t } from '../l10n';
import type { Ctx } from '../ctx';
import type { Runner, RunOutcome } from '../run/runner';
import type { CellOutput, OutputRun } from './notebookFile';
import { cellRunOptions, cellTitle } from './cellRun';
import { cellOutput, headerOf, NOTEBOOK_TYPE } from './notebookSerializer';
import { historyRangeLabel } from '../history/historyStore';
import { localTimezone } from '../../../common/localZone';

/** The controller id (the kernel VS Code lists for `.mxqlnb`). */
export const NOTEBOOK_CONTROLLER_ID = 'mxql-notebook-runner';

export class MxqlNotebookController implements vscode.Disposable {
  private readonly controller: vscode.NotebookController;
  private executionOrder = 0;

  constructor(
    private readonly ctx: Ctx,
    private readonly runner: Runner,
  ) {
    this.controller = vscode.notebooks.createNotebookController(
      NOTEBOOK_CONTROLLER_ID,
      NOTEBOOK_TYPE,
      'MXQL',
    );
    this.controller.supportedLanguages = ['mxql'];
    this.controller.supportsExecutionOrder = true;
    this.controller.description = t('Runs MXQL cells against the notebook’s profile');
    this.controller.executeHandler = (cells, notebook) => this.executeCells(cells, notebook);
  }

  /** Runs `cells` one after another (a later cell often builds on what the earlier one showed). */
  async executeCells(
    cells: readonly vscode.NotebookCell[],
    notebook: vscode.NotebookDocument,
  ): Promise<void> {
    for (const cell of cells) await this.executeCell(cell, notebook);
  }

  private async executeCell(cell: vscode.NotebookCell, notebook: vscode.NotebookDocument): Promise<void> {
    if (cell.kind !== vscode.NotebookCellKind.Code || cell.document.languageId !== 'mxql') return;
    const execution = this.controller.createNotebookCellExecution(cell);
    execution.executionOrder = ++this.executionOrder;
    execution.start(Date.now());
    const abort = new AbortController();
    const subscription = execution.token.onCancellationRequested(() => abort.abort());
    const title = translateText(
      cellTitle(cell.document.getText(), path.basename(notebook.uri.path), cell.index),
    );
    let output: CellOutput;
    try {
      await execution.clearOutput();
      output = await this.runCell(cell, notebook, title, abort.signal);
    } catch (error) {
      this.ctx.log.error(`Notebook cell "${title}" failed`, error);
      const message = this.ctx.log.redact(error instanceof Error ? error.message : String(error));
      output = { type: 'error', run: { title }, message, actions: [{ id: 'showLog', label: t('Show Log') }] };
    } finally {
      subscription.dispose();
    }
    try {
      await execution.replaceOutput(cellOutput(output));
    } finally {
      execution.end(output.type === 'result', Date.now());
    }
  }

  private async runCell(
    cell: vscode.NotebookCell,
    notebook: vscode.NotebookDocument,
    title: string,
    signal: AbortSignal,
  ): Promise<CellOutput> {
    const text = cell.document.getText();
    const header = headerOf(notebook);
    const planned = cellRunOptions(header, text, signal);
    if (!planned.ok) return { type: 'error', run: { title }, message: translateText(planned.problem) };
    const source = { title, fileText: text, queryText: text, uri: cell.document.uri.toString() };
    const outcome = await this.runner.run(source, planned.options);
    return this.outputOf(outcome, title);
  }

  /** The output of a run: rows from the results model, the run's facts from its history entry. */
  private outputOf(outcome: RunOutcome, title: string): CellOutput {
    if (outcome.status === 'skipped') {
      return {
        type: 'error',
        run: { title },
        message: t('Not run: {0}.', outcome.message ?? t('nothing to run')),
      };
    }
    const result = outcome.runId ? this.ctx.results.get(outcome.runId) : undefined;
    const run = this.runOf(outcome, title);
    if (outcome.status === 'cancelled') return { type: 'cancelled', run };
    const rows = outcome.runId ? this.ctx.results.rows(outcome.runId) : undefined;
    if (outcome.status === 'error' || !result || !rows) {
      const error = result?.error;
      const message = error?.hint
        ? `${error.message} ${error.hint}`
        : (error?.message ?? outcome.message ?? t('The run failed.'));
      return {
        type: 'error',
        run,
        message,
        ...(error?.code ? { code: error.code } : {}),
        ...(error?.actions ? { actions: error.actions.map((a) => ({ id: a.id, label: a.label })) } : {}),
      };
    }
    return { type: 'result', run, columns: result.columns.map((c) => c.name), rows };
  }

  private runOf(outcome: RunOutcome, title: string): OutputRun {
    const entry = outcome.runId ? this.ctx.history.find(outcome.runId) : undefined;
    const result = outcome.runId ? this.ctx.results.get(outcome.runId) : undefined;
    const marks = result?.run.marks ? { marks: result.run.marks } : {};
    if (!entry) return { title, ...(result ? { ranAt: result.run.startedAt } : {}), ...marks };
    const project = entry.pcode !== undefined ? this.ctx.projectName(entry.profile, entry.pcode) : undefined;
    return {
      title,
      profile: entry.profile,
      ...(entry.pcode !== undefined ? { pcode: entry.pcode } : {}),
      ...(project ? { project } : {}),
      range: historyRangeLabel(entry, localTimezone),
      stime: entry.stime,
      etime: entry.etime,
      endpoint: entry.endpoint,
      ms: entry.ms,
      rows: entry.rows,
      ranAt: entry.time,
      ...marks,
    };
  }

  dispose(): void {
    this.controller.dispose();
  }
}
