// The demo backend runs in its own process: when it dies, the extension host lives on, the user gets
// a notification with Restart Demo, the explorer shows the crash as an error node, and Retry there
// brings a fresh demo back.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { suite, suiteTeardown, test } from 'mocha';
import { child, children, projectNodes } from './explorerSupport';
import { fileUri, mxqlApi, runCommand, useDemo } from './runSupport';

suite('demo crash', () => {
  suiteTeardown(async () => (await mxqlApi()).restoreUi());

  test('a crashed demo is reported and restarts', async () => {
    const api = await mxqlApi();
    await useDemo(api);
    const demo = await api.demo();
    assert.ok(demo.pid && demo.pid !== process.pid, 'the demo runs in its own process');
    const ui = api.scriptUi([]);
    process.kill(demo.pid, 'SIGKILL');
    const deadline = Date.now() + 20_000;
    const crashPrompt = () => ui.prompts.find((p) => /demo backend stopped unexpectedly/.test(p.text));
    while (!crashPrompt() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const prompt = crashPrompt();
    assert.ok(prompt, `no crash notification: ${JSON.stringify(ui.prompts)}`);
    assert.match(prompt.text, /\(signal SIGKILL\)/);
    assert.deepEqual(prompt.choices, ['Restart Demo']);

    // A run while the demo is down fails with the same sentence, shown once, and the host lives on.
    const shown = ui.prompts.length;
    assert.equal(
      await vscode.commands.executeCommand('mxql.runFile', { uri: fileUri('queries/tps.mxql') }),
      undefined,
    );
    assert.match(ui.prompts[shown]?.text ?? '', /^MXQL: The demo backend stopped unexpectedly/);

    const projects = await child(await child(undefined, 'Demo'), 'Projects');
    const [errorNode] = await children(projects);
    assert.equal(errorNode?.kind, 'error', JSON.stringify(errorNode));
    assert.match(`${errorNode.label} ${errorNode.tooltip ?? ''}`, /demo backend stopped unexpectedly/);

    await vscode.commands.executeCommand('mxql.explorer.retry', errorNode.node);
    const restarted = await api.demo();
    assert.notEqual(restarted.pid, demo.pid);
    assert.deepEqual(
      (await projectNodes('Demo')).map((p) => p.label).sort(),
      restarted.projects.map((p) => p.name).sort(),
    );
    const again = await runCommand('mxql.runFile', { uri: fileUri('queries/tps.mxql') });
    assert.equal(again.status, 'done', again.message);
  });
});
