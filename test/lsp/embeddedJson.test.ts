/**
 * MXQL inside the strings of a dashboard JSON, spoken to the bundled server over stdio: every feature
 * lands on the exact line and column of the JSON text, through `\n`, `\"`, Korean text and emoji, and
 * edits come back escaped. Expected positions are found by searching the JSON text itself, never
 * through the offset map under test.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  type CodeAction,
  type CompletionItem,
  type CompletionList,
  type Diagnostic,
  type Hover,
  type PublishDiagnosticsParams,
  type Range,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol/node';
import { escapeForJson, escapeSnippetForJson } from '../../server/core/index';
import { startSession, type LspSession } from './lspClient';

// One widget per planted error: at the start of a string, after escaped line breaks, after \", after
// Korean text, after a raw emoji and after one written as a surrogate pair of \u escapes.
const BOARD = String.raw`{
  "name": "planted",
  "widgets": [
    { "title": "start", "metrics": [ { "mql": "}\nCATEGORY app_counter\nTAGLOAD\n" } ] },
    { "title": "lines", "metrics": [ { "mql": "CATEGORY app_counter\nTAGLOAD\nFILTER {key: tps, value: 5\n" } ] },
    { "title": "quote", "metrics": [ { "mql": "-- \"quoted\" title\nCATEGORY app_counter\nTAGLOAD\nSELECT [time, tps\n" } ] },
    { "title": "korean", "metrics": [ { "mql": "-- 초당 처리 건수\nCATEGORY app_counter\nTAGLOAD\nORDER {key: [tps]\n" } ] },
    { "title": "emoji", "metrics": [ { "mql": "-- 🙂 hot\nCATEGORY app_countr\nTAGLOAD\n" } ] },
    { "title": "pair", "metrics": [ { "mql": "-- \uD83D\uDE00 \"x\"\nCATEGORY app_counter\nTAGLOAD\nUPDATE {key: [tps], value: sum\n" } ] },
    { "type": "RICH_TEXT", "option": { "markdown": "CATEGORY nothing here {" } }
  ]
}
`;

/** The LSP position (UTF-16) of `offset` in `text`. */
function positionOf(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length - 1, character: (before.at(-1) ?? '').length };
}

/** The position where `marker` occurs in `text`, plus `skip` characters. */
function at(text: string, marker: string, skip = 0): { line: number; character: number } {
  const offset = text.indexOf(marker);
  assert.ok(offset >= 0, `marker ${marker} in the text`);
  assert.equal(text.indexOf(marker, offset + 1), -1, `marker ${marker} is unique`);
  return positionOf(text, offset + skip);
}

let session: LspSession;
let version = 1;

function open(uri: string, text: string, languageId = 'json'): void {
  void session.connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId, version: version++, text },
  });
}

/** Replaces the whole text of an open document. */
function replace(uri: string, text: string, newVersion: number): void {
  void session.connection.sendNotification('textDocument/didChange', {
    textDocument: { uri, version: newVersion },
    contentChanges: [{ text }],
  });
}

const request = <T>(method: string, params: unknown): Promise<T> =>
  session.connection.sendRequest<T>(method, params);

const errorsOf = (p: PublishDiagnosticsParams): Diagnostic[] => p.diagnostics.filter((d) => d.severity === 1);

void describe('MXQL strings of a dashboard JSON over stdio', () => {
  before(async () => {
    session = await startSession({ diagnostics: { enabled: true, disabledCodes: [] } });
  });
  after(async () => {
    await session.stop();
  });

  void test('planted errors are reported at the exact JSON line and column', async () => {
    const uri = 'file:///boards/planted.json';
    open(uri, BOARD);
    const published = await session.diagnostics(uri);
    const found = published.diagnostics.map((d) => [d.code, d.range.start]);
    const expected = [
      ['syntax/unexpected-token', at(BOARD, '"mql": "}', 8)],
      ['syntax/unclosed-bracket', at(BOARD, 'FILTER {key: tps', 7)],
      ['syntax/unclosed-bracket', at(BOARD, 'SELECT [time, tps', 7)],
      ['syntax/unclosed-bracket', at(BOARD, 'ORDER {key', 6)],
      ['category/unknown', at(BOARD, 'app_countr\\n', 0)],
      ['syntax/unclosed-bracket', at(BOARD, 'UPDATE {key', 7)],
    ];
    for (const e of expected) assert.ok(JSON.stringify(found).includes(JSON.stringify(e)), JSON.stringify(e));
    assert.equal(errorsOf(published).length, 5, JSON.stringify(published.diagnostics));
    // The rich text widget's markdown is not MXQL: nothing is reported on its line.
    const markdownLine = at(BOARD, 'RICH_TEXT').line;
    assert.ok(published.diagnostics.every((d) => d.range.start.line !== markdownLine));
    const unknown = published.diagnostics.find((d) => d.code === 'category/unknown');
    assert.deepEqual(unknown?.range.end, at(BOARD, 'app_countr\\n', 'app_countr'.length));
  });

  void test('a keystroke in one string moves only that string’s findings', async () => {
    const uri = 'file:///boards/typed.json';
    open(uri, BOARD);
    await session.diagnostics(uri);
    // Close the FILTER of the second widget, one character typed into the string.
    const where = at(BOARD, 'value: 5\\n', 'value: 5'.length);
    void session.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 500 },
      contentChanges: [{ range: { start: where, end: where }, text: '}' }],
    });
    const changed = await session.diagnostics(uri, (p) => p.version === 500);
    const edited = BOARD.replace('value: 5\\n', 'value: 5}\\n');
    assert.equal(errorsOf(changed).length, 4, JSON.stringify(changed.diagnostics));
    assert.ok(changed.diagnostics.some((d) => d.range.start.line === at(edited, 'UPDATE {key').line));
    assert.ok(!changed.diagnostics.some((d) => d.range.start.line === at(edited, 'FILTER {key').line));
  });

  void test('completion inside a string returns edits at JSON positions, written escaped', async () => {
    const prefix = String.raw`{ "widgets": [ { "metrics": [ { "mql": "-- \"q\" 한글 🙂\nCATEGORY app_counter\nTAGLOAD\nSELECT [ti`;
    const text = `${prefix}" } ] } ] }\n`;
    const uri = 'file:///boards/complete.json';
    open(uri, text);
    const position = positionOf(text, prefix.length);
    const list = await request<CompletionList>('textDocument/completion', {
      textDocument: { uri },
      position,
    });
    const time = list.items.find((i) => i.label === 'time');
    assert.ok(time, list.items.map((i) => i.label).join());
    assert.deepEqual((time.textEdit as { range: Range }).range, {
      start: { line: 0, character: position.character - 2 },
      end: position,
    });

    // Directive snippets hold snippet escapes; each comes back as the plain file's snippet, JSON-escaped.
    const directives = String.raw`{ "query": "SELECT 1\n-- @`;
    const json = `${directives}" }`;
    const plain = 'SELECT 1\n-- @';
    open('file:///boards/directive.json', json);
    open('file:///boards/directive.mxql', plain, 'mxql');
    const inJson = await request<CompletionList>('textDocument/completion', {
      textDocument: { uri: 'file:///boards/directive.json' },
      position: positionOf(json, directives.length),
    });
    const inMxql = await request<CompletionList>('textDocument/completion', {
      textDocument: { uri: 'file:///boards/directive.mxql' },
      position: positionOf(plain, plain.length),
    });
    assert.ok(inMxql.items.length > 0);
    const newText = (i: CompletionItem): string => (i.textEdit as { newText: string }).newText;
    assert.deepEqual(
      inJson.items.map((i) => [i.label, newText(i)]),
      inMxql.items.map((i) => [
        i.label,
        i.insertTextFormat === 2 ? escapeSnippetForJson(newText(i)) : escapeForJson(newText(i)),
      ]),
    );
    for (const i of inJson.items) {
      // Never a raw line break, and every quote escaped.
      assert.doesNotMatch(newText(i), /[\n\r]/);
      assert.doesNotMatch(newText(i).replace(/\\\\/g, ''), /(^|[^\\])"/);
    }
    // Outside the strings there is nothing to complete.
    const none = await request<CompletionList | null>('textDocument/completion', {
      textDocument: { uri },
      position: { line: 0, character: 3 },
    });
    assert.equal(none, null);
  });

  void test('signature help inside a string names the option at the cursor', async () => {
    const prefix = String.raw`{ "mql": "-- \"건수\" 🙂\nCATEGORY app_counter\nTAGLOAD\nORDER {key: [tps], sort: `;
    const text = `${prefix}" }`;
    const uri = 'file:///boards/signature.json';
    open(uri, text);
    const help = await request<{ signatures: { label: string }[]; activeParameter: number }>(
      'textDocument/signatureHelp',
      { textDocument: { uri }, position: positionOf(text, prefix.length) },
    );
    assert.match(help.signatures[0]?.label ?? '', /^ORDER \{key, sort, rows\}/);
    assert.equal(help.activeParameter, 1);
  });

  void test('hover and rename map exactly, rename edits written escaped', async () => {
    const text = String.raw`{
  "widgets": [ { "metrics": [ { "mql": "-- \"건수\" 🙂\nCATEGORY app_counter\nOID $oid\nTAGLOAD\nFILTER {key: oid, value: $oid}\n" } ] } ]
}
`;
    const uri = 'file:///boards/rename.json';
    open(uri, text);
    const hover = await request<Hover>('textDocument/hover', {
      textDocument: { uri },
      position: at(text, 'app_counter', 3),
    });
    assert.match(JSON.stringify(hover.contents), /app_counter/);
    assert.deepEqual(hover.range, {
      start: at(text, 'app_counter'),
      end: at(text, 'app_counter', 'app_counter'.length),
    });
    const first = at(text, 'OID $oid', 4);
    const prepared = await request<{ range: Range; placeholder: string }>('textDocument/prepareRename', {
      textDocument: { uri },
      position: first,
    });
    assert.deepEqual(prepared.range.start, first);
    const edit = await request<WorkspaceEdit>('textDocument/rename', {
      textDocument: { uri },
      position: first,
      newName: '$agent',
    });
    const edits = edit.changes?.[uri] ?? [];
    assert.deepEqual(
      edits.map((e) => [e.range.start, e.range.end, e.newText]),
      [
        [first, { line: first.line, character: first.character + 4 }, '$agent'],
        [at(text, 'value: $oid', 7), at(text, 'value: $oid', 11), '$agent'],
      ],
    );
  });

  void test('quick fixes replace inside the string at its JSON position', async () => {
    const text = String.raw`{ "widgets": [ { "metrics": [ { "mql": "-- \"a\"\nCATEGORY app_countr\nTAGLOAD\n" } ] } ] }`;
    const uri = 'file:///boards/fix.json';
    open(uri, text);
    const published = await session.diagnostics(uri);
    const unknown = published.diagnostics.find((d) => d.code === 'category/unknown');
    assert.ok(unknown, JSON.stringify(published.diagnostics));
    const actions = await request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: unknown.range,
      context: { diagnostics: [unknown] },
    });
    const fix = actions.find((a) => /app_counter/.test(a.title));
    assert.ok(fix, JSON.stringify(actions));
    assert.deepEqual(fix.edit?.changes?.[uri], [
      {
        range: { start: at(text, 'app_countr'), end: at(text, 'app_countr', 'app_countr'.length) },
        newText: 'app_counter',
      },
    ]);
  });

  void test('semantic tokens cover the MXQL strings only; no outline, folding or formatting for JSON', async () => {
    const uri = 'file:///boards/tokens.json';
    open(uri, BOARD);
    const tokens = await request<{ data: number[] }>('textDocument/semanticTokens/full', {
      textDocument: { uri },
    });
    assert.ok(tokens.data.length > 0);
    const lines = BOARD.split('\n');
    let line = 0;
    let char = 0;
    const spans: string[] = [];
    for (let i = 0; i < tokens.data.length; i += 5) {
      const [dl, dc, length] = tokens.data.slice(i, i + 3) as [number, number, number];
      line += dl;
      char = dl === 0 ? char + dc : dc;
      const lineText = lines[line] ?? '';
      // Every token lies inside the value of a "mql" key on that line.
      const open = lineText.indexOf('"mql": "') + '"mql": "'.length;
      assert.ok(open > 'mql'.length && char >= open && char + length <= lineText.lastIndexOf('"'));
      spans.push(lineText.slice(char, char + length));
    }
    assert.ok(spans.includes('app_counter') && spans.includes('TAGLOAD'), spans.join(' '));
    const symbols = await request<unknown[]>('textDocument/documentSymbol', { textDocument: { uri } });
    const folds = await request<unknown[]>('textDocument/foldingRange', { textDocument: { uri } });
    const formatted = await request<unknown[]>('textDocument/formatting', {
      textDocument: { uri },
      options: { tabSize: 2, insertSpaces: true },
    });
    assert.deepEqual([symbols, folds, formatted], [[], [], []]);
  });

  void test('a JSON file with no MXQL gets no diagnostics; malformed JSON never crashes the server', async () => {
    const plain = 'file:///settings/plain.json';
    open(plain, '{ "name": "settings", "theme": "dark", "list": [1, 2, {"a": null}] }\n');
    open('file:///settings/broken-from-start.json', '{ "a": [1, 2,, ');
    open('file:///settings/after.mxql', 'CATEGORY app_counter\nTAGLOAD\n', 'mxql');
    await session.diagnostics('file:///settings/after.mxql');
    const none = Symbol('none');
    for (const uri of [plain, 'file:///settings/broken-from-start.json']) {
      const got = await Promise.race([session.diagnostics(uri), Promise.resolve(none)]);
      assert.equal(got, none, `no diagnostics for ${uri}`);
    }

    // A board that breaks while it is edited gets json/syntax where the JSON breaks, and recovers.
    const uri = 'file:///boards/breaking.json';
    const good = String.raw`{ "widgets": [ { "metrics": [ { "mql": "CATEGORY app_counter\nTAGLOAD\n" } ] } ] }`;
    open(uri, good);
    await session.diagnostics(uri);
    const broken = good.replace('} ] } ] }', '} ] }, ] }');
    replace(uri, broken, 700);
    const syntax = await session.diagnostics(uri, (p) => p.version === 700);
    assert.deepEqual(
      syntax.diagnostics.map((d) => [d.code, d.severity, d.range.start]),
      [['json/syntax', 1, positionOf(broken, broken.indexOf(', ]') + 2)]],
    );
    for (const [n, garbage] of [
      '\u0000\uffff{"mql": "\\uZZZZ"}',
      '{"mql": "unterminated',
      '[',
      '{"inject": {"default": {"deep": ["FILTER {"]}}}',
      '"'.repeat(5000),
      '{"mql":'.repeat(20_000),
    ].entries()) {
      replace(uri, garbage, 701 + n);
      await session.diagnostics(uri, (p) => p.version === 701 + n);
      await request('textDocument/completion', {
        textDocument: { uri },
        position: { line: 0, character: 9 },
      });
      await request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 12 } });
      await request('textDocument/semanticTokens/full', { textDocument: { uri } });
    }
    replace(uri, good, 800);
    const recovered = await session.diagnostics(uri, (p) => p.version === 800);
    assert.deepEqual(errorsOf(recovered), []);
    assert.equal(session.child.exitCode, null);
  });

  void test('a jsonc board may hold comments and trailing commas; its strings are checked as in JSON', async () => {
    const text = String.raw`{
  // widgets of the board
  "widgets": [ { "mql": "CATEGORY app_countr\nTAGLOAD", }, ],
}
`;
    const uri = 'file:///boards/commented.jsonc';
    open(uri, text, 'jsonc');
    const published = await session.diagnostics(uri);
    assert.deepEqual(
      published.diagnostics.map((d) => [d.code, d.range.start]),
      [['category/unknown', at(text, 'app_countr')]],
    );
  });
});
