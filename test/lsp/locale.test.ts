// Diagnostics, quick-fix titles and rename refusals follow the client's locale: started with
// `locale: 'ko'` or `'ja-JP'` (as VS Code's client sends its display language), or with
// `initializationOptions.locale` (other editors), the server words every finding in that language,
// keeping quoted names, `$params` and backticked code; without a locale it speaks English.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import { startSession } from './lspClient';
import { englishRun, keptParts, MANY_FINDINGS as TEXT } from '../support/translationChecks';

/** Codes the document must draw, so every kind of wording is exercised. */
const EXPECTED_CODES = [
  'inject/fragment-warning',
  'directive/unknown',
  'category/unknown',
  'option/unknown',
  'param/unbound',
  'inject/bare',
  'inject/undeclared-fragment',
  'inject/unused-fragment',
  'command/deprecated',
  'syntax/template-marker',
  'delete/bare-word',
  'column/unknown',
  'syntax/unclosed-bracket',
];

const SCRIPTS = { ko: /[\uAC00-\uD7A3]/, ja: /[\u3040-\u30FF]/ } as const;
const CJK = /[\uAC00-\uD7A3\u3040-\u30FF]/;

const text = (d: { message: unknown } | undefined): string =>
  typeof d?.message === 'string' ? d.message : '';

interface Seen {
  readonly diagnostics: readonly Diagnostic[];
  readonly fixes: readonly string[];
  readonly renameRefusal: string;
}

/** Opens the document in a server started with `initialize` and collects what a user would read. */
async function seenWith(initialize: Record<string, unknown>): Promise<Seen> {
  const session = await startSession(undefined, undefined, initialize);
  try {
    const shown: string[] = [];
    session.connection.onNotification('window/showMessage', (p: { message: string }) => {
      shown.push(p.message);
    });
    session.connection.onRequest('window/showMessageRequest', (p: { message: string }) => {
      shown.push(p.message);
      return null;
    });
    const uri = `file:///tmp/locale-${JSON.stringify(initialize).replace(/\W/g, '')}.mxql`;
    await session.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'mxql', version: 1, text: TEXT },
    });
    await session.diagnostics(uri, (p) => p.diagnostics.length > 0);
    // An edit re-uses the analysis of untouched blocks: their diagnostics must still be worded.
    await session.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [
        { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: '-- @dup 1\n' },
      ],
    });
    const { diagnostics } = await session.diagnostics(uri, (p) => p.version === 2);
    const actions = await session.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: TEXT.split('\n').length + 1, character: 0 } },
      context: { diagnostics },
    });
    const line = TEXT.split('\n').indexOf('FILTER {key: $x, value: 1}') + 1;
    const refused = await session.connection.sendRequest('textDocument/rename', {
      textDocument: { uri },
      position: { line, character: 15 },
      newName: '1 bad',
    });
    assert.equal(refused, null);
    await waitFor(() => shown.length > 0);
    return { diagnostics, fixes: actions.map((a) => a.title), renameRefusal: shown[0] ?? '' };
  } finally {
    await session.stop();
  }
}

/** Polls `done` until it holds, failing after 10 s. */
async function waitFor(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!done()) {
    assert.ok(Date.now() < deadline, 'the server showed no message within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

void describe('diagnostics and quick fixes in the client locale', { timeout: 90_000 }, () => {
  let english: Seen;

  void test('without a locale the server speaks English', async () => {
    english = await seenWith({});
    const codes = new Set(english.diagnostics.map((d) => String(d.code)));
    for (const code of EXPECTED_CODES) assert.ok(codes.has(code), `no ${code} in: ${[...codes].join(', ')}`);
    for (const d of english.diagnostics) assert.doesNotMatch(text(d), CJK, text(d));
    assert.ok(english.fixes.includes("Change to 'app_counter'"), english.fixes.join(' | '));
    assert.ok(english.fixes.includes('Name the fragment: INJECT default'), english.fixes.join(' | '));
    assert.ok(english.fixes.includes("Replace with 'OID $oid'"), english.fixes.join(' | '));
    assert.ok(english.fixes.includes("Add a '-- @param $x = …' directive"), english.fixes.join(' | '));
    assert.match(english.renameRefusal, /is not a parameter name/);
  });

  const cases = [
    { name: "locale 'ko'", language: 'ko', initialize: { locale: 'ko' } },
    { name: "locale 'ja-JP'", language: 'ja', initialize: { locale: 'ja-JP' } },
    {
      name: "initializationOptions.locale 'ko-KR'",
      language: 'ko',
      initialize: { initializationOptions: { locale: 'ko-KR' } },
    },
  ] as const;
  for (const { name, language, initialize } of cases) {
    void test(`${name}: every diagnostic, quick-fix title and refusal is translated`, async () => {
      assert.ok(english, 'the English run comes first');
      const seen = await seenWith(initialize);
      assert.deepEqual(
        seen.diagnostics.map((d) => d.code),
        english.diagnostics.map((d) => d.code),
      );
      for (const [i, d] of seen.diagnostics.entries()) {
        const original = text(english.diagnostics[i]);
        const what = `${String(d.code)}: ${text(d)}`;
        assert.match(text(d), SCRIPTS[language], what);
        assert.equal(englishRun(text(d)), undefined, what);
        for (const part of keptParts(original)) assert.ok(text(d).includes(part), `keeps ${part}: ${what}`);
      }
      assert.equal(seen.fixes.length, english.fixes.length);
      for (const [i, title] of seen.fixes.entries()) {
        assert.match(title, SCRIPTS[language], title);
        for (const part of keptParts(english.fixes[i] ?? ''))
          assert.ok(title.includes(part), `keeps ${part}: ${title}`);
      }
      assert.match(seen.renameRefusal, SCRIPTS[language], seen.renameRefusal);
      assert.ok(seen.renameRefusal.includes('`1 bad`'), seen.renameRefusal);
    });
  }
});
