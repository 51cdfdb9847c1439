// MXQL inside dashboard JSON in the real VS Code: Edit MXQL opens a string as an .mxql editor and saves
// it back changing only the string's bytes; the CodeLens and Run Query at Cursor run a string in place
// on the Demo with the board's conventions and the merges its author set (named in the run's record);
// bad positions and malformed JSON say why nothing ran.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { suite, suiteTeardown, test } from 'mocha';
import { openWorkspaceFile, workspaceRoot } from '../workspaceFiles';
import { fileUri, mxqlApi, runCommand, useDemo } from './runSupport';

// Written by the test so its bytes are exact: CRLF line ends, Korean, emoji raw and as a surrogate pair,
// and every escape (\n \t \" \\ \/ \u0041) in the string Edit MXQL opens.
const EDIT_BOARD = [
  '{',
  '  "name": "편집 보드 😀",',
  '  "widgets": [',
  '    {',
  '      "id": 1,',
  '      "title": "TPS \\"live\\"",',
  '      "metrics": [',
  '        {',
  '          "name": "tps",',
  String.raw`          "mql": "-- 에이전트별 TPS 😀 \ud83d\ude80 a\/b \u0041\nCATEGORY app_counter\nTAGLOAD\nSELECT [time, oid, \"tps\"]\t-- \\ tab\nFILTER { key: oname, like: \"storefront*\" }"`,
  '        }',
  '      ]',
  '    }',
  '  ]',
  '}',
  '',
].join('\r\n');
const POINTER = '/widgets/0/metrics/0/mql';

function boardFile(name: string): vscode.Uri {
  return vscode.Uri.joinPath(workspaceRoot(), 'boards', name);
}

function writeBoard(name: string, text: string): vscode.Uri {
  const uri = boardFile(name);
  writeFileSync(uri.fsPath, text, 'utf8');
  return uri;
}

const bytesOf = (uri: vscode.Uri): string => readFileSync(uri.fsPath, 'utf8');

/** Runs Edit MXQL on the board's string and returns the virtual document it opened. */
async function editQuery(json: vscode.Uri, pointer = POINTER): Promise<vscode.TextDocument> {
  const opened = await vscode.commands.executeCommand<string | undefined>('mxql.editEmbeddedQuery', {
    uri: json.toString(),
    pointer,
  });
  assert.ok(opened, 'Edit MXQL opened nothing (see the MXQL log)');
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === opened);
  assert.ok(document, `no open document ${opened}`);
  return document;
}

/** Replaces the first `from` of the virtual document with `to`. */
async function replaceIn(document: vscode.TextDocument, from: string, to: string): Promise<void> {
  const offset = document.getText().indexOf(from);
  assert.ok(offset >= 0, from);
  const edit = new vscode.WorkspaceEdit();
  const range = new vscode.Range(document.positionAt(offset), document.positionAt(offset + from.length));
  edit.replace(document.uri, range, to);
  assert.ok(await vscode.workspace.applyEdit(edit));
}

async function closeAll(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

suite('MXQL inside dashboard JSON', () => {
  suiteTeardown(async () => (await mxqlApi()).restoreUi());

  test('Edit MXQL opens the decoded string as MXQL; saving changes only its bytes, byte for byte', async () => {
    const json = writeBoard('edit.json', EDIT_BOARD);
    const document = await editQuery(json);
    assert.equal(document.languageId, 'mxql');
    assert.equal(document.uri.scheme, 'mxql-embedded');
    assert.equal(
      document.getText(),
      '-- 에이전트별 TPS 😀 🚀 a/b A\nCATEGORY app_counter\nTAGLOAD\nSELECT [time, oid, "tps"]\t-- \\ tab\nFILTER { key: oname, like: "storefront*" }',
    );
    await replaceIn(document, '[time, oid,', '[time, oname,');
    await replaceIn(document, '"storefront*" }', '"storefront*" }\nLIMIT 5 -- 끝 🎉');
    assert.equal(await document.save(), true, 'the save was refused');
    // The oracle: the file as written, with exactly these two spans of the string written anew.
    const expected = EDIT_BOARD.replace(
      String.raw`[time, oid, \"tps\"]`,
      String.raw`[time, oname, \"tps\"]`,
    ).replace(String.raw`like: \"storefront*\" }"`, String.raw`like: \"storefront*\" }\nLIMIT 5 -- 끝 🎉"`);
    assert.notEqual(expected, EDIT_BOARD);
    assert.equal(bytesOf(json), expected);
    assert.equal(document.isDirty, false);
    await closeAll();
  });

  test('closing Edit MXQL without saving changes nothing', async () => {
    const json = writeBoard('untouched.json', EDIT_BOARD);
    const document = await editQuery(json);
    await replaceIn(document, 'TAGLOAD', 'FLEXLOAD');
    assert.equal(document.isDirty, true);
    await closeAll();
    assert.equal(bytesOf(json), EDIT_BOARD);
    const jsonDocument = vscode.workspace.textDocuments.find((d) => d.uri.toString() === json.toString());
    assert.equal(jsonDocument?.isDirty ?? false, false, 'the JSON document was edited');
  });

  test('when the JSON no longer holds a string there, saving is refused and the edit stays in the editor', async () => {
    const json = writeBoard('changed.json', EDIT_BOARD);
    const document = await editQuery(json);
    await replaceIn(document, 'TAGLOAD', 'TAGLOAD\nLIMIT 9');
    // Meanwhile the widget's mql becomes a number in the JSON file.
    const jsonDocument = await vscode.workspace.openTextDocument(json);
    const text = jsonDocument.getText();
    const start = text.indexOf('"-- ');
    const end = text.indexOf('}"', start) + 2;
    const change = new vscode.WorkspaceEdit();
    change.replace(
      json,
      new vscode.Range(jsonDocument.positionAt(start), jsonDocument.positionAt(end)),
      '42',
    );
    assert.ok(await vscode.workspace.applyEdit(change));
    assert.ok(await jsonDocument.save());
    const changed = bytesOf(json);
    const saved = await Promise.resolve(document.save()).catch(() => false);
    assert.equal(saved, false, 'the save went through');
    assert.equal(document.isDirty, true, 'the editor lost its edit');
    assert.match(document.getText(), /TAGLOAD\nLIMIT 9/);
    assert.equal(bytesOf(json), changed, 'the JSON file was written');
    // The string comes back, so the editor can be reverted and closed without a save dialog.
    const restore = new vscode.WorkspaceEdit();
    const all = new vscode.Range(
      jsonDocument.positionAt(0),
      jsonDocument.positionAt(jsonDocument.getText().length),
    );
    restore.replace(json, all, EDIT_BOARD);
    assert.ok(await vscode.workspace.applyEdit(restore));
    assert.ok(await jsonDocument.save());
    await closeAll();
  });

  test('the Run CodeLens runs a widget query on the Demo: merges offered, board INJECTs empty, rows shown', async () => {
    const api = await mxqlApi();
    await useDemo(api);
    const uri = fileUri('boards/storefront.json');
    await openWorkspaceFile('boards/storefront.json');
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
      'vscode.executeCodeLensProvider',
      vscode.Uri.parse(uri),
    );
    const titles = lenses.map((l) => l.command?.title ?? '');
    // Run and Edit MXQL above both queries; Edit MXQL alone above the inject fragment.
    assert.equal(titles.filter((title) => title.startsWith('$(play) Run · ')).length, 2, titles.join(' | '));
    assert.equal(titles.filter((title) => title === '$(edit) Edit MXQL').length, 3, titles.join(' | '));
    const run = lenses.find((l) => l.command?.title.startsWith('$(play) Run'));
    assert.ok(run?.command);
    const ui = api.scriptUi(['avg', 'sum']);
    const outcome = await runCommand(run.command.command, (run.command.arguments ?? [])[0] as object);
    assert.equal(outcome.status, 'done', outcome.message);
    assert.deepEqual(
      ui.prompts.map((p) => [p.kind, p.text]),
      [
        ['quickPick', 'Value of $TIME_MERGE_PLACE'],
        ['quickPick', 'Value of $OBJECT_MERGE_PLACE'],
      ],
    );
    assert.deepEqual(ui.prompts[0]?.choices, ['avg', 'sum', 'max', 'min', '$(edit) Type a value…']);
    const result = api.result(outcome.runId ?? '');
    assert.ok(result, 'the results model has no entry for the run');
    assert.equal(result.status, 'done');
    assert.ok(result.rowCount > 0, 'the demo returned no rows');
    assert.ok(result.columns.includes('tps'), result.columns.join(', '));
    assert.deepEqual(result.injects, { timepast: '', default: '' });
    assert.deepEqual(result.params, { $TIME_MERGE_PLACE: 'avg', $OBJECT_MERGE_PLACE: 'sum' });
    assert.equal(result.title, 'storefront.json /widgets/0/metrics/0/mql');
    assert.ok(api.panelCount() >= 1, 'no results panel is open');
    assert.equal(api.history()[0]?.id, outcome.runId);
  });

  test('Run Query at Cursor inside a JSON string runs that string with the fragment beside it', async () => {
    const api = await mxqlApi();
    await useDemo(api);
    const editor = await openWorkspaceFile('boards/storefront.json');
    const offset = editor.document.getText().indexOf('최근 행');
    const position = editor.document.positionAt(offset + 3);
    editor.selection = new vscode.Selection(position, position);
    const ui = api.scriptUi([]);
    const outcome = await runCommand('mxql.runQueryAtCursor', {});
    assert.equal(outcome.status, 'done', outcome.message);
    assert.deepEqual(ui.prompts, []);
    const result = api.result(outcome.runId ?? '');
    assert.equal(result?.rowCount, 7, 'the inject object beside the query gives LIMIT 7');
    assert.deepEqual(result.injects, { default: 'LIMIT 7' });
  });

  test("a Kafka-like board's widget runs in place with its author's merges, and the record names their origin", async () => {
    const api = await mxqlApi();
    await useDemo(api);
    const editor = await openWorkspaceFile('boards/broker-authored.json');
    const offset = editor.document.getText().indexOf('merged as the widget says');
    const position = editor.document.positionAt(offset + 3);
    editor.selection = new vscode.Selection(position, position);
    // No prompt: the widget's fields and param say both merges.
    const ui = api.scriptUi([]);
    const outcome = await runCommand('mxql.runQueryAtCursor', {});
    assert.equal(outcome.status, 'done', outcome.message);
    assert.deepEqual(ui.prompts, []);
    const result = api.result(outcome.runId ?? '');
    assert.ok(result, 'the results model has no entry for the run');
    assert.ok(result.rowCount > 0, 'the demo returned no rows');
    assert.deepEqual(result.params, { $TIME_MERGE_PLACE: 'max', $OBJECT_MERGE_PLACE: 'sum' });
    assert.deepEqual(result.paramOrigins, {
      $TIME_MERGE_PLACE: {
        kind: 'field',
        pointer: '/widgets/0/metrics/0/fields/1',
        key: 'tps',
        how: 'key',
        agreeing: 1,
        fields: 1,
      },
      $OBJECT_MERGE_PLACE: { kind: 'param', pointer: '/widgets/0/metrics/1/param' },
    });
    // Run again from the history: the author's values are filled again, not frozen as given.
    const again = await runCommand('mxql.rerunLast', {});
    assert.equal(again.status, 'done', again.message);
    assert.equal(api.result(again.runId ?? '')?.paramOrigins?.$OBJECT_MERGE_PLACE?.kind, 'param');
  });

  test('outside a query, in a fragment or in malformed JSON, Run Query at Cursor says why and sends nothing', async () => {
    const api = await mxqlApi();
    await useDemo(api);
    const editor = await openWorkspaceFile('boards/storefront.json');
    const at = async (needle: string): Promise<string> => {
      const offset = editor.document.getText().indexOf(needle);
      assert.ok(offset >= 0, needle);
      const position = editor.document.positionAt(offset + 1);
      editor.selection = new vscode.Selection(position, position);
      const ui = api.scriptUi([]);
      const outcome = await runCommand('mxql.runQueryAtCursor', {});
      assert.equal(outcome.status, 'skipped');
      return ui.prompts[0]?.text ?? '';
    };
    assert.match(await at('"Latest rows"'), /the cursor is not in an MXQL string/);
    assert.match(await at('LIMIT 7'), /\/widgets\/1\/inject\/default is an INJECT fragment/);
    const broken = writeBoard('broken.json', '{\n  "widgets": [ { "title": "x" }\n  "mql": "CATEGORY a"\n');
    const document = await vscode.workspace.openTextDocument(broken);
    const brokenEditor = await vscode.window.showTextDocument(document);
    const position = document.positionAt(document.getText().indexOf('CATEGORY'));
    brokenEditor.selection = new vscode.Selection(position, position);
    const ui = api.scriptUi([]);
    const outcome = await runCommand('mxql.runQueryAtCursor', {});
    assert.equal(outcome.status, 'skipped');
    assert.match(
      ui.prompts[0]?.text ?? '',
      /the JSON of boards\/broken\.json is malformed at line 3, column 3/,
    );
    await closeAll();
  });
});
