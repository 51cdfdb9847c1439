// Ways into a notebook (one cell per query, history entries) and what a cell inherits from the header.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  cellRunOptions,
  cellTitle,
  headerRange,
  inheritedParams,
  parseParamList,
} from '../../client/src/notebook/cellRun';
import { historyCellText, notebookOfQueries } from '../../client/src/notebook/notebookCells';
import { englishOf, templateText } from '../../common/templateText';

const file = [
  '-- @name Two looks',
  '-- @range 1h',
  '-- @param $oid = 1',
  '',
  '-- Throughput first.',
  'CATEGORY app_counter',
  'TAGLOAD',
  'SELECT [time, tps]',
  '',
  '-- Then the hosts.',
  'CATEGORY app_host',
  'TAGLOAD',
  '',
].join('\n');

void test('Open as Notebook: one cell per query, with its comment, the file directives and a title', () => {
  const notebook = notebookOfQueries(file);
  assert.deepEqual(
    notebook.cells.map((c) => [c.kind, c.source]),
    [
      ['markdown', '# Two looks'],
      [
        'mxql',
        '-- @range 1h\n-- @param $oid = 1\n-- Throughput first.\nCATEGORY app_counter\nTAGLOAD\nSELECT [time, tps]',
      ],
      ['mxql', '-- @range 1h\n-- @param $oid = 1\n-- Then the hosts.\nCATEGORY app_host\nTAGLOAD'],
    ],
  );
});

void test('Open as Notebook: blocks without a new source stay with their query; SUB files stay whole', () => {
  const continued = 'CATEGORY app_counter\nTAGLOAD\n\nSELECT [time, tps]\n';
  assert.equal(notebookOfQueries(continued).cells.length, 1);
  const withSub = 'SUB s\nCATEGORY app_host\nTAGLOAD\nEND\n\nCATEGORY app_counter\nTAGLOAD\n';
  assert.equal(notebookOfQueries(withSub).cells.length, 1);
  assert.equal(notebookOfQueries('-- only a comment\n').cells.length, 1);
});

void test('a history entry becomes a cell that runs the same request', () => {
  const text = historyCellText({
    id: 'r1',
    time: 0,
    title: 'TPS',
    profile: 'Demo',
    pcode: 10001,
    endpoint: '/open/api/flush/mxql/text',
    stime: 0,
    etime: 1,
    range: { kind: 'relative', ms: 3_600_000 },
    params: { $oid: '7' },
    injects: { default: 'LIMIT 5' },
    status: 'done',
    rows: 1,
    ms: 1,
    query: 'CATEGORY app_counter\nTAGLOAD\nINJECT',
  });
  assert.equal(
    text,
    '-- @name TPS\n-- @pcode 10001\n-- @param $oid = 7\n-- @inject default = LIMIT 5\nCATEGORY app_counter\nTAGLOAD\nINJECT',
  );
});

void test('the header range takes what @range takes, and says what is wrong otherwise', () => {
  assert.deepEqual(headerRange('30m'), { choice: { kind: 'relative', ms: 30 * 60_000 } });
  assert.deepEqual(headerRange(undefined), {});
  assert.match(
    englishOf(headerRange('soon').problem ?? templateText('')),
    /header's range "soon" is not valid/,
  );
});

void test('a cell keeps its own @param; header params fill the rest', () => {
  const header = { params: { $oid: '1', limit: '5' } };
  assert.deepEqual(inheritedParams(header, '-- @param $oid = 9\nCATEGORY x'), { $limit: '5' });
  const planned = cellRunOptions(
    { ...header, profile: 'Demo', pcode: 3, range: '2h' },
    'CATEGORY x',
    new AbortController().signal,
  );
  assert.ok(planned.ok);
  assert.deepEqual(planned.options.selection, { profile: 'Demo', pcode: 3 });
  assert.deepEqual(planned.options.range, { kind: 'relative', ms: 2 * 3_600_000 });
  assert.equal(planned.options.quiet, true);
});

void test('the header editor reads name=value lists', () => {
  assert.deepEqual(parseParamList('$oid=1, limit = 5'), { params: { $oid: '1', $limit: '5' } });
  assert.match(englishOf(parseParamList('oid').problem ?? templateText('')), /not name=value/);
});

void test("a cell's title is its @name, else a text as data naming the notebook and the cell", () => {
  assert.equal(cellTitle('-- @name Errors by URL\nAPP_COUNTER', 'ops.mxqlnb', 0), 'Errors by URL');
  const untitled = cellTitle('APP_COUNTER', 'ops.mxqlnb', 2);
  assert.deepEqual(untitled, templateText('{0} › Cell {1}', 'ops.mxqlnb', 3));
  assert.equal(englishOf(untitled), 'ops.mxqlnb › Cell 3');
});
