// The fault table (test/support/faultCases.ts) through the extension: a profile points at a loopback
// fault server, and each fault ends a run with the same actionable sentence in the notification and
// in the results panel's error (never HTML markup); gzip and deflate bodies show their rows.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { suite, suiteSetup, suiteTeardown, test } from 'mocha';
import { FAULT_CASES, FAULT_TIMEOUT_MS } from '../../support/faultCases';
import { refusedPort, startFaultServer, type FaultServer } from '../../support/faultServer';
import { fileUri, mxqlApi, runCommand } from './runSupport';

const TOKEN = 'mxqlitest-secret-faults-93c1d0';
const PCODE = 42;
let fault: FaultServer;
let other: FaultServer;

async function useProfile(name: string): Promise<void> {
  await vscode.commands.executeCommand('mxql.setProjectToken', { profile: name, pcode: PCODE, token: TOKEN });
  await vscode.commands.executeCommand('mxql.switchProfile', { profile: name, pcode: PCODE });
}

suite('HTTP faults through the extension', () => {
  suiteSetup(async () => {
    [fault, other] = await Promise.all([startFaultServer(), startFaultServer()]);
    const config = vscode.workspace.getConfiguration('mxql');
    await config.update(
      'profiles',
      [
        { name: 'Faulty', baseUrl: fault.url },
        { name: 'Refused', baseUrl: `http://127.0.0.1:${await refusedPort()}` },
      ],
      true,
    );
    await config.update('requestTimeoutMs', FAULT_TIMEOUT_MS, true);
  });

  suiteTeardown(async () => {
    const api = await mxqlApi();
    api.restoreUi();
    const config = vscode.workspace.getConfiguration('mxql');
    for (const name of ['Faulty', 'Refused'])
      await vscode.commands.executeCommand('mxql.removeProfile', { name });
    await config.update('profiles', undefined, true);
    await config.update('requestTimeoutMs', undefined, true);
    await vscode.commands.executeCommand('mxql.useDemo');
    await Promise.all([fault.close(), other.close()]);
  });

  for (const c of FAULT_CASES) {
    test(c.name, async () => {
      const api = await mxqlApi();
      await useProfile(c.refused ? 'Refused' : 'Faulty');
      fault.respondWith(...c.faults({ self: fault.url, other: `http://localhost:${other.port}` }));
      const seenByOther = other.requests.length;
      const ui = api.scriptUi([]);
      const outcome = await runCommand('mxql.runFile', { uri: fileUri('queries/tps.mxql') });
      const result = api.result(outcome.runId ?? '');
      if ('rows' in c.expect) {
        assert.equal(outcome.status, 'done', outcome.message);
        assert.equal(result?.rowCount, c.expect.rows);
        return;
      }
      assert.equal(outcome.status, 'error');
      const notification = ui.prompts.find((p) => p.kind === 'message')?.text ?? '';
      assert.match(notification, c.expect.message, 'the notification');
      assert.match(result?.error?.message ?? '', c.expect.message, 'the results panel');
      assert.ok((result?.error?.code ?? '').startsWith(c.expect.kind), result?.error?.code);
      if (c.expect.kind === 'timeout') assert.match(notification, /raise the setting mxql\.requestTimeoutMs/);
      assert.ok(!notification.includes(TOKEN));
      if (c.otherUntouched) assert.equal(other.requests.length, seenByOther, 'the other host got a request');
    });
  }
});
