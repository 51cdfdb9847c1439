// The live dashboard in a real VS Code: it opens on a demo project with the spot values, one panel
// per project (opening again reveals and refreshes it), and a failing refresh reports the error.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { suite, suiteTeardown, test } from 'mocha';
import type { DashboardOutcome } from '../../../client/src/dashboard/liveDashboard';
import { mxqlApi } from './runSupport';
import { child, closedPort, onNode, projectNodes } from './explorerSupport';

function dashboardTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputWebview && t.label.startsWith('MXQL Live: '));
}

/** Resolves once the open dashboard tabs number `count` (tab changes reach the host as events). */
async function dashboardTabCount(count: number): Promise<void> {
  if (dashboardTabs().length === count) return;
  await new Promise<void>((resolve) => {
    const listener = vscode.window.tabGroups.onDidChangeTabs(() => {
      if (dashboardTabs().length !== count) return;
      listener.dispose();
      resolve();
    });
  });
}

suite('live dashboard', () => {
  const PROFILE = 'DashboardDown';
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('mxql.removeProfile', { name: PROFILE });
    (await mxqlApi()).restoreUi();
  });

  test('opens on a project with every live value; opening it again reuses the panel', async () => {
    const project = (await projectNodes('Demo'))[0];
    assert.ok(project);
    const first = await onNode<DashboardOutcome>('mxql.explorer.openDashboard', project);
    assert.equal(first.title, `Live: ${project.label}`);
    assert.equal(first.error, undefined);
    const labels = first.values?.map((v) => v.label) ?? [];
    for (const label of ['Active agents', 'TPS', 'Response time (ms)', 'CPU (%)', 'Apdex'])
      assert.ok(labels.includes(label), label);
    assert.ok(first.values?.every((v) => v.value !== '-'));
    await dashboardTabCount(1);
    const second = await onNode<DashboardOutcome>('mxql.explorer.openDashboard', project);
    assert.equal(second.title, first.title);
    assert.equal(second.error, undefined);
    assert.equal(dashboardTabs().length, 1, 'opening again reuses the panel');
  });

  test('a project whose service is down shows the error in the dashboard', async () => {
    const api = await mxqlApi();
    const demo = await api.demo();
    const target = demo.projects[0]!;
    api.scriptUi([]);
    await vscode.commands.executeCommand('mxql.addProfile', {
      name: PROFILE,
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
    });
    await vscode.commands.executeCommand('mxql.setProjectToken', {
      profile: PROFILE,
      pcode: target.pcode,
      token: target.token,
    });
    const project = await child(
      await child(await child(undefined, PROFILE), 'Projects'),
      new RegExp(String(target.pcode)),
    );
    const outcome = await onNode<DashboardOutcome>('mxql.explorer.openDashboard', project);
    assert.ok(outcome.error, 'the refresh should have failed');
    assert.ok(!outcome.error.includes(target.token), 'the token is redacted');
    assert.equal(outcome.values, undefined);
  });
});
