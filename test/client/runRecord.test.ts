import assert from 'node:assert/strict';
import { test } from 'node:test';
import { historyEntryOf, runInfoOf } from '../../client/src/run/runRecord';
import { planEditorRun, preparedOf, type EditorRunInput } from '../../client/src/run/runRequest';

/** The request the extension would send for `text` run as a whole file. */
function prepareRun(text: string, rest: Omit<EditorRunInput, 'fileText' | 'queryText'>) {
  return preparedOf(planEditorRun({ fileText: text, queryText: text, ...rest }));
}

const text = '-- @name Q\n-- @param $oid = 5\nCATEGORY app_counter\nOIDSET {oid:$oid}\n';
const prepared = prepareRun(text, {
  values: { params: {}, injects: { default: '' } },
  range: { kind: 'relative', ms: 60_000 },
  defaultLimit: 10,
  now: 1_000_000,
});
const source = { title: 'Q', fileText: text, queryText: text, uri: 'file:///q.mxql' };

void test('the run info says what was sent; the project falls back to the target default', () => {
  assert.ok(prepared.ok);
  const info = runInfoOf('r1', source, prepared.run, { baseUrl: 'http://127.0.0.1:1', pcode: 9 });
  assert.equal(info.endpoint, '/open/api/flush/mxql/text');
  assert.deepEqual([info.stime, info.etime, info.limit, info.pcode], [940_000, 1_000_000, 10, 9]);
  assert.deepEqual(info.params, { $oid: '5' });
  assert.equal(runInfoOf('r2', source).endpoint, '(not sent)');
});

void test('a history entry holds what is needed to re-run and nothing else', () => {
  assert.ok(prepared.ok);
  const info = runInfoOf('r1', source, prepared.run, { baseUrl: 'http://127.0.0.1:1', pcode: 9 });
  const entry = historyEntryOf(info, source, prepared.run, 'Demo', { status: 'done', rows: 3, ms: 4 });
  assert.deepEqual(Object.keys(entry).sort(), [
    'endpoint',
    'etime',
    'id',
    'injects',
    'ms',
    'params',
    'pcode',
    'profile',
    'query',
    'range',
    'rows',
    'status',
    'stime',
    'time',
    'title',
    'uri',
  ]);
  assert.deepEqual(entry.range, { kind: 'relative', ms: 60_000 });
  assert.ok(!entry.query.includes('@param'));
});

void test('$etime filled from the range is shown as such, and the history keeps only what the user gave', () => {
  const dashboard =
    '-- @param $oid = 5\nTIME-RANGE {duration:15s, etime:$etime}\nCATEGORY app_counter\nOID [$oid]\nTAGLOAD\n';
  const run = prepareRun(dashboard, {
    values: { params: {}, injects: {} },
    range: { kind: 'relative', ms: 60_000 },
    defaultLimit: 10,
    now: 1_000_000,
  });
  assert.ok(run.ok);
  const info = runInfoOf('r3', source, run.run, { baseUrl: 'http://127.0.0.1:1', pcode: 9 });
  assert.deepEqual(info.params, { $oid: '5', $etime: '1000000' });
  assert.deepEqual(info.paramsFromRange, ['$etime']);
  assert.equal(
    runInfoOf('r4', source, prepared.ok ? prepared.run : undefined, { baseUrl: 'x', pcode: 1 })
      .paramsFromRange,
    undefined,
  );
  // A re-run of the entry fills $etime from its own range instead of sending this run's end again.
  const entry = historyEntryOf(info, source, run.run, 'Demo', { status: 'done', rows: 3, ms: 4 });
  assert.deepEqual(entry.params, { $oid: '5' });
});
