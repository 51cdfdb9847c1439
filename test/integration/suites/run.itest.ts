// Running queries in the real VS Code against the in-host demo backend: the first-run Demo offer,
// directives, prompts for missing values, the query at the cursor, cancel, the 31-day check, history.
import * as assert from 'node:assert/strict';
import { once } from 'node:events';
import * as vscode from 'vscode';
import { suite, suiteTeardown, test } from 'mocha';
import { openWorkspaceFile } from '../workspaceFiles';
import { fileUri, mxqlApi, runCommand, useDemo } from './runSupport';

suite('run', () => {
  suiteTeardown(async () => (await mxqlApi()).restoreUi());

  test('a first run without a profile offers the Demo; declining sends nothing', async () => {
    const api = await mxqlApi();
    await api.resetSelection();
    const ui = api.scriptUi([undefined]);
    const outcome = await runCommand('mxql.runFile', { uri: fileUri('run/agents.mxql') });
    assert.equal(outcome.status, 'skipped');
    assert.equal(ui.prompts[0]?.kind, 'message');
    assert.deepEqual(ui.prompts[0]?.choices, ['Run on Demo Data', 'Add Profile…']);
  });

  test('accepting the offer runs the file on the Demo: rows, status bar and history agree', async () => {
    const api = await mxqlApi();
    await api.resetSelection();
    api.scriptUi(['Run on Demo Data']);
    await openWorkspaceFile('run/agents.mxql');
    const outcome = await runCommand('mxql.runFile', { uri: fileUri('run/agents.mxql') });
    assert.equal(outcome.status, 'done', outcome.message);
    assert.ok(outcome.runId);
    const result = api.result(outcome.runId);
    assert.ok(result, 'the results model has no entry for the run');
    assert.equal(result.status, 'done');
    assert.ok(result.rowCount > 0, 'the demo returned no rows');
    assert.equal(result.rowCount, outcome.rows);
    assert.ok(result.columns.includes('oname'), `columns: ${result.columns.join(', ')}`);
    assert.equal(result.endpoint, '/open/api/flush/mxql/text');
    assert.deepEqual(result.params, { $oid: '1600292156' });
    const demo = await api.demo();
    const project = demo.projects[0];
    assert.ok(project);
    // The file's @range 15m, not the picker's 1h: the status bar shows the range the run used.
    assert.equal(api.statusText(), `Demo · ${project.name} · 15m`);
    const entry = api.history()[0];
    assert.equal(entry?.id, outcome.runId);
    assert.equal(entry.rows, result.rowCount);
    assert.deepEqual(entry.range, { kind: 'relative', ms: 15 * 60_000 });
    assert.equal(entry.profile, 'Demo');
    assert.equal(entry.pcode, project.pcode);
    assert.ok(!entry.query.includes('@param'), 'directive lines must be stripped before sending');
    assert.ok(api.panelCount() >= 1, 'no results panel is open');
  });

  test('missing $param and INJECT are prompted: $okind offers the agents, INJECT can be sent empty', async () => {
    const api = await mxqlApi();
    await useDemo(api);
    const ui = api.scriptUi(['$(edit) Type a value…', '42', '']);
    const outcome = await runCommand('mxql.runFile', { uri: fileUri('run/prompts.mxql') });
    assert.equal(outcome.status, 'done', outcome.message);
    assert.deepEqual(
      ui.prompts.map((p) => p.kind),
      ['quickPick', 'inputBox', 'inputBox'],
    );
    assert.equal(ui.prompts[0]?.text, 'Value of $okind');
    assert.ok((ui.prompts[0]?.choices.length ?? 0) > 1, 'the agents of the project were not offered');
    assert.match(ui.prompts[2]?.text ?? '', /INJECT default has no fragment/);
    const result = api.result(outcome.runId ?? '');
    assert.deepEqual(result?.params, { $okind: '42' });
    assert.deepEqual(result?.injects, { default: '' });
  });

  test('values given as command arguments skip the prompts; dismissing a prompt cancels the run', async () => {
    const api = await mxqlApi();
    await useDemo(api);
    const silent = api.scriptUi([]);
    const given = await runCommand('mxql.runFile', {
      uri: fileUri('run/prompts.mxql'),
      params: { $okind: '7' },
      injects: { default: 'LIMIT 3' },
    });
    assert.equal(given.status, 'done', given.message);
    assert.equal(silent.prompts.length, 0);
    const dismissed = await runCommand('mxql.runFile', { uri: fileUri('run/prompts.mxql') });
    assert.equal(dismissed.status, 'skipped');
  });

  test('a dashboard query with $etime runs without a prompt: the request carries the range end', async () => {
    const api = await mxqlApi();
    await useDemo(api);
    const ui = api.scriptUi([]);
    const outcome = await runCommand('mxql.runFile', { uri: fileUri('run/dashboard.mxql') });
    assert.equal(outcome.status, 'done', outcome.message);
    assert.deepEqual(ui.prompts, [], 'nothing may be asked for $etime');
    const result = api.result(outcome.runId ?? '');
    assert.ok(result?.etime !== undefined && result.stime !== undefined, 'the run sent no range');
    assert.equal(result.etime - result.stime, 30 * 60_000);
    assert.deepEqual(result.params, { $etime: String(result.etime) });
    assert.deepEqual(result.paramsFromRange, ['$etime']);
    assert.ok(result.rowCount > 0, 'the demo returned no rows');
    const time = result.columns.indexOf('time');
    for (const row of result.firstRows) {
      const t = Number(row[time]);
      assert.ok(t >= result.etime - 15_000 && t < result.etime, `row time ${t} is outside the 15 s window`);
    }
    // The history keeps what the user gave, so a re-run fills $etime from its own, later range.
    const entry = api.history()[0];
    assert.equal(entry?.id, outcome.runId);
    assert.deepEqual(entry?.params, {});
    const again = await runCommand('mxql.history.rerun', { id: outcome.runId });
    assert.equal(again.status, 'done', again.message);
    const rerun = api.result(again.runId ?? '');
    assert.ok(rerun?.etime !== undefined);
    assert.deepEqual(rerun.params, { $etime: String(rerun.etime) });
    assert.deepEqual(ui.prompts, []);
  });

  test('Run Query at Cursor sends only the query around the offset', async () => {
    const api = await mxqlApi();
    await useDemo(api);
    const uri = fileUri('run/two.mxql');
    const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
    const offset = document.getText().indexOf('app_host');
    const outcome = await runCommand('mxql.runQueryAtCursor', { uri, offset });
    assert.notEqual(outcome.status, 'skipped');
    const entry = api.history()[0];
    assert.ok(entry);
    assert.ok(entry.query.includes('app_host'), entry.query);
    assert.ok(!entry.query.includes('app_counter'), entry.query);
    assert.deepEqual(entry.range, { kind: 'relative', ms: 5 * 60_000 });
  });

  test('cancel aborts the HTTP request of a slow query', async () => {
    const api = await mxqlApi();
    await useDemo(api);
    const demo = await api.demo();
    const abortedBefore = demo.stats.abortedRequests;
    const started = once(demo.events, 'slowQueryStarted');
    const aborted = once(demo.events, 'requestAborted');
    const running = runCommand('mxql.runFile', { uri: fileUri('run/slow.mxql') });
    await started;
    assert.equal(api.runningIds().length, 1);
    assert.equal(await vscode.commands.executeCommand('mxql.cancelRun'), 1);
    const outcome = await running;
    await aborted;
    assert.equal(outcome.status, 'cancelled');
    assert.equal(demo.stats.abortedRequests, abortedBefore + 1);
    assert.equal(api.result(outcome.runId ?? '')?.status, 'cancelled');
    assert.equal(api.history()[0]?.status, 'cancelled');
    assert.deepEqual(api.runningIds(), []);
  });

  test('a range over 31 days is refused before anything is sent', async () => {
    const api = await mxqlApi();
    await useDemo(api);
    const demo = await api.demo();
    const requests = demo.stats.requests;
    const ui = api.scriptUi([]);
    const outcome = await runCommand('mxql.runFile', { uri: fileUri('run/tooLong.mxql') });
    assert.equal(outcome.status, 'error');
    assert.match(outcome.message ?? '', /31 days/);
    assert.equal(demo.stats.requests, requests);
    assert.match(ui.prompts[0]?.text ?? '', /31 days/);
    assert.equal(api.result(outcome.runId ?? '')?.error?.code, 'run/not-sent');
  });

  test('the status bar range follows the picker; history re-runs an entry', async () => {
    const api = await mxqlApi();
    await useDemo(api);
    await vscode.commands.executeCommand('mxql.pickTimeRange', '3h');
    // A file without @range runs with the picker's range, and the status bar says so.
    await openWorkspaceFile('queries/tps.mxql');
    assert.match(api.statusText(), / · 3h$/);
    const first = await runCommand('mxql.runFile', { uri: fileUri('queries/tps.mxql') });
    assert.equal(first.status, 'done', first.message);
    assert.deepEqual(api.history()[0]?.range, { kind: 'relative', ms: 3 * 3_600_000 });
    await vscode.commands.executeCommand('mxql.pickTimeRange', '1h');
    const again = await runCommand('mxql.history.rerun', { id: first.runId });
    assert.equal(again.status, 'done', again.message);
    assert.notEqual(again.runId, first.runId);
    assert.equal(api.history()[0]?.query, api.history()[1]?.query);
    assert.deepEqual(
      api.history()[0]?.range,
      { kind: 'relative', ms: 3 * 3_600_000 },
      'a history re-run keeps the range of the entry',
    );
  });

  test('a predefined path goes to /mxql/path with an empty param map', async () => {
    const api = await mxqlApi();
    await useDemo(api);
    const outcome = await runCommand('mxql.runPredefinedPath', { path: '/app/act_tx/act_tx_oid' });
    assert.ok(outcome.runId);
    const result = api.result(outcome.runId);
    assert.equal(result?.endpoint, '/open/api/flush/mxql/path');
    assert.deepEqual(result?.params, {});
  });
});
