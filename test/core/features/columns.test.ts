// Column flow per command: the cursor ⟦⟧ marks where the columns are asked for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeColumnFlow, parse } from '../../../server/core/index';
import { type ColumnSet } from '../../../server/core/columns/flow';
import { parseMarked } from './validateSupport';
import { testFeatureCatalog } from './validateCatalog';

const catalog = testFeatureCatalog();

function columnsAt(source: string, fragments?: Record<string, string>): ColumnSet {
  const { text, ranges } = parseMarked(source);
  const cursor = ranges[0];
  assert.ok(cursor, 'case needs a ⟦⟧ cursor');
  const frags = new Map(Object.entries(fragments ?? {}).map(([k, v]) => [k, parse(v).ast.main]));
  return computeColumnFlow(parse(text).ast, catalog, { fragments: frags }).columnsAt(cursor.start);
}

function names(set: ColumnSet): string[] {
  return [...set.columns.keys()].sort();
}

const APP = 'CATEGORY app_counter\nTAGLOAD\n';

void test('a loaded category gives its tags, fields and system columns', () => {
  const set = columnsAt(`${APP}⟦⟧`);
  assert.equal(set.open, false);
  for (const c of ['time', 'pcode', 'oid', 'oname', 'tps', 'tx_count', 'okindName'])
    assert.ok(set.columns.has(c), c);
  assert.equal(set.columns.get('tps')?.origin, 'field');
  assert.equal(set.columns.get('oname')?.origin, 'tag');
  assert.equal(set.columns.get('time')?.origin, 'system');
});

void test('before the loader the category columns are offered too', () => {
  const set = columnsAt('CATEGORY app_counter\nTAGLOAD {filter: {key: ⟦⟧}}\n');
  assert.ok(set.columns.has('host_ip'));
});

void test('SELECT narrows to the listed columns', () => {
  assert.deepEqual(names(columnsAt(`${APP}SELECT [time, tps]\n⟦⟧`)), ['time', 'tps']);
});

void test('SELECT with a $param or a template marker is open', () => {
  assert.equal(columnsAt(`${APP}SELECT [time, $field]\n⟦⟧`).open, true);
  assert.equal(columnsAt(`${APP}SELECT [time <% FIELDS %>]\n⟦⟧`).open, true);
});

void test('SELECT {like} keeps names containing the pattern and the defaults', () => {
  assert.deepEqual(names(columnsAt(`${APP}SELECT {default: time, like: apdex_}\n⟦⟧`)), [
    'apdex_satisfied',
    'apdex_tolerated',
    'apdex_total',
    'time',
  ]);
});

void test('CREATE adds its key, remembering where it was defined', () => {
  const src = `${APP}SELECT [time]\nCREATE {key: ⟦_id_⟧, from: time}\n`;
  const { text, ranges } = parseMarked(`${src}⟦⟧`);
  const set = computeColumnFlow(parse(text).ast, catalog).columnsAt(ranges[1]?.start ?? 0);
  assert.deepEqual(names(set), ['_id_', 'time']);
  assert.equal(set.columns.get('_id_')?.origin, 'created');
  assert.deepEqual(set.columns.get('_id_')?.definedAt, ranges[0]);
});

void test('CREATE-EXPR adds each of its keys', () => {
  assert.deepEqual(names(columnsAt(`${APP}SELECT [time]\nCREATE-EXPR {a: "time*2", b: "time+1"}\n⟦⟧`)), [
    'a',
    'b',
    'time',
  ]);
});

void test('RENAME in its three forms', () => {
  assert.deepEqual(names(columnsAt(`${APP}SELECT [time, tps]\nRENAME {src: tps, dst: t}\n⟦⟧`)), [
    't',
    'time',
  ]);
  assert.deepEqual(names(columnsAt(`${APP}SELECT [time, tps]\nRENAME {src: [time, tps], dst: [a, b]}\n⟦⟧`)), [
    'a',
    'b',
  ]);
  const set = columnsAt(`${APP}SELECT [time, tps]\nRENAME [[tps, t], [time, when]]\n⟦⟧`);
  assert.deepEqual(names(set), ['t', 'when']);
  assert.equal(set.columns.get('t')?.origin, 'renamed');
});

void test('ROWNUM adds rownum; DELETE removes; UPDATE keeps', () => {
  assert.deepEqual(names(columnsAt(`${APP}SELECT [time]\nROWNUM\n⟦⟧`)), ['rownum', 'time']);
  assert.deepEqual(names(columnsAt(`${APP}SELECT [time, tps, oid]\nDELETE [oid, tps]\n⟦⟧`)), ['time']);
  assert.deepEqual(names(columnsAt(`${APP}SELECT [time, tps]\nDELETE time\n⟦⟧`)), ['tps']);
  assert.deepEqual(names(columnsAt(`${APP}SELECT [time, tps]\nUPDATE {key: tps, value: sum}\n⟦⟧`)), [
    'time',
    'tps',
  ]);
});

void test('GROUP keeps keys, listed columns, time and _rows_', () => {
  assert.deepEqual(
    names(columnsAt(`${APP}GROUP {timeunit: 5m, pk: oname, merge: tps, last: okindName}\n⟦⟧`)),
    ['_rows_', 'okindName', 'oname', 'pcode', 'pname', 'time', 'tps'],
  );
});

void test('GROUP without a merge list keeps every column and adds _rows_', () => {
  assert.deepEqual(names(columnsAt(`${APP}SELECT [time, oname, tps]\nGROUP {timeunit: 5m, pk: oname}\n⟦⟧`)), [
    '_rows_',
    'oname',
    'time',
    'tps',
  ]);
  assert.deepEqual(names(columnsAt(`${APP}SELECT [time, oname, tps]\nGROUP {pk: oname, last: oname}\n⟦⟧`)), [
    '_rows_',
    'oname',
    'time',
    'tps',
  ]);
});

void test('GROUP with user adds userbytes beside the counted column, with or without merge', () => {
  const USER = 'CATEGORY app_user\nTAGLOAD\nSELECT [time, oid, logbits, realtime_user]\n';
  const withMerge = columnsAt(
    `${USER}GROUP {timeunit: 1h, pk: oid, merge: realtime_user, user: logbits}\n⟦⟧`,
  );
  assert.deepEqual(names(withMerge), ['_rows_', 'logbits', 'oid', 'realtime_user', 'time', 'userbytes']);
  assert.equal(withMerge.columns.get('userbytes')?.origin, 'created');
  assert.ok(names(columnsAt(`${USER}GROUP {pk: oid, user: logbits}\n⟦⟧`)).includes('userbytes'));
  assert.ok(!names(columnsAt(`${USER}GROUP {pk: oid, merge: realtime_user}\n⟦⟧`)).includes('userbytes'));
});

void test('JOIN on a SUB declared later adds its result columns', () => {
  const src = `${APP}SELECT [oid, tps]\nJOIN {pk: oid, query: cpu}\n⟦⟧\nSUB cpu\nCATEGORY server_base\nTAGLOAD\nSELECT [oid, cpu]\nEND\n`;
  const set = columnsAt(src);
  assert.deepEqual(names(set), ['cpu', 'oid', 'tps']);
  assert.equal(set.columns.get('cpu')?.origin, 'joined');
});

void test('JOIN with a field list adds those; JOIN on a path is open', () => {
  assert.deepEqual(
    names(columnsAt(`${APP}SELECT [oid]\nJOIN {query: '/app/x', pk: oid, field: [act0, act3]}\n⟦⟧`)),
    ['act0', 'act3', 'oid'],
  );
  assert.equal(columnsAt(`${APP}SELECT [oid]\nJOIN {query: '/app/x', pk: oid}\n⟦⟧`).open, true);
});

void test('each SUB block has its own flow', () => {
  const set = columnsAt(`${APP}SELECT [tps]\nSUB s\nCATEGORY server_base\nTAGLOAD\n⟦⟧\nEND\n`);
  assert.ok(set.columns.has('cpu'));
  assert.ok(!set.columns.has('tps'));
});

void test('unknown columns make the set open', () => {
  assert.equal(columnsAt('CATEGORY agent_list\nFLEXLOAD\n⟦⟧').open, true, 'known without columns');
  assert.equal(columnsAt('CATEGORY stat_tx\nFLEXLOAD\n⟦⟧').open, true, 'FLEXLOAD stat category');
  assert.equal(columnsAt('CATEGORY no_such_thing\nTAGLOAD\n⟦⟧').open, true, 'unknown category');
  assert.equal(columnsAt('CATEGORY $category\nTAGLOAD\n⟦⟧').open, true, 'param category');
  assert.equal(columnsAt(`${APP}SELECT [time]\nPIVOT-HEAD {key: [time]}\n⟦⟧`).open, true, 'opaque command');
  assert.equal(columnsAt(`${APP}SELECT [time]\n<% FILTER %>\n⟦⟧`).open, true, 'template line');
});

void test('the JSON and suffixed category forms resolve to the base category', () => {
  assert.ok(columnsAt('CATEGORY {"app_counter":6h, "app_counter{m5}":3d}\nTAGLOAD\n⟦⟧').columns.has('tps'));
  assert.ok(columnsAt('CATEGORY app_counter{m5}\nTAGLOAD\n⟦⟧').columns.has('tps'));
});

void test('PromQL rows carry time and value, labels unknown', () => {
  const set = columnsAt('>> sum by (x) (rate(foo[5m]))\n⟦⟧');
  assert.equal(set.open, true);
  assert.deepEqual(names(set), ['time', 'value']);
});

void test('an INJECT with a known fragment applies its commands', () => {
  const set = columnsAt(`${APP}SELECT [time]\nINJECT default\n⟦⟧`, { default: 'CREATE {key: x, value: 1}' });
  assert.deepEqual(names(set), ['time', 'x']);
});

void test('inside a command, the columns before it are given', () => {
  assert.deepEqual(names(columnsAt(`${APP}SELECT [time, tps]\nSELECT [⟦⟧time]\n`)), ['time', 'tps']);
});

void test('an INJECT whose fragment is unknown makes the set open', () => {
  const set = columnsAt(`${APP}SELECT [time]\nINJECT default\n⟦⟧`);
  assert.equal(set.open, true);
  assert.deepEqual(names(set), ['time']);
});
