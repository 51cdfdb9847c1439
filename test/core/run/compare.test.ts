// The comparison of a window with its baseline on fixed rows: per agent and field the means, the change,
// the relative change and the score against the baseline's spread; the ranking; a baseline with no spread;
// rows with no agent; agents in one window only; and the baseline plan the one planner makes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  baselineShiftMs,
  compareRows,
  LEVEL_FLOOR,
  planComparison,
  type CompareRow,
} from '../../../server/core/run/compare';

/** Rows of one agent: one per value, with a time. */
function rows(oid: number, oname: string, field: string, values: readonly number[]): CompareRow[] {
  return values.map((v, i) => ({ time: 1000 * i, oid, oname, pcode: 7, [field]: v }));
}

void test('each agent and field is compared, and the one that moved most against its spread ranks first', () => {
  const baseline = [
    ...rows(1, 'api-01', 'resp_time', [100, 110, 90, 100]),
    ...rows(2, 'api-02', 'resp_time', [200, 220, 180, 200]),
  ];
  const window = [
    // api-01 moves by 10 on a spread of ~8.2: about one spread.
    ...rows(1, 'api-01', 'resp_time', [110, 110, 110, 110]),
    // api-02 triples: 400 over a spread of ~16.3.
    ...rows(2, 'api-02', 'resp_time', [600, 600, 600, 600]),
  ];
  const result = compareRows(window, baseline);
  assert.equal(result.agentKey, 'oid');
  assert.deepEqual(
    result.changes.map((c) => [c.agent, c.field]),
    [
      ['api-02', 'resp_time'],
      ['api-01', 'resp_time'],
    ],
  );
  const [top, next] = result.changes;
  assert.equal(top?.oid, 2);
  assert.equal(top?.baseline, 200);
  assert.equal(top?.window, 600);
  assert.equal(top?.change, 400);
  assert.equal(top?.relative, 2);
  const spread = Math.sqrt((0 + 400 + 400 + 0) / 3);
  assert.ok(Math.abs((top?.spread ?? 0) - spread) < 1e-9);
  assert.ok(Math.abs((top?.score ?? 0) - 400 / spread) < 1e-9);
  assert.equal(top?.baselineRows, 4);
  assert.equal(top?.windowRows, 4);
  assert.ok(Math.abs((next?.score ?? 0) - 10 / Math.sqrt(200 / 3)) < 1e-9);
  // Identity, time and project columns are not measures.
  assert.ok(result.changes.every((c) => !['time', 'oid', 'pcode'].includes(c.field)));
});

void test('a drop ranks by its size too, with a negative change and score', () => {
  const baseline = [...rows(1, 'a', 'tps', [10, 11, 9, 10]), ...rows(1, 'a', 'cpu', [50, 51, 49, 50])];
  const window = [...rows(1, 'a', 'tps', [5, 5, 5, 5]), ...rows(1, 'a', 'cpu', [51, 51, 51, 51])];
  const [first, second] = compareRows(window, baseline).changes;
  assert.equal(first?.field, 'tps');
  assert.equal(first?.change, -5);
  assert.equal(first?.relative, -0.5);
  assert.ok((first?.score ?? 0) < -5);
  assert.equal(second?.field, 'cpu');
});

void test('a baseline without spread scores against a share of the level, never by dividing by zero', () => {
  const baseline = rows(1, 'a', 'threads', [100, 100, 100]);
  const window = rows(1, 'a', 'threads', [110, 110, 110]);
  const [change] = compareRows(window, baseline).changes;
  assert.equal(change?.spread, 0);
  assert.ok(Math.abs((change?.score ?? 0) - 10 / (LEVEL_FLOOR * 100)) < 1e-9);
  // Zero before and after: no change, score 0; zero before only: a finite score, no relative change.
  const zero = compareRows(rows(1, 'a', 'err', [0, 0]), rows(1, 'a', 'err', [0, 0])).changes[0];
  assert.equal(zero?.score, 0);
  assert.equal(zero?.relative, 0);
  const appeared = compareRows(rows(1, 'a', 'err', [2, 2]), rows(1, 'a', 'err', [0, 0])).changes[0];
  assert.equal(appeared?.relative, null);
  assert.equal(appeared?.score, 1 / LEVEL_FLOOR);
});

void test('rows that name no agent are compared as one whole; oname alone names the agent when there is no oid', () => {
  const whole = compareRows([{ tps: 5 }, { tps: 7 }], [{ tps: 10 }, { tps: 12 }]);
  assert.equal(whole.agentKey, null);
  assert.deepEqual(
    whole.changes.map((c) => [c.agent, c.field, c.change]),
    [['all', 'tps', -5]],
  );
  const named = compareRows([{ oname: 'w-1', cpu: 9 }], [{ oname: 'w-1', cpu: 3 }]);
  assert.equal(named.agentKey, 'oname');
  assert.equal(named.changes[0]?.agent, 'w-1');
  // Text columns (a formatted time) and GROUP's sample count are not measures.
  const text = compareRows([{ time: '12:00', _rows_: 12, tps: 1 }], [{ time: '11:00', _rows_: 1, tps: 1 }]);
  assert.deepEqual(
    text.changes.map((c) => c.field),
    ['tps'],
  );
});

void test('an agent in one window only is named, not compared', () => {
  const result = compareRows(
    [...rows(1, 'a', 'tps', [1]), ...rows(3, 'c', 'tps', [1])],
    [...rows(1, 'a', 'tps', [1]), ...rows(2, 'b', 'tps', [1])],
  );
  assert.deepEqual(result.onlyInWindow, ['c']);
  assert.deepEqual(result.onlyInBaseline, ['b']);
  assert.deepEqual(
    result.changes.map((c) => c.agent),
    ['a'],
  );
});

void test('equal scores rank by relative change, then agent and field, so the order never depends on row order', () => {
  const baseline = [...rows(2, 'b', 'x', [10, 10]), ...rows(1, 'a', 'x', [10, 10])];
  const window = [...rows(2, 'b', 'x', [11, 11]), ...rows(1, 'a', 'x', [11, 11])];
  const forward = compareRows(window, baseline).changes.map((c) => c.agent);
  const backward = compareRows([...window].reverse(), [...baseline].reverse()).changes.map((c) => c.agent);
  assert.deepEqual(forward, ['a', 'b']);
  assert.deepEqual(backward, forward);
});

void test('the baseline is the same query planned over the range shifted back: the window before, a day, a week', () => {
  const now = Date.UTC(2026, 10, 20, 12);
  const input = {
    fileText: '-- @range 30m\nCATEGORY app_counter\nTAGLOAD\nFILTER {key: time, expr: "time >= $stime"}\n',
    select: { kind: 'file' } as const,
    now,
    timezone: 0,
  };
  const prev = planComparison(input, 'prev');
  assert.equal(prev.window.range.stime, now - 30 * 60_000);
  assert.equal(prev.shiftMs, 30 * 60_000);
  assert.equal(prev.baseline.range.stime, now - 60 * 60_000);
  assert.equal(prev.baseline.range.etime, now - 30 * 60_000);
  // $stime filled from the range moves with it; the query text is the same.
  assert.equal(prev.baseline.request?.body.param?.['$stime'], String(now - 60 * 60_000));
  assert.equal(prev.baseline.request?.body.mql, prev.window.request?.body.mql);
  const day = planComparison(input, '1d');
  assert.equal(day.baseline.request?.body.etime, now - 86_400_000);
  const week = planComparison(input, '7d');
  assert.equal(week.baseline.request?.body.stime, now - 30 * 60_000 - 7 * 86_400_000);
  assert.equal(baselineShiftMs('prev', { stime: 5, etime: 12 }), 7);
});
