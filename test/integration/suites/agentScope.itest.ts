// Real queries as their authors meant them, in the real VS Code on the Demo: a project total whose agent
// filters stay unbound runs without a prompt over every agent; Scope to an Agent… narrows the file's runs
// and All agents widens them again; a `$field` offers the category's columns; a `$param` compared with a
// column offers the values the data holds, read live.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { suite, suiteTeardown, test } from 'mocha';
import { openWorkspaceFile } from '../workspaceFiles';
import { fileUri, mxqlApi, runCommand, useDemo } from './runSupport';

/** The distinct values of `column` in the first rows of a run. */
async function distinct(runId: string | undefined, column: string): Promise<Set<string>> {
  const result = (await mxqlApi()).result(runId ?? '');
  assert.ok(result, 'the results model has no entry for the run');
  const index = result.columns.indexOf(column);
  assert.ok(index >= 0, `columns: ${result.columns.join(', ')}`);
  return new Set(result.firstRows.map((row) => String(row[index])));
}

suite('agent scope and typed params', () => {
  suiteTeardown(async () => {
    const api = await mxqlApi();
    api.scriptUi(['$(globe) All agents']);
    await vscode.commands.executeCommand('mxql.scopeToAgent', { uri: fileUri('run/projectTotal.mxql') });
    api.restoreUi();
  });

  test('Ctrl+Enter on a project total with unbound OIDSET shows every agent without any prompt', async () => {
    const api = await mxqlApi();
    await useDemo(api);
    const editor = await openWorkspaceFile('run/projectTotal.mxql');
    const line = editor.document
      .getText()
      .split('\n')
      .findIndex((l) => l.startsWith('CATEGORY'));
    editor.selection = new vscode.Selection(line, 0, line, 0);
    const ui = api.scriptUi([]);
    const outcome = await runCommand('mxql.runQueryAtCursor', {});
    assert.equal(outcome.status, 'done', outcome.message);
    assert.deepEqual(ui.prompts, [], 'nothing may be asked for optional agent filters');
    const result = api.result(outcome.runId ?? '');
    assert.deepEqual(result?.params, {}, 'unbound agent filters are sent without a value');
    assert.ok((await distinct(outcome.runId, 'oid')).size > 1, 'the project total read only one agent');
  });

  test('Scope to an Agent… narrows the file to one agent; All agents widens it again', async () => {
    const api = await mxqlApi();
    await useDemo(api);
    const uri = fileUri('run/projectTotal.mxql');
    const everyAgent = await runCommand('mxql.runFile', { uri });
    const agents = await distinct(everyAgent.runId, 'oname');
    const chosen = [...agents].sort()[0];
    assert.ok(chosen);
    const ui = api.scriptUi([chosen]);
    assert.equal(await vscode.commands.executeCommand('mxql.scopeToAgent', { uri }), chosen);
    assert.equal(ui.prompts[0]?.kind, 'quickPick');
    assert.equal(ui.prompts[0]?.choices[0], '$(globe) All agents', 'All agents is the first item');
    assert.ok(ui.prompts[0]?.choices.includes(chosen));
    // The CodeLens names the scope.
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
      'vscode.executeCodeLensProvider',
      vscode.Uri.parse(uri),
    );
    assert.ok(
      lenses.some((l) => l.command?.command === 'mxql.scopeToAgent' && l.command.title.includes(chosen)),
      lenses.map((l) => l.command?.title).join(' | '),
    );
    api.scriptUi([]);
    const scoped = await runCommand('mxql.runFile', { uri });
    assert.equal(scoped.status, 'done', scoped.message);
    assert.deepEqual([...(await distinct(scoped.runId, 'oname'))], [chosen]);
    assert.ok(api.result(scoped.runId ?? '')?.params?.['$oid'], 'the scope binds $oid');
    api.scriptUi(['$(globe) All agents']);
    assert.equal(await vscode.commands.executeCommand('mxql.scopeToAgent', { uri }), null);
    api.scriptUi([]);
    const widened = await runCommand('mxql.runFile', { uri });
    assert.ok((await distinct(widened.runId, 'oname')).size > 1);
  });

  test('a $field query offers the columns of its category, and the pick returns rows', async () => {
    const api = await mxqlApi();
    await useDemo(api);
    const ui = api.scriptUi(['tps']);
    const outcome = await runCommand('mxql.runFile', { uri: fileUri('run/field.mxql') });
    assert.equal(outcome.status, 'done', outcome.message);
    assert.equal(ui.prompts[0]?.kind, 'quickPick');
    const offered = ui.prompts[0]?.choices ?? [];
    for (const column of ['tps', 'tx_count', 'resp_time'])
      assert.ok(offered.includes(column), offered.join(', '));
    const result = api.result(outcome.runId ?? '');
    assert.deepEqual(result?.params, { $field: 'tps' });
    assert.ok(result?.columns.includes('tps'), result?.columns.join(', '));
    assert.ok((result?.rowCount ?? 0) > 0, 'the demo returned no rows');
  });

  test('a $param compared with a column offers the values it holds, live, and the first returns rows', async () => {
    const api = await mxqlApi();
    await useDemo(api);
    const uri = fileUri('run/tagValue.mxql');
    const everyAgent = await runCommand('mxql.runFile', { uri: fileUri('run/projectTotal.mxql') });
    const names = await distinct(everyAgent.runId, 'oname');
    // Dismissed once to read what is offered.
    const looked = api.scriptUi([undefined]);
    const dismissed = await runCommand('mxql.runFile', { uri });
    assert.notEqual(dismissed.status, 'done');
    assert.deepEqual(
      looked.prompts.map((p) => p.kind),
      ['progress', 'quickPick'],
    );
    const offered = looked.prompts[1]?.choices ?? [];
    const values = offered.slice(0, -1);
    assert.match(offered.at(-1) ?? '', /Type a value/);
    // Every agent name the project total's first rows show is offered.
    assert.ok(
      [...names].every((name) => values.includes(name)),
      `${[...names].join()} in ${values.join()}`,
    );
    const first = values[0] ?? '';
    api.scriptUi([first]);
    const outcome = await runCommand('mxql.runFile', { uri });
    assert.equal(outcome.status, 'done', outcome.message);
    assert.deepEqual(api.result(outcome.runId ?? '')?.params, { $name: first });
    assert.deepEqual([...(await distinct(outcome.runId, 'oname'))], [first]);
  });
});
