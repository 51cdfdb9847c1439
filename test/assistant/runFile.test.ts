// `mxql_run` with a workspace file: a dashboard's widget query runs with the values its author set
// (the same fill as the editor and `mxql run FILE.json`), each named with its origin; a board with
// several queries asks for a pointer; a path that leaves the workspace is refused before any read.
// Files are real files in a temporary workspace read by the CLI's reader; the demo is a real socket.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { invokeTool, type ToolContext, type ToolResult } from '../../assistant/toolset';
import { workspaceSegments } from '../../assistant/workspaceFiles';
import { workspaceFileReader } from '../../cli/workspaceFiles';
import { startHarness, type DemoHarness } from './harness';

const BROKER_QUERY = [
  '-- broker tps, merged as the widget says',
  'CATEGORY app_counter',
  'TAGLOAD',
  'SELECT [time, oname, tps]',
  'GROUP { timeunit: 5m, pk: oname, merge: [tps] }',
  "UPDATE { key: ['tps'], value: $TIME_MERGE_PLACE }",
  'GROUP { timeunit: 5m, merge: [tps] }',
  "UPDATE { key: ['tps'], value: $OBJECT_MERGE_PLACE }",
].join('\n');

/** A Kafka-like widget: its fields say the time merge, its `param` the object merge. */
const BROKER_BOARD = {
  name: 'Broker',
  widgets: [
    {
      id: 'tps',
      metrics: [
        {
          name: 'Name',
          fields: [{ key: 'tps', title: 'TPS', timeMerge: 'max', objectMerge: 'max' }],
        },
        { name: 'Project', mql: BROKER_QUERY, param: { $OBJECT_MERGE_PLACE: 'sum' } },
      ],
    },
  ],
};

const TWO_QUERY_BOARD = {
  widgets: [
    { id: 1, query: 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, oname, tps]' },
    {
      id: 2,
      query: 'CATEGORY app_counter\nTAGLOAD\nINJECT default\nSELECT [time, oid, oname, tps]',
      inject: { default: 'LIMIT 7' },
    },
  ],
};

let h: DemoHarness;
let root: string;
let outside: string;
let context: ToolContext;

before(async () => {
  h = await startHarness();
  root = mkdtempSync(join(tmpdir(), 'mxql-tool-files-'));
  outside = mkdtempSync(join(tmpdir(), 'mxql-outside-'));
  mkdirSync(join(root, 'boards'));
  mkdirSync(join(root, 'queries'));
  writeFileSync(join(root, 'boards', 'broker.json'), JSON.stringify(BROKER_BOARD, null, 2));
  writeFileSync(join(root, 'boards', 'two.json'), JSON.stringify(TWO_QUERY_BOARD, null, 2));
  writeFileSync(join(root, 'boards', 'empty.json'), '{"widgets": []}');
  writeFileSync(
    join(root, 'queries', 'tps.mxql'),
    'CATEGORY app_counter\nTAGLOAD\nSELECT [time, oname, tps]\n',
  );
  writeFileSync(join(outside, 'secret.mxql'), 'CATEGORY app_counter\nTAGLOAD\n');
  symlinkSync(join(outside, 'secret.mxql'), join(root, 'queries', 'link.mxql'));
  context = { ...h.context(), readWorkspaceFile: workspaceFileReader(root) };
});
after(async () => {
  await h.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

function call(input: unknown, ctx: ToolContext = context): Promise<ToolResult> {
  return invokeTool('mxql_run', input, ctx, new AbortController().signal);
}

function errorCode(result: ToolResult): string {
  assert.equal(result.isError, true, result.text);
  return (result.structured as { error: { code: string } }).error.code;
}

void test("a board's widget query runs with its author's merges, each named with where it came from", async () => {
  const r = await call({ file: 'boards/broker.json', maxRows: 500 });
  assert.ok(!r.isError, r.text);
  const out = r.structured as {
    rowCount: number;
    rows: Record<string, unknown>[];
    source: {
      file: string;
      pointer: string;
      params: Record<string, string>;
      paramOrigins: Record<string, string>;
    };
  };
  assert.ok(out.rowCount > 0, 'the demo returns rows for the widget');
  assert.equal(out.source.file, 'boards/broker.json');
  assert.equal(out.source.pointer, '/widgets/0/metrics/1/mql');
  assert.deepEqual(out.source.params, { $TIME_MERGE_PLACE: 'max', $OBJECT_MERGE_PLACE: 'sum' });
  assert.match(out.source.paramOrigins.$OBJECT_MERGE_PLACE ?? '', /from \/widgets\/0\/metrics\/1\/param/);
  assert.match(
    out.source.paramOrigins.$TIME_MERGE_PLACE ?? '',
    /field tps at \/widgets\/0\/metrics\/0\/fields\/0/,
  );
  assert.match(r.text, /boards\/broker\.json \/widgets\/0\/metrics\/1\/mql with its author’s values/);

  // The same rows as the text run with those values given by hand: the file adds values, not behaviour.
  const byHand = await call({
    mql: BROKER_QUERY,
    params: { $TIME_MERGE_PLACE: 'max', $OBJECT_MERGE_PLACE: 'sum' },
    maxRows: 500,
  });
  assert.ok(!byHand.isError, byHand.text);
  assert.deepEqual((byHand.structured as { rows: unknown[] }).rows, out.rows);
});

void test("the model's own value wins over the author's, and is not reported as the file's", async () => {
  const r = await call({ file: 'boards/broker.json', params: { TIME_MERGE_PLACE: 'min' } });
  assert.ok(!r.isError, r.text);
  const source = (r.structured as { source: { params: Record<string, string> } }).source;
  assert.deepEqual(source.params, { $OBJECT_MERGE_PLACE: 'sum' });
  const min = await call({
    mql: BROKER_QUERY,
    params: { $TIME_MERGE_PLACE: 'min', $OBJECT_MERGE_PLACE: 'sum' },
  });
  assert.deepEqual((r.structured as { rows: unknown[] }).rows, (min.structured as { rows: unknown[] }).rows);
});

void test('a board with several queries asks for a pointer and lists them; the pointer picks one with its fragments', async () => {
  const ask = await call({ file: 'boards/two.json' });
  assert.equal(errorCode(ask), 'run/pointer');
  assert.match(ask.text, /2 queries/);
  assert.match(ask.text, /\/widgets\/0\/query, \/widgets\/1\/query/);

  const wrong = await call({ file: 'boards/two.json', pointer: '/widgets/9/query' });
  assert.equal(errorCode(wrong), 'run/pointer');
  assert.match(wrong.text, /\/widgets\/9\/query/);

  // The inject object beside the query gives its INJECT default: LIMIT 7.
  const picked = await call({ file: 'boards/two.json', pointer: '/widgets/1/query' });
  assert.ok(!picked.isError, picked.text);
  assert.equal((picked.structured as { rowCount: number }).rowCount, 7);
});

void test('a .mxql file runs as its text; a pointer into it, or a JSON file without queries, is refused', async () => {
  const text = await call({ file: 'queries/tps.mxql', maxRows: 3 });
  assert.ok(!text.isError, text.text);
  assert.equal((text.structured as { source: { file: string } }).source.file, 'queries/tps.mxql');
  assert.equal(errorCode(await call({ file: 'queries/tps.mxql', pointer: '/x' })), 'run/input');
  assert.equal(errorCode(await call({ file: 'boards/empty.json' })), 'run/file');
  assert.equal(
    errorCode(await call({ pointer: '/widgets/0/query', mql: 'CATEGORY app_counter' })),
    'run/input',
  );
  assert.equal(errorCode(await call({ file: 'queries/tps.mxql', mql: 'CATEGORY app_counter' })), 'run/input');
});

void test('a path that leaves the workspace is refused before anything is read, links included', async () => {
  for (const path of ['../secret.mxql', '/etc/hostname', 'C:\\x.mxql', 'queries/../../x.mxql', '~/x.mxql']) {
    const r = await call({ file: path });
    assert.equal(errorCode(r), 'run/file', path);
    assert.match(r.text, /relative to the workspace|inside the workspace/, path);
  }
  const link = await call({ file: 'queries/link.mxql' });
  assert.equal(errorCode(link), 'run/file');
  assert.match(link.text, /outside the workspace/);
  const missing = await call({ file: 'queries/none.mxql' });
  assert.equal(errorCode(missing), 'run/file');
  assert.match(missing.text, /no such file/);
  // A host without a workspace says so instead of guessing.
  const { readWorkspaceFile: _none, ...bare } = context;
  assert.equal(errorCode(await call({ file: 'queries/tps.mxql' }, bare)), 'run/file');
});

void test('the path rule: relative segments only', () => {
  assert.deepEqual(workspaceSegments('boards\\kafka.json'), { ok: true, segments: ['boards', 'kafka.json'] });
  assert.deepEqual(workspaceSegments('./a//b.mxql'), { ok: true, segments: ['a', 'b.mxql'] });
  for (const bad of ['', '  ', '/a', '\\\\server\\x', 'a/../../b', 'file:///etc/x', 'a\0b'])
    assert.equal(workspaceSegments(bad).ok, false, JSON.stringify(bad));
});

void test('mxql_compare reads the same file the same way', async () => {
  const r = await invokeTool(
    'mxql_compare',
    { file: 'boards/broker.json', baseline: 'prev' },
    context,
    new AbortController().signal,
  );
  assert.ok(!r.isError, r.text);
  assert.ok((r.structured as { window: { rowCount: number } }).window.rowCount > 0);
});
