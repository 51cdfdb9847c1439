// A file of several queries (the Run CodeLens runs each on its own): every query's columns are
// checked, completed and described against its own CATEGORY, never against a later query's, and a
// title per query (`-- @name`) is not a duplicate.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bundledCategoryCatalog, bundledPathCatalog } from '../../../server/core/catalog/bundledCatalog';
import {
  analyzeDocument,
  complete,
  diagnosticsOf,
  hover,
  updateAnalysis,
  validate,
} from '../../../server/core/index';

const catalogs = { categories: bundledCategoryCatalog, paths: bundledPathCatalog };
const options = { catalog: bundledCategoryCatalog };

const TWO_QUERIES = [
  '-- @name Throughput',
  'CATEGORY app_counter',
  'TAGLOAD',
  'SELECT [time, oid, tps]',
  '',
  '-- @name CPU',
  'CATEGORY server_base',
  'TAGLOAD',
  'SELECT [time, oid, cpu]',
  '',
].join('\n');

const codes = (text: string): string[] => validate(text, options).map((d) => `${d.code} ${d.message}`);

void test('each query of a file is checked against its own category, in a fresh and an incremental analysis', () => {
  assert.deepEqual(codes(TWO_QUERIES), []);
  const analysis = analyzeDocument(TWO_QUERIES, catalogs);
  assert.deepEqual(diagnosticsOf(analysis, options), []);
  // Swapping the categories by an edit makes both SELECTs wrong, each named with its own category.
  const swapped = TWO_QUERIES.replace('CATEGORY app_counter', 'CATEGORY server_base');
  const at = TWO_QUERIES.indexOf('app_counter');
  const edited = updateAnalysis(analysis, [
    { start: at, end: at + 'app_counter'.length, text: 'server_base' },
  ]);
  const fresh = validate(swapped, options).filter((d) => d.code.startsWith('column/'));
  assert.deepEqual(diagnosticsOf(edited, options), validate(swapped, options));
  assert.equal(fresh.length, 1, JSON.stringify(fresh));
  assert.match(fresh[0]?.message ?? '', /'tps'.*'server_base'/);
});

void test('a column of the wrong category is reported in the query that reads it, naming that category', () => {
  const text = TWO_QUERIES.replace('SELECT [time, oid, tps]', 'SELECT [time, oid, cpu]');
  const found = validate(text, options).filter((d) => d.code.startsWith('column/'));
  assert.equal(found.length, 1, JSON.stringify(found));
  assert.equal(text.slice(found[0]?.range.start, found[0]?.range.end), 'cpu');
  assert.ok((found[0]?.range.start ?? 0) < text.indexOf('-- @name CPU'), 'reported in the first query');
  assert.match(found[0]?.message ?? '', /'app_counter'/);
});

void test('completion and hover in each query speak of its own category', () => {
  const analysis = analyzeDocument(TWO_QUERIES, catalogs);
  const labelsAt = (offset: number) => new Set(complete(analysis, offset).items.map((i) => i.label));
  const inFirst = labelsAt(TWO_QUERIES.indexOf('tps'));
  const inSecond = labelsAt(TWO_QUERIES.indexOf('cpu'));
  assert.ok(inFirst.has('tps') && !inFirst.has('cpu'), 'first query offers app_counter columns');
  assert.ok(inSecond.has('cpu') && !inSecond.has('tps'), 'second query offers server_base columns');
  const tps = hover(analysis, TWO_QUERIES.indexOf('tps') + 1)?.markdown ?? '';
  const cpu = hover(analysis, TWO_QUERIES.indexOf('cpu') + 1)?.markdown ?? '';
  assert.match(tps, /\*\*tps\*\*/);
  assert.match(cpu, /\*\*cpu\*\*/);
  assert.notEqual(tps.split('\n').slice(1).join('\n'), '', 'tps is described');
  assert.notEqual(cpu.split('\n').slice(1).join('\n'), '', 'cpu is described');
});

void test('single-valued directives still warn when repeated; a title per query does not', () => {
  assert.ok(!codes(TWO_QUERIES).some((c) => c.startsWith('directive/duplicate')));
  const twice = `-- @range 1h\n-- @range 2h\n${TWO_QUERIES}`;
  assert.ok(codes(twice).some((c) => c.startsWith('directive/duplicate')));
});
