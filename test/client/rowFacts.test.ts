import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AGENT_COLUMNS } from '../../server/core/catalog/index';
import { AGENT_IDENTITY_FIELDS, agentKeyOf, agentOf, chartColumnsOf, tabulate } from '../../common/rowFacts';
import { chartSvg } from '../../client/src/notebook/chartSvg';
import { formatOutput } from '../../cli/format';

void test('the catalog describes exactly the columns that name an agent', () => {
  assert.deepEqual(['oid', ...AGENT_COLUMNS.map((c) => c.name)], AGENT_IDENTITY_FIELDS);
});

void test("a row's agent: grouped by oid when rows carry one, named by oname, else `oid N`", () => {
  const rows = [{ oid: 7, oname: 'web-1' }, { oid: 8 }, { oname: 'lonely' }];
  assert.equal(agentKeyOf(rows), 'oid');
  assert.deepEqual(agentOf(rows[0]!, 'oid'), { id: '7', label: 'web-1', oid: 7 });
  assert.deepEqual(agentOf(rows[1]!, 'oid'), { id: '8', label: 'oid 8', oid: 8 });
  assert.equal(agentKeyOf([{ oname: 'a' }]), 'oname');
  assert.equal(agentKeyOf([{ tps: 1 }]), null);
  assert.deepEqual(agentOf({ tps: 1 }, null), { id: 'all', label: 'all' });
});

void test('the chart: time on x, the first measure on y (ids are not measures), split by the agent', () => {
  const names = ['time', 'oid', 'pcode', 'okindName', 'tps'];
  const kinds = ['time', 'number', 'number', 'string', 'number'] as const;
  assert.deepEqual(chartColumnsOf(names, kinds), { x: 0, ys: [4], split: 1 });
  assert.deepEqual(chartColumnsOf(names, kinds, ['tps'], '-'), { x: 0, ys: [4], split: -1 });
  // Without oname or oid the agent's group names the lines: its name column, as the catalog spells it.
  assert.deepEqual(chartColumnsOf(['time', 'okindName', 'tps'], ['time', 'string', 'number']), {
    x: 0,
    ys: [2],
    split: 1,
  });
  assert.equal(chartColumnsOf(['oid', 'tps'], ['number', 'number']), undefined);
});

void test('the exported chart splits its lines by the same column as the panel', () => {
  const columns = ['time', 'okindName', 'tps'];
  const rows = [
    [60_000, 'web', 1],
    [120_000, 'web', 2],
    [60_000, 'batch', 3],
    [120_000, 'batch', 4],
  ];
  const svg = chartSvg(columns, rows, 'TPS') ?? '';
  assert.match(svg, /<title>batch<\/title>/);
  assert.match(svg, /<title>web<\/title>/);
});

void test('one tabulation: columns in first-seen order, the CLI prints the cells the panel shows', () => {
  const objects = [
    { a: 1, b: 'x' },
    { b: 'y', c: 2 },
  ];
  assert.deepEqual(tabulate(objects), {
    columns: [{ name: 'a' }, { name: 'b' }, { name: 'c' }],
    rows: [
      [1, 'x', null],
      [null, 'y', 2],
    ],
  });
  assert.equal(formatOutput(objects, 'csv'), 'a,b,c\n1,x,\n,y,2\n');
});
