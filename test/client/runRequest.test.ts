import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  analyzeQuery,
  missingInjects,
  missingParams,
  prepareRun,
  MxqlEndpoints,
} from '../../client/src/run/runRequest';

const NOW = Date.UTC(2026, 10, 21, 12, 0);
const base = {
  range: { kind: 'relative', ms: 3_600_000 } as const,
  defaultLimit: 1000,
  now: NOW,
  offsetMinutes: 0,
};
const none = { params: {}, injects: {} };

const file = [
  '-- @name Agents',
  '-- @range 15m',
  '-- @limit 50',
  '-- @param $oid = 7',
  'CATEGORY app_counter',
  'OIDSET {oid:$oid, okind:$okind}',
  'INJECT default',
  'INJECT sortBy',
  '-- @inject sortBy = ORDER {key:[tps]}',
].join('\n');

void test('directive lines are stripped; params and INJECT names are found', () => {
  const a = analyzeQuery(file, file, 0);
  assert.ok(!a.query.includes('@'), a.query);
  assert.deepEqual(a.usedParams, ['$oid', '$okind']);
  assert.deepEqual(a.usedInjects, ['default', 'sortBy']);
  assert.deepEqual(missingParams(a, none), ['$okind']);
  assert.deepEqual(missingInjects(a, none), ['default']);
  assert.deepEqual(missingParams(a, { params: { $okind: '3' }, injects: {} }), []);
});

void test('the text request carries directives, prompted values, range and limit', () => {
  const a = analyzeQuery(file, file, 0);
  const result = prepareRun(a, { ...base, values: { params: { $okind: '3' }, injects: { default: '' } } });
  assert.ok(result.ok);
  const run = result.run;
  assert.equal(run.endpoint, MxqlEndpoints.mxqlText);
  assert.deepEqual(run.params, { $oid: '7', $okind: '3' });
  assert.deepEqual(run.injects, { sortBy: 'ORDER {key:[tps]}', default: '' });
  assert.equal(run.limit, 50);
  assert.deepEqual([run.range.stime, run.range.etime], [NOW - 900_000, NOW]);
});

void test('@path sends to /mxql/path with the path as mql and no params', () => {
  const text = '-- @path /app/act_tx/act_tx_oid\n-- @param $x = 1\n';
  const a = analyzeQuery(text, text, 0);
  assert.deepEqual(missingParams(a, none), []);
  const result = prepareRun(a, { ...base, values: none });
  assert.ok(result.ok);
  assert.equal(result.run.endpoint, MxqlEndpoints.mxqlPath);
  assert.equal(result.run.mql, '/app/act_tx/act_tx_oid');
  assert.deepEqual(result.run.params, {});
});

void test('$etime/$stime are never asked for: the request carries the range ends, a given value wins', () => {
  const text =
    'TIME-RANGE {duration:15s, etime:$etime}\nCATEGORY app_counter\nOID [$oid]\nFILTER {key: time, value: $stime}\n';
  const a = analyzeQuery(text, text, 0);
  assert.deepEqual(missingParams(a, none), ['$oid']);
  const range = { kind: 'absolute', stime: NOW - 60_000, etime: NOW } as const;
  const filled = prepareRun(a, { ...base, range, values: { params: { $oid: '7' }, injects: {} } });
  assert.ok(filled.ok);
  assert.deepEqual(filled.run.params, { $oid: '7', $etime: String(NOW), $stime: String(NOW - 60_000) });
  assert.deepEqual(filled.run.paramsFromRange, ['$etime', '$stime']);
  // A notebook header or a history re-run passes its values like a prompt answer; they win.
  const given = prepareRun(a, {
    ...base,
    range,
    values: { params: { $oid: '7', $etime: '5' }, injects: {} },
  });
  assert.ok(given.ok);
  assert.deepEqual(given.run.params, { $oid: '7', $etime: '5', $stime: String(NOW - 60_000) });
  assert.deepEqual(given.run.paramsFromRange, ['$stime']);
  const declared = `-- @param $stime = 9\n${text}`;
  const fromFile = prepareRun(analyzeQuery(declared, declared, 0), {
    ...base,
    range,
    values: { params: { $oid: '7' }, injects: {} },
  });
  assert.ok(fromFile.ok);
  assert.equal(fromFile.run.params['$stime'], '9');
  assert.deepEqual(fromFile.run.paramsFromRange, ['$etime']);
  // A path chosen in the UI goes to /mxql/path, which takes no params.
  const path = prepareRun(a, { ...base, range, path: '/app/act_tx/act_tx_oid', values: none });
  assert.ok(path.ok);
  assert.deepEqual(
    [path.run.endpoint, path.run.params, path.run.paramsFromRange],
    [MxqlEndpoints.mxqlPath, {}, []],
  );
});

void test('problems are reported, not thrown: range over 31 days, bad directives, nothing to run', () => {
  const long = '-- @stime 2026-01-01 00:00\n-- @etime 2026-03-01 00:00\nCATEGORY a\n';
  const r1 = prepareRun(analyzeQuery(long, long, 0), { ...base, values: none });
  assert.equal(r1.ok, false);
  assert.match(r1.ok ? '' : r1.problem, /31 days/);
  const bad = '-- @limit -4\nCATEGORY a\n';
  const r2 = prepareRun(analyzeQuery(bad, bad, 0), { ...base, values: none });
  assert.equal(r2.ok, false);
  assert.match(r2.ok ? '' : r2.problem, /line 1/);
  const empty = '-- only a comment\n';
  const r3 = prepareRun(analyzeQuery(empty, empty, 0), { ...base, values: none });
  assert.equal(r3.ok, false);
});

void test('a selection is sent alone but the whole file supplies the directives', () => {
  const selection = 'CATEGORY app_counter\nOIDSET {oid:$oid}';
  const a = analyzeQuery(file, selection, 0);
  const result = prepareRun(a, { ...base, values: none });
  assert.ok(result.ok);
  assert.equal(result.run.mql, selection);
  assert.equal(result.run.params.$oid, '7');
});
