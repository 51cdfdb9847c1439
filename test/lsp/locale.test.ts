// Diagnostics follow the client's locale: started with `locale: 'ko'` or `'ja'` (as VS Code's client
// sends its display language), the server words every translated code in that language, from the
// core's current English wording; with English it sends the core's words unchanged.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { startSession, type LspSession } from './lspClient';
import { TRANSLATED_CODES } from '../../server/src/localizedMessages';

/** One document that draws a diagnostic of every translated code. */
const TEXT = [
  '-- @inject other = LIMIT 1',
  'SELECT [time]',
  'CATEGORY app_countr',
  'TAGLOAD',
  'FILTER {key: oid, value: $x}',
  'INJECT',
  'OID <% oid %>',
  '',
  'CATEGORY app_counter',
  'TAGLOAD',
  'SELECT [time, nosuchcol]',
  '',
].join('\n');

/** A second file, without @inject lines: its INJECT is the caller's to fill. */
const CALLER_FILLED = 'CATEGORY app_counter\nTAGLOAD\nINJECT missing\n';

/** A diagnostic message as text (LSP allows markup; this server sends strings). */
const text = (d: { message: unknown } | undefined): string =>
  typeof d?.message === 'string' ? d.message : '';

const SCRIPTS = { ko: /[\uAC00-\uD7A3]/, ja: /[\u3040-\u30FF]/ } as const;

async function diagnosticsIn(locale: string): Promise<PublishDiagnosticsParams> {
  const session: LspSession = await startSession(undefined, undefined, { locale });
  try {
    const published: PublishDiagnosticsParams[] = [];
    for (const [i, text] of [TEXT, CALLER_FILLED].entries()) {
      const uri = `file:///tmp/locale-${locale}-${i}.mxql`;
      await session.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId: 'mxql', version: 1, text },
      });
      published.push(await session.diagnostics(uri, (p) => p.diagnostics.length > 0));
    }
    return { uri: 'all', diagnostics: published.flatMap((p) => p.diagnostics) };
  } finally {
    await session.stop();
  }
}

void describe('diagnostics in the client locale', { timeout: 60_000 }, () => {
  let english: PublishDiagnosticsParams;
  before(async () => {
    english = await diagnosticsIn('en');
  });
  after(() => undefined);

  void test('the sample draws every translated code, in English for an English client', () => {
    const codes = new Set(english.diagnostics.map((d) => String(d.code)));
    for (const code of TRANSLATED_CODES)
      assert.ok(codes.has(code), `no ${code} in: ${[...codes].join(', ')}`);
    for (const d of english.diagnostics) assert.doesNotMatch(text(d), /[\uAC00-\uD7A3\u3040-\u30FF]/);
  });

  for (const locale of ['ko', 'ja-JP'] as const) {
    void test(`${locale}: every translated code is worded in that language, keeping the quoted names`, async () => {
      const script = SCRIPTS[locale.startsWith('ko') ? 'ko' : 'ja'];
      const localized = await diagnosticsIn(locale);
      assert.equal(localized.diagnostics.length, english.diagnostics.length);
      for (const [i, d] of localized.diagnostics.entries()) {
        const original = english.diagnostics[i];
        assert.equal(d.code, original?.code);
        if (!TRANSLATED_CODES.includes(String(d.code))) continue;
        assert.match(text(d), script, `${String(d.code)}: ${text(d)}`);
        for (const quoted of text(original).match(/(?<![A-Za-z])'[^']+'(?![A-Za-z])/g) ?? [])
          assert.ok(text(d).includes(quoted), `${String(d.code)} keeps ${quoted}: ${text(d)}`);
      }
    });
  }
});
