// The replay of an alert condition over fixed points: breaches that last the duration fire, shorter ones
// do not; gaps end a breach; one-point breaches; duration 0; unsorted input; several agents; the summary.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { backtest, medianStep, type BacktestPoint } from '../../../server/core/alerts/index';

const S = 1000;
/** Points of one agent every 10 s from time 0. */
const series = (agent: string, values: readonly (number | null)[], from = 0): BacktestPoint[] =>
  values.map((value, i) => ({ time: from + i * 10 * S, agent, value }));

void test('a breach lasting the duration fires once, with its start, firing time, end and peak', () => {
  // Breach from 20 s to the end of the 60 s point (70 s): 50 s long.
  const points = series('a', [1, 1, 9, 12, 9, 9, 11, 1, 1]);
  const r = backtest(points, { comparator: '>', threshold: 5, durationMs: 30 * S });
  assert.equal(r.count, 1);
  assert.deepEqual(r.firings[0], {
    agent: 'a',
    start: 20 * S,
    firedAt: 50 * S,
    end: 70 * S,
    durationMs: 50 * S,
    peak: 12,
    peakTime: 30 * S,
  });
  assert.equal(r.totalMs, 50 * S);
  assert.equal(r.longestMs, 50 * S);
  assert.deepEqual(r.window, { stime: 0, etime: 90 * S });
  assert.equal(r.share, 50 / 90);
  assert.equal(r.shortBreaches, 0);
});

void test('a breach shorter than the duration does not fire and is counted as short', () => {
  const points = series('a', [1, 9, 9, 1, 9, 1]);
  const r = backtest(points, { comparator: '>', threshold: 5, durationMs: 30 * S });
  assert.equal(r.count, 0);
  assert.equal(r.shortBreaches, 2);
  assert.equal(r.share, 0);
});

void test('duration 0: every breach fires, a one-point breach lasting one step', () => {
  const points = series('a', [1, 9, 1, 1, 9, 9, 1]);
  const r = backtest(points, { comparator: '>', threshold: 5, durationMs: 0 });
  assert.equal(r.count, 2);
  assert.deepEqual(
    r.firings.map((f) => [f.start, f.firedAt, f.end]),
    [
      [10 * S, 10 * S, 20 * S],
      [40 * S, 40 * S, 60 * S],
    ],
  );
  assert.equal(r.longestMs, 20 * S);
});

void test('a gap of more than two steps ends a breach; null values are skipped like a gap', () => {
  // 0..30 s breaching, no point until 80 s, breaching again to 100 s.
  const points = [...series('a', [9, 9, 9, 9]), ...series('a', [9, 9, 9], 80 * S)];
  const r = backtest(points, { comparator: '>=', threshold: 9, durationMs: 30 * S });
  assert.deepEqual(
    r.firings.map((f) => [f.start, f.end]),
    [
      [0, 40 * S],
      [80 * S, 110 * S],
    ],
  );
  const withNulls = series('a', [9, 9, null, null, null, 9, 9]);
  const n = backtest(withNulls, { comparator: '>', threshold: 5, durationMs: 0 });
  assert.equal(n.skipped, 3);
  assert.equal(n.count, 2);
});

void test('unsorted points of several agents give the same firings as sorted ones, per agent', () => {
  const a = series('api-01', [1, 9, 9, 9, 1]);
  const b = series('api-02', [9, 9, 1, 9, 9, 9, 9]);
  const sorted = backtest([...a, ...b], { comparator: '>', threshold: 5, durationMs: 20 * S });
  const shuffled = [...a, ...b].reverse();
  shuffled.push(shuffled.shift() as BacktestPoint);
  const r = backtest(shuffled, { comparator: '>', threshold: 5, durationMs: 20 * S });
  assert.deepEqual(r, sorted);
  assert.deepEqual(
    r.firings.map((f) => [f.agent, f.start, f.end]),
    [
      ['api-02', 0, 20 * S],
      ['api-01', 10 * S, 40 * S],
      ['api-02', 30 * S, 70 * S],
    ],
  );
  assert.deepEqual(
    r.agents.map((x) => [x.agent, x.count, x.totalMs, x.longestMs, x.points]),
    [
      ['api-01', 1, 30 * S, 30 * S, 5],
      ['api-02', 2, 60 * S, 40 * S, 7],
    ],
  );
  // Window 0..70 s over two agents: 90 s firing of 140 agent-seconds.
  assert.equal(r.share, 90 / 140);
});

void test('below-threshold rules take the lowest value as the peak; an explicit window and step are used', () => {
  const points = series('db', [50, 4, 2, 3, 50]);
  const r = backtest(
    points,
    { comparator: '<', threshold: 5, durationMs: 0 },
    { stepMs: 5 * S, window: { stime: 0, etime: 100 * S } },
  );
  assert.equal(r.count, 1);
  assert.equal(r.firings[0]?.peak, 2);
  assert.equal(r.firings[0]?.end, 35 * S);
  assert.equal(r.share, 25 / 100);
});

void test('no points: nothing fires and nothing divides by zero', () => {
  const r = backtest([], { comparator: '>', threshold: 1, durationMs: 0 });
  assert.equal(r.count, 0);
  assert.equal(r.share, 0);
  assert.deepEqual(r.agents, []);
  assert.equal(medianStep([5]), 0);
  assert.equal(medianStep([0, 10, 20, 50]), 10);
});

void test('a breach still on at the end of the given window ends there', () => {
  const points = series('a', [1, 9, 9, 9]);
  const r = backtest(
    points,
    { comparator: '>', threshold: 5, durationMs: 0 },
    { window: { stime: 0, etime: 35 * S } },
  );
  assert.deepEqual(
    r.firings.map((f) => [f.start, f.end, f.durationMs]),
    [[10 * S, 35 * S, 25 * S]],
  );
});
