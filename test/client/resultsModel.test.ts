import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FIRST_CHUNK_ROWS, type RunInfo } from '../../common/resultsMessages';
import { KEPT_RESULTS, ResultsModel } from '../../client/src/views/resultsModel';
import { tabulate } from '../../common/rowFacts';

const run = (runId: string): RunInfo => ({
  runId,
  title: 'q',
  endpoint: '/open/api/flush/mxql/text',
  startedAt: 1,
  params: { $oid: '1' },
});

void test('rows become columns in first-seen order; odd values become text, missing ones null', () => {
  const { columns, rows } = tabulate([{ a: 1, b: 'x' }, { b: 'y', c: { nested: true } }, 'junk']);
  assert.deepEqual(
    columns.map((c) => c.name),
    ['a', 'b', 'c'],
  );
  assert.deepEqual(rows, [
    [1, 'x', null],
    [null, 'y', '{"nested":true}'],
    [null, null, null],
  ]);
});

void test('a finished run replays as init, chunks and done', () => {
  const model = new ResultsModel();
  model.start(run('r1'));
  assert.deepEqual(
    model.messagesFor('r1').map((m) => m.type),
    ['running'],
  );
  const objects = Array.from({ length: FIRST_CHUNK_ROWS + 1 }, (_, i) => ({ n: i }));
  model.complete('r1', objects, 12, 345);
  const messages = model.messagesFor('r1');
  assert.deepEqual(
    messages.map((m) => m.type),
    ['init', 'columnsChunk', 'done'],
  );
  const done = messages[2];
  assert.ok(done?.type === 'done');
  assert.deepEqual([done.totalRows, done.elapsedMs, done.bytes], [FIRST_CHUNK_ROWS + 1, 12, 345]);
  const snap = model.snapshot('r1');
  assert.deepEqual([snap?.status, snap?.rowCount, snap?.columns], ['done', FIRST_CHUNK_ROWS + 1, ['n']]);
});

void test('errors and cancels replay as such; unknown runs replay nothing', () => {
  const model = new ResultsModel();
  model.start(run('e'));
  model.fail('e', { message: 'boom', code: 'http/401' });
  assert.deepEqual(
    model.messagesFor('e').map((m) => m.type),
    ['init', 'error'],
  );
  model.start(run('c'));
  model.cancel('c');
  assert.deepEqual(
    model.messagesFor('c').map((m) => m.type),
    ['init', 'cancelled'],
  );
  assert.deepEqual(model.messagesFor('nope'), []);
  assert.equal(model.exportText('nope', 'csv'), undefined);
});

void test('exports and JSON of selected rows', () => {
  const model = new ResultsModel();
  model.start(run('x'));
  model.complete('x', [{ a: 1 }, { a: '=cmd' }], 1, 1);
  assert.equal(model.exportText('x', 'csv'), "a\r\n1\r\n'=cmd\r\n");
  assert.deepEqual(JSON.parse(model.jsonOf('x', [1]) ?? ''), [{ a: '=cmd' }]);
  assert.deepEqual(JSON.parse(model.jsonOf('x') ?? ''), [{ a: 1 }, { a: '=cmd' }]);
});

void test('only the newest results are kept', () => {
  const model = new ResultsModel();
  for (let i = 0; i <= KEPT_RESULTS; i++) model.start(run(`r${i}`));
  assert.equal(model.get('r0'), undefined);
  assert.ok(model.get(`r${KEPT_RESULTS}`));
});

void test('column names that are Object members do not leak inherited values', () => {
  const rows = JSON.parse('[{"constructor": 1, "__proto__": 2}, {"toString": "x"}]') as unknown[];
  const table = tabulate(rows);
  assert.deepEqual(
    table.columns.map((c) => c.name),
    ['constructor', '__proto__', 'toString'],
  );
  assert.deepEqual(table.rows, [
    [1, 2, null],
    [null, null, 'x'],
  ]);
});

void test("the server's notice (why a result is empty) replays after done as the panel's status line", () => {
  const model = new ResultsModel();
  model.start(run('r9'));
  model.complete('r9', [], 3, 2, 'no rows: the demo has no data for category x');
  const messages = model.messagesFor('r9');
  assert.deepEqual(
    messages.map((m) => m.type),
    ['init', 'done', 'notice'],
  );
  assert.deepEqual(messages.at(-1), {
    type: 'notice',
    v: messages[0]?.v,
    level: 'info',
    text: 'no rows: the demo has no data for category x',
  });
  model.start(run('r10'));
  model.complete('r10', [{ a: 1 }], 3, 2);
  assert.ok(model.messagesFor('r10').every((m) => m.type !== 'notice'));
});

void test('a kept result is its typed-column chunks, and gives back every row exactly', () => {
  const model = new ResultsModel();
  model.start(run('t'));
  const objects = Array.from({ length: 30_000 }, (_, i) => ({
    time: 1_700_000_000_000 + i * 5000,
    oname: `agent-${i % 7}`,
    tps: i % 11 === 0 ? null : Math.round(i * 1.37) / 100,
    ratio: i / 3,
    up: i % 2 === 0,
    tags: i % 500 === 0 ? { zone: 'a' } : 'plain',
  }));
  model.complete('t', objects, 1, 1);
  const result = model.get('t');
  assert.ok(result);
  assert.equal(result.rowCount, objects.length);
  // What the panel is sent is what the model keeps: no second encoding, no array per row.
  assert.deepEqual(
    model.messagesFor('t').filter((m) => m.type === 'columnsChunk'),
    result.chunks,
  );
  assert.ok(!('rows' in result));
  assert.deepEqual(model.rows('t'), tabulate(objects).rows);
  assert.deepEqual(model.snapshot('t', 2)?.firstRows, tabulate(objects.slice(0, 2)).rows);
  assert.equal(model.rows('unknown'), undefined);
});
