import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bundledCategoryCatalog, loadBundledCategories } from '../../../server/core/catalog/bundledCatalog';
import {
  COLUMN_TYPE_CODES,
  SYSTEM_COLUMNS,
  createCategoryCatalog,
  splitCategorySuffix,
  type CatalogJson,
  type Column,
} from '../../../server/core/catalog/index';
import { readShared, readSourceCategories, type SourceCategory } from './sharedMaterial';
import { SPEC_ROW_COLUMNS } from '../../support/specSampleRow';

const tinyCatalog: CatalogJson = {
  v: 1,
  categories: {
    app_counter: {
      i: ['1h', '5m', '5s'],
      k: ['oid'],
      l: 'TAGLOAD',
      t: ['oid', 'oname'],
      f: [['tps', 'N', 'count']],
    },
    aws_ec2: { i: ['5m'], t: ['oid'], f: ['saveTime'], u: 1 },
  },
  knownWithoutColumns: { agent_list: 'FLEXLOAD', mystery: '' },
};

function countingCatalog(json: CatalogJson = tinyCatalog) {
  const calls = { count: 0 };
  const catalog = createCategoryCatalog(() => {
    calls.count++;
    return json;
  });
  return { catalog, calls };
}

void describe('createCategoryCatalog', () => {
  void it('does not call the loader until first use, then only once', () => {
    const { catalog, calls } = countingCatalog();
    assert.equal(calls.count, 0);
    assert.equal(catalog.isKnownCategory('app_counter'), true);
    assert.equal(calls.count, 1);
    catalog.getCategory('app_counter');
    catalog.categoryNames();
    catalog.suggestCategories('app_countr');
    assert.equal(calls.count, 1);
  });

  void it('decodes compact columns into typed columns', () => {
    const { catalog } = countingCatalog();
    const info = catalog.getCategory('app_counter');
    assert.deepEqual(info?.interval, ['1h', '5m', '5s']);
    assert.deepEqual(info?.pk, ['oid']);
    assert.equal(info?.loader, 'TAGLOAD');
    assert.equal(info?.columnsKnown, true);
    assert.deepEqual(info?.fields[0], {
      name: 'tps',
      kind: 'field',
      type: 'Number',
      unit: 'count',
      description: 'Throughput: transactions completed each second.',
    });
    assert.equal(info?.tags[1]?.kind, 'tag');
  });

  void it('strips roll-up suffixes and quotes', () => {
    const { catalog } = countingCatalog();
    assert.equal(catalog.getCategory('app_counter{m5}')?.name, 'app_counter');
    assert.equal(catalog.getCategory('"app_counter{h1}"')?.name, 'app_counter');
    assert.deepEqual(splitCategorySuffix('db3_stat_httpc{h1}'), { base: 'db3_stat_httpc', suffix: 'h1' });
    assert.deepEqual(splitCategorySuffix('db3_stat_httpc[h1}'), { base: 'db3_stat_httpc[h1}' });
    assert.equal(catalog.isKnownCategory('db3_stat_httpc[h1}'), false);
  });

  void it('treats names without metadata as known with unknown columns', () => {
    const { catalog } = countingCatalog();
    const agents = catalog.getCategory('agent_list');
    assert.equal(agents?.columnsKnown, false);
    assert.equal(agents?.loader, 'FLEXLOAD');
    assert.ok(agents?.fields.some((f) => f.name === 'otype' && f.description));
    assert.equal(catalog.getCategory('mystery')?.loader, undefined);
    assert.equal(catalog.getCategory('aws_ec2')?.columnsKnown, false);
    assert.equal(catalog.isKnownCategory('nope'), false);
    assert.equal(catalog.getCategory('nope'), undefined);
  });

  void it('does not mistake inherited object keys for categories', () => {
    const { catalog } = countingCatalog();
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      assert.equal(catalog.isKnownCategory(name), false, name);
    }
  });

  void it('lists system, tag and field columns once each', () => {
    const { catalog } = countingCatalog();
    const names = catalog.categoryColumns('app_counter').map((c) => c.name);
    assert.deepEqual(names, ['time', 'pcode', 'pname', 'oid', 'oname', 'tps']);
    const unknown = catalog.categoryColumns('mystery').map((c) => c.name);
    assert.ok(unknown.includes('okindName'), 'agent columns are offered where columns are unknown');
    assert.deepEqual(catalog.categoryColumns('nope'), []);
  });

  void it('degrades to "everything known, no columns" when the loader fails', () => {
    const failing = createCategoryCatalog(() => {
      throw new Error('catalog file missing');
    });
    assert.equal(failing.isKnownCategory('anything'), true);
    assert.equal(failing.getCategory('anything')?.columnsKnown, false);
    assert.equal(failing.loadError(), 'catalog file missing');
    assert.deepEqual(failing.categoryNames(), []);
    const malformed = createCategoryCatalog(() => ({ nope: true }) as unknown as CatalogJson);
    assert.match(malformed.loadError() ?? '', /unexpected shape/);
    assert.equal(countingCatalog().catalog.loadError(), undefined);
  });

  void it('suggests close category and column names', () => {
    const catalog = bundledCategoryCatalog;
    assert.deepEqual(catalog.suggestCategories('app_countr', 1), ['app_counter']);
    assert.equal(catalog.suggestCategories('APP_COUNTER', 1)[0], 'app_counter');
    assert.deepEqual(catalog.suggestCategories('server_bsae{m5}', 1), ['server_base']);
    assert.deepEqual(catalog.suggestCategories('zzzzzzzzzzzz', 3), []);
    const columns: Column[] = catalog.categoryColumns('app_counter').slice();
    assert.deepEqual(catalog.suggestColumns('tx_cnt', columns, 1), ['tx_count']);
    assert.deepEqual(catalog.suggestColumns('resptime', ['resp_time', 'tps'], 2), ['resp_time']);
    assert.deepEqual(catalog.suggestColumns('tps', ['tps'], 2), []);
  });
});

void describe('bundled category catalog', () => {
  void it('has every column of the spec sample row for app_counter, each with our description', () => {
    const columns = new Map(bundledCategoryCatalog.categoryColumns('app_counter').map((c) => [c.name, c]));
    assert.equal(SPEC_ROW_COLUMNS.length, 41);
    for (const name of SPEC_ROW_COLUMNS) {
      const column = columns.get(name);
      assert.ok(column, `app_counter lacks ${name}`);
      assert.ok((column.description ?? '').length > 8, `${name} has no description`);
    }
  });

  void it('reads the 41 columns from the spec itself when it is present', () => {
    const spec = readShared('../spec/monitoring-open-api.md');
    if (spec === undefined) return;
    const line = spec.split('\n').find((l) => l.startsWith('MXQL text result row'));
    assert.ok(line, 'spec line not found');
    const listed =
      (line.split(':')[1] ?? '')
        .split('.')[0]
        ?.split(',')
        .map((s) => s.trim()) ?? [];
    assert.deepEqual(listed, SPEC_ROW_COLUMNS);
  });

  void it('describes every column of the categories users meet most', () => {
    for (const name of [
      'app_host_resource',
      'app_active_stat',
      'server_base',
      'db_pool_detail',
      'server_disk',
      'container',
    ]) {
      const info = bundledCategoryCatalog.getCategory(name);
      assert.ok(info?.description, `${name} has no category description`);
      for (const column of [...(info?.tags ?? []), ...(info?.fields ?? [])]) {
        assert.ok(column.description, `${name}.${column.name} has no description`);
      }
    }
  });

  void it('knows every category real queries reference, and their columns only when published', () => {
    const tsv = readShared('catalog/referenced_categories.tsv');
    const rows = tsv
      ?.split('\n')
      .slice(1)
      .filter(Boolean)
      .map((l) => l.split('\t')) ?? [
      ['agent_list', '', '', 'no'],
      ['telegraf_kafka_server', '', '', 'no'],
      ['llm_token_usage', '', '', 'no'],
      ['stat', '', '', 'no'],
      ['AppLog', '', '', 'no'],
      ['#WhaTapPIIClearHistory', '', '', 'no'],
      ['app_counter', '', '', 'yes'],
    ];
    for (const [name = '', , , inCatalog] of rows) {
      const info = bundledCategoryCatalog.getCategory(name);
      assert.ok(info, `${name} is not known`);
      if (inCatalog === 'no') assert.equal(info.columnsKnown, false, name);
    }
    assert.ok(rows.length >= 7);
  });

  void it('keeps the source facts for a sample of categories', () => {
    const source = readSourceCategories();
    if (!source) return assert.ok(bundledCategoryCatalog.isKnownCategory('app_counter'));
    const names = Object.keys(source);
    const sample = names.filter((_, i) => i % 17 === 0).concat(['app_counter', 'server_base', 'container']);
    for (const name of sample) {
      const expected: SourceCategory | undefined = source[name];
      const actual = bundledCategoryCatalog.getCategory(name);
      assert.ok(expected && actual, name);
      assert.deepEqual(actual.interval ?? [], expected.interval ?? [], `${name} interval`);
      assert.deepEqual(actual.pk ?? [], expected.pk ?? [], `${name} pk`);
      assert.equal(actual.loader, expected.loader, `${name} loader`);
      const strip = (c: { name: string; type?: string; unit?: string; deprecated?: boolean }) =>
        [c.name, c.type, c.unit, c.deprecated === true].join('|');
      assert.deepEqual(actual.tags.map(strip), expected.tags.map(strip), `${name} tags`);
      const fromMetadata = actual.fields.filter((f) => f.fromQueries !== true);
      assert.deepEqual(fromMetadata.map(strip), expected.fields.map(strip), `${name} fields`);
    }
    assert.equal(bundledCategoryCatalog.categoryNames().filter((n) => n in source).length, names.length);
  });

  void it('prefers roll-ups that have metadata of their own', () => {
    assert.equal(bundledCategoryCatalog.getCategory('visitor{h1}')?.name, 'visitor{h1}');
    assert.equal(bundledCategoryCatalog.getCategory('app_counter{h1}')?.name, 'app_counter');
  });

  void it('marks placeholder and summary-only metadata as incomplete', () => {
    assert.equal(bundledCategoryCatalog.getCategory('aws_ec2')?.columnsKnown, false);
    assert.equal(bundledCategoryCatalog.getCategory('stat_tx')?.columnsKnown, false);
    assert.equal(bundledCategoryCatalog.getCategory('server_disk')?.columnsKnown, true);
  });

  void it('uses only known type codes and never the system columns as category columns', () => {
    const json = loadBundledCategories();
    const codes = new Set(Object.keys(COLUMN_TYPE_CODES));
    for (const entry of Object.values(json.categories)) {
      for (const column of [...(entry.t ?? []), ...(entry.f ?? [])]) {
        if (typeof column !== 'string' && typeof column[1] === 'string') assert.ok(codes.has(column[1]));
      }
    }
    assert.ok(SYSTEM_COLUMNS.every((c) => c.kind === 'system' && c.description));
  });
});
