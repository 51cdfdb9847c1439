// Helpers for suites: the harness opens a throw-away copy of test/integration/workspace as the folder.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

/** The root folder of the test workspace; fails the test when VS Code opened none. */
export function workspaceRoot(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'VS Code opened no workspace folder: start it with test/integration/workspace');
  return folder.uri;
}

/** Opens `relativePath` (slash-separated, below the workspace root) in an editor and returns it. */
export async function openWorkspaceFile(relativePath: string): Promise<vscode.TextEditor> {
  const uri = vscode.Uri.joinPath(workspaceRoot(), ...relativePath.split('/'));
  const document = await vscode.workspace.openTextDocument(uri);
  return vscode.window.showTextDocument(document);
}
