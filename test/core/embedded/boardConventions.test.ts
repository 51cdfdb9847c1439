// The dashboards' conventions a run follows (server/core/embedded/boardConventions.ts) and the write-back edit of
// Edit MXQL (jsonEdit.ts): the smallest change of the string, checked against JSON.parse.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  boardInjects,
  findJsonQueries,
  headerChart,
  isInjectFragment,
  jsonQueryAt,
  jsonQueryByPointer,
  jsonStringEdit,
  siblingFragments,
  type JsonQuery,
} from '../../../server/core/index';

void test("the board's INJECTs are sent empty unless the caller or the file gives a fragment", () => {
  const text = 'INJECT timepast\nCATEGORY app_counter\nTAGLOAD\nINJECT default\nINJECT other\n';
  assert.deepEqual(boardInjects(text), { timepast: '', default: '' });
  assert.deepEqual(boardInjects(text, { default: 'LIMIT 3' }), { timepast: '', default: 'LIMIT 3' });
  const directive = '-- @inject default = LIMIT 1\nINJECT timepast\nINJECT default\nCATEGORY a\n';
  assert.deepEqual(boardInjects(directive), { timepast: '' });
  assert.deepEqual(boardInjects('CATEGORY app_counter\nTAGLOAD\n'), {});
});

void test('HEADER display types choose a time series of the numeric fields; text fields and no HEADER choose nothing', () => {
  assert.deepEqual(headerChart('HEADER { "err_rate$":"pct#" }\nCATEGORY a\n'), {
    kind: 'series',
    ys: ['err_rate'],
  });
  assert.deepEqual(
    headerChart("HEADER {resp_time$:ms, n$:'#', name$:S, tx_hash$:id, cpu$:'%', category: app_counter}\n"),
    { kind: 'series', ys: ['resp_time', 'n', 'cpu'] },
  );
  assert.deepEqual(headerChart('HEADER {tps$:F}\nHEADER {heap$: B, tps$: I}\n'), {
    kind: 'series',
    ys: ['tps', 'heap'],
  });
  assert.equal(headerChart('HEADER {name$:S}\n'), undefined);
  assert.equal(headerChart('CATEGORY app_counter\nTAGLOAD\n'), undefined);
});

const BOARD = `{
  "widgets": [
    { "query": "CATEGORY a\\nINJECT default", "inject": { "default": "LIMIT 2", "a/b": "LIMIT 3" } },
    { "metrics": [ { "mql": "CATEGORY b" } ] }
  ]
}`;

void test('a query is found by offset and by pointer; inject strings are fragments beside their query', () => {
  const scan = findJsonQueries(BOARD);
  const query = jsonQueryByPointer(scan, '/widgets/0/query') as JsonQuery;
  assert.ok(query);
  assert.equal(jsonQueryAt(scan, query.token.start)?.pointer, '/widgets/0/query');
  assert.equal(jsonQueryAt(scan, query.token.end)?.pointer, '/widgets/0/query');
  assert.equal(jsonQueryAt(scan, query.token.start - 1), undefined);
  assert.deepEqual(siblingFragments(scan, query), { default: 'LIMIT 2', 'a/b': 'LIMIT 3' });
  const other = jsonQueryByPointer(scan, '/widgets/1/metrics/0/mql') as JsonQuery;
  assert.deepEqual(siblingFragments(scan, other), {});
  assert.equal(isInjectFragment('/widgets/0/inject/default'), true);
  assert.equal(isInjectFragment('/widgets/0/query'), false);
  assert.equal(jsonQueryByPointer(scan, '/widgets/9/query'), undefined);
});

/** Applies the edit and checks the string now decodes to `text` and nothing outside it moved. */
function roundTrip(json: string, pointer: string, text: string): string {
  const query = jsonQueryByPointer(findJsonQueries(json), pointer) as JsonQuery;
  const edit = jsonStringEdit(query, text);
  if (!edit) {
    assert.equal(query.text, text);
    return json;
  }
  assert.ok(edit.range.start > query.token.start && edit.range.end < query.token.end);
  const out = json.slice(0, edit.range.start) + edit.text + json.slice(edit.range.end);
  const after = jsonQueryByPointer(findJsonQueries(out), pointer) as JsonQuery;
  assert.equal(after.text, text);
  assert.equal(out.slice(0, query.token.start), json.slice(0, query.token.start));
  assert.equal(out.slice(after.token.end), json.slice(query.token.end));
  assert.equal((JSON.parse(out) as { query: string }).query, text);
  return out;
}

void test('the write-back edit changes only what changed, keeping the escapes the file wrote elsewhere', () => {
  const json =
    '{"a": 1, "query": "CATEGORY \\u0061pp\\/x\\nSELECT [\\"tps\\"]\\n-- 한국어 😀\\ud83d\\ude00"}\n';
  const out = roundTrip(json, '/query', 'CATEGORY app/x\nSELECT ["tps", oname]\n-- 한국어 😀😀');
  assert.equal(
    out,
    '{"a": 1, "query": "CATEGORY \\u0061pp\\/x\\nSELECT [\\"tps\\", oname]\\n-- 한국어 😀\\ud83d\\ude00"}\n',
  );
  assert.equal(roundTrip(json, '/query', (JSON.parse(json) as { query: string }).query), json);
});

void test('edits at the start, the end, across escapes and emoji halves decode back exactly', () => {
  const json = '{"query": "😀a\\tb\\"c😀"}';
  for (const text of [
    '',
    'x',
    '😀a\tb"c😀!',
    '!😀a\tb"c😀',
    '😁a\tb"c😀',
    '😀a\tb"c😁',
    '😀a\nb"c😀',
    'a\\b\u0001',
  ]) {
    roundTrip(json, '/query', text);
  }
});
