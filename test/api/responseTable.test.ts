// Every answer shape of the specification becomes rows: records, per-agent and averaged series,
// visitor points, server statistics, second-host maps, sm snapshots, bare values.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { flattenObject, responseTable } from '../../api/responseTable';

void test('record lists become one row per record', () => {
  const t = responseTable({
    records: [
      { ip: '1.2.3.4', count: 3 },
      { ip: '5.6.7.8', count: 1 },
    ],
    total: 2,
  });
  assert.equal(t.shape, 'records');
  assert.deepEqual(t.rows, [
    { ip: '1.2.3.4', count: 3 },
    { ip: '5.6.7.8', count: 1 },
  ]);
});

void test('per-agent series become a row per point with oid and oname; averaged series without', () => {
  const perAgent = responseTable({
    type: 'thread_count',
    interval: 300,
    objects: [
      {
        oid: 1,
        oname: 'a',
        series: [
          [1000, 5],
          [2000, 6],
        ],
      },
      { oid: -2, oname: 'b', series: [[1000, 7]] },
    ],
  });
  assert.equal(perAgent.shape, 'series');
  assert.deepEqual(perAgent.rows, [
    { time: 1000, oid: 1, oname: 'a', value: 5 },
    { time: 2000, oid: 1, oname: 'a', value: 6 },
    { time: 1000, oid: -2, oname: 'b', value: 7 },
  ]);
  const avg = responseTable({ objectMerge: 'avg', series: [[1000, 2.5]] });
  assert.deepEqual(avg.rows, [{ time: 1000, value: 2.5 }]);
});

void test('visitor points are series; the monthly list is records', () => {
  assert.deepEqual(responseTable({ data: [[1000, 4]], total: 1 }).rows, [{ time: 1000, value: 4 }]);
  const month = responseTable({ data: [{ stime: 1, etime: 2, sdate: 'a', edate: 'b', mau: 9 }] });
  assert.equal(month.shape, 'records');
  assert.equal(month.rows[0]?.['mau'], 9);
});

void test('bare values become a single cell; strings too', () => {
  assert.deepEqual(responseTable(12.5), { shape: 'value', rows: [{ value: 12.5 }] });
  assert.deepEqual(responseTable({ pname: 'p', values: '3' }).rows, [{ value: '3' }]);
});

void test('sm snapshots are flattened to dotted columns, maps keyed by name get a column of their own', () => {
  const sm = responseTable({
    pname: 'p',
    values: {
      servers: [
        {
          oid: 1,
          oname: 's',
          tags: ['a'],
          snapshot: { cpu: { usr: 3 }, disk: { '/': { usedPercent: 40 } } },
        },
      ],
      max: {},
      count: {},
    },
  });
  assert.equal(sm.shape, 'servers');
  assert.deepEqual(sm.rows[0], {
    oid: 1,
    oname: 's',
    tags: '["a"]',
    'snapshot.cpu.usr': 3,
    'snapshot.disk./.usedPercent': 40,
  });
  const proc = responseTable({
    pname: 'p',
    values: { web: [{ cmd1: 'java', cpu: 2 }], db: [{ cmd1: 'pg', cpu: 1 }] },
  });
  assert.equal(proc.shape, 'map');
  assert.deepEqual(proc.rows[1], { server: 'db', cmd1: 'pg', cpu: 1 });
  assert.deepEqual(responseTable({ pname: 'p', values: { web: 12 } }).rows, [{ server: 'web', value: 12 }]);
});

void test('server statistics become a row per server and point; DB pool and parameter comparison are records', () => {
  const stat = responseTable({
    servers: [
      {
        oid: 4,
        timeData: [
          { time: 1, cpu: 2 },
          { time: 2, cpu: 3 },
        ],
      },
    ],
  });
  assert.deepEqual(stat.rows, [
    { oid: 4, time: 1, cpu: 2 },
    { oid: 4, time: 2, cpu: 3 },
  ]);
  const pool = responseTable({ pcode: 1, time: 2, dbc_total: [{ oid: 1, active: 2, idle: 3, total: 5 }] });
  assert.equal(pool.rows[0]?.['total'], 5);
  const params = responseTable({
    unmatchedKeys: [{ key: 'max_connections', value: { baseTime: '100', comparisonTime: '200' } }],
    baseTime: [],
    comparisonTime: [],
  });
  assert.deepEqual(params.rows, [{ key: 'max_connections', baseTime: '100', comparisonTime: '200' }]);
});

void test('single objects become one row; empty lists and odd values never throw', () => {
  assert.deepEqual(responseTable({ pcode: 1, tps: '3' }).rows, [{ pcode: 1, tps: '3' }]);
  assert.equal(responseTable([]).shape, 'empty');
  assert.deepEqual(responseTable(null).rows, [{ value: null }]);
  assert.deepEqual(responseTable([1, 'x']).rows, [{ value: 1 }, { value: 'x' }]);
  assert.deepEqual(flattenObject({ __proto__x: 1, a: { b: null } }), { __proto__x: 1, 'a.b': null });
});
