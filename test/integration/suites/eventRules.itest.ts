// Event-rule JSON in a real VS Code: the active extension's language client syncs JSON files, so a rule
// file gets the rules' diagnostics, completion and hover through VS Code's own providers, while a JSON file
// without rules gets nothing from the MXQL server (VS Code's JSON support stays in charge of it).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { suite, suiteSetup, test } from 'mocha';
import { openWorkspaceFile } from '../workspaceFiles';
import { codeOf, diagnosticsFor } from './languageSupport';

const labelOf = (i: vscode.CompletionItem): string => (typeof i.label === 'string' ? i.label : i.label.label);

const hoverText = (hovers: readonly vscode.Hover[]): string =>
  hovers
    .flatMap((h) => h.contents)
    .map((c) => (typeof c === 'string' ? c : c.value))
    .join('\n');

suite('event rules in JSON', () => {
  suiteSetup(async () => {
    // The extension activates with MXQL (onLanguage:mxql); a user meets rule files beside queries.
    const query = await vscode.workspace.openTextDocument({
      language: 'mxql',
      content: 'CATEGORY app_counter\nINJECT\n',
    });
    await diagnosticsFor(query.uri, (list) => list.some((d) => codeOf(d) === 'inject/bare'));
  });

  test('a misspelt field of a rule is a warning at its place, with completion and hover', async () => {
    const editor = await openWorkspaceFile('alerts/rules.json');
    const document = editor.document;
    const found = await diagnosticsFor(document.uri, (list) =>
      list.some((d) => codeOf(d) === 'rule/unknown-field'),
    );
    const ours = found.filter((d) => d.source === 'mxql');
    assert.deepEqual(
      ours.map((d) => [codeOf(d), d.severity, document.getText(d.range)]),
      [['rule/unknown-field', vscode.DiagnosticSeverity.Warning, 'tpss']],
    );
    assert.equal(ours[0]?.range.start.line, 3);

    const inRule = document.positionAt(document.getText().indexOf('resp_time > 3000') + 'resp_'.length);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      document.uri,
      inRule,
    );
    const labels = list.items.map(labelOf);
    assert.ok(labels.includes('resp_time') && labels.includes('tps'), labels.slice(0, 20).join(', '));

    const onField = document.positionAt(document.getText().indexOf('${oname}') + 3);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      document.uri,
      onField,
    );
    assert.match(hoverText(hovers), /\*\*oname\*\*[\s\S]*app_counter/);
  });

  test('a JSON file without rules gets nothing from the MXQL server', async () => {
    const content = '{\n  "name": "CATEGORY app_counter",\n  "FILTER": [1, 2]\n}\n';
    const uri = vscode.Uri.joinPath(
      vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file('/'),
      'plain.json',
    );
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(content));
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
    // An MXQL document opened after it proves the server has taken this one's open (one ordered stream).
    const after = await vscode.workspace.openTextDocument({
      language: 'mxql',
      content: 'CATEGORY app_counter\nTAGLOAD\nINJECT\n',
    });
    await diagnosticsFor(after.uri, (list) => list.some((d) => codeOf(d) === 'inject/bare'));
    assert.deepEqual(
      vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'mxql'),
      [],
    );
    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[] | undefined>(
      'vscode.executeDocumentSymbolProvider',
      uri,
    );
    // VS Code's JSON support lists the keys; no MXQL pipeline appears among them.
    assert.ok(!(symbols ?? []).some((s) => /query|pipeline/i.test(s.name)), JSON.stringify(symbols));
  });
});
