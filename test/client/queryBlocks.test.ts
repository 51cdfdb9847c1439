import assert from 'node:assert/strict';
import { test } from 'node:test';
import { queryAtOffset, queryBlocks } from '../../client/src/run/queryBlocks';

const twoQueries = [
  '-- @range 1h',
  '-- @param $oid = 1',
  '',
  'CATEGORY app_counter',
  'TAGLOAD',
  '',
  '',
  '# second',
  'CATEGORY app_host',
  'TAGLOAD',
  '',
].join('\n');

void test('blank lines separate queries; a directive-only block is not a query', () => {
  const blocks = queryBlocks(twoQueries);
  assert.deepEqual(
    blocks.map((b) => b.text),
    ['CATEGORY app_counter\nTAGLOAD', '# second\nCATEGORY app_host\nTAGLOAD'],
  );
  assert.deepEqual(
    blocks.map((b) => b.line),
    [3, 7],
  );
});

void test('the cursor picks the block around it, else the one above, else the one below', () => {
  const inSecond = twoQueries.indexOf('app_host');
  assert.equal(queryAtOffset(twoQueries, inSecond)?.line, 7);
  const blankAfterFirst = twoQueries.indexOf('\n\n\n') + 1;
  assert.equal(queryAtOffset(twoQueries, blankAfterFirst)?.line, 3);
  assert.equal(queryAtOffset(twoQueries, 0)?.line, 3);
});

void test('a file declaring a SUB is one query, so a SUB is never sent apart from its user', () => {
  const text = 'SUB s\nCATEGORY a\nEND\n\nCATEGORY b\nJOIN {query:s}\n';
  const blocks = queryBlocks(text);
  assert.equal(blocks.length, 1);
  assert.equal(blocks[0]?.text, 'SUB s\nCATEGORY a\nEND\n\nCATEGORY b\nJOIN {query:s}');
});

void test('empty, comment-only and CRLF files', () => {
  assert.deepEqual(queryBlocks(''), []);
  assert.deepEqual(queryBlocks('-- just a note\n# and another\n'), []);
  assert.equal(queryAtOffset('', 0), undefined);
  const crlf = queryBlocks('CATEGORY a\r\nTAGLOAD\r\n\r\nCATEGORY b\r\n');
  assert.deepEqual(
    crlf.map((b) => b.text),
    ['CATEGORY a\r\nTAGLOAD', 'CATEGORY b'],
  );
});

void test('a block without CATEGORY or a loader continues the query before it; --- separates', () => {
  const text = 'CATEGORY a\nTAGLOAD\n\nSELECT [oid]\n\n--- next\nCATEGORY b\n';
  assert.deepEqual(
    queryBlocks(text).map((b) => b.text),
    ['CATEGORY a\nTAGLOAD\n\nSELECT [oid]', 'CATEGORY b'],
  );
  const leading = 'HEADER {x:1}\n\nCATEGORY a\nTAGLOAD\n';
  assert.deepEqual(
    queryBlocks(leading).map((b) => b.text),
    ['HEADER {x:1}\n\nCATEGORY a\nTAGLOAD'],
  );
});
