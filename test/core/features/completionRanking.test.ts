// Column completion ranks by context and by real use: pipeline-made columns first, then the category's
// columns by usage, internal (`_x_`) columns and names already in the same list last; filterText stays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeDocument, complete, type CatalogJson } from '../../../server/core/index';
import { createCategoryCatalog } from '../../../server/core/catalog/categoryCatalog';

const json: CatalogJson = {
  v: 1,
  categories: {
    demo_cat: {
      t: ['oname', '_internal_'],
      f: ['alpha', 'busy', 'zeta'],
      n: { zeta: 9, busy: 3, oname: 5 },
    },
  },
  knownWithoutColumns: {},
};
const catalogs = { categories: createCategoryCatalog(() => json) };

function order(text: string): string[] {
  const offset = text.indexOf('|');
  const source = text.replace('|', '');
  const items = complete(analyzeDocument(source, catalogs), offset).items;
  for (const i of items) assert.equal(i.filterText ?? i.label, i.label);
  return [...items]
    .sort((a, b) => ((a.sortText ?? a.label) < (b.sortText ?? b.label) ? -1 : 1))
    .map((i) => i.label);
}

void test('most used first, internal columns after the others', () => {
  const labels = order('CATEGORY demo_cat\nTAGLOAD\nSELECT [|]\n');
  assert.deepEqual(labels.slice(0, 3), ['zeta', 'oname', 'busy']);
  assert.ok(labels.indexOf('_internal_') > labels.indexOf('alpha'));
});

void test('columns already in the same list come after the rest', () => {
  const labels = order('CATEGORY demo_cat\nTAGLOAD\nSELECT [zeta, |]\n');
  assert.equal(labels[0], 'oname');
  assert.ok(labels.indexOf('zeta') > labels.indexOf('_internal_'));
});

void test('columns the pipeline made come first, also after FILTER {key:', () => {
  const labels = order('CATEGORY demo_cat\nTAGLOAD\nCREATE {key: made, value: 1}\nFILTER {key: |}\n');
  assert.equal(labels[0], 'made');
  assert.equal(labels[1], 'zeta');
});

void test('the same ranking after GROUP {pk: and ORDER {key:', () => {
  assert.equal(order('CATEGORY demo_cat\nTAGLOAD\nGROUP {pk: |}\n')[0], 'zeta');
  assert.equal(order('CATEGORY demo_cat\nTAGLOAD\nORDER {key: |}\n')[0], 'zeta');
});

void test('a column the query mentions elsewhere ranks first within its group', () => {
  const labels = order('CATEGORY demo_cat\nTAGLOAD\nSELECT [|]\nORDER {key: alpha}\n');
  assert.equal(labels[0], 'alpha');
  assert.equal(labels[1], 'zeta');
});

void test('the same ranking after CREATE {from:, RENAME {src:, DELETE and UPDATE {key:', () => {
  for (const line of [
    'CREATE {key: x, from: |}',
    'RENAME {src: |}',
    'DELETE [|]',
    'DELETE |',
    'UPDATE {key: |}',
  ])
    assert.equal(order(`CATEGORY demo_cat\nTAGLOAD\n${line}\n`)[0], 'zeta', line);
});
