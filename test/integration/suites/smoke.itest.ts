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

  test('the extension is active once an .mxql document is open', async () => {
    await openWorkspaceFile('sample.mxql');
    const extension = vscode.extensions.getExtension(extensionId);
    assert.ok(extension);
    // activate() returns the activation already under way (onLanguage:mxql), or starts it: either way
    // this waits for the signal rather than polling, and a failing activate() rejects here.
    await extension.activate();
    assert.equal(extension.isActive, true);
  });

  test('mxql is a known language id', async () => {
    const languages = await vscode.languages.getLanguages();
    assert.ok(languages.includes('mxql'), `languages: ${languages.join(', ')}`);
  });
});
