// Compare with… in a real VS Code, on the demo playing its incident (MXQL_DEMO_INCIDENT, inherited by the
// demo backend the extension starts): a per-minute query of the Order Service is run, then compared with
// the window before through the palette command and its quick pick; the panel's ranking names the
// degraded agent's fields first. A compare can be cancelled while it waits on the backend, and a
// baseline without rows is shown as such, with nothing ranked.
import * as assert from 'node:assert/strict';
import { once } from 'node:events';
import * as vscode from 'vscode';
import { suite, suiteSetup, suiteTeardown, test } from 'mocha';
import { DEGRADED, INCIDENT, INCIDENT_PROJECT, PER_MINUTE } from '../../support/incidentScenario';
import { workspaceRoot } from '../workspaceFiles';
import { fileUri, mxqlApi, runCommand, useDemo } from './runSupport';

const INCIDENT_ENV = 'MXQL_DEMO_INCIDENT';

async function writeQuery(name: string, text: string): Promise<string> {
  const uri = vscode.Uri.joinPath(workspaceRoot(), 'run', name);
  await vscode.workspace.fs.writeFile(uri, Buffer.from(text, 'utf8'));
  return fileUri(`run/${name}`);
}

suite('compare with a baseline', () => {
  let pcode = 0;

  suiteSetup(async () => {
    const api = await mxqlApi();
    await useDemo(api);
    process.env[INCIDENT_ENV] = INCIDENT;
    const demo = await api.restartDemo();
    const project = demo.projects.find((p) => p.name === INCIDENT_PROJECT);
    assert.ok(project, `no ${INCIDENT_PROJECT} project in ${JSON.stringify(demo.projects)}`);
    pcode = project.pcode;
    await vscode.commands.executeCommand('mxql.switchProfile', { profile: 'Demo', pcode });
  });

  suiteTeardown(async () => {
    const api = await mxqlApi();
    api.restoreUi();
    delete process.env[INCIDENT_ENV];
    await api.restartDemo();
  });

  test('Compare with… the window before ranks the degraded agent and field first', async () => {
    const api = await mxqlApi();
    const uri = await writeQuery('incident.mxql', `-- @limit 5000\n${PER_MINUTE}`);
    api.scriptUi([]);
    const shown = await runCommand('mxql.runFile', { uri });
    assert.equal(shown.status, 'done', shown.message);
    const original = api.result(shown.runId ?? '');
    assert.ok(original?.stime !== undefined && original.etime !== undefined);

    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes('mxql.compareResult'));
    const ui = api.scriptUi(['The window before']);
    const outcome = await runCommand('mxql.compareResult', {});
    assert.equal(outcome.status, 'done', outcome.message);
    const pick = ui.prompts.find((p) => p.kind === 'quickPick');
    assert.deepEqual(pick?.choices, [
      'The window before',
      'The same window yesterday',
      'The same window last week',
    ]);
    assert.ok(
      ui.prompts.some((p) => p.kind === 'progress' && /comparing .* with the window before/.test(p.text)),
      JSON.stringify(ui.prompts),
    );

    const result = api.result(outcome.runId ?? '');
    assert.equal(result?.status, 'done');
    const comparison = result?.comparison;
    assert.ok(comparison, 'the panel got no comparison');
    assert.equal(comparison.baseline, 'prev');
    // The result's own window, and the one just before it.
    assert.deepEqual(comparison.window, { stime: original.stime, etime: original.etime });
    assert.equal(comparison.baselineWindow.etime, original.stime);
    assert.equal(comparison.baselineWindow.stime, original.stime - (original.etime - original.stime));
    assert.ok(comparison.baselineRows > 0);
    const [first, second] = comparison.changes;
    assert.equal(first?.agent, DEGRADED, JSON.stringify(comparison.changes.slice(0, 3)));
    assert.equal(second?.agent, DEGRADED, JSON.stringify(comparison.changes.slice(0, 3)));
    assert.deepEqual([first?.field, second?.field].sort(), ['resp_time', 'tps']);
    const resp = comparison.changes.find((c) => c.field === 'resp_time');
    assert.ok((resp?.relative ?? 0) > 1, `response time about tripled: ${JSON.stringify(resp)}`);
    assert.deepEqual(api.runningIds(), []);
  });

  test('a compare waiting on the backend is cancelled, and a baseline without rows ranks nothing', async () => {
    const api = await mxqlApi();
    const demo = await api.demo();
    // The slow demo category waits before it answers: cancel its first run, then compare that result.
    const started = once(demo.events, 'slowQueryStarted');
    const running = runCommand('mxql.runFile', { uri: fileUri('run/slow.mxql') });
    await started;
    await vscode.commands.executeCommand('mxql.cancelRun');
    const slow = await running;
    assert.equal(slow.status, 'cancelled');

    const abortedBefore = demo.stats.abortedRequests;
    const comparing = once(demo.events, 'slowQueryStarted');
    const aborted = once(demo.events, 'requestAborted');
    api.scriptUi([]);
    const compare = runCommand('mxql.compareResult', { runId: slow.runId, baseline: '1d' });
    await comparing;
    assert.equal(await vscode.commands.executeCommand('mxql.cancelRun'), 1);
    const cancelled = await compare;
    await aborted;
    assert.equal(cancelled.status, 'cancelled');
    assert.equal(api.result(cancelled.runId ?? '')?.status, 'cancelled');
    assert.equal(demo.stats.abortedRequests, abortedBefore + 1);
    assert.deepEqual(api.runningIds(), []);

    // Rows only from 25 minutes ago on: the last 30 minutes have some, the half hour before none.
    const since = Date.now() - 25 * 60_000;
    const uri = await writeQuery(
      'recent.mxql',
      `-- @range 30m\n-- @limit 5000\nCATEGORY app_counter\nTAGLOAD\nFILTER {key: time, over: ${since}}\nSELECT [time, oid, oname, tps]\n`,
    );
    const recent = await runCommand('mxql.runFile', { uri });
    assert.equal(recent.status, 'done', recent.message);
    assert.ok((api.result(recent.runId ?? '')?.rowCount ?? 0) > 0);
    const empty = await runCommand('mxql.compareResult', { runId: recent.runId, baseline: 'prev' });
    assert.equal(empty.status, 'done', empty.message);
    const comparison = api.result(empty.runId ?? '')?.comparison;
    assert.ok(comparison);
    assert.equal(comparison.baselineRows, 0);
    assert.deepEqual(comparison.changes, []);
    assert.ok((api.result(empty.runId ?? '')?.rowCount ?? 0) > 0);
  });

  test('Compare Result with… without a result to compare says so', async () => {
    const api = await mxqlApi();
    const ui = api.scriptUi([]);
    const outcome = await runCommand('mxql.compareResult', { runId: 'no-such-run' });
    assert.equal(outcome.status, 'skipped');
    assert.match(ui.prompts[0]?.text ?? '', /There is no result to compare/);
  });
});
