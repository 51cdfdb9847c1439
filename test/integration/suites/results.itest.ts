// The results panels: one reused panel by default, one panel per run when mxql.results.reusePanel is
// false; the model keeps the rows each panel replays.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { suite, suiteTeardown, test } from 'mocha';
import { exportUri } from '../../../client/src/views/resultsPanel';
import { workspaceRoot } from '../workspaceFiles';
import { fileUri, mxqlApi, runCommand, useDemo } from './runSupport';

suite('results', () => {
  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('mxql').update('results.reusePanel', undefined, true);
    (await mxqlApi()).restoreUi();
  });

  test('reusePanel false opens a panel per run; true reuses one', async () => {
    const api = await mxqlApi();
    await useDemo(api);
    const config = vscode.workspace.getConfiguration('mxql');
    await config.update('results.reusePanel', false, true);
    const before = api.panelCount();
    const a = await runCommand('mxql.runFile', { uri: fileUri('queries/tps.mxql') });
    const b = await runCommand('mxql.runFile', { uri: fileUri('queries/tps.mxql') });
    assert.equal(a.status, 'done', a.message);
    assert.equal(b.status, 'done', b.message);
    assert.equal(api.panelCount(), before + 2);
    await config.update('results.reusePanel', true, true);
    const c = await runCommand('mxql.runFile', { uri: fileUri('queries/tps.mxql') });
    assert.equal(c.status, 'done', c.message);
    assert.equal(api.panelCount(), before + 2);
    assert.equal(api.result(c.runId ?? '')?.rowCount, api.result(a.runId ?? '')?.rowCount);
  });

  test('exports are proposed in the workspace folder, named after the query', () => {
    const csv = exportUri('TPS per agent', 'csv');
    assert.equal(csv.toString(), vscode.Uri.joinPath(workspaceRoot(), 'TPS_per_agent.csv').toString());
    assert.equal(exportUri('../../etc/passwd', 'json').path.endsWith('/etc_passwd.json'), true);
    assert.equal(exportUri('', 'csv').path.endsWith('/results.csv'), true);
  });
});
