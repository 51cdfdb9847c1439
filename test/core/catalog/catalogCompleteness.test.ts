// The bundled catalog is as complete as public knowledge: every column a corpus query reads of a
// category is in that category's list, every referenced category is known, and a list that public
// queries show to be incomplete is marked so (its unknown columns are then information, not warnings).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bundledCategoryCatalog } from '../../../server/core/catalog/bundledCatalog';
import { findIdentityColumn } from '../../../server/core/catalog/systemColumns';
import { countColumnUsage, inferColumnFacts } from '../../../server/core/analysis/columnUsage';
import { corpusDir, corpusTest } from '../../support/corpus';
import { readCorpus } from '../../support/languageQuality';

corpusTest('every column a public query reads is in its category, with usage counts', () => {
  const usage = countColumnUsage(
    readCorpus(corpusDir).map((f) => f.text),
    bundledCategoryCatalog,
  );
  const missing: string[] = [];
  let pairs = 0;
  for (const [category, counts] of Object.entries(usage)) {
    const info = bundledCategoryCatalog.getCategory(category);
    if (!info) continue;
    const names = new Set(bundledCategoryCatalog.categoryColumns(category).map((c) => c.name));
    for (const column of Object.keys(counts)) {
      pairs++;
      if (!names.has(column) && !findIdentityColumn(column)) missing.push(`${category}.${column}`);
    }
  }
  assert.ok(pairs > 500, `${pairs} pairs`);
  assert.deepEqual(missing, []);
  const appCounter = bundledCategoryCatalog.getCategory('app_counter');
  assert.ok(
    (appCounter?.fields.find((f) => f.name === 'tps')?.uses ?? 0) > 5,
    'tps of app_counter is counted',
  );
});

void test('a catalogued list that public queries show incomplete is not complete', () => {
  const kubePod = bundledCategoryCatalog.getCategory('kube_pod');
  assert.equal(kubePod?.columnsKnown, true);
  assert.equal(kubePod?.columnsComplete, false);
  assert.equal(bundledCategoryCatalog.getCategory('app_counter')?.columnsComplete, true);
  assert.equal(bundledCategoryCatalog.getCategory('agent_list')?.columnsComplete, false);
});

void test('type and unit are inferred from a column name where it says them', () => {
  assert.deepEqual(inferColumnFacts('usedPercent'), { type: 'N', unit: 'pct' });
  assert.deepEqual(inferColumnFacts('VolumeWriteBytes'), { type: 'N', unit: 'byte' });
  assert.deepEqual(inferColumnFacts('restart_count'), { type: 'N', unit: 'count' });
  assert.deepEqual(inferColumnFacts('containerId'), { type: 'S' });
  assert.deepEqual(inferColumnFacts('time'), {});
});
