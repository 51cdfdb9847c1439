// The specification's limits are one constant each (api/limits.ts): the endpoint table, the demo backend,
// the run command and the language core's range diagnostic all use the same figures.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  AGENT_LIST_RANGE,
  HEAP_USE_RANGE,
  MXQL_RANGE,
  SM_STAT_RANGE,
  VISITOR_DAY_RANGE,
  VISITOR_MONTH_RANGE,
  findEndpoint,
} from '../../api/index';
import { validate } from '../../server/core/index';
import { bundledCategoryCatalog } from '../../server/core/catalog/bundledCatalog';

const DAY = 86_400_000;

void test('each limit has the figure of the specification and a span in words', () => {
  assert.deepEqual(
    [MXQL_RANGE, AGENT_LIST_RANGE, HEAP_USE_RANGE, SM_STAT_RANGE, VISITOR_DAY_RANGE, VISITOR_MONTH_RANGE].map(
      (l) => [l.maxRangeMs, l.span],
    ),
    [
      [31 * DAY, '31 days'],
      [DAY, '1 day'],
      [DAY / 24, '1 hour'],
      [DAY / 24, '1 hour'],
      [31 * DAY, '31 days'],
      [365 * DAY, '365 days'],
    ],
  );
});

void test('the endpoint table checks the limit constants themselves', () => {
  assert.equal(findEndpoint('mxqlText')?.limit, MXQL_RANGE);
  assert.equal(findEndpoint('mxqlPath')?.limit, MXQL_RANGE);
  assert.equal(findEndpoint('smStat')?.limit, SM_STAT_RANGE);
});

void test("the language core's range diagnostic reads the MXQL limit and names it in its message", () => {
  const tooLong = (ms: number) =>
    validate(
      `TIME-RANGE {stime: 1700000000000, etime: ${1_700_000_000_000 + ms}}\nCATEGORY app_counter\nTAGLOAD\n`,
      { catalog: bundledCategoryCatalog },
    ).filter((d) => d.code === 'range/too-long');
  assert.deepEqual(tooLong(MXQL_RANGE.maxRangeMs), []);
  const over = tooLong(MXQL_RANGE.maxRangeMs + DAY);
  assert.equal(over.length, 1);
  assert.match(over[0]?.message ?? '', new RegExp(`at most ${MXQL_RANGE.amount} days`));
});
