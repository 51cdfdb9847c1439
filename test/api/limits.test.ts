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
import { MAX_SPAN_MS } from '../../server/core/features/validation/rangeChecks';

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

void test("the language core's range diagnostic uses the MXQL limit (the core cannot import api/)", () => {
  assert.equal(MAX_SPAN_MS, MXQL_RANGE.maxRangeMs);
});
