// MXQL notebooks in the real VS Code against the in-host demo backend: create, edit and run cells,
// header inheritance, completion in a cell, cancel closing the HTTP request, outputs surviving a save
// and a reopen, unreadable files kept byte for byte, the ways in, and the exports.
import * as assert from 'node:assert/strict';
import { once } from 'node:events';
import * as vscode from 'vscode';
import { suite, suiteSetup, suiteTeardown, test } from 'mocha';
import { type CellOutput } from '../../../common/notebookOutput';
import { workspaceRoot } from '../workspaceFiles';
import { child, children, projectNodes } from './explorerSupport';
import { codeOf, diagnosticsFor } from './languageSupport';
import { outputOf } from './notebookSupport';
import { fileUri, mxqlApi, useDemo } from './runSupport';

const decoder = new TextDecoder();
const encoder = new TextEncoder();

function workspaceUri(relativePath: string): vscode.Uri {
  return vscode.Uri.joinPath(workspaceRoot(), ...relativePath.split('/'));
}

/** A notebook file written to the workspace and opened in an editor. */
async function openNotebookFile(name: string, text: string): Promise<vscode.NotebookEditor> {
  const uri = workspaceUri(`notebooks/${name}`);
  await vscode.workspace.fs.writeFile(uri, encoder.encode(text));
  const notebook = await vscode.workspace.openNotebookDocument(uri);
  return vscode.window.showNotebookDocument(notebook);
}

async function appendMxqlCell(notebook: vscode.NotebookDocument, text: string): Promise<vscode.NotebookCell> {
  const edit = new vscode.WorkspaceEdit();
  const data = new vscode.NotebookCellData(vscode.NotebookCellKind.Code, text, 'mxql');
  edit.set(notebook.uri, [vscode.NotebookEdit.insertCells(notebook.cellCount, [data])]);
  assert.ok(await vscode.workspace.applyEdit(edit));
  return notebook.cellAt(notebook.cellCount - 1);
}

async function runCell(cell: vscode.NotebookCell): Promise<CellOutput> {
  const cleared = cell.outputs.length === 0 ? Promise.resolve() : outputsCleared(cell);
  const run = vscode.commands.executeCommand('notebook.cell.execute', {
    ranges: [{ start: cell.index, end: cell.index + 1 }],
    document: cell.notebook.uri,
  });
  await cleared;
  const output = await outputOf(cell);
  await run;
  return output;
}

function outputsCleared(cell: vscode.NotebookCell): Promise<void> {
  return new Promise((resolve) => {
    const listener = vscode.workspace.onDidChangeNotebookDocument((e) => {
      if (e.notebook !== cell.notebook || cell.outputs.length > 0) return;
      listener.dispose();
      resolve();
    });
  });
}

/** A new notebook file with `header` and one MXQL cell of `text`. */
async function notebookWithCell(
  name: string,
  header: object,
  text: string,
): Promise<{ editor: vscode.NotebookEditor; cell: vscode.NotebookCell }> {
  const editor = await openNotebookFile(name, '');
  await vscode.commands.executeCommand('mxql.notebook.editHeader', editor.notebook.uri, header);
  return { editor, cell: await appendMxqlCell(editor.notebook, text) };
}

async function closeAllEditors(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

suite('notebooks', () => {
  suiteSetup(async () => {
    const api = await mxqlApi();
    await useDemo(api);
    await vscode.workspace.fs.createDirectory(workspaceUri('notebooks'));
  });
  suiteTeardown(async () => {
    (await mxqlApi()).restoreUi();
    await closeAllEditors();
  });

  test('New MXQL Notebook, edit a cell, set the header and run it on the Demo', async () => {
    const api = await mxqlApi();
    const demo = await api.demo();
    const project = demo.projects[1] ?? demo.projects[0];
    assert.ok(project);
    const editor = await vscode.commands.executeCommand<vscode.NotebookEditor>('mxql.notebook.new');
    const notebook = editor.notebook;
    assert.equal(notebook.notebookType, 'mxql-notebook');
    assert.deepEqual(
      notebook.getCells().map((c) => c.document.languageId),
      ['markdown', 'mxql'],
    );
    const cell = notebook.cellAt(1);
    const edit = new vscode.WorkspaceEdit();
    const whole = new vscode.Range(0, 0, cell.document.lineCount, 0);
    edit.replace(
      cell.document.uri,
      whole,
      '-- @name Agents\nCATEGORY app_counter\nTAGLOAD\nSELECT [time, oid, oname, tps]',
    );
    assert.ok(await vscode.workspace.applyEdit(edit));
    await vscode.commands.executeCommand('mxql.notebook.editHeader', {
      profile: 'Demo',
      pcode: project.pcode,
      range: '15m',
    });
    const panelsBefore = api.panelCount();
    const output = await runCell(cell);
    assert.equal(output.type, 'result', output.type === 'error' ? output.message : '');
    assert.ok(output.type === 'result');
    assert.ok(output.rows.length > 0, 'the demo returned no rows');
    assert.deepEqual(output.columns.slice(0, 3), ['time', 'oid', 'oname']);
    assert.equal(output.run.profile, 'Demo');
    assert.equal(output.run.pcode, project.pcode);
    assert.equal(output.run.range, '15m');
    assert.equal(output.run.rows, output.rows.length);
    const jsonItem = cell.outputs[0]?.items.find((i) => i.mime === 'application/json');
    assert.ok(jsonItem, 'a JSON output for other renderers');
    const objects = JSON.parse(decoder.decode(jsonItem.data)) as Record<string, unknown>[];
    assert.equal(objects.length, output.rows.length, 'the JSON output holds every row, as objects');
    assert.deepEqual(Object.keys(objects[0] ?? {}).slice(0, 3), ['time', 'oid', 'oname']);
    const entry = api.history()[0];
    assert.equal(entry?.pcode, project.pcode, 'the run went through the ordinary pipeline and history');
    assert.equal(api.panelCount(), panelsBefore, 'a cell run opens no results panel');
  });

  test('errors are readable outputs; header $params reach the cell; a cell @param wins', async () => {
    const editor = await openNotebookFile('errors.mxqlnb', '');
    const bad = await appendMxqlCell(editor.notebook, '-- @range 40d\nCATEGORY app_counter\nTAGLOAD');
    const failed = await runCell(bad);
    assert.equal(failed.type, 'error');
    assert.ok(failed.type === 'error');
    assert.match(failed.message, /31 days/);
    await vscode.commands.executeCommand('mxql.notebook.editHeader', editor.notebook.uri, {
      profile: 'Demo',
      params: { $oid: '1' },
    });
    const api = await mxqlApi();
    const ui = api.scriptUi([]);
    const own = await appendMxqlCell(
      editor.notebook,
      '-- @param $oid = 1600292156\nCATEGORY app_counter\nOID $oid\nTAGLOAD\nSELECT [time, oname, tps]',
    );
    const output = await runCell(own);
    assert.equal(output.type, 'result', output.type === 'error' ? output.message : '');
    assert.deepEqual(ui.prompts, [], 'no prompt: the values came from the header and the cell');
    assert.deepEqual(api.history()[0]?.params, { $oid: '1600292156' });
  });

  test('a cell with $etime runs without a prompt: the range fills it, a header value wins', async () => {
    const api = await mxqlApi();
    const ui = api.scriptUi([]);
    const query =
      'TIME-RANGE {duration:15s, etime:$etime}\nCATEGORY app_counter\nTAGLOAD\nSELECT [time, oname, tps]';
    const { editor, cell } = await notebookWithCell(
      'rangeParams.mxqlnb',
      { profile: 'Demo', range: '10m' },
      query,
    );
    const filled = await runCell(cell);
    assert.equal(filled.type, 'result', filled.type === 'error' ? filled.message : '');
    assert.deepEqual(ui.prompts, [], 'nothing may be asked for $etime');
    const sent = api.result(api.history()[0]?.id ?? '');
    assert.ok(sent?.etime !== undefined && sent.stime !== undefined);
    assert.equal(sent.etime - sent.stime, 10 * 60_000);
    assert.deepEqual(sent.params, { $etime: String(sent.etime) });
    assert.ok(sent.rowCount > 0, 'the demo returned no rows');
    const end = String(sent.etime - 60_000);
    await vscode.commands.executeCommand('mxql.notebook.editHeader', editor.notebook.uri, {
      profile: 'Demo',
      range: '10m',
      params: { $etime: end },
    });
    const given = await runCell(cell);
    assert.equal(given.type, 'result', given.type === 'error' ? given.message : '');
    const second = api.result(api.history()[0]?.id ?? '');
    assert.deepEqual(second?.params, { $etime: end });
    assert.deepEqual(second.paramsFromRange, []);
    assert.deepEqual(ui.prompts, []);
  });

  test('completion, hover and diagnostics work in an MXQL cell', async () => {
    const editor = await openNotebookFile('language.mxqlnb', '');
    const completing = await appendMxqlCell(editor.notebook, 'CATEGORY app_counter\nTAGLOAD\nSELECT [');
    const flagged = await appendMxqlCell(editor.notebook, 'CATEGORY app_counter\nTAGLOAD\nINJECT\n');
    // Diagnostics of the later cell mean the server has both cells (they are opened in order).
    await diagnosticsFor(flagged.document.uri, (list) => list.some((d) => codeOf(d) === 'inject/bare'));
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      completing.document.uri,
      new vscode.Position(2, 8),
    );
    const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    assert.ok(labels.includes('tps'), `completions: ${labels.slice(0, 20).join(', ')}`);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      flagged.document.uri,
      new vscode.Position(1, 2),
    );
    assert.ok(hovers.length > 0, 'no hover on TAGLOAD in a cell');
  });

  test('cancel stops the cell and closes its HTTP request', async () => {
    const api = await mxqlApi();
    const demo = await api.demo();
    const editor = await openNotebookFile('cancel.mxqlnb', '');
    await vscode.commands.executeCommand('mxql.notebook.editHeader', editor.notebook.uri, {
      profile: 'Demo',
    });
    const cell = await appendMxqlCell(editor.notebook, 'CATEGORY demo_slow\nTAGLOAD');
    const abortedBefore = demo.stats.abortedRequests;
    const started = once(demo.events, 'slowQueryStarted');
    const aborted = once(demo.events, 'requestAborted');
    const range = { ranges: [{ start: cell.index, end: cell.index + 1 }], document: editor.notebook.uri };
    const running = vscode.commands.executeCommand('notebook.cell.execute', range);
    await started;
    assert.equal(api.runningIds().length, 1);
    await vscode.commands.executeCommand('notebook.cell.cancelExecution', range);
    await aborted;
    const output = await outputOf(cell);
    await running;
    assert.equal(output.type, 'cancelled');
    assert.equal(demo.stats.abortedRequests, abortedBefore + 1);
    assert.deepEqual(api.runningIds(), []);
  });

  test('outputs survive a save and a reopen; a header can keep them out of the file', async () => {
    const { editor, cell } = await notebookWithCell(
      'saved.mxqlnb',
      { profile: 'Demo', range: '5m' },
      'CATEGORY app_counter\nTAGLOAD\nSELECT [time, oname, tps]',
    );
    const output = await runCell(cell);
    assert.equal(output.type, 'result');
    assert.ok(await editor.notebook.save());
    const uri = editor.notebook.uri;
    const saved = decoder.decode(await vscode.workspace.fs.readFile(uri));
    assert.match(saved, /"type": "result"/);
    // A copy of the saved bytes is a document VS Code has never seen: it is read from disk.
    const copy = workspaceUri('notebooks/saved-copy.mxqlnb');
    await vscode.workspace.fs.copy(uri, copy, { overwrite: true });
    const reopened = await vscode.workspace.openNotebookDocument(copy);
    const again = await outputOf(reopened.cellAt(0));
    assert.deepEqual(again, output);
    assert.equal((await vscode.window.showNotebookDocument(reopened)).notebook, reopened);
    assert.equal(
      await vscode.commands.executeCommand('mxql.notebook.toggleSaveOutputs', reopened.uri),
      false,
    );
    assert.ok(await reopened.save());
    const without = decoder.decode(await vscode.workspace.fs.readFile(reopened.uri));
    assert.ok(!without.includes('"outputs"'), without);
    assert.match(without, /"saveOutputs": false/);
  });

  test('an unreadable file opens as its exact text and saves back unchanged', async () => {
    const text = '{ "format": "mxqlnb", "cells": [ oops\r\n  "kept": true\n';
    const editor = await openNotebookFile('broken.mxqlnb', text);
    const cells = editor.notebook.getCells();
    assert.equal(cells.length, 2);
    assert.match(
      cells[0]?.document.getText() ?? '',
      /could not be read as an MXQL notebook.*not valid JSON/s,
    );
    // The cell shows the text (the editor normalises its line ends); the exact bytes are kept for saving.
    assert.equal(cells[1]?.document.getText().replace(/\r\n/g, '\n'), text.replace(/\r\n/g, '\n'));
    assert.equal(
      (cells[1]?.metadata['mxqlRawFile'] as { text?: string } | undefined)?.text,
      text,
      'kept in metadata',
    );
    // A change outside the raw cell makes the notebook dirty, so saving writes the file.
    const edit = new vscode.WorkspaceEdit();
    const metadata = { ...editor.notebook.metadata, touched: true };
    edit.set(editor.notebook.uri, [vscode.NotebookEdit.updateNotebookMetadata(metadata)]);
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.ok(editor.notebook.isDirty);
    assert.ok(await editor.notebook.save());
    assert.equal(decoder.decode(await vscode.workspace.fs.readFile(editor.notebook.uri)), text);
  });

  test('Open as Notebook makes one cell per query of an .mxql file', async () => {
    const editor = await vscode.commands.executeCommand<vscode.NotebookEditor>(
      'mxql.notebook.openAsNotebook',
      vscode.Uri.parse(fileUri('run/two.mxql')),
    );
    const mxqlCells = editor.notebook.getCells().filter((c) => c.document.languageId === 'mxql');
    assert.equal(mxqlCells.length, 2);
    assert.match(mxqlCells[1]?.document.getText() ?? '', /app_host/);
  });

  test('Add to Notebook from the History view and from an agent of the explorer', async () => {
    const api = await mxqlApi();
    const entry = api.history()[0];
    assert.ok(entry);
    const editor = await openNotebookFile('added.mxqlnb', '');
    const fromHistory = await vscode.commands.executeCommand<vscode.NotebookCell>(
      'mxql.notebook.addFromHistory',
      entry,
    );
    assert.equal(fromHistory.notebook, editor.notebook);
    assert.ok(fromHistory.document.getText().includes(entry.query.trim()));
    const project = (await projectNodes('Demo'))[0];
    assert.ok(project);
    const agents = await children(await child(project, 'Agents'));
    const agent = agents.find((a) => a.kind === 'agent');
    assert.ok(agent, 'no agent in the demo project');
    const fromAgent = await vscode.commands.executeCommand<vscode.NotebookCell>(
      'mxql.notebook.addFromExplorer',
      agent.node,
    );
    assert.match(fromAgent.document.getText(), /^OID -?\d+$/m);
    const output = await runCell(fromAgent);
    assert.equal(output.type, 'result', output.type === 'error' ? output.message : '');
  });

  test('Export as Markdown and HTML write reports with tables and charts, nothing remote', async () => {
    const { editor, cell } = await notebookWithCell(
      'report.mxqlnb',
      { profile: 'Demo', range: '10m' },
      '-- @name Throughput\nCATEGORY app_counter\nTAGLOAD\nSELECT [time, oname, tps]',
    );
    assert.equal((await runCell(cell)).type, 'result');
    const md = workspaceUri('notebooks/report.md');
    await vscode.commands.executeCommand('mxql.notebook.exportMarkdown', editor.notebook.uri, md);
    const markdown = decoder.decode(await vscode.workspace.fs.readFile(md));
    assert.match(markdown, /\| time \| oname \| tps \|/);
    assert.match(markdown, /!\[Throughput\]\(report-cell1\.svg\)/);
    const svg = decoder.decode(
      await vscode.workspace.fs.readFile(workspaceUri('notebooks/report-cell1.svg')),
    );
    assert.match(svg, /^<svg /);
    const htmlUri = workspaceUri('notebooks/report.html');
    await vscode.commands.executeCommand('mxql.notebook.exportHtml', editor.notebook.uri, htmlUri);
    const html = decoder.decode(await vscode.workspace.fs.readFile(htmlUri));
    assert.match(html, /<table>/);
    assert.ok(!/<script|https?:\/\/(?!www\.w3\.org)/.test(html), 'no script, nothing remote');
  });

  test('the sample investigation notebook of examples/ runs every cell on the Demo', async () => {
    const extension = vscode.extensions.getExtension('mxql-tools.mxql');
    assert.ok(extension);
    const sample = vscode.Uri.joinPath(extension.extensionUri, 'examples', 'investigation.mxqlnb');
    const copy = workspaceUri('notebooks/investigation.mxqlnb');
    await vscode.workspace.fs.copy(sample, copy, { overwrite: true });
    const notebook = await vscode.workspace.openNotebookDocument(copy);
    await vscode.window.showNotebookDocument(notebook);
    const cells = notebook.getCells().filter((c) => c.document.languageId === 'mxql');
    assert.ok(cells.length >= 3);
    const outputs = Promise.all(cells.map(outputOf));
    await vscode.commands.executeCommand('notebook.execute', notebook.uri);
    for (const [i, output] of (await outputs).entries()) {
      assert.equal(output.type, 'result', `cell ${i}: ${output.type === 'error' ? output.message : ''}`);
      assert.ok(output.type === 'result' && output.rows.length > 0, `cell ${i} returned no rows`);
    }
  });
});
