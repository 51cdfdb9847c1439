/** Outline symbols and folding ranges. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bundledCategoryCatalog } from '../../../server/core/catalog/bundledCatalog';
import { analyzeDocument, documentSymbols, foldingRanges } from '../../../server/core/index';

const analyze = (text: string) => analyzeDocument(text, { categories: bundledCategoryCatalog });

const FILE = [
  '-- @name CPU top 5',
  '-- @range 1h',
  'CATEGORY server_base',
  'TAGLOAD',
  'SELECT [',
  '  time, oid, cpu',
  ']',
  'FILTER-SUBQUERY {key: oid, query: top5}',
  '/* a block',
  '   comment */',
  'SUB top5',
  'CATEGORY server_base',
  'TAGLOAD',
  'LIMIT 5',
  'END',
].join('\n');

void describe('document symbols', () => {
  void test('the main pipeline is named by @name and SUB blocks follow, commands as children', () => {
    const symbols = documentSymbols(analyze(FILE));
    assert.deepEqual(
      symbols.map((s) => [s.name, s.kind, s.children.map((c) => c.name)]),
      [
        ['CPU top 5', 'pipeline', ['CATEGORY', 'TAGLOAD', 'SELECT', 'FILTER-SUBQUERY']],
        ['SUB top5', 'sub', ['CATEGORY', 'TAGLOAD', 'LIMIT']],
      ],
    );
    assert.equal(symbols[0]?.children[2]?.detail, '[ time, oid, cpu ]');
  });
  void test('without @name the pipeline is called Query; an empty file has no symbols', () => {
    assert.equal(documentSymbols(analyze('CATEGORY app_counter\nTAGLOAD'))[0]?.name, 'Query');
    assert.deepEqual(documentSymbols(analyze('')), []);
  });
  void test('the detail counts commands, one and many worded apart', () => {
    const symbols = documentSymbols(analyze(FILE));
    assert.deepEqual(
      symbols.map((s) => s.detail),
      ['4 commands', '3 commands'],
    );
    assert.equal(documentSymbols(analyze('TAGLOAD'))[0]?.detail, '1 command');
  });
  void test('in Korean and Japanese the default name, an unnamed SUB and the count are translated', () => {
    const text = 'CATEGORY app_counter\nTAGLOAD\nSUB\nTAGLOAD';
    assert.deepEqual(
      documentSymbols(analyze(text), 'ko').map((s) => [s.name, s.detail]),
      [
        ['쿼리', '명령어 2개'],
        ['SUB (이름 없음)', '명령어 1개'],
      ],
    );
    assert.deepEqual(
      documentSymbols(analyze(text), 'ja').map((s) => [s.name, s.detail]),
      [
        ['クエリ', 'コマンド 2 個'],
        ['SUB (名前なし)', 'コマンド 1 個'],
      ],
    );
  });
  void test('an unnamed, unclosed SUB still appears', () => {
    const symbols = documentSymbols(analyze('SUB\nCATEGORY app_counter'));
    assert.equal(symbols[0]?.name, 'SUB (unnamed)');
  });
});

void describe('folding ranges', () => {
  void test('SUB…END, multi-line operands, block comments and the directive header fold', () => {
    const spans = foldingRanges(analyze(FILE)).map((f) => [f.startLine, f.endLine, f.kind]);
    assert.deepEqual(spans, [
      [0, 1, 'comment'],
      [4, 6, 'region'],
      [8, 9, 'comment'],
      [10, 14, 'region'],
    ]);
  });
  void test('single lines do not fold', () => {
    assert.deepEqual(foldingRanges(analyze('-- one\nCATEGORY app_counter\nTAGLOAD')), []);
  });
});
