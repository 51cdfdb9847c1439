/** Semantic tokens: columns by origin, created columns, params and names the flow does not know. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bundledCategoryCatalog } from '../../../server/core/catalog/bundledCatalog';
import { analyzeDocument, semanticTokens } from '../../../server/core/index';

function tokens(text: string): string[] {
  const analysis = analyzeDocument(text, { categories: bundledCategoryCatalog });
  return semanticTokens(analysis).map(
    (t) => `${text.slice(t.range.start, t.range.end)}:${[t.type, ...t.modifiers].join('.')}`,
  );
}

void describe('semantic tokens', () => {
  void test('fields, tags, system columns, unknown names and params', () => {
    assert.deepEqual(tokens('CATEGORY app_counter\nOID $oid\nTAGLOAD\nSELECT [time, host_ip, tps, nope]'), [
      '$oid:parameter',
      'time:property.defaultLibrary',
      'host_ip:property.readonly',
      'tps:property',
      'nope:property.unknown',
    ]);
  });
  void test('created and renamed columns are variables, declared where they are made', () => {
    assert.deepEqual(
      tokens('CATEGORY app_counter\nTAGLOAD\nCREATE {key: rate, from: tps}\nORDER {key: rate}'),
      ['rate:variable.declaration', 'tps:property', 'rate:variable'],
    );
  });
  void test('known columns inside formulas, not functions, literals or unknown words', () => {
    assert.deepEqual(
      tokens(`CATEGORY app_counter\nTAGLOAD\nFILTER {expr: "round(tps, 1) > 1 && oname != 'tps' && zz > 0"}`),
      ['tps:property', 'oname:property.readonly'],
    );
  });
  void test('an open column set never marks names unknown', () => {
    assert.deepEqual(tokens('CATEGORY $category\nTAGLOAD\nSELECT [whatever]'), [
      '$category:parameter',
      'whatever:property',
    ]);
  });
  void test('commands before the loader are not column positions', () => {
    assert.deepEqual(tokens('CATEGORY app_counter\nSELECT [tps]'), []);
  });
});
