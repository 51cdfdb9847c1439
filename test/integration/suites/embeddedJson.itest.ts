// MXQL inside a dashboard JSON in a real VS Code: opening the file (a JSON file on disk) starts the
// language service for its MXQL strings; a planted error appears at its JSON position, completion
// inside the string answers with escaped edits, and VS Code's own JSON service still formats the file.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { suite, test } from 'mocha';
import { codeOf, diagnosticsFor } from './languageSupport';
import { workspaceRoot } from '../workspaceFiles';

// The unclosed `{` comes after Korean text, a \" and an emoji written as a surrogate pair.
const BOARD = String.raw`{
  "name": "planted",
  "widgets": [
    { "title": "tps", "metrics": [ { "mql": "-- 초당 \"건수\" \uD83D\uDE00\nCATEGORY app_counter\nTAGLOAD\nFILTER {key: tps, value: 5\n" } ] },
    { "title": "select", "metrics": [ { "mql": "CATEGORY app_counter\nTAGLOAD\nSELECT [time, " } ] }
  ]
}
`;

async function writeBoard(name: string, text: string): Promise<vscode.TextDocument> {
  const uri = vscode.Uri.joinPath(workspaceRoot(), 'boards', name);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document);
  return document;
}

suite('MXQL inside dashboard JSON', () => {
  test('a planted error in a dashboard string is shown at its JSON position', async () => {
    const document = await writeBoard('planted.json', BOARD);
    assert.equal(document.languageId, 'json');
    const found = await diagnosticsFor(document.uri, (list) =>
      list.some((d) => codeOf(d) === 'syntax/unclosed-bracket'),
    );
    const unclosed = found.find((d) => codeOf(d) === 'syntax/unclosed-bracket');
    const offset = BOARD.indexOf('FILTER {') + 'FILTER '.length;
    assert.deepEqual(
      [unclosed?.range.start.line, unclosed?.range.start.character],
      [document.positionAt(offset).line, document.positionAt(offset).character],
    );
    assert.equal(unclosed?.source, 'mxql');
  });

  test('completion inside a dashboard string offers columns with JSON-escaped edits', async () => {
    const document = await writeBoard('complete.json', BOARD);
    const position = document.positionAt(BOARD.indexOf('SELECT [time, ') + 'SELECT [time, '.length);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      document.uri,
      position,
    );
    const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    assert.ok(labels.includes('tps'), labels.slice(0, 20).join(', '));
    const tps = list.items.find((i) => (typeof i.label === 'string' ? i.label : i.label.label) === 'tps');
    const text = typeof tps?.insertText === 'string' ? tps.insertText : (tps?.insertText?.value ?? 'tps');
    assert.equal(text, 'tps');
    const range = tps?.range instanceof vscode.Range ? tps.range : tps?.range?.replacing;
    assert.deepEqual([range?.start.line, range?.start.character], [position.line, position.character]);
    // Every item of the MXQL server inserts one line: a raw line break would break the JSON string.
    for (const item of list.items) {
      const inserted = typeof item.insertText === 'string' ? item.insertText : (item.insertText?.value ?? '');
      assert.doesNotMatch(inserted, /[\n\r]/);
    }
  });

  test("the file's own formatter is JSON's: MXQL strings are left as they are", async () => {
    const squeezed =
      '{"widgets":[{"metrics":[{"mql":"CATEGORY  app_counter\\nTAGLOAD  \\nSELECT [time,tps]"}]}]}\n';
    const document = await writeBoard('format.json', squeezed);
    await diagnosticsFor(document.uri, () => true);
    const edits = await vscode.commands.executeCommand<vscode.TextEdit[]>(
      'vscode.executeFormatDocumentProvider',
      document.uri,
      { tabSize: 2, insertSpaces: true },
    );
    assert.ok(edits.length > 0, 'the JSON formatter answers');
    const edit = new vscode.WorkspaceEdit();
    edit.set(document.uri, edits);
    assert.ok(await vscode.workspace.applyEdit(edit));
    const formatted = document.getText();
    assert.match(formatted, /^\{\n {2}"widgets": \[/);
    assert.ok(formatted.includes('"CATEGORY  app_counter\\nTAGLOAD  \\nSELECT [time,tps]"'), formatted);
  });
});
