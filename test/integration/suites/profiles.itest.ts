// Profiles and tokens: adding a profile writes settings without any token, tokens go to
// SecretStorage, removing a profile deletes its secrets, plain HTTP to a remote host is refused.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { suite, suiteTeardown, test } from 'mocha';
import { mxqlApi, TEST_TOKENS } from './runSupport';

const profilesSetting = () => vscode.workspace.getConfiguration('mxql').get<unknown[]>('profiles') ?? [];

suite('profiles', () => {
  suiteTeardown(async () => (await mxqlApi()).restoreUi());

  test('add a profile, set its tokens, remove it: settings never hold a token and secrets go with it', async () => {
    const api = await mxqlApi();
    api.scriptUi([]);
    const added = await vscode.commands.executeCommand('mxql.addProfile', {
      name: 'Prod',
      baseUrl: 'https://api.example.invalid',
      defaultPcode: 77,
    });
    assert.equal(added, 'Prod');
    assert.ok(JSON.stringify(profilesSetting()).includes('api.example.invalid'));
    await vscode.commands.executeCommand('mxql.setAccountToken', {
      profile: 'Prod',
      token: TEST_TOKENS.account,
    });
    await vscode.commands.executeCommand('mxql.setProjectToken', {
      profile: 'Prod',
      pcode: 77,
      token: TEST_TOKENS.project,
    });
    assert.equal(await api.hasSecret('mxql.token.account.Prod'), true);
    assert.equal(await api.hasSecret('mxql.token.project.Prod.77'), true);
    assert.ok(
      !JSON.stringify(profilesSetting()).includes('mxqlitest-secret'),
      'a token reached the settings',
    );
    assert.match(api.statusText(), /^Prod · pcode 77 · /);
    assert.equal(await vscode.commands.executeCommand('mxql.removeProfile', { name: 'Prod' }), true);
    assert.ok(!JSON.stringify(profilesSetting()).includes('Prod'));
    assert.equal(await api.hasSecret('mxql.token.account.Prod'), false);
    assert.equal(await api.hasSecret('mxql.token.project.Prod.77'), false);
  });

  test('Add Profile refuses http:// for a host that is not loopback', async () => {
    const api = await mxqlApi();
    const ui = api.scriptUi([]);
    const added = await vscode.commands.executeCommand('mxql.addProfile', {
      name: 'Plain',
      baseUrl: 'http://monitoring.example.com',
    });
    assert.equal(added, undefined);
    assert.match(ui.prompts[0]?.text ?? '', /plain HTTP/);
    assert.ok(!JSON.stringify(profilesSetting()).includes('monitoring.example.com'));
  });

  test('Add Profile asks name, base URL, service URL, tokens and the default project from the list, then tests the connection', async () => {
    const api = await mxqlApi();
    const demo = await api.demo();
    const project = demo.projects[0]!;
    const ui = api.scriptUi([
      'Wizard',
      demo.baseUrl,
      demo.serviceUrl,
      demo.accountToken,
      project.name,
      project.token,
    ]);
    try {
      assert.equal(await vscode.commands.executeCommand('mxql.addProfile'), 'Wizard');
      const asked = ui.prompts.filter((p) => p.kind !== 'message');
      assert.deepEqual(
        asked.map((p) => p.kind),
        ['inputBox', 'inputBox', 'inputBox', 'inputBox', 'quickPick', 'inputBox'],
      );
      for (const [i, words] of [
        /name/,
        /Open API address/,
        /second host/,
        /projects and groups/,
        /default project/,
        /queries in that project/,
      ].entries())
        assert.match(asked[i]?.text ?? '', words);
      // The project step lists what the service returned, plus "no default".
      assert.deepEqual(asked[4]?.choices, [...demo.projects.map((p) => p.name), 'No default project']);
      const result = ui.prompts.find((p) => p.kind === 'message');
      assert.match(
        result?.text ?? '',
        new RegExp(
          `"Wizard" added and connected — account token: works, ${demo.projects.length} projects visible; project token of pcode ${project.pcode}: works`,
        ),
      );
      assert.equal(api.statusText().split(' · ').slice(0, 2).join(' · '), `Wizard · ${project.name}`);
      assert.equal(await api.hasSecret(`mxql.token.project.Wizard.${project.pcode}`), true);
    } finally {
      await vscode.commands.executeCommand('mxql.removeProfile', { name: 'Wizard' });
    }
  });

  test('Add Profile without tokens confirms it; a wrong token says which call failed, in words', async () => {
    const api = await mxqlApi();
    const demo = await api.demo();
    try {
      const quiet = api.scriptUi(['NoTokens', demo.baseUrl, '', '', '']);
      assert.equal(await vscode.commands.executeCommand('mxql.addProfile'), 'NoTokens');
      assert.match(quiet.prompts.at(-1)?.text ?? '', /profile "NoTokens" added\. Set its tokens/);
      const wrong = api.scriptUi(['WrongToken', demo.baseUrl, '', 'not-the-account-token', '']);
      assert.equal(await vscode.commands.executeCommand('mxql.addProfile'), 'WrongToken');
      // A project list the token cannot read falls back to typing the project code, saying why.
      const projectStep = wrong.prompts.find((p) => /project \(pcode\)/.test(p.text));
      assert.match(
        projectStep?.text ?? '',
        /project list is unavailable \(Listing projects failed: HTTP 40[13]/,
      );
      const text = wrong.prompts.at(-1)?.text ?? '';
      assert.match(text, /connection test failed — account token: Listing projects failed: HTTP 40[13]/);
      assert.doesNotMatch(text, /\/open\/|not-the-account-token/);
    } finally {
      await vscode.commands.executeCommand('mxql.removeProfile', { name: 'NoTokens' });
      await vscode.commands.executeCommand('mxql.removeProfile', { name: 'WrongToken' });
    }
  });

  test("Set Token on a failed run asks only for the token of that run's profile and project", async () => {
    const api = await mxqlApi();
    const demo = await api.demo();
    const project = demo.projects[0]!;
    api.scriptUi([]);
    await vscode.commands.executeCommand('mxql.addProfile', {
      name: 'Expired',
      baseUrl: demo.baseUrl,
      defaultPcode: project.pcode,
      projectToken: 'an-expired-project-token',
    });
    try {
      const document = await vscode.workspace.openTextDocument({
        language: 'mxql',
        content: '-- @range 15m\nCATEGORY app_counter\nTAGLOAD\nSELECT [time, oid, tps]\n',
      });
      await vscode.window.showTextDocument(document);
      assert.match(api.statusText(), / · 15m$/, 'the status bar shows the range of the file');
      const failed = api.scriptUi([]);
      const outcome = await vscode.commands.executeCommand<{ status: string; runId: string }>('mxql.runFile');
      assert.equal(outcome.status, 'error');
      const notice = failed.prompts.find((p) => p.kind === 'message');
      assert.match(notice?.text ?? '', /Running the query failed: HTTP 40[13]/);
      assert.doesNotMatch(notice?.text ?? '', /mxqlText|\/open\//);
      const ui = api.scriptUi([project.token]);
      assert.equal(
        await vscode.commands.executeCommand('mxql.runErrorAction', 'setToken', outcome.runId),
        true,
      );
      assert.deepEqual(
        ui.prompts.map((p) => p.kind),
        ['inputBox'],
        'no profile or project question',
      );
      assert.match(ui.prompts[0]?.text ?? '', new RegExp(`pcode ${project.pcode} in "Expired"`));
      api.scriptUi([]);
      const again = await vscode.commands.executeCommand<{ status: string }>('mxql.runFile');
      assert.equal(again.status, 'done');
    } finally {
      // Later suites read the status bar: its range must not come from this file's @range.
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      await vscode.commands.executeCommand('mxql.removeProfile', { name: 'Expired' });
    }
  });

  test('the wizard validates its inputs as they are typed', async () => {
    const api = await mxqlApi();
    const ui = api.scriptUi(['Demo']);
    const added = await vscode.commands.executeCommand('mxql.addProfile');
    assert.equal(added, undefined);
    assert.match(ui.prompts[0]?.validation ?? '', /built-in profile/);
  });
});
