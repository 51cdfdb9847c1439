// The one rule for `$stime`/`$etime`: a run fills them from its time range when the user gives no value.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { wholeQuery } from '../../../server/core/index';
import { fillRangeParams, isRangeParam, paramsWithoutValue } from '../../../server/core/queries/rangeParams';

const RANGE = { stime: 1_767_225_600_000, etime: 1_767_229_200_000 };

void test('only $stime and $etime are range params, written with their $', () => {
  assert.equal(isRangeParam('$stime'), true);
  assert.equal(isRangeParam('$etime'), true);
  for (const name of ['etime', '$ETIME', '$duration', '$oid', '$etime2', 'toString', '__proto__'])
    assert.equal(isRangeParam(name), false, name);
});

void test('a used, unset $etime/$stime gets the range end/start as epoch-ms text, in the order used', () => {
  const used = wholeQuery(
    'TIME-RANGE {duration: 15s, etime: $etime}\nCATEGORY app_counter\nTAGLOAD\nFILTER {key: time, value: $stime}\nOID [$oid]\n',
  ).params;
  const filled = fillRangeParams(used, { $oid: '7' }, RANGE);
  assert.deepEqual(filled.params, { $oid: '7', $etime: '1767229200000', $stime: '1767225600000' });
  assert.deepEqual(filled.filled, ['$etime', '$stime']);
});

void test('a value the user gave wins and is not reported as filled', () => {
  const filled = fillRangeParams(['$etime', '$stime'], { $etime: '1700000000000' }, RANGE);
  assert.deepEqual(filled.params, { $etime: '1700000000000', $stime: '1767225600000' });
  assert.deepEqual(filled.filled, ['$stime']);
});

void test('nothing is added for names the query does not use, and `given` is not changed', () => {
  const given = { $oid: '1' };
  const filled = fillRangeParams(['$oid', '$oid'], given, RANGE);
  assert.deepEqual(filled.params, { $oid: '1' });
  assert.deepEqual(filled.filled, []);
  assert.deepEqual(given, { $oid: '1' });
  assert.deepEqual(fillRangeParams(['$etime', '$etime'], {}, RANGE).filled, ['$etime']);
});

void test('the params to ask for are those without a value, never $stime/$etime', () => {
  assert.deepEqual(paramsWithoutValue(['$etime', '$oid', '$stime', '$rows'], { $rows: '5' }), ['$oid']);
  assert.deepEqual(paramsWithoutValue(['$etime'], {}), []);
});
