// The results webview's reducer and persisted state, without a browser.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  chunkColumns,
  type ExtensionToResults,
  RESULTS_PROTOCOL_VERSION as v,
  type RunInfo,
} from '../../common/resultsMessages';
import { decodeRows } from '../../common/columnChunks';
import { resultFactsOf } from '../../common/resultFacts';
import {
  fromPersisted,
  initialState,
  initialView,
  isBusy,
  limitCut,
  reduce,
  type ResultsState,
  toPersisted,
  viewForRun,
} from '../../client/webview/results/state';

const run = (runId: string, limit?: number): RunInfo => ({
  runId,
  title: 'q',
  endpoint: '/open/api/flush/mxql/text',
  startedAt: 0,
  ...(limit === undefined ? {} : { limit }),
});
const rows = (n: number): (string | number)[][] => Array.from({ length: n }, (_, i) => [i, `r${i}`]);
const columns = [{ name: 'n' }, { name: 's' }];

function replay(messages: readonly ExtensionToResults[], from: ResultsState = initialState): ResultsState {
  return messages.reduce(reduce, from);
}

function fullRun(runId: string, n: number, limit?: number): ExtensionToResults[] {
  return [
    { type: 'init', v, run: run(runId, limit), columns },
    ...chunkColumns(runId, rows(n), 2, 40),
    { type: 'done', v, runId, totalRows: n, elapsedMs: 12, bytes: 3456 },
  ];
}

void describe('results reducer', () => {
  void it('collects chunks in order and finishes with totals', () => {
    const state = replay(fullRun('a', 100));
    assert.equal(state.phase, 'done');
    assert.equal(state.rowCount, 100);
    assert.equal(state.chunks.length, 3);
    assert.deepEqual(state.chunks.flatMap(decodeRows)[99], [99, 'r99']);
    assert.deepEqual(state.totals, { totalRows: 100, elapsedMs: 12, bytes: 3456 });
  });

  void it('does not mutate the previous state when a chunk arrives', () => {
    const started = replay([{ type: 'init', v, run: run('a'), columns }]);
    const [chunk] = chunkColumns('a', rows(5), 2);
    assert.ok(chunk);
    const next = reduce(started, chunk);
    assert.equal(started.chunks.length, 0);
    assert.equal(next.chunks.length, 1);
    assert.equal(started.rowCount, 0);
  });

  void it('ignores chunks of another run and duplicate chunks', () => {
    const [first] = chunkColumns('a', rows(5), 2);
    const [stale] = chunkColumns('old', rows(7), 2);
    assert.ok(first && stale);
    const state = replay([{ type: 'init', v, run: run('a'), columns }, first, first, stale]);
    assert.equal(state.rowCount, 5);
  });

  void it('reports a gap instead of silently showing wrong data', () => {
    const chunks = chunkColumns('a', rows(10), 2, 5);
    const second = chunks[1];
    assert.ok(second);
    const state = replay([{ type: 'init', v, run: run('a'), columns }, second]);
    assert.equal(state.rowCount, 0);
    assert.match(state.problem ?? '', /missing/);
  });

  void it('a new run replaces the old result', () => {
    const state = replay([...fullRun('a', 50), ...fullRun('b', 3)]);
    assert.equal(state.run?.runId, 'b');
    assert.equal(state.rowCount, 3);
  });

  void it('running, cancelled and busy', () => {
    const running = reduce(initialState, { type: 'running', v, run: run('a') });
    assert.equal(running.phase, 'running');
    assert.ok(isBusy(running));
    const cancelled = reduce(running, { type: 'cancelled', v, runId: 'a' });
    assert.equal(cancelled.phase, 'cancelled');
    assert.ok(!isBusy(cancelled));
    assert.equal(reduce(running, { type: 'cancelled', v, runId: 'other' }).phase, 'running');
  });

  void it('errors keep the rows received so far and carry actions', () => {
    const partial = replay(fullRun('a', 10).slice(0, 2));
    const failed = reduce(partial, {
      type: 'error',
      v,
      runId: 'a',
      error: {
        message: 'Unauthorized',
        hint: 'Set a token',
        actions: [{ id: 'setToken', label: 'Set token' }],
      },
    });
    assert.equal(failed.phase, 'error');
    assert.equal(failed.rowCount, 10);
    assert.equal(failed.error?.actions?.[0]?.id, 'setToken');
    assert.equal(reduce(partial, { type: 'error', v, runId: 'zzz', error: { message: 'late' } }), partial);
  });

  void it('the limit banner says what the host judged of the rows, and nothing of its own', () => {
    const judged = (n: number, limit: number): ExtensionToResults[] => {
      const objects = rows(n).map(([time, s]) => ({ time: 1_000 * Number(time), s }));
      const facts = resultFactsOf(objects, { limit, stime: 0, etime: 1_000_000 });
      const messages = fullRun('a', n, limit);
      const done = messages[messages.length - 1] as Extract<ExtensionToResults, { type: 'done' }>;
      return [...messages.slice(0, -1), { ...done, facts }];
    };
    assert.equal(limitCut(replay(judged(100, 100)))?.kept, 'oldest');
    assert.equal(limitCut(replay(judged(99, 100))), undefined);
    // Without the host's facts the panel claims no cut, even with as many rows as the limit.
    assert.equal(limitCut(replay(fullRun('a', 100, 100))), undefined);
    // Malformed facts are ignored, never trusted.
    const bad = fullRun('a', 100, 100);
    const done = bad[bad.length - 1] as Extract<ExtensionToResults, { type: 'done' }>;
    const withBad = [
      ...bad.slice(0, -1),
      { ...done, facts: { cut: { kept: 'sideways' } } },
    ] as ExtensionToResults[];
    assert.equal(replay(withBad).totals?.facts, undefined);
  });

  void it('tolerates malformed fields', () => {
    const started = replay([{ type: 'init', v, run: run('a'), columns: 'nope' as unknown as [] }]);
    assert.deepEqual(started.columns, []);
    const done = reduce(started, { type: 'done', v, runId: 'a', totalRows: -1, elapsedMs: NaN, bytes: 5 });
    assert.equal(done.totals?.totalRows, 0);
    assert.equal(done.totals?.elapsedMs, 0);
  });
});

void describe('persisted state', () => {
  void it('round-trips run id and view without rows', () => {
    const state = replay(fullRun('a', 10));
    const view = {
      ...initialView,
      timeMode: 'utc' as const,
      sort: { column: 'n', asc: false },
      hidden: ['s'],
    };
    const saved = JSON.parse(JSON.stringify(toPersisted(state, view))) as unknown;
    assert.ok(!JSON.stringify(saved).includes('r9'));
    assert.deepEqual(fromPersisted(saved), { runId: 'a', view });
  });

  void it('falls back to defaults for junk', () => {
    assert.deepEqual(fromPersisted(undefined), { view: initialView });
    assert.deepEqual(fromPersisted({ v: 999, view: { timeMode: 'utc' } }), { view: initialView });
    assert.deepEqual(fromPersisted({ v, view: { timeMode: 42, hidden: [1, 'x'], tab: 'chart' } }).view, {
      ...initialView,
      hidden: ['x'],
      tab: 'chart',
    });
  });
});

void describe('the view a run opens in', () => {
  void it("opens a dashboard query's run on the chart with its HEADER's columns; other runs keep the user's view", () => {
    const mine = { ...initialView, tab: 'grid' as const, chartY: ['x'], timeMode: 'utc' as const };
    const board: RunInfo = { ...run('b'), chart: { ys: ['tps', 'tx_error'] } };
    const chosen = viewForRun(mine, board);
    assert.deepEqual(chosen, { ...mine, tab: 'chart', chartY: ['tps', 'tx_error'], chartByRun: true });
    // The next run that asks for nothing goes back to the grid; a chart the user chose stays.
    assert.deepEqual(viewForRun(chosen, run('c')), { ...chosen, tab: 'grid', chartByRun: false });
    const userChart = { ...mine, tab: 'chart' as const };
    assert.equal(viewForRun(userChart, run('d')), userChart);
    assert.equal(viewForRun(mine, run('a')), mine);
    assert.equal(viewForRun(mine, undefined), mine);
    const junk = { ...run('j'), chart: { ys: [1, null] } } as unknown as RunInfo;
    assert.equal(viewForRun(mine, junk), mine);
  });
});
