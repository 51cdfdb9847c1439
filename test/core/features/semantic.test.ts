/** Semantic tokens: columns by origin, created columns, params and names the flow does not know. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bundledCategoryCatalog } from '../../../server/core/catalog/bundledCatalog';
import { analyzeDocument, semanticTokens } from '../../../server/core/index';

const COLUMN_TYPES: ReadonlySet<string> = new Set(['property', 'variable', 'parameter']);

function all(text: string): string[] {
  const analysis = analyzeDocument(text, { categories: bundledCategoryCatalog });
  return semanticTokens(analysis).map(
    (t) => `${text.slice(t.range.start, t.range.end)}:${[t.type, ...t.modifiers].join('.')}`,
  );
}

/** Column and `$param` tokens only (the lexical ones are tested on their own below). */
function tokens(text: string): string[] {
  return all(text).filter((t) => COLUMN_TYPES.has(t.slice(t.lastIndexOf(':') + 1).split('.')[0] ?? ''));
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
  void test('every lexical token kind, so editors without TextMate highlight fully', () => {
    const text =
      '-- @range 1h\n# note\nCATEGORY app_counter\nTAGLOAD {backward: true}\nFILTER {expr: "tps > 10 && oname != \'a\'"}\nTIME-RANGE {duration: 15m}\nINJECT more\nSUB {id: q}\nEND\n/* a\nb */\n>> up\n';
    assert.deepEqual(all(text), [
      '-- @range 1h:comment.documentation',
      '# note:comment',
      'CATEGORY:keyword',
      'app_counter:type',
      'TAGLOAD:keyword',
      'backward:enumMember',
      'true:keyword',
      'FILTER:keyword',
      'expr:enumMember',
      '":string',
      'tps:property',
      '>:operator',
      '10:number',
      '&&:operator',
      'oname:property.readonly',
      '!=:operator',
      "'a':string",
      '":string',
      'TIME-RANGE:keyword',
      'duration:enumMember',
      '15m:number',
      'INJECT:keyword',
      'SUB:keyword',
      'id:enumMember',
      'END:keyword',
      '/* a:comment',
      'b */:comment',
      '>>:operator',
    ]);
  });
});
