// The directive table is the one owner of directive knowledge: the parser, completion, hover and the
// translations each follow it, so a key added to or removed from the table changes all of them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { complete, directiveLine, hover, parseDirectives, wordingFor } from '../../../server/core/index';
import { DIRECTIVES, DIRECTIVE_KEYS, findDirective } from '../../../server/core/catalog/directives';
import { analyzeMarked } from '../features/completionSupport';

const EXAMPLES = DIRECTIVES.map((d) => directiveLine(d.key, d.example));

void test('the parser knows exactly the keys of the table', () => {
  const parsed = parseDirectives(EXAMPLES.join('\n'));
  assert.deepEqual(
    parsed.diagnostics.filter((d) => d.code === 'directive/unknown'),
    [],
    'each example of the table parses as a known directive',
  );
  assert.deepEqual(
    parsed.entries.map((e) => e.key),
    [...DIRECTIVE_KEYS],
  );
  const unknown = parseDirectives('-- @nope 1').diagnostics.find((d) => d.code === 'directive/unknown');
  assert.deepEqual(unknown?.args, { key: 'nope', known: DIRECTIVE_KEYS });
});

void test('a second line is a duplicate exactly for the single-valued keys of the table', () => {
  for (const d of DIRECTIVES) {
    const line = directiveLine(d.key, d.example);
    const duplicates = parseDirectives(`${line}\n${line}`).diagnostics.filter(
      (x) => x.code === 'directive/duplicate',
    );
    assert.equal(duplicates.length, d.single ? 1 : 0, `@${d.key}`);
  }
});

void test('completion after `-- @` offers every key with its snippet and summary', () => {
  const { analysis, offset } = analyzeMarked('-- @$0');
  const items = complete(analysis, offset).items;
  assert.deepEqual(
    items.map((i) => [i.label, i.insertText, i.detail]),
    DIRECTIVES.map((d) => [d.key, `${d.key} ${d.snippet}`, d.summary]),
  );
});

void test('hover on each key shows its summary, in English and from the translation tables', () => {
  for (const language of [undefined, 'ko', 'ja'] as const) {
    const w = wordingFor(language);
    for (const d of DIRECTIVES) {
      const { analysis, offset } = analyzeMarked(`-- @${d.key.slice(0, 1)}$0${d.key.slice(1)} ${d.example}`);
      const markdown = hover(analysis, offset, language)?.markdown ?? '';
      assert.ok(markdown.includes(`**@${d.key}**`), `${language ?? 'en'} @${d.key}: ${markdown}`);
      assert.ok(markdown.includes(w.text(d.summary)), `${language ?? 'en'} @${d.key} summary`);
      if (language) assert.notEqual(w.text(d.summary), d.summary, `${language} translates @${d.key}`);
    }
  }
});

void test('findDirective reads any case, and the value kinds decide value completion', () => {
  assert.equal(findDirective('PCODE')?.key, 'pcode');
  assert.equal(findDirective('nope'), undefined);
  const path = DIRECTIVES.filter((d) => d.value === 'queryPath').map((d) => d.key);
  assert.deepEqual(path, ['path']);
});
