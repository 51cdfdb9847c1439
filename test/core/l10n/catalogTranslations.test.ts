// Every description sentence of the catalog (commands, options, columns, categories, values,
// functions, $params, INJECT names, directives) and every label of hover and completion has a Korean
// and a Japanese wording: present, not empty, not the English text, written in that language's script,
// and no translation is left over for a key the English tables no longer have.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { catalogSentences, type CatalogTranslation } from '../../../server/core/l10n/catalogText';
import { JA_CATALOG } from '../../../server/core/l10n/catalog.ja';
import { JA_LABELS } from '../../../server/core/l10n/labels.ja';
import { KO_CATALOG } from '../../../server/core/l10n/catalog.ko';
import { KO_LABELS } from '../../../server/core/l10n/labels.ko';
import { ENGLISH_LABELS, type Labels } from '../../../server/core/l10n/labels';
import { UI_LANGUAGES, type UiLanguage } from '../../../server/core/l10n/language';
import { wordingFor } from '../../../server/core/l10n/wording';

const TABLES: Readonly<Record<UiLanguage, { catalog: CatalogTranslation; labels: Labels }>> = {
  ko: { catalog: KO_CATALOG, labels: KO_LABELS },
  ja: { catalog: JA_CATALOG, labels: JA_LABELS },
};

/** A character of the language's own script (Hangul; kana or CJK ideographs). */
const SCRIPT: Readonly<Record<UiLanguage, RegExp>> = {
  ko: /[\uAC00-\uD7A3]/,
  ja: /[\u3040-\u30FF\u4E00-\u9FFF]/,
};

/** The dotted keys of a nested table of strings, in the form `catalogSentences` names them. */
function keysOf(value: unknown, prefix: string): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keysOf(v, `${prefix}.${k}`));
}

/** Every label as text: plain labels as they are, label functions called with sample arguments. */
function labelTexts(labels: Labels): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of Object.entries(labels) as [string, unknown][]) {
    if (typeof value === 'string') out.set(name, value);
    else if (typeof value === 'function') {
      const fn = value as (...args: unknown[]) => string;
      if (name === 'commandHeading') out.set(name, fn('process'));
      else if (name === 'confidenceNote') {
        out.set(`${name}(observed)`, fn('observed'));
        out.set(`${name}(unverified)`, fn('unverified'));
      } else if (name === 'optionValueDetail') {
        out.set(`${name}()`, fn(undefined));
        out.set(`${name}(sort)`, fn('sort'));
      } else for (const n of [0, 1, 2, 7]) out.set(`${name}(${n})`, fn(n, n));
    } else for (const [k, v] of Object.entries(value as Record<string, string>)) out.set(`${name}.${k}`, v);
  }
  return out;
}

for (const language of UI_LANGUAGES) {
  const { catalog, labels } = TABLES[language];
  void describe(`${language} catalog sentences`, () => {
    const sentences = catalogSentences(catalog);

    void test('there are sentences to check', () =>
      assert.ok(sentences.length > 500, String(sentences.length)));

    void test('every English sentence has a translation in the language, not the English text', () => {
      const problems = sentences.flatMap((s) => {
        const t = s.translated?.trim();
        if (!t) return [`${s.key}: missing (${s.english})`];
        if (t === s.english.trim()) return [`${s.key}: same as English`];
        if (!SCRIPT[language].test(t)) return [`${s.key}: not in the language's script: ${t}`];
        return [];
      });
      assert.deepEqual(problems, []);
    });

    void test('no translation is left for a key the English tables do not have', () => {
      const english = new Set(sentences.map((s) => s.key));
      const stale = Object.entries(catalog)
        .flatMap(([table, value]) => keysOf(value, table))
        .filter((k) => !english.has(k));
      assert.deepEqual(stale, []);
    });

    void test('the wording of the language finds every translation by its English sentence', () => {
      const w = wordingFor(language);
      for (const s of sentences) {
        const worded = w.text(s.english);
        assert.notEqual(worded, s.english, `${s.key} stays English`);
        assert.match(worded, SCRIPT[language], s.key);
      }
    });
  });

  void describe(`${language} labels`, () => {
    void test('every label is translated and written in the language', () => {
      const english = labelTexts(ENGLISH_LABELS);
      const translated = labelTexts(labels);
      assert.deepEqual([...translated.keys()], [...english.keys()]);
      for (const [key, text] of translated) {
        assert.notEqual(text, english.get(key), `${key} is English`);
        assert.match(text, SCRIPT[language], `${key}: ${text}`);
      }
    });
  });
}

void describe('English labels', () => {
  void test('counts are worded for one and for many', () => {
    assert.equal(ENGLISH_LABELS.columnCounts(1, 2), '1 tag, 2 fields');
    assert.equal(ENGLISH_LABELS.columnCounts(0, 1), '0 tags, 1 field');
    assert.equal(ENGLISH_LABELS.subDeclared(1, 1), 'sub-query with 1 command, used once');
    assert.equal(ENGLISH_LABELS.subDeclared(3, 2), 'sub-query with 3 commands, used twice');
    assert.equal(ENGLISH_LABELS.subDeclared(3, 5), 'sub-query with 3 commands, used 5 times');
    assert.equal(ENGLISH_LABELS.subDeclared(3, 0), 'sub-query with 3 commands, not used');
    assert.equal(ENGLISH_LABELS.subReference(4, 1), 'sub-query (line 4, 1 command)');
    assert.equal(ENGLISH_LABELS.subInFile(1), 'Sub-query declared in this file with 1 command.');
    assert.equal(ENGLISH_LABELS.outlineCommands(1), '1 command');
    assert.equal(ENGLISH_LABELS.outlineCommands(4), '4 commands');
  });
});
