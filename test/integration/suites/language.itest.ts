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

const labelOf = (i: vscode.CompletionItem): string => (typeof i.label === 'string' ? i.label : i.label.label);

/** The text a completion item inserts (a snippet's source). */
function insertedText(item: vscode.CompletionItem | undefined): string | undefined {
  return typeof item?.insertText === 'string' ? item.insertText : item?.insertText?.value;
}

/** The range a completion item replaces. */
function replacedRange(item: vscode.CompletionItem | undefined): vscode.Range | undefined {
  return item?.range instanceof vscode.Range ? item.range : item?.range?.replacing;
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

  test("a completion item's detail and documentation arrive as the editor resolves it", async () => {
    const select = await openMxql(`${AC}SELECT [time, `);
    // The 4th argument resolves that many items, as the suggest widget does for the one it shows.
    const columns = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      select.uri,
      endOf(select),
      undefined,
      500,
    );
    const tps = columns.items.find((i) => labelOf(i) === 'tps');
    assert.match(tps?.detail ?? '', /field · Number/);
    const documentation = tps?.documentation;
    assert.match(
      typeof documentation === 'string' ? documentation : (documentation?.value ?? ''),
      /\*\*tps\*\*/,
    );
  });

  test('completion items replace the typed word with their own text, quoted or as a snippet', async () => {
    const select = await openMxql(`${AC}SELECT ['a b', tp`);
    const typed = new vscode.Range(endOf(select).translate(0, -2), endOf(select));
    const columns = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      select.uri,
      endOf(select),
    );
    for (const [label, text] of [
      ['tps', 'tps'],
      ['a b', "'a b'"],
    ] as const) {
      const item = columns.items.find((i) => labelOf(i) === label);
      assert.equal(insertedText(item), text, label);
      assert.ok(replacedRange(item)?.isEqual(typed), `${label} replaces the typed word`);
    }
    const command = await openMxql(`${AC}ORD`);
    const commands = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      command.uri,
      endOf(command),
    );
    const order = commands.items.find((i) => labelOf(i) === 'ORDER');
    assert.ok(order?.insertText instanceof vscode.SnippetString, 'ORDER inserts a snippet');
    assert.match(insertedText(order) ?? '', /^ORDER \{.*\$\{?1/);
    const word = new vscode.Range(endOf(command).translate(0, -3), endOf(command));
    assert.ok(replacedRange(order)?.isEqual(word), 'ORDER replaces the typed word');
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
