// Event-rule files over the protocol, as an editor opens them: the bundled server publishes the rules'
// field findings at the exact positions of the JSON document (through escapes), completes and describes
// fields inside `rule` and `${…}`, and never treats a JSON document as MXQL (a JSON file without rules
// gets no diagnostics, no outline and no formatting). A misspelt field has its did-you-mean quick fix.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type {
  CodeAction,
  CompletionItem,
  CompletionList,
  Diagnostic,
  Hover,
  MarkupContent,
  TextEdit,
} from 'vscode-languageserver-protocol';
import { startSession, withCursor } from './lspClient';

// Line 3: a misspelt field of app_counter after an escaped quote; line 4: a misspelt placeholder after
// Korean text and an emoji written as a surrogate pair.
const RULES = [
  '[',
  '  {"category": "app_counter",',
  '   "rule": "type == \\"web\\" && tpss > 100",',
  '   "eventMessage": "에러 \\uD83D\\uDE00 ${tpss} ${oname}", "silentSec": 300, "enabled": true},',
  '  {"category": "app_countr", "rule": "tps > 1"}',
  ']',
  '',
].join('\n');

const shape = (d: Diagnostic): string =>
  `${String(d.code)} ${d.range.start.line}:${d.range.start.character}-${d.range.end.character} ${d.severity}`;

void describe('event rules in JSON documents over LSP', { timeout: 60_000 }, () => {
  void test('diagnostics, completion and hover at exact JSON positions', async () => {
    const session = await startSession(undefined, undefined, { locale: 'ko' });
    try {
      const uri = 'file:///tmp/rules/alerts.json';
      const published = session.diagnostics(uri);
      await session.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId: 'json', version: 1, text: RULES },
      });
      const { diagnostics } = await published;
      // LSP severities: 1 error, 2 warning, 3 information. Positions are 0-based UTF-16 units.
      assert.deepEqual(diagnostics.map(shape), [
        'rule/unknown-field 2:31-35 2',
        'rule/unknown-field 3:38-42 2',
        'rule/unknown-category 4:16-26 3',
      ]);
      const lines = RULES.split('\n');
      assert.equal(lines[2]?.slice(31, 35), 'tpss');
      assert.equal(lines[3]?.slice(38, 42), 'tpss');
      assert.equal(lines[4]?.slice(16, 26), 'app_countr');
      // Worded in the client's language.
      const message = diagnostics[0]?.message;
      assert.match(typeof message === 'string' ? message : '', /카테고리 'app_counter'의 필드가 아니므로/);

      const actions = await session.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri },
        range: diagnostics[0]?.range,
        context: { diagnostics: [] },
      });
      assert.deepEqual(
        actions.map((a) => [a.title, a.edit?.changes?.[uri]]),
        [["'tps'(으)로 변경", [{ range: diagnostics[0]?.range, newText: 'tps' }]]],
      );

      const edited = withCursor(RULES.replace('&& tpss > 100', '&& resp_t$0 > 100'));
      await session.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: 2 },
        contentChanges: [{ text: edited.text }],
      });
      const list = await session.connection.sendRequest<CompletionList>('textDocument/completion', {
        textDocument: { uri },
        position: edited.position,
      });
      const item = list.items.find((i) => i.label === 'resp_time');
      assert.ok(item, 'resp_time offered');
      const edit = item.textEdit as TextEdit;
      assert.deepEqual(edit.range, {
        start: { line: 2, character: edited.position.character - 'resp_t'.length },
        end: edited.position,
      });
      const resolved = await session.connection.sendRequest<CompletionItem>('completionItem/resolve', item);
      assert.match((resolved.documentation as MarkupContent).value, /\*\*resp_time\*\*/);

      const hover = await session.connection.sendRequest<Hover | null>('textDocument/hover', {
        textDocument: { uri },
        position: { line: 3, character: 50 },
      });
      assert.match(
        (hover?.contents as MarkupContent).value,
        /\*\*oname\*\*[\s\S]*규칙의 카테고리: app_counter/,
      );
    } finally {
      await session.stop();
    }
  });

  void test('a JSON document without rules is never read as MXQL', async () => {
    const session = await startSession();
    try {
      const uri = 'file:///tmp/rules/settings.json';
      const text = '{\n  "name": "CATEGORY app_counter",\n  "FILTER": [1, 2]\n}\n';
      const published = session.diagnostics(uri);
      await session.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId: 'json', version: 1, text },
      });
      // Nothing is published for it: the server handles documents in order, so once an .mxql file opened
      // after it has its diagnostics, the JSON document's would have come before.
      const after = 'file:///tmp/rules/after.mxql';
      const afterPublished = session.diagnostics(after);
      await session.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri: after, languageId: 'mxql', version: 1, text: 'CATEGORY app_counter\nTAGLOAD\n' },
      });
      await afterPublished;
      const none = Symbol('none');
      assert.equal(await Promise.race([published, Promise.resolve(none)]), none);
      const symbols = await session.connection.sendRequest<unknown[]>('textDocument/documentSymbol', {
        textDocument: { uri },
      });
      assert.deepEqual(symbols, []);
      const edits = await session.connection.sendRequest<unknown[]>('textDocument/formatting', {
        textDocument: { uri },
        options: { tabSize: 2, insertSpaces: true },
      });
      assert.deepEqual(edits, []);
      const list = await session.connection.sendRequest<CompletionList | null>('textDocument/completion', {
        textDocument: { uri },
        position: { line: 1, character: 12 },
      });
      assert.equal(list, null);
    } finally {
      await session.stop();
    }
  });
});
