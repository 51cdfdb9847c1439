// One locale parser for every program (common/l10n.ts `parseLocale`): VS Code's `ko`, `ja-JP`, an LSP
// client's or an environment's `ko_KR`. The CLI's `--locale` refuses what it does not name; the core, the
// extension and the notebook renderer read it through `languageOf`, where anything else is English.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { languageOf, parseLocale, type Language, type UiLanguage } from '../../common/l10n';
import { languageOf as coreLanguageOf } from '../../server/core/index';
import { rendererTexts } from '../../client/webview/notebook/texts';

void test('every spelling of Korean and Japanese names its language; the rest is English', () => {
  const cases: [string | undefined, UiLanguage | undefined][] = [
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

void test('the one locale parser: en, ko and ja in every spelling; any other language is none', () => {
  const cases: [string | undefined, Language | undefined][] = [
    ['en', 'en'],
    ['EN', 'en'],
    ['en-US', 'en'],
    ['en_GB.UTF-8', 'en'],
    ['ko', 'ko'],
    ['ko-KR', 'ko'],
    ['ko_KR', 'ko'],
    [' Ko-kr ', 'ko'],
    ['ja', 'ja'],
    ['JA-jp', 'ja'],
    ['ja_JP', 'ja'],
    ['ja_JP.UTF-8', 'ja'],
    ['ja@euro', 'ja'],
    ['fr', undefined],
    ['zh-CN', undefined],
    ['kor', undefined],
    ['english', undefined],
    ['-ko', undefined],
    ['', undefined],
    [undefined, undefined],
  ];
  for (const [locale, language] of cases) assert.equal(parseLocale(locale), language, String(locale));
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
