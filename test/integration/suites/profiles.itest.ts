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

  test('the wizard validates its inputs as they are typed', async () => {
    const api = await mxqlApi();
    const ui = api.scriptUi(['Demo']);
    const added = await vscode.commands.executeCommand('mxql.addProfile');
    assert.equal(added, undefined);
    assert.match(ui.prompts[0]?.validation ?? '', /built-in profile/);
  });
});
