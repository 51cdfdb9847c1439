// Shared helpers of the run/profiles/security suites: the extension's test API and workspace URIs.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MxqlTestApi } from '../../../client/src/extension';
import type { RunOutcome } from '../../../client/src/run/runner';
import { workspaceRoot } from '../workspaceFiles';

/** The activated extension's test API (it exists because the suites run in Test mode). */
export async function mxqlApi(): Promise<MxqlTestApi> {
  const extension = vscode.extensions.getExtension<MxqlTestApi | undefined>('mxql-tools.mxql');
  assert.ok(extension, 'the MXQL extension is not installed');
  const api = await extension.activate();
  assert.ok(api, 'activate() returned no test API: the suites must run the extension in Test mode');
  return api;
}

/** URI text of a workspace file. */
export function fileUri(relativePath: string): string {
  return vscode.Uri.joinPath(workspaceRoot(), ...relativePath.split('/')).toString();
}

/** Runs a command that resolves to a RunOutcome and checks that it did. */
export async function runCommand(command: string, args: object): Promise<RunOutcome> {
  const outcome = await vscode.commands.executeCommand<RunOutcome | undefined>(command, args);
  assert.ok(outcome, `${command} returned nothing (did it throw? see the MXQL log)`);
  return outcome;
}

/** Makes the Demo the active profile (starting the demo backend) with the prompts scripted to dismiss. */
export async function useDemo(api: MxqlTestApi): Promise<void> {
  api.scriptUi([]);
  assert.equal(await vscode.commands.executeCommand('mxql.useDemo'), true);
}

/** Tokens used by the profile suites; the security suite scans the user data for them. */
export const TEST_TOKENS = {
  account: 'mxqlitest-secret-account-7f3a9c',
  project: 'mxqlitest-secret-project-51be20',
  plain: 'mxqlitest-secret-plain-e0d4aa',
} as const;
