// Incremental changes a client gets wrong (past the end, fractional, negative, reversed) are clamped
// to the document: later answers never carry `character: null`, and an INJECT cycle is published as a
// diagnostic instead of silently dropping the file's diagnostics.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSession, type LspSession } from './lspClient';

let session: LspSession;
let version = 1;
before(async () => {
  session = await startSession({ diagnostics: { enabled: true, disabledCodes: [] } });
});
after(async () => {
  await session.stop();
});

const BAD_RANGES = [
  { start: { line: 100, character: 0 }, end: { line: 120, character: 4 } },
  { start: { line: 1, character: 0 }, end: { line: 100, character: 7 } },
  { start: { line: 0, character: 1e9 }, end: { line: 0, character: 1e9 } },
  { start: { line: 1.5, character: 0.5 }, end: { line: 1.5, character: 0.5 } },
  { start: { line: -3, character: -1 }, end: { line: -3, character: -1 } },
  { start: { line: 2, character: 3 }, end: { line: 0, character: 2 } },
];

for (const [i, range] of BAD_RANGES.entries()) {
  void test(`a change with range ${JSON.stringify(range)} keeps every later position whole`, async () => {
    const uri = `file:///sync${i}.mxql`;
    await session.connection.sendNotification('textDocument/didOpen', {
      textDocument: {
        uri,
        languageId: 'mxql',
        version: version++,
        text: 'CATEGORY app_counter\nTAGLOAD\nSELECT [time]\n',
      },
    });
    await session.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: version++ },
      contentChanges: [{ range, text: 'SUB x\nTAGLOAD\nEND\n' }],
    });
    const answers = await Promise.all([
      session.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri } }),
      session.connection.sendRequest('textDocument/foldingRange', { textDocument: { uri } }),
      session.connection.sendRequest('textDocument/completion', {
        textDocument: { uri },
        position: { line: 3, character: 0 },
      }),
    ]);
    const json = JSON.stringify(answers);
    assert.doesNotMatch(json, /"(line|character|startLine|endLine)":(null|-)/);
    // The edit landed somewhere valid: the inserted text is in the outline (or glued to a line when reversed).
    assert.match(json, /SUB x|TAGLOAD/);
  });
}

void test('an INJECT cycle is published as a diagnostic naming it', async () => {
  const uri = 'file:///cycle.mxql';
  await session.connection.sendNotification('textDocument/didOpen', {
    textDocument: {
      uri,
      languageId: 'mxql',
      version: version++,
      text: '-- @inject default = INJECT default\nCATEGORY app_counter\nTAGLOAD\nINJECT default\n',
    },
  });
  const published = await session.diagnostics(uri);
  const cycle = published.diagnostics.find((d) => d.code === 'directive/inject-cycle');
  const message = cycle?.message;
  assert.ok(typeof message === 'string', JSON.stringify(published.diagnostics));
  assert.match(message, /default → default/);
  assert.ok(!session.logs.some((l) => /Maximum call stack/.test(l)), session.logs.join('\n'));
});
