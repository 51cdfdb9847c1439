// The extension's door to the run planner: the extension's inputs (file, the part to send, values the user
// gave, the status bar's range) become one planner call, and the plan becomes what the runner sends.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { englishOf } from '../../common/templateText';
import {
  MxqlEndpoints,
  planEditorRun,
  preparedOf,
  type EditorRunInput,
  type RunValues,
} from '../../client/src/run/runRequest';

const NOW = Date.UTC(2026, 10, 21, 12, 0);
const base = {
  range: { kind: 'relative', ms: 3_600_000 } as const,
  defaultLimit: 1000,
  now: NOW,
  offsetMinutes: 0,
};
const none: RunValues = { params: {}, injects: {} };

function plan(
  fileText: string,
  values: RunValues,
  extra: Partial<EditorRunInput> = {},
  queryText = fileText,
) {
  return planEditorRun({ ...base, fileText, queryText, values, ...extra });
}
function prepareRun(fileText: string, values: RunValues, extra: Partial<EditorRunInput> = {}) {
  return preparedOf(plan(fileText, values, extra));
}

const file = [
  '-- @name Agents',
  '-- @range 15m',
  '-- @limit 50',
  '-- @param $oid = 7',
  'CATEGORY app_counter',
  'TAGLOAD',
  'FILTER {key: okind, value: $okind}',
  'INJECT default',
  'INJECT sortBy',
  '-- @inject sortBy = ORDER {key:[tps]}',
].join('\n');

void test('directive lines are stripped; what still needs a value is named', () => {
  const p = plan(file, none);
  assert.ok(!(p.query?.text ?? '').includes('@'), p.query?.text);
  assert.deepEqual(
    p.needs.map((n) => n.name),
    ['$okind'],
  );
  assert.deepEqual(p.missingInjects, ['default']);
  assert.deepEqual(plan(file, { params: { $okind: '3' }, injects: {} }).needs, []);
});

void test('the text request carries directives, prompted values, range and limit', () => {
  const result = prepareRun(file, { params: { $okind: '3' }, injects: { default: '' } });
  assert.ok(result.ok);
  const run = result.run;
  assert.equal(run.endpoint, MxqlEndpoints.mxqlText);
  assert.deepEqual(run.params, { $oid: '7', $okind: '3' });
  assert.deepEqual(run.injects, { sortBy: 'ORDER {key:[tps]}', default: '' });
  assert.equal(run.limit, 50);
  assert.deepEqual([run.range.stime, run.range.etime], [NOW - 900_000, NOW]);
  assert.deepEqual(run.body, {
    stime: NOW - 900_000,
    etime: NOW,
    mql: run.mql,
    limit: 50,
    param: { $oid: '7', $okind: '3' },
    inject: { sortBy: 'ORDER {key:[tps]}', default: '' },
  });
});

void test('agent filters left unbound are optional: no need, nothing sent for them', () => {
  const total = 'CATEGORY app_counter\nOIDSET {oid:$oid, okind:$okind, onode:$onode}\nTAGLOAD\n';
  const p = plan(total, none);
  assert.deepEqual(p.needs, []);
  assert.deepEqual(
    p.unboundOptional.map((n) => n.name),
    ['$oid', '$okind', '$onode'],
  );
  const result = preparedOf(p);
  assert.ok(result.ok);
  assert.deepEqual(result.run.params, {});
  // The same $oid used in a FILTER is a value the query needs.
  const filtered = 'CATEGORY app_counter\nTAGLOAD\nFILTER {key: oid, value: $oid}\n';
  assert.deepEqual(
    plan(filtered, none).needs.map((n) => n.name),
    ['$oid'],
  );
});

void test('@path sends to /mxql/path with the path as mql and no params', () => {
  const text = '-- @path /app/act_tx/act_tx_oid\n-- @param $x = 1\n';
  assert.deepEqual(plan(text, none).needs, []);
  const result = prepareRun(text, none);
  assert.ok(result.ok);
  assert.equal(result.run.endpoint, MxqlEndpoints.mxqlPath);
  assert.equal(result.run.mql, '/app/act_tx/act_tx_oid');
  assert.deepEqual(result.run.params, {});
});

void test('$etime/$stime are never asked for: the request carries the range ends, a given value wins', () => {
  const text =
    'TIME-RANGE {duration:15s, etime:$etime}\nCATEGORY app_counter\nTAGLOAD\nFILTER {key: oid, value: $oid}\nFILTER {key: time, value: $stime}\n';
  assert.deepEqual(
    plan(text, none).needs.map((n) => n.name),
    ['$oid'],
  );
  const range = { kind: 'absolute', stime: NOW - 60_000, etime: NOW } as const;
  const filled = prepareRun(text, { params: { $oid: '7' }, injects: {} }, { range });
  assert.ok(filled.ok);
  assert.deepEqual(filled.run.params, { $oid: '7', $etime: String(NOW), $stime: String(NOW - 60_000) });
  assert.deepEqual(filled.run.paramsFromRange, ['$etime', '$stime']);
  // A notebook header or a history re-run passes its values like a prompt answer; they win.
  const given = prepareRun(text, { params: { $oid: '7', $etime: '5' }, injects: {} }, { range });
  assert.ok(given.ok);
  assert.deepEqual(given.run.params, { $oid: '7', $etime: '5', $stime: String(NOW - 60_000) });
  assert.deepEqual(given.run.paramsFromRange, ['$stime']);
  const declared = `-- @param $stime = 9\n${text}`;
  const fromFile = prepareRun(declared, { params: { $oid: '7' }, injects: {} }, { range });
  assert.ok(fromFile.ok);
  assert.equal(fromFile.run.params['$stime'], '9');
  assert.deepEqual(fromFile.run.paramsFromRange, ['$etime']);
  // A path chosen in the UI goes to /mxql/path, which takes no params.
  const path = prepareRun(text, none, { range, path: '/app/act_tx/act_tx_oid' });
  assert.ok(path.ok);
  assert.deepEqual(
    [path.run.endpoint, path.run.params, path.run.paramsFromRange],
    [MxqlEndpoints.mxqlPath, {}, []],
  );
});

void test('problems are reported, not thrown: range over 31 days, bad directives, nothing to run', () => {
  const long = '-- @stime 2026-01-01 00:00\n-- @etime 2026-03-01 00:00\nCATEGORY a\n';
  const r1 = prepareRun(long, none);
  assert.equal(r1.ok, false);
  assert.match(r1.ok ? '' : englishOf(r1.problem), /31 days/);
  const bad = '-- @limit -4\nCATEGORY a\n';
  const r2 = prepareRun(bad, none);
  assert.equal(r2.ok, false);
  assert.match(r2.ok ? '' : englishOf(r2.problem), /line 1/);
  const r3 = prepareRun('-- only a comment\n', none);
  assert.equal(r3.ok, false);
  assert.match(r3.ok ? '' : englishOf(r3.problem), /no query to run/);
});

void test('a selection is sent alone but the whole file supplies the directives', () => {
  const selection = 'CATEGORY app_counter\nTAGLOAD\nFILTER {key: okind, value: $okind}';
  const result = preparedOf(plan(file, { params: { $okind: '1' }, injects: {} }, {}, selection));
  assert.ok(result.ok);
  assert.equal(result.run.mql, selection);
  assert.equal(result.run.params.$oid, '7');
});
