// Compare with… in the results protocol: the webview's `compare` request is accepted, the model replays
// a run's comparison after its `done`, and the panel's reducer keeps a comparison of its own run only,
// ignoring one of another run or a malformed one; the chart's overlay puts the shifted baseline on the
// window's axis.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { encodeColumns } from '../../common/columnChunks';
import {
  parseResultsToExtension,
  RESULTS_PROTOCOL_VERSION as v,
  type ComparisonInfo,
  type ExtensionToResults,
} from '../../common/resultsMessages';
import { ResultsModel } from '../../client/src/views/resultsModel';
import { initialState, reduce } from '../../client/webview/results/state';
import { buildChartData } from '../../client/webview/results/chartData';
import { isBaselineSeries, withBaseline } from '../../client/webview/results/compareOverlay';

const T = Date.UTC(2026, 10, 20, 12);
const HOUR = 3_600_000;
const columns = [{ name: 'time' }, { name: 'oname' }, { name: 'tps' }];

function info(extra: Partial<ComparisonInfo> = {}): ComparisonInfo {
  const rows = [
    [T - HOUR, 'api-01', 10],
    [T - HOUR + 60_000, 'api-01', 12],
  ];
  return {
    baseline: 'prev',
    name: 'the window before',
    window: { stime: T, etime: T + HOUR },
    baselineWindow: { stime: T - HOUR, etime: T },
    shiftMs: HOUR,
    baselineColumns: columns,
    baselineRows: encodeColumns(rows, columns.length, 0, rows.length),
    changes: [
      { agent: 'api-01', field: 'tps', window: 30, baseline: 11, change: 19, relative: 19 / 11, score: 13.4 },
    ],
    onlyInWindow: [],
    onlyInBaseline: [],
    ...extra,
  };
}

const run = { runId: 'r1', title: 'q', endpoint: '/open/api/flush/mxql/text', startedAt: T };

void describe('Compare with… protocol', () => {
  void it('accepts the webview asking to compare a run, and nothing malformed', () => {
    assert.deepEqual(parseResultsToExtension({ type: 'compare', v, runId: 'r1' }), {
      type: 'compare',
      v,
      runId: 'r1',
    });
    assert.equal(parseResultsToExtension({ type: 'compare', v }), undefined);
    assert.equal(parseResultsToExtension({ type: 'compare', v, runId: 7 }), undefined);
  });

  void it('the model replays a comparison after the run it belongs to', () => {
    const model = new ResultsModel();
    model.start(run);
    model.complete('r1', [{ time: T, oname: 'api-01', tps: 30 }], 5, 0);
    model.compared('r1', info());
    const types = model.messagesFor('r1').map((m) => m.type);
    assert.deepEqual(types, ['init', 'columnsChunk', 'done', 'comparison']);
    assert.equal(model.snapshot('r1')?.comparison?.changes[0]?.field, 'tps');
    assert.equal(model.snapshot('r1')?.comparison?.baselineRows, 2);
  });

  void it('the reducer keeps a comparison of its own run only', () => {
    const started = reduce(initialState, { type: 'init', v, run, columns });
    const message = (runId: string, comparison: unknown) =>
      ({ type: 'comparison', v, runId, comparison }) as ExtensionToResults;
    assert.equal(reduce(started, message('r1', info())).comparison?.name, 'the window before');
    assert.equal(reduce(started, message('other', info())).comparison, undefined);
    assert.equal(
      reduce(started, message('r1', { ...info(), changes: [{ agent: 1 }] })).comparison,
      undefined,
    );
    assert.equal(reduce(started, message('r1', { ...info(), baselineRows: 'rows' })).comparison, undefined);
    const compared = reduce(started, message('r1', info()));
    assert.equal(
      reduce(compared, { type: 'running', v, run: { ...run, runId: 'r2' } }).comparison,
      undefined,
    );
  });

  void it('the overlay shifts the baseline onto the window axis, one series per window series', () => {
    const rows = [
      [T, 'api-01', 30],
      [T + 60_000, 'api-01', 31],
    ];
    const choice = { x: 0, ys: [2], split: 1 };
    const own = buildChartData(columns, rows, choice);
    const both = withBaseline(own, columns, choice, info());
    assert.deepEqual(both.xs, [T, T + 60_000]);
    assert.equal(both.series.length, 2);
    const [window, baseline] = both.series;
    assert.ok(window && baseline && isBaselineSeries(baseline) && !isBaselineSeries(window));
    assert.equal(baseline.baselineOf, 0);
    assert.deepEqual(baseline.values, [10, 12]);
    assert.match(baseline.label, /^api-01 \(baseline: the window before\)$/);
    const empty = withBaseline(own, columns, choice, info({ baselineRows: encodeColumns([], 3, 0, 0) }));
    assert.equal(empty, own);
  });
});
