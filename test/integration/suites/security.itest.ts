// Security after the other suites ran: a token never goes over plain HTTP to a remote host, and no
// token is found in the user data directory (settings, state databases, logs).
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { suite, suiteTeardown, test } from 'mocha';
import { fileUri, mxqlApi, runCommand, TEST_TOKENS } from './runSupport';

function filesUnder(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const full = path.join(dir, name);
    const stat = statSync(full, { throwIfNoEntry: false });
    if (!stat) return [];
    if (stat.isDirectory()) return filesUnder(full);
    // Sockets and pipes (code-server's IPC) cannot be read; they hold no stored data anyway.
    return stat.isFile() && stat.size < 64 * 1024 * 1024 ? [full] : [];
  });
}

suite('security', () => {
  suiteTeardown(async () => (await mxqlApi()).restoreUi());

  test('a run against a plain-http remote profile is refused before any token is sent', async () => {
    const api = await mxqlApi();
    api.scriptUi([]);
    const config = vscode.workspace.getConfiguration('mxql');
    await config.update('profiles', [{ name: 'Plain', baseUrl: 'http://203.0.113.9:8080' }], true);
    try {
      await vscode.commands.executeCommand('mxql.setProjectToken', {
        profile: 'Plain',
        pcode: 5,
        token: TEST_TOKENS.plain,
      });
      await vscode.commands.executeCommand('mxql.switchProfile', { profile: 'Plain', pcode: 5 });
      const outcome = await runCommand('mxql.runFile', { uri: fileUri('queries/tps.mxql') });
      assert.equal(outcome.status, 'error');
      assert.match(outcome.message ?? '', /plain HTTP/);
      assert.equal(api.result(outcome.runId ?? '')?.error?.code, 'insecure');
    } finally {
      await vscode.commands.executeCommand('mxql.removeProfile', { name: 'Plain' });
      await config.update('profiles', undefined, true);
      await vscode.commands.executeCommand('mxql.useDemo');
    }
  });

  test('no token appears in settings, state storage or logs', async () => {
    const api = await mxqlApi();
    const demo = await api.demo();
    const tokens = [demo.accountToken, ...demo.projects.map((p) => p.token), ...Object.values(TEST_TOKENS)];
    const { globalStorage, logs } = api.storagePaths();
    // globalStorage is <user-data>/User/globalStorage/<extension id>; logs is below <user-data>/logs.
    const userData = path.resolve(globalStorage, '..', '..', '..');
    const files = [...new Set([...filesUnder(userData), ...filesUnder(logs)])];
    assert.ok(
      files.some((f) => f.endsWith('settings.json')),
      `no settings.json under ${userData}`,
    );
    const hits: string[] = [];
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const token of tokens) {
        if (bytes.includes(Buffer.from(token, 'utf8')) || bytes.includes(Buffer.from(token, 'utf16le'))) {
          hits.push(`${file}: ${token.slice(0, 6)}…`);
        }
      }
    }
    assert.deepEqual(hits, [], `tokens found in ${hits.length} place(s)`);
    const logText = filesUnder(logs).map((f) => readFileSync(f, 'utf8'));
    assert.ok(
      logText.some((text) => /POST \/open\/api\/flush\/mxql\/text 200 [\d.]+ms \d+B \d+ rows/.test(text)),
      `the MXQL log under ${logs} has no request line`,
    );
  });
});
