/** Go to definition, find references and rename for SUB names and $params, and the query at a cursor. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { definition, prepareRename, queryAt, references, rename } from '../../../server/core/index';
import { analyzeMarked } from './completionSupport';

const FILE = [
  '-- @param $oid = 1',
  'CATEGORY app_counter',
  'OID $oid',
  'TAGLOAD',
  'JOIN {query: top5, pk: oid}',
  'APPEND top5',
  'FILTER-SUBQUERY {key: oid, include: "top5"}',
  'JOINByTime {query: top5, pk: [oid]}',
  'FILTER {key: oid, value: "$oid"}',
  '',
  'SUB top5',
  'CATEGORY app_counter',
  'TAGLOAD',
  'END',
].join('\n');

function at(needle: string, nth = 0): ReturnType<typeof analyzeMarked> {
  let index = -1;
  for (let i = 0; i <= nth; i++) index = FILE.indexOf(needle, index + 1);
  return analyzeMarked(`${FILE.slice(0, index + 1)}$0${FILE.slice(index + 1)}`);
}

void describe('SUB navigation', () => {
  void test('definition from every kind of reference', () => {
    for (let nth = 0; nth < 4; nth++) {
      const { analysis, offset } = at('top5', nth);
      const def = definition(analysis, offset);
      assert.ok(def, `reference ${nth}`);
      assert.equal(analysis.text.slice(def.start, def.end), 'top5');
      assert.equal(analysis.text.lastIndexOf('SUB top5') + 4, def.start);
    }
  });
  void test('references from the declaration, with and without it', () => {
    const { analysis, offset } = at('SUB top5');
    const decl = offset + 4;
    assert.equal(references(analysis, decl, true).length, 5);
    assert.equal(references(analysis, decl, false).length, 4);
  });
  void test('nothing on a plain word', () => {
    const { analysis, offset } = at('TAGLOAD');
    assert.equal(definition(analysis, offset), null);
    assert.deepEqual(references(analysis, offset, true), []);
  });
});

void describe('rename', () => {
  void test('a SUB name everywhere, quoted references included', () => {
    const { analysis, offset } = at('top5');
    assert.equal(prepareRename(analysis, offset)?.name, 'top5');
    const edits = rename(analysis, offset, 'best');
    assert.ok(Array.isArray(edits));
    assert.equal(edits.length, 5);
    for (const e of edits) assert.equal(analysis.text.slice(e.range.start, e.range.end), 'top5');
  });
  void test('a $param in the text, in strings and in its @param directive', () => {
    const { analysis, offset } = at('$oid', 1);
    const edits = rename(analysis, offset, 'agent');
    assert.ok(Array.isArray(edits));
    assert.equal(edits.length, 3);
    assert.ok(
      edits.every(
        (e) => e.newText === '$agent' && analysis.text.slice(e.range.start, e.range.end) === '$oid',
      ),
    );
  });
  void test('invalid new names are refused with a message', () => {
    const { analysis, offset } = at('top5');
    const sub = rename(analysis, offset, 'no spaces');
    assert.ok(typeof sub === 'string' && /not a SUB name/.test(sub));
    const param = at('$oid', 1);
    const refused = rename(param.analysis, param.offset, '$1x');
    assert.ok(typeof refused === 'string' && /not a parameter name/.test(refused));
  });
  void test('commands cannot be renamed', () => {
    const { analysis, offset } = at('TAGLOAD');
    assert.equal(prepareRename(analysis, offset), null);
    assert.equal(typeof rename(analysis, offset, 'x'), 'string');
  });
});

void describe('query at cursor', () => {
  const TWO = 'CATEGORY app_counter\nTAGLOAD\n\nSELECT [tps]\n\n--- second\nCATEGORY server_base\nTAGLOAD\n';
  void test('blank lines inside one pipeline do not split it', () => {
    const { analysis, offset } = analyzeMarked(`CATEGORY app_counter\n\nTAG$0LOAD\n\nSELECT [tps]`);
    assert.equal(queryAt(analysis, offset)?.text, 'CATEGORY app_counter\n\nTAGLOAD\n\nSELECT [tps]');
  });
  void test('a block with its own CATEGORY starts a new query', () => {
    const first = analyzeMarked(`${TWO.replace('SELECT', 'SEL$0ECT')}`);
    assert.equal(
      queryAt(first.analysis, first.offset)?.text,
      'CATEGORY app_counter\nTAGLOAD\n\nSELECT [tps]',
    );
    const second = analyzeMarked(`${TWO.replace('server_base', 'server$0_base')}`);
    assert.equal(queryAt(second.analysis, second.offset)?.text, 'CATEGORY server_base\nTAGLOAD');
  });
  void test('referenced SUB blocks are appended and a cursor in a SUB picks its user', () => {
    const { analysis, offset } = at('SUB top5');
    const q = queryAt(analysis, offset + 6);
    assert.ok(q);
    assert.match(
      q.text,
      /^CATEGORY app_counter\nOID \$oid[\s\S]*\nSUB top5\nCATEGORY app_counter\nTAGLOAD\nEND$/,
    );
    assert.deepEqual(q.params, ['$oid']);
  });
  void test('a file without statements has no query', () => {
    const { analysis, offset } = analyzeMarked('-- only a comment$0');
    assert.equal(queryAt(analysis, offset), null);
  });
});
