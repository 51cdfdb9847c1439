// The MXQL explorer in a real VS Code against the in-host demo backend: the tree's content for the
// demo account, each context action, the token-less states, and an error node that recovers on retry.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { suite, suiteTeardown, test } from 'mocha';
import { mxqlApi, useDemo } from './runSupport';
import { child, children, closedPort, onNode, projectNodes, type ListedNode } from './explorerSupport';

async function demoProject(productType: string): Promise<ListedNode> {
  const api = await mxqlApi();
  const demo = await api.demo();
  const wanted = demo.projects.find((p) => p.productType === productType);
  assert.ok(wanted, `the demo has no ${productType} project`);
  const node = (await projectNodes('Demo')).find((n) => n.label === wanted.name);
  assert.ok(node, `project ${wanted.name} is not in the tree`);
  return node;
}

async function firstAgent(project: ListedNode, active = true): Promise<ListedNode> {
  const agents = await children(await child(project, 'Agents'));
  const agent = agents.find((a) => a.contextValue === (active ? 'mxqlAgent' : 'mxqlAgentInactive'));
  assert.ok(agent, `no ${active ? 'active' : 'inactive'} agent: ${agents.map((a) => a.contextValue).join()}`);
  return agent;
}

suite('explorer', () => {
  suiteTeardown(async () => (await mxqlApi()).restoreUi());

  test('the explorer view is contributed and can be focused', async () => {
    await mxqlApi();
    await vscode.commands.executeCommand('mxql.explorer.focus');
    const roots = await children();
    assert.ok(roots.some((r) => r.label === 'Demo' && r.kind === 'profile'));
  });

  test('Demo: every project, grouped by group name, with type, platform, status and gateway', async () => {
    const demo = await (await mxqlApi()).demo();
    const projects = await projectNodes('Demo');
    assert.deepEqual(projects.map((p) => p.label).sort(), demo.projects.map((p) => p.name).sort());
    for (const p of projects) assert.match(p.description ?? '', /^\S+ · \S+ · \S+ · \S+$/, p.label);
    const folders = await children(await child(await child(undefined, 'Demo'), 'Projects'));
    assert.ok(folders.length >= 2 && folders.every((f) => f.kind === 'folder'));
  });

  test('Demo: groups list their members and their projects', async () => {
    const groups = await children(await child(await child(undefined, 'Demo'), 'Groups'));
    assert.ok(groups.length > 0 && groups.every((g) => g.kind === 'group'));
    const group = groups[0]!;
    const members = await children(await child(group, 'Members'));
    assert.ok(members.length > 0 && members.every((m) => m.kind === 'member'));
    const projects = await children(await child(group, 'Projects'));
    assert.ok(projects.length > 0 && projects.every((p) => p.kind === 'project'));
  });

  test('a server project: live values, agents (active and inactive), servers, members', async () => {
    const project = await demoProject('SMS');
    assert.deepEqual(
      (await children(project)).map((n) => n.label),
      ['Live values', 'Agents', 'Servers', 'Members'],
    );
    const values = await children(await child(project, 'Live values'));
    for (const label of [
      'Active agents',
      'Inactive agents',
      'Hosts',
      'TPS',
      'Response time (ms)',
      'CPU (%)',
      'Apdex',
    ]) {
      const value = values.find((v) => v.label === label);
      assert.ok(value, label);
      assert.match(value.description ?? '', /^\d+(\.\d+)?$/, label);
    }
    const active = await firstAgent(project, true);
    assert.match(active.tooltip ?? '', /IP: .*\n.*Version: /s);
    await firstAgent(project, false);
    const servers = await children(await child(project, 'Servers'));
    assert.ok(servers.length > 0 && servers.every((s) => s.contextValue === 'mxqlServer'));
    const members = await children(await child(project, 'Members'));
    assert.ok(members.length > 0 && members.every((m) => m.kind === 'member'));
  });

  test('an application project has no Servers folder', async () => {
    const project = await demoProject('APM');
    assert.deepEqual(
      (await children(project)).map((n) => n.label),
      ['Live values', 'Agents', 'Members'],
    );
  });

  test('Use as Run Target makes the project the active one', async () => {
    const api = await mxqlApi();
    const project = await demoProject('APM');
    assert.equal(await onNode('mxql.explorer.useAsTarget', project), true);
    assert.match(api.statusText(), new RegExp(`^Demo · ${project.label} · `));
  });

  test('New Query opens an mxql document for the project, and for an agent with OID', async () => {
    const project = await demoProject('APM');
    const pcode = /pcode (\d+)/.exec(project.tooltip ?? '')?.[1];
    assert.ok(pcode);
    const forProject = await onNode<vscode.TextDocument>('mxql.explorer.newQuery', project);
    assert.equal(forProject.languageId, 'mxql');
    assert.ok(forProject.getText().includes(`-- @pcode ${pcode}`));
    const agent = await firstAgent(project);
    const oid = /oid (-?\d+)/.exec(agent.description ?? '')?.[1];
    const forAgent = await onNode<vscode.TextDocument>('mxql.explorer.newQuery', agent);
    assert.ok(forAgent.getText().includes(`OID ${oid}`));
    assert.equal(vscode.window.activeTextEditor?.document, forAgent);
  });

  test('Copy oid, oname and pcode put the value on the clipboard', async () => {
    const project = await demoProject('APM');
    const agent = await firstAgent(project);
    const oid = /oid (-?\d+)/.exec(agent.description ?? '')?.[1];
    assert.equal(await onNode('mxql.explorer.copyOid', agent), oid);
    assert.equal(await vscode.env.clipboard.readText(), oid);
    assert.equal(await onNode('mxql.explorer.copyOname', agent), agent.label);
    assert.equal(await vscode.env.clipboard.readText(), agent.label);
    const pcode = await onNode<string>('mxql.explorer.copyPcode', project);
    assert.ok(project.tooltip?.includes(`pcode ${pcode}`));
    assert.equal(await vscode.env.clipboard.readText(), pcode);
  });

  test('Insert oid / oname write the value at the cursor', async () => {
    const agent = await firstAgent(await demoProject('APM'));
    const document = await vscode.workspace.openTextDocument({ language: 'mxql', content: 'OID \n' });
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(0, 4, 0, 4);
    const oid = await onNode<string>('mxql.explorer.insertOid', agent);
    assert.equal(document.lineAt(0).text, `OID ${oid}`);
    await onNode('mxql.explorer.insertOname', agent);
    assert.equal(document.lineAt(0).text, `OID ${oid}${agent.label}`);
  });

  test('Run Current Query Scoped to This Agent sends OID <oid> for this run only', async () => {
    const api = await mxqlApi();
    await useDemo(api);
    const project = await demoProject('APM');
    const agent = await firstAgent(project);
    const oid = /oid (-?\d+)/.exec(agent.description ?? '')?.[1];
    const text = 'CATEGORY app_counter\nTAGLOAD\nSELECT [oid, oname, tps]\n';
    const document = await vscode.workspace.openTextDocument({ language: 'mxql', content: text });
    await vscode.window.showTextDocument(document);
    api.scriptUi([]);
    const outcome = await onNode<{ status: string; runId?: string; message?: string }>(
      'mxql.explorer.runScoped',
      agent,
    );
    assert.equal(outcome.status, 'done', outcome.message);
    const entry = api.history()[0];
    assert.ok(entry);
    assert.equal(entry.id, outcome.runId);
    assert.ok(entry.query.includes(`OID ${oid}`), entry.query);
    assert.equal(document.getText(), text, 'the document itself is unchanged');
    const result = api.result(outcome.runId ?? '');
    assert.ok(result && result.rowCount > 0);
    const oidColumn = result.columns.indexOf('oid');
    assert.ok(
      result.firstRows.every((row) => String(row[oidColumn]) === oid),
      'rows of other agents came back',
    );
  });

  test('from the Command Palette, Run Scoped and the live dashboard ask for the project and agent', async () => {
    const api = await mxqlApi();
    await useDemo(api);
    const project = await demoProject('APM');
    const agent = await firstAgent(project);
    const oid = /oid (-?\d+)/.exec(agent.description ?? '')?.[1];
    const document = await vscode.workspace.openTextDocument({
      language: 'mxql',
      content: 'CATEGORY app_counter\nTAGLOAD\nSELECT [oid, oname, tps]\n',
    });
    await vscode.window.showTextDocument(document);
    const ui = api.scriptUi([project.label, agent.label]);
    const outcome = await vscode.commands.executeCommand<{
      status: string;
      runId?: string;
      message?: string;
    }>('mxql.explorer.runScoped');
    assert.equal(outcome.status, 'done', outcome.message);
    assert.deepEqual(
      ui.prompts.map((p) => p.kind),
      ['quickPick', 'quickPick'],
    );
    assert.ok(ui.prompts[0]?.choices.includes(project.label), 'the project pick lists the project');
    assert.ok(ui.prompts[1]?.choices.includes(agent.label), 'the agent pick lists the agent');
    assert.ok(api.history()[0]?.query.includes(`OID ${oid}`));

    api.scriptUi([project.label]);
    const dashboard = await vscode.commands.executeCommand<{ title: string; error?: string }>(
      'mxql.explorer.openDashboard',
    );
    assert.equal(dashboard.title, `Live: ${project.label}`);
    assert.equal(dashboard.error, undefined);

    const dismissed = api.scriptUi([undefined]);
    assert.equal(await vscode.commands.executeCommand('mxql.explorer.openDashboard'), undefined);
    assert.equal(dismissed.prompts.length, 1, 'a dismissed pick ends the command quietly');
  });

  test('Show Server Snapshot shows one server flattened to columns', async () => {
    const api = await mxqlApi();
    const server = (await children(await child(await demoProject('SMS'), 'Servers')))[0]!;
    const outcome = await onNode<{ runId: string; status: string; rows: number }>(
      'mxql.explorer.showServer',
      server,
    );
    assert.equal(outcome.status, 'done');
    assert.equal(outcome.rows, 1);
    const result = api.result(outcome.runId);
    assert.ok(result);
    for (const column of ['oid', 'oname', 'snapshot.cpu.usr', 'snapshot.memory.pused']) {
      assert.ok(result.columns.includes(column), `${column} in ${result.columns.join(', ')}`);
    }
    assert.equal(result.firstRows[0]?.[result.columns.indexOf('oname')], server.label);
  });

  test('the Demo profile refuses Set Token with a readable message and stores nothing', async () => {
    const api = await mxqlApi();
    const ui = api.scriptUi([]);
    const demo = await child(undefined, 'Demo');
    assert.equal(await onNode('mxql.explorer.setToken', demo, 'not-needed'), undefined);
    assert.match(ui.prompts[0]?.text ?? '', /Demo profile needs no token/);
    assert.equal(await api.hasSecret('mxql.token.account.Demo'), false);
  });

  test('Refresh re-reads a node; the tree answers again', async () => {
    const project = await demoProject('APM');
    const live = await child(project, 'Live values');
    await onNode('mxql.explorer.refresh', live);
    await vscode.commands.executeCommand('mxql.explorer.refresh');
    assert.ok((await children(live)).length > 0);
  });
});

suite('explorer without tokens and with errors', () => {
  const PROFILE = 'Broken';
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('mxql.removeProfile', { name: PROFILE });
    (await mxqlApi()).restoreUi();
  });

  test('no account token: a set-token node; a project with a token shows; a failing node retries', async () => {
    const api = await mxqlApi();
    const demo = await api.demo();
    const target = demo.projects[0]!;
    api.scriptUi([]);
    const port = await closedPort();
    await vscode.commands.executeCommand('mxql.addProfile', {
      name: PROFILE,
      baseUrl: `http://127.0.0.1:${port}`,
    });
    const profile = await child(undefined, PROFILE);
    const projectsSection = await child(profile, 'Projects');
    assert.deepEqual(
      (await children(projectsSection)).map((n) => n.label),
      ['Set account token…'],
    );
    assert.deepEqual(
      (await children(await child(profile, 'Groups'))).map((n) => n.label),
      ['Set account token…'],
    );

    await vscode.commands.executeCommand('mxql.setProjectToken', {
      profile: PROFILE,
      pcode: target.pcode,
      token: target.token,
    });
    const project = await child(projectsSection, new RegExp(`${target.pcode}|${target.name}`));
    const live = await child(project, 'Live values');
    const [failed] = await children(live);
    assert.equal(failed?.kind, 'error');
    assert.equal(failed.contextValue, 'mxqlError');
    assert.ok(!failed.label.includes(target.token), 'the token is redacted');

    // Fix the profile (point it at the demo backend) and retry the failed node.
    await vscode.commands.executeCommand('mxql.addProfile', {
      name: PROFILE,
      baseUrl: demo.baseUrl,
      serviceUrl: demo.serviceUrl,
    });
    await onNode('mxql.explorer.retry', failed);
    const values = await children(live);
    assert.ok(
      values.some((v) => v.label === 'TPS' && /\d/.test(v.description ?? '')),
      values.map((v) => v.label).join(),
    );
  });

  test('without a project token a project offers "Set project token…"; Set Token fills it', async () => {
    const api = await mxqlApi();
    const demo = await api.demo();
    const target = demo.projects[0]!;
    const projectsSection = await child(await child(undefined, PROFILE), 'Projects');
    const project = await child(projectsSection, new RegExp(`${target.pcode}|${target.name}`));
    assert.equal(await onNode('mxql.explorer.clearToken', project), true);
    assert.equal(await api.hasSecret(`mxql.token.project.${PROFILE}.${target.pcode}`), false);
    const [setToken] = await children(project);
    assert.equal(setToken?.label, 'Set project token…');
    api.scriptUi([target.token]);
    assert.equal(await onNode('mxql.explorer.setToken', setToken), true);
    assert.equal(await api.hasSecret(`mxql.token.project.${PROFILE}.${target.pcode}`), true);
    assert.deepEqual(
      (await children(project)).map((n) => n.label),
      ['Live values', 'Agents', 'Members'],
    );
  });

  test('with the account token the profile lists the account projects and groups', async () => {
    const api = await mxqlApi();
    const demo = await api.demo();
    const profile = await child(undefined, PROFILE);
    api.scriptUi([]);
    await onNode('mxql.explorer.setToken', profile, demo.accountToken);
    assert.equal(await api.hasSecret(`mxql.token.account.${PROFILE}`), true);
    const projects = await projectNodes(PROFILE);
    assert.equal(projects.length, demo.projects.length);
    assert.ok((await children(await child(profile, 'Groups'))).every((g) => g.kind === 'group'));
  });
});
