// Every diagnostic and quick-fix title the real queries of the corpus draw, worded in Korean and
// Japanese: none falls back to English. English shows as a run of four or more words outside quotes
// and backticks; the same check run on the English wording proves that it finds such runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  UI_LANGUAGES,
  localizedMessage,
  quickFixes,
  validate,
  type UiLanguage,
  type ValidationDiagnostic,
} from '../../../server/core/index';
import { testFeatureCatalog } from '../features/validateCatalog';
import { corpusPresent, corpusRequired, corpusDir, corpusTexts } from '../../support/corpus';
import { englishRun, MANY_FINDINGS } from '../../support/translationChecks';

/** For a machine without the corpus: a document that draws findings of many kinds. */
const FALLBACK = [MANY_FINDINGS];

if (!corpusPresent)
  console.log(`localized corpus messages: no corpus at ${corpusDir}; using built-in queries`);

void test('the English check finds English', () => {
  assert.equal(englishRun('It cannot mean anything.'), 'It cannot mean anything');
  assert.equal(englishRun("이 파일은 'a b c d e' 조각과 `x y z w`를 씁니다."), undefined);
  assert.equal(englishRun('INJECT SELECT TAGLOAD CATEGORY 를'), undefined);
});

void test('corpus diagnostics and quick fixes never fall back to English in ko and ja', () => {
  assert.ok(corpusPresent || !corpusRequired, `MXQL_CORPUS=required but there is no corpus at ${corpusDir}`);
  const catalog = testFeatureCatalog();
  const texts = corpusTexts(FALLBACK);
  const seen = new Set<string>();
  const fallbacks: string[] = [];
  let englishFound = 0;
  const check = (language: UiLanguage, what: string, text: string): void => {
    const run = englishRun(text);
    if (run !== undefined) fallbacks.push(`${language} ${what}: «${run}» in ${text}`);
  };
  for (const text of texts) {
    const diagnostics: ValidationDiagnostic[] = validate(text, { catalog });
    for (const d of diagnostics) {
      seen.add(d.code);
      if (englishRun(d.message) !== undefined) englishFound++;
      for (const language of UI_LANGUAGES) {
        check(language, d.code, localizedMessage(d, language));
        for (const fix of quickFixes(text, d, language)) check(language, `${d.code} quick fix`, fix.title);
      }
    }
  }
  console.log(
    `localized corpus messages: ${texts.length} files, ${seen.size} codes: ${[...seen].join(', ')}`,
  );
  assert.ok(seen.size >= 5, `too few kinds of findings to prove anything: ${[...seen].join(', ')}`);
  assert.ok(englishFound > 0, 'the English check found no English in the English messages');
  assert.deepEqual(fallbacks.slice(0, 20), []);
});
