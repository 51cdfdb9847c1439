// The outline follows the client's locale over the protocol: started with `locale: 'ko'` or `'ja'`,
// the bundled server words the default pipeline name, an unnamed SUB and the command counts in that
// language, one command and many alike; without a locale it speaks English.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { DocumentSymbol } from 'vscode-languageserver-protocol';
import { startSession } from './lspClient';

/** A pipeline of three commands without `-- @name`, a named SUB of one command and an unnamed SUB. */
const TEXT = [
  'CATEGORY app_counter',
  'TAGLOAD',
  'FILTER-SUBQUERY {key: oid, query: busiest}',
  'SUB busiest',
  'CATEGORY app_counter',
  'END',
  'SUB',
  'CATEGORY app_counter',
  'TAGLOAD',
  'END',
].join('\n');

/** Name and detail of each top-level symbol, in order. */
async function outlineWith(initialize: Record<string, unknown>): Promise<[string, string | undefined][]> {
  const session = await startSession(undefined, undefined, initialize);
  try {
    const uri = 'file:///tmp/outline-locale.mxql';
    await session.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'mxql', version: 1, text: TEXT },
    });
    const symbols = await session.connection.sendRequest<DocumentSymbol[]>('textDocument/documentSymbol', {
      textDocument: { uri },
    });
    return symbols.map((s) => [s.name, s.detail]);
  } finally {
    await session.stop();
  }
}

void describe('outline in the client locale', { timeout: 60_000 }, () => {
  void test('no locale: English, with one command and many worded apart', async () => {
    assert.deepEqual(await outlineWith({}), [
      ['Query', '3 commands'],
      ['SUB busiest', '1 command'],
      ['SUB (unnamed)', '2 commands'],
    ]);
  });

  void test("locale 'ko': Korean", async () => {
    assert.deepEqual(await outlineWith({ locale: 'ko' }), [
      ['쿼리', '명령어 3개'],
      ['SUB busiest', '명령어 1개'],
      ['SUB (이름 없음)', '명령어 2개'],
    ]);
  });

  void test("locale 'ja': Japanese", async () => {
    assert.deepEqual(await outlineWith({ locale: 'ja' }), [
      ['クエリ', 'コマンド 3 個'],
      ['SUB busiest', 'コマンド 1 個'],
      ['SUB (名前なし)', 'コマンド 2 個'],
    ]);
  });
});
