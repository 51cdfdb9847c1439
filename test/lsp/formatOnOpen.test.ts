// A formatting request sent with the open of a long document, as an editor formatting on open sends it,
// is answered before the open's diagnostics: formatting needs no analysis, and the analysis of a long
// document waits until requests pause. A short document is still published at once.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { format } from '../../server/core/syntax/index';
import { largeDocument } from '../support/largeDocument';
import { startSession, type LspSession } from './lspClient';

let session: LspSession;
before(async () => {
  session = await startSession();
});
after(async () => {
  await session.stop();
});

/** What arrives first: the formatting answer or the diagnostics, for a document opened with `text`. */
async function firstOfOpen(uri: string, text: string): Promise<string[]> {
  const order: string[] = [];
  const published = session.diagnostics(uri).then(() => order.push('diagnostics'));
  void session.connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'mxql', version: 1, text },
  });
  const answered = session.connection
    .sendRequest<{ newText: string }[]>('textDocument/formatting', {
      textDocument: { uri },
      options: { tabSize: 2, insertSpaces: true },
    })
    .then((edits) => {
      order.push('format');
      assert.equal(edits[0]?.newText, format(text));
    });
  await Promise.all([published, answered]);
  return order;
}

void test('a format sent with the open of a 20,000-line document is answered before its diagnostics', async () => {
  assert.deepEqual(await firstOfOpen('file:///open/long.mxql', largeDocument()), ['format', 'diagnostics']);
});

void test('a short document opened is published at once, before the format sent with its open', async () => {
  assert.deepEqual(await firstOfOpen('file:///open/short.mxql', largeDocument(12)), [
    'diagnostics',
    'format',
  ]);
});
