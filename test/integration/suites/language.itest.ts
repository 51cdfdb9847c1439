// The language server inside a real VS Code: diagnostics arrive through VS Code's diagnostics event,
// and completion, hover, outline and formatting are asked through VS Code's own provider commands.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { suite, suiteSetup, test } from 'mocha';
import { codeOf, diagnosticsFor } from './languageSupport';

const AC = 'CATEGORY app_counter\nTAGLOAD\n';

async function openMxql(content: string): Promise<vscode.TextDocument> {
  const document = await vscode.workspace.openTextDocument({ language: 'mxql', content });
  await vscode.window.showTextDocument(document);
  return document;
}

function endOf(document: vscode.TextDocument): vscode.Position {
  return document.positionAt(document.getText().length);
}

suite('language server', () => {
  suiteSetup(async () => {
    // The first published diagnostics mean the server runs and its providers are registered.
    const document = await openMxql(`${AC}INJECT\n`);
    await diagnosticsFor(document.uri, (list) => list.some((d) => codeOf(d) === 'inject/bare'));
  });

  test('diagnostics are published and follow edits', async () => {
    const document = await openMxql(`${AC}SELECT [time, tps]\nINJECT\n`);
    const found = await diagnosticsFor(document.uri, (list) => list.some((d) => codeOf(d) === 'inject/bare'));
    const bare = found.find((d) => codeOf(d) === 'inject/bare');
    assert.equal(bare?.range.start.line, 3);
    assert.equal(bare?.source, 'mxql');
    const edit = new vscode.WorkspaceEdit();
    edit.replace(document.uri, new vscode.Range(3, 0, 3, 6), 'INJECT default');
    assert.ok(await vscode.workspace.applyEdit(edit));
    await diagnosticsFor(document.uri, (list) => !list.some((d) => codeOf(d) === 'inject/bare'));
  });

  test('completion offers option values and columns from the column flow', async () => {
    const sort = await openMxql(`${AC}ORDER {key: tps, sort: `);
    const values = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      sort.uri,
      endOf(sort),
    );
    const labels = values.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    assert.ok(labels.includes('asc') && labels.includes('desc'), labels.join(', '));
    const select = await openMxql(`${AC}SELECT [time, `);
    const columns = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      select.uri,
      endOf(select),
    );
    const names = columns.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    assert.ok(names.includes('tps') && names.includes('okindName'), names.slice(0, 20).join(', '));
  });

  test('hover explains a category', async () => {
    const document = await openMxql(AC);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      document.uri,
      new vscode.Position(0, 12),
    );
    const text = hovers
      .flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : '')))
      .join('\n');
    assert.match(text, /app_counter/);
  });

  test('the outline lists the pipeline and its SUB blocks', async () => {
    const document = await openMxql(
      `-- @name Agents\n${AC}JOIN {query: top, pk: oid}\nSUB top\nCATEGORY app_counter\nTAGLOAD\nEND\n`,
    );
    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>(
      'vscode.executeDocumentSymbolProvider',
      document.uri,
    );
    assert.deepEqual(
      symbols.map((s) => s.name),
      ['Agents', 'SUB top'],
    );
    assert.equal(symbols[0]?.children.length, 3);
  });

  test('formatting normalises spacing', async () => {
    const document = await openMxql('CATEGORY   app_counter\nTAGLOAD\nSELECT [time,oid]\n');
    const edits = await vscode.commands.executeCommand<vscode.TextEdit[]>(
      'vscode.executeFormatDocumentProvider',
      document.uri,
      { tabSize: 2, insertSpaces: true },
    );
    // VS Code may split the server's whole-document edit into minimal ones: apply them and compare.
    const edit = new vscode.WorkspaceEdit();
    edit.set(document.uri, edits);
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.equal(document.getText(), 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, oid]\n');
  });
});
