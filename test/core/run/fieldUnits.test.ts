// The catalog unit of each field a query reads: what the charts write on their y axis.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bundledCategoryCatalog } from '../../../server/core/catalog/bundledCatalog';
import { categoriesRead, fieldUnits } from '../../../server/core/run/fieldUnits';

const catalogs = { categories: bundledCategoryCatalog };

void test('the fields of the category a query reads carry their catalog units', () => {
  const units = fieldUnits('CATEGORY app_counter\nTAGLOAD\nSELECT [time, oname, tps, resp_time]\n', catalogs);
  assert.equal(units.resp_time, 'ms');
  assert.equal(units.oname, undefined, 'a name has no unit');
  const column = bundledCategoryCatalog.categoryColumns('app_counter').find((c) => c.name === 'resp_time');
  assert.equal(units.resp_time, column?.unit, 'the catalog is the one source');
});

void test('a roll-up suffix reads its base category, each once', () => {
  assert.deepEqual(categoriesRead('CATEGORY app_counter{m5}\nTAGLOAD\n', catalogs), ['app_counter']);
  assert.equal(fieldUnits('CATEGORY app_counter{m5}\nTAGLOAD\n', catalogs).resp_time, 'ms');
});

void test('a query that reads no category, or an unknown one, gives no units', () => {
  assert.deepEqual(fieldUnits('-- nothing here\n', catalogs), {});
  assert.deepEqual(fieldUnits('CATEGORY no_such_category\nTAGLOAD\n', catalogs), {});
});
