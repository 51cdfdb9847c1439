// One locale parser for every program: VS Code's `ko`, `ja-JP`, an LSP client's or an environment's
// `ko_KR`, and anything else is English. The core, the extension and the notebook renderer all read it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { languageOf } from '../../common/l10n';
import { languageOf as coreLanguageOf } from '../../server/core/index';
import { rendererTexts } from '../../client/webview/notebook/texts';

void test('every spelling of Korean and Japanese names its language; the rest is English', () => {
  const cases: [string | undefined, 'ko' | 'ja' | undefined][] = [
    ['ko', 'ko'],
    ['ko-KR', 'ko'],
    ['ko_KR', 'ko'],
    ['KO-kr', 'ko'],
    ['ko_KR.UTF-8', 'ko'],
    ['ja', 'ja'],
    ['ja-JP', 'ja'],
    ['ja_JP', 'ja'],
    ['en', undefined],
    ['en-US', undefined],
    ['zh-cn', undefined],
    ['kor', undefined],
    ['', undefined],
    [undefined, undefined],
  ];
  for (const [locale, language] of cases) assert.equal(languageOf(locale), language, String(locale));
  assert.equal(coreLanguageOf, languageOf, 'the core re-exports the one parser');
});

void test('the notebook renderer reads the same parser: ko_KR and ja-JP pick their bundles', () => {
  const english = rendererTexts(undefined).results.runFailed;
  assert.equal(english, 'The run failed.');
  for (const locale of ['ko', 'ko-KR', 'ko_KR', 'ja', 'ja-JP', 'ja_JP']) {
    const text = rendererTexts(locale).results.runFailed;
    assert.notEqual(text, english, locale);
    assert.match(text, locale.startsWith('ko') ? /[가-힣]/ : /[ぁ-んァ-ン一-龯]/, locale);
  }
  assert.equal(rendererTexts('fr-FR').results.runFailed, english);
});
