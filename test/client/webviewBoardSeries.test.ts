// A series widget's chart data: the lines of every query on one time axis, one per agent.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { widgetChartData } from '../../client/webview/board/seriesData';

const T = 1_767_225_600_000;
const columns = ['time', 'oid', 'oname', 'tps'].map((name) => ({ name }));

void describe('widgetChartData', () => {
  void it('draws a line per agent of one query, labelled by the agent', () => {
    const data = widgetChartData([
      {
        label: 'tps',
        columns,
        rows: [
          [T, 1, 'a', 1],
          [T, 2, 'b', 2],
          [T + 60_000, 1, 'a', 3],
        ],
      },
    ]);
    assert.deepEqual(data?.xs, [T, T + 60_000]);
    assert.deepEqual(
      data?.series.map((s) => [s.label, s.values]),
      [
        ['a', [1, 3]],
        ['b', [2, null]],
      ],
    );
  });

  void it('puts the lines of several queries on one time axis, each named by its metric', () => {
    const data = widgetChartData([
      { label: 'tps', columns, rows: [[T, 1, 'a', 1]] },
      {
        label: 'resp',
        columns: ['time', 'resp_time'].map((name) => ({ name })),
        rows: [[T + 60_000, 250]],
      },
    ]);
    assert.deepEqual(data?.xs, [T, T + 60_000]);
    assert.deepEqual(
      data?.series.map((s) => [s.label, s.values]),
      [
        ['tps · a', [1, null]],
        ['resp · resp_time', [null, 250]],
      ],
    );
  });

  void it('has nothing to draw for results without a time or a number', () => {
    assert.equal(widgetChartData([]), undefined);
    assert.equal(widgetChartData([{ label: 'x', columns: [{ name: 'oname' }], rows: [['a']] }]), undefined);
  });
});
