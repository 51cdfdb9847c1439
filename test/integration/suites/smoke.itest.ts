// Smoke tests: the extension loads in a real VS Code and owns `.mxql` files.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { suite, test } from 'mocha';
import { openWorkspaceFile } from '../workspaceFiles';

const extensionId = 'mxql-tools.mxql';

suite('smoke', () => {
  test('the extension is installed under its marketplace id', () => {
    const extension = vscode.extensions.getExtension(extensionId);
    assert.ok(extension, `${extensionId} is not among the loaded extensions`);
    assert.equal((extension.packageJSON as { name?: unknown }).name, 'mxql');
  });

  test('opening an .mxql file activates the extension (onLanguage:mxql), without anyone calling activate()', async () => {
    const extension = vscode.extensions.getExtension(extensionId);
    assert.ok(extension);
    // This suite runs first (see index.ts), so no test has activated the extension yet; but it also
    // activates on JSON (the CodeLenses of dashboard queries), and the workbench makes JSON models of
    // its own at startup, so it may be active already. What activates it on .mxql is the manifest's.
    const events = (extension.packageJSON as { activationEvents?: string[] }).activationEvents ?? [];
    assert.ok(events.includes('onLanguage:mxql'), events.join(', '));
    await vscode.workspace.openTextDocument({ language: 'mxql', content: 'CATEGORY app_counter\nTAGLOAD\n' });
    const deadline = Date.now() + 30_000;
    while (!extension.isActive && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.equal(
      extension.isActive,
      true,
      'the extension did not activate within 30 s of opening an .mxql file',
    );
  });

  test('an .mxql file gets the mxql language', async () => {
    const editor = await openWorkspaceFile('sample.mxql');
    assert.equal(editor.document.languageId, 'mxql');
    const nested = await openWorkspaceFile('queries/tps.mxql');
    assert.equal(nested.document.languageId, 'mxql');
  });

  test('other files keep their own language', async () => {
    const editor = await openWorkspaceFile('notes.txt');
    assert.equal(editor.document.languageId, 'plaintext');
  });

  test('mxql is a known language id', async () => {
    const languages = await vscode.languages.getLanguages();
    assert.ok(languages.includes('mxql'), `languages: ${languages.join(', ')}`);
  });
});
