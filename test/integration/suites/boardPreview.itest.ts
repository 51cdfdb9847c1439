// MXQL: Preview Dashboard in a real VS Code on the Demo: the board of a dashboard JSON shows its
// widgets with data (as the page reports what it drew), a widget that needs a $param says so instead of
// running, an edit of the file draws and runs the board again, closing the preview cancels what it
// runs, and a file that is no dashboard is refused with a clear message.
import * as assert from 'node:assert/strict';
import { once } from 'node:events';
import * as vscode from 'vscode';
import { suite, suiteSetup, suiteTeardown, test } from 'mocha';
import type { BoardPreviewReport } from '../../../client/src/dashboard/boardPreview';
import { mxqlApi, useDemo } from './runSupport';
import { openWorkspaceFile, workspaceRoot } from '../workspaceFiles';

const BOARD = 'boards/storefront-preview.json';

function previewTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputWebview && t.label.startsWith('Preview: '));
}

/** The preview tab labelled `label`, once the workbench has told the host about it. */
async function previewTab(label: string): Promise<vscode.Tab> {
  const find = () => previewTabs().find((t) => t.label === label);
  return (
    find() ??
    new Promise<vscode.Tab>((resolve) => {
      const listener = vscode.window.tabGroups.onDidChangeTabs(() => {
        const tab = find();
        if (!tab) return;
        listener.dispose();
        resolve(tab);
      });
    })
  );
}

async function preview(uri: vscode.Uri): Promise<BoardPreviewReport> {
  const report = await vscode.commands.executeCommand<BoardPreviewReport | undefined>(
    'mxql.previewDashboard',
    uri,
  );
  assert.ok(report, 'mxql.previewDashboard returned nothing (did it throw? see the MXQL log)');
  return report;
}

/** Applies `edit` to the document and resolves once VS Code has told the extension about it. */
async function editAndWait(document: vscode.TextDocument, from: string, to: string): Promise<void> {
  const at = document.getText().indexOf(from);
  assert.ok(at >= 0, `${from} is in the file`);
  const changed = new Promise<void>((resolve) => {
    const listener = vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.document !== document) return;
      listener.dispose();
      resolve();
    });
  });
  const edit = new vscode.WorkspaceEdit();
  edit.replace(
    document.uri,
    new vscode.Range(document.positionAt(at), document.positionAt(at + from.length)),
    to,
  );
  assert.ok(await vscode.workspace.applyEdit(edit));
  await changed;
}

suite('dashboard preview', () => {
  suiteSetup(async () => {
    await useDemo(await mxqlApi());
  });
  suiteTeardown(async () => {
    (await mxqlApi()).restoreUi();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('Preview Dashboard shows every widget of the board with the demo data', async () => {
    const editor = await openWorkspaceFile(BOARD);
    const report = await preview(editor.document.uri);
    assert.equal(report.name, 'Storefront preview');
    assert.deepEqual(report.problems, []);
    assert.match(report.target, /^Demo · /);
    assert.deepEqual(
      report.widgets.map((w) => [w.index, w.kind, w.status]),
      [
        [0, 'markdown', 'shown'],
        [1, 'series', 'done'],
        [2, 'grid', 'done'],
        [3, 'grid', 'needs'],
        [4, 'series', 'error'],
      ],
    );
    const [, chart, grid, needs, broken] = report.widgets;
    assert.match(broken?.message ?? '', /FOOBAR/, "the service's refusal is shown in its widget");
    assert.ok((chart?.series ?? 0) >= 2, `a line per agent (${chart?.series})`);
    assert.ok((chart?.rows ?? 0) > (chart?.series ?? 0), 'the chart has several points per line');
    assert.ok((grid?.rows ?? 0) >= 2, `a row per agent (${grid?.rows})`);
    assert.equal(needs?.message, 'needs $field');
    assert.equal(previewTabs().length, 1);
    assert.equal(previewTabs()[0]?.label, 'Preview: Storefront preview');
  });

  test("the preview runs a widget with its author's merges and its tooltip names where they came from", async () => {
    const editor = await openWorkspaceFile('boards/broker-authored.json');
    const report = await preview(editor.document.uri);
    const [widget] = report.widgets;
    assert.equal(widget?.status, 'done', widget?.message);
    assert.ok((widget?.rows ?? 0) > 0, 'the demo returned no rows');
    assert.deepEqual(widget?.sent?.split('\n'), [
      '$TIME_MERGE_PLACE = max (the timeMerge of the dashboard field tps at /widgets/0/metrics/0/fields/1)',
      '$OBJECT_MERGE_PLACE = sum (set by the dashboard at /widgets/0/metrics/1/param)',
    ]);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('an edit of the file draws and runs the board again; opening it again reuses the panel', async () => {
    const editor = await openWorkspaceFile(BOARD);
    const before = await preview(editor.document.uri);
    await editAndWait(editor.document, 'sort:[desc]}"', 'sort:[desc]}\\nLIMIT 1"');
    const after = await preview(editor.document.uri);
    assert.ok(after.generation > before.generation, 'the board was drawn again');
    assert.equal(after.widgets[2]?.status, 'done');
    assert.equal(after.widgets[2]?.rows, 1, 'the edited query ran');
    assert.equal(previewTabs().length, 1, 'one panel per file');

    await editAndWait(editor.document, '"widgets": [', '"widgets": [,');
    const broken = await preview(editor.document.uri);
    assert.equal(broken.widgets.length, 0);
    assert.match(broken.problems[0] ?? '', /^The file is not valid JSON \(line 3, column \d+/);
    await editAndWait(editor.document, '"widgets": [,', '"widgets": [');
    const fixed = await preview(editor.document.uri);
    assert.equal(fixed.widgets.length, 5);
    assert.deepEqual(fixed.problems, []);
    // Leave the file as it was: a dirty document would be restored, LIMIT 1 and all, by the next
    // window on the same profile (the workbench checks use a board of their own for that reason).
    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('workbench.action.files.revert');
    assert.equal(editor.document.isDirty, false);
  });

  test('closing the preview cancels the queries it runs', async () => {
    const api = await mxqlApi();
    const demo = await api.demo();
    const abortedBefore = demo.stats.abortedRequests;
    const started = once(demo.events, 'slowQueryStarted');
    const aborted = once(demo.events, 'requestAborted');
    const editor = await openWorkspaceFile('boards/slow-preview.json');
    const shown = preview(editor.document.uri);
    await started;
    assert.ok(await vscode.window.tabGroups.close(await previewTab('Preview: Slow preview')));
    await aborted;
    assert.equal(demo.stats.abortedRequests, abortedBefore + 1);
    const report = await shown;
    assert.equal(report.name, 'Slow preview');
    assert.ok(!previewTabs().some((t) => t.label === 'Preview: Slow preview'));
  });

  test('a file that is no dashboard is refused with a clear message and no panel', async () => {
    const api = await mxqlApi();
    const ui = api.scriptUi([]);
    const tabsBefore = previewTabs().length;
    const notes = vscode.Uri.joinPath(workspaceRoot(), 'notes.txt');
    const report = await preview(notes);
    assert.equal(report.widgets.length, 0);
    assert.match(report.problems[0] ?? '', /not valid JSON/);
    const shown = ui.prompts.filter((p) => p.kind === 'message').map((p) => p.text);
    assert.ok(
      shown.some((text) => text.startsWith('MXQL: this file cannot be previewed as a dashboard.')),
      shown.join('\n'),
    );
    assert.equal(previewTabs().length, tabsBefore, 'no panel for it');
  });
});
