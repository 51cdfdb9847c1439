// Column typing, display text, typed comparison, quick filter and chart data of the results webview.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { encodeColumns } from '../../common/columnChunks';
import { type Cell } from '../../common/resultsMessages';
import { buildChartData, defaultChoice } from '../../client/webview/results/chartData';
import {
  buildSortKeys,
  compareCells,
  type DisplayKind,
  displayText,
  formatTime,
  inferKinds,
  isIdColumn,
  truncate,
} from '../../client/webview/results/columns';
import { type TimeMode } from '../../client/webview/results/state';
import { ColumnarTable } from '../../client/webview/results/table';
import { filterOrder, identityOrder } from '../../client/webview/results/tableView';

const T = Date.UTC(2026, 10, 1, 13, 5, 9);

void describe('column kinds', () => {
  void it('recognises time columns by name and epoch-ms values', () => {
    const columns = ['time', 'stime', 'resp_time', 'end_time', 'count', 'name', 'flag', 'time'].map(
      (name) => ({ name }),
    );
    const rows: Cell[][] = [[T, T, 120, T + 5, 3, 'a', true, 'not a number']];
    assert.deepEqual(inferKinds(columns, rows), [
      'time',
      'time',
      'number',
      'time',
      'number',
      'string',
      'boolean',
      'string',
    ]);
  });

  void it('respects the host hint', () => {
    assert.deepEqual(inferKinds([{ name: 'x', kind: 'time' }], [[5]]), ['time']);
  });

  void it('identifier columns', () => {
    assert.ok(isIdColumn('oid') && isIdColumn('pcode') && isIdColumn('user_id'));
    assert.ok(!isIdColumn('tps') && !isIdColumn('paid_amount'));
  });
});

void describe('display text', () => {
  void it('formats times in UTC, local and raw', () => {
    assert.equal(formatTime(T, 'utc'), '2026-11-01 13:05:09Z');
    assert.equal(formatTime(T + 7, 'utc'), '2026-11-01 13:05:09.007Z');
    assert.equal(displayText(T, 'time', 'raw'), String(T));
    const local = new Date(T);
    assert.equal(displayText(T, 'time', 'local').slice(11, 13), String(local.getHours()).padStart(2, '0'));
  });

  void it('numbers get separators, identifiers do not, null is empty', () => {
    assert.equal(
      displayText(1234567.5, 'number', 'local'),
      (1234567.5).toLocaleString(undefined, { maximumFractionDigits: 6 }),
    );
    assert.equal(displayText(1234567, 'number', 'local', true), '1234567');
    assert.equal(displayText(null, 'string', 'local'), '');
    assert.equal(displayText(false, 'boolean', 'local'), 'false');
  });

  void it('truncates long text', () => {
    const long = 'x'.repeat(1000);
    assert.equal(truncate(long).length, 300);
    assert.ok(truncate(long).endsWith('…'));
    assert.equal(truncate('short'), 'short');
  });
});

void describe('compareCells', () => {
  void it('orders numbers numerically, strings by code point, empties last', () => {
    const values: Cell[] = [10, null, 'b', 2, 'a', true, -1, 'B'];
    assert.deepEqual([...values].sort(compareCells), [-1, 2, 10, true, 'B', 'a', 'b', null]);
  });

  void it('is a stable sort key', () => {
    const rows = [
      ['x', 1],
      ['y', 2],
      ['x', 3],
      ['y', 4],
    ];
    const sorted = [...rows].sort((a, b) => compareCells(a[0], b[0]));
    assert.deepEqual(
      sorted.map((r) => r[1]),
      [1, 3, 2, 4],
    );
  });
});

void describe('buildSortKeys', () => {
  void it('orders exactly like compareCells, stably', () => {
    const values: Cell[] = [10, null, 'b', 2, 'a', true, -1, 'B', false, NaN, 'a', 2, null, ''];
    const { group, key } = buildSortKeys(values);
    const byKeys = values
      .map((_, i) => i)
      .sort((a, b) => (group[a] ?? 0) - (group[b] ?? 0) || (key[a] ?? 0) - (key[b] ?? 0));
    const byCells = values.map((_, i) => i).sort((a, b) => compareCells(values[a], values[b]));
    assert.deepEqual(byKeys, byCells);
  });
});

// The quick filter on one row, through the columnar filter the grid uses.
function matches(query: string, kinds: readonly DisplayKind[], mode: TimeMode, row: Cell[]): boolean {
  const table = new ColumnarTable(row.length);
  table.append(encodeColumns([row], row.length));
  return filterOrder(table, identityOrder(1), query, kinds, mode)?.length === 1;
}

void describe('quick filter', () => {
  void it('skips number columns for words and matches digits for numbers', () => {
    const kinds = ['number', 'string'] as const;
    assert.ok(matches('agent-12', kinds, 'local', [5, 'AGENT-12']));
    assert.ok(!matches('agent-12', kinds, 'local', [12, 'agent-1']));
    assert.ok(matches('1,234', kinds, 'local', [1234.5, 'x']));
    assert.ok(!matches('1,234', kinds, 'local', [123, 'x']));
  });

  void it('matches every term in any cell, case-insensitively, including shown times', () => {
    assert.ok(matches('AGENT 2026-11-01', ['time', 'string'], 'utc', [T, 'my-agent']));
    assert.ok(!matches('AGENT 2026-11-01', ['time', 'string'], 'utc', [T, 'server']));
    const table = new ColumnarTable(0);
    assert.equal(filterOrder(table, identityOrder(0), '   ', [], 'local'), undefined);
  });
});

void describe('chart data', () => {
  const columns = [{ name: 'time' }, { name: 'oname' }, { name: 'tps' }, { name: 'cpu' }];
  const kinds = inferKinds(columns, [[T, 'a', 1, 2]]);
  const rows: Cell[][] = [];
  for (let i = 0; i < 100; i++) rows.push([T + Math.floor(i / 2) * 1000, i % 2 ? 'b' : 'a', i, 100 - i]);

  void it('defaults to the first numeric column split by oname', () => {
    const choice = defaultChoice(columns, kinds, [], '');
    assert.deepEqual(choice, { x: 0, ys: [2], split: 1 });
  });

  void it('splits series by key and aligns them on x', () => {
    const choice = defaultChoice(columns, kinds, ['tps'], 'oname');
    assert.ok(choice);
    const data = buildChartData(columns, rows, choice);
    assert.deepEqual(
      data.series.map((s) => s.label),
      ['a', 'b'],
    );
    assert.equal(data.xs.length, 50);
    assert.equal(data.series[1]?.values[0], 1);
    assert.equal(data.downsampled, false);
  });

  void it('labels several y columns and no split', () => {
    const data = buildChartData(columns, rows, { x: 0, ys: [2, 3], split: -1 });
    assert.deepEqual(
      data.series.map((s) => s.label),
      ['cpu', 'tps'],
    );
  });

  void it('averages into buckets beyond the point limit and drops small series', () => {
    const data = buildChartData(columns, rows, { x: 0, ys: [2], split: 1 }, { maxPoints: 10, maxSeries: 1 });
    assert.ok(data.downsampled);
    assert.ok(data.xs.length <= 11);
    assert.equal(data.series.length, 1);
    assert.equal(data.droppedSeries, 1);
  });

  void it('no chart without a time column', () => {
    assert.equal(defaultChoice([{ name: 'a' }], ['number'], [], ''), undefined);
  });
});
