// What one query reads: each category with the columns it reads from it, never the columns it makes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCategoryCatalog } from '../../../server/core/catalog/categoryCatalog';
import { countColumnUsage, queryReads } from '../../../server/core/analysis/columnUsage';

const catalog = createCategoryCatalog(() => ({
  v: 1,
  categories: {
    web_counter: {
      t: ['oid'],
      f: [
        ['resp_time', 'N', 'ms'],
        ['tps', 'N'],
      ],
    },
  },
  knownWithoutColumns: { job_list: 'FLEXLOAD' },
}));

const read = (text: string): Record<string, string[]> =>
  Object.fromEntries([...queryReads(text, catalog)].map(([c, columns]) => [c, [...columns].sort()]));

void test('a query reads its category and the columns it names, not those it creates or renames', () => {
  const text = [
    'CATEGORY web_counter{m5}',
    'TAGLOAD',
    'SELECT [oid, resp_time, tps]',
    'CREATE {key:slow, expr:"resp_time > 1000"}',
    'RENAME {src:tps, dst:rate}',
    'FILTER {key:slow, cmp:eq, value:true}',
  ].join('\n');
  assert.deepEqual(read(text), { web_counter: ['oid', 'resp_time', 'tps'] });
});

void test('a category loaded without naming a column is read with no columns; counting skips it', () => {
  const text = 'CATEGORY job_list\nFLEXLOAD\n';
  assert.deepEqual(read(text), { job_list: [] });
  assert.deepEqual(countColumnUsage([text], catalog), {});
});
