// A category catalog extended with what a workspace's own queries read: the categories and columns the
// bundled catalog lacks become known, completion offers them after the catalog's own columns, no
// unknown-column warning fires for them, and hover says how many workspace queries read them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bundledCategoryCatalog, bundledPathCatalog } from '../../../server/core/catalog/bundledCatalog';
import {
  analyzeDocument,
  complete,
  diagnosticsOf,
  hover,
  withLearnedColumns,
  WorkspaceReads,
  type CategoryCatalog,
  type UiLanguage,
} from '../../../server/core/index';
import {
  capLearned,
  MAX_LEARNED_CATEGORIES,
  MAX_LEARNED_COLUMNS,
  type LearnedColumns,
} from '../../../server/core/catalog/learnedCatalog';

const WORKSPACE = {
  'file:///ws/health.mxql':
    'CATEGORY elasticbeanstalk\nTAGLOAD\nSELECT [time, oname, EnvironmentHealth, p99Latency]\n',
  'file:///ws/requests.mxql':
    'CATEGORY elasticbeanstalk\nTAGLOAD\nFILTER {key: EnvironmentHealth, value: Ok}\n',
  'file:///ws/tps.mxql': 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps, tps_p95]\n',
};

function learnedFrom(files: Record<string, string>): WorkspaceReads {
  const reads = new WorkspaceReads();
  for (const [uri, text] of Object.entries(files)) reads.set(uri, text);
  return reads;
}

function analyze(text: string, categories: CategoryCatalog) {
  return analyzeDocument(text, { categories, paths: bundledPathCatalog });
}

function codesOf(text: string, categories: CategoryCatalog): string[] {
  return diagnosticsOf(analyze(text, categories), { catalog: categories }).map((d) => d.code);
}

function labelsAt(marked: string, categories: CategoryCatalog): string[] {
  const offset = marked.indexOf('$0');
  const text = marked.replace('$0', '');
  return complete(analyze(text, categories), offset).items.map((i) => i.label);
}

function sortedLabelsAt(marked: string, categories: CategoryCatalog): string[] {
  const offset = marked.indexOf('$0');
  const text = marked.replace('$0', '');
  return complete(analyze(text, categories), offset)
    .items.slice()
    .sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label))
    .map((i) => i.label);
}

const learned = withLearnedColumns(bundledCategoryCatalog, learnedFrom(WORKSPACE).learned());

void describe('workspace reads', () => {
  void test('count how many query texts read each column of each category', () => {
    const sum = learnedFrom(WORKSPACE).learned();
    assert.equal(sum.get('elasticbeanstalk')?.get('EnvironmentHealth'), 2);
    assert.equal(sum.get('elasticbeanstalk')?.get('p99Latency'), 1);
    assert.equal(sum.get('app_counter')?.get('tps_p95'), 1);
  });

  void test('tell what one source alone reads, which must not vouch for itself', () => {
    const reads = learnedFrom(WORKSPACE);
    assert.deepEqual(reads.ownReads('file:///ws/tps.mxql'), {
      categories: new Set(['app_counter']),
      columns: new Map([['app_counter', new Set(['time', 'tps', 'tps_p95'])]]),
    });
    assert.deepEqual(reads.ownReads('file:///ws/health.mxql'), {
      categories: new Set(),
      columns: new Map([['elasticbeanstalk', new Set(['time', 'oname', 'p99Latency'])]]),
    });
    assert.equal(reads.ownReads('file:///ws/unknown.mxql'), undefined);
  });

  void test('say what an update changed, and forget deleted sources', () => {
    const reads = learnedFrom(WORKSPACE);
    assert.equal(reads.set('file:///ws/tps.mxql', WORKSPACE['file:///ws/tps.mxql'] ?? ''), undefined);
    const rewritten = 'CATEGORY app_counter\nTAGLOAD\nSELECT [tps, tps_p99]\n';
    assert.deepEqual(reads.set('file:///ws/tps.mxql', rewritten), {
      categories: new Set(),
      columns: new Map([['app_counter', new Set(['time', 'tps_p95', 'tps_p99'])]]),
    });
    assert.equal(reads.learned().get('app_counter')?.has('tps_p99'), true);
    assert.equal(reads.learned().get('app_counter')?.has('tps_p95'), false);
    assert.equal(reads.set('file:///ws/empty.mxql', '-- nothing yet\n'), undefined);
    assert.deepEqual(reads.delete('file:///ws/tps.mxql'), {
      categories: new Set(['app_counter']),
      columns: new Map([['app_counter', new Set(['tps', 'tps_p99'])]]),
    });
    assert.equal(reads.learned().has('app_counter'), false);
    assert.equal(reads.delete('file:///ws/missing.mxql'), undefined);
    assert.equal(reads.learned().get('elasticbeanstalk')?.get('EnvironmentHealth'), 2, 'the rest stays');
  });

  void test('never throw on text that is not a query', () => {
    const reads = new WorkspaceReads();
    for (const text of ['}}} <% %>', 'CATEGORY $cat\nTAGLOAD\n', '\u0000'.repeat(10)]) reads.set(text, text);
    assert.equal(reads.learned().size, 0);
  });
});

void describe('a catalog with learned columns', () => {
  void test('knows a category only the workspace reads, with an open column list', () => {
    assert.equal(bundledCategoryCatalog.isKnownCategory('elasticbeanstalk'), false);
    assert.equal(learned.isKnownCategory('elasticbeanstalk'), true);
    assert.equal(learned.isKnownCategory('elasticbeanstalk{m5}'), true);
    const info = learned.getCategory('elasticbeanstalk');
    assert.equal(info?.columnsKnown, false);
    assert.deepEqual(
      info?.fields.map((c) => [c.name, c.workspaceUses]),
      [
        ['EnvironmentHealth', 2],
        ['p99Latency', 1],
      ],
    );
    assert.ok(learned.categoryNames().includes('elasticbeanstalk'));
    assert.ok(learned.categoryNames().includes('app_counter'));
  });

  void test('answers like the catalog for what nothing taught', () => {
    const plain = bundledCategoryCatalog.getCategory('server_base');
    assert.equal(learned.getCategory('server_base'), plain);
    const nothing = withLearnedColumns(bundledCategoryCatalog, new Map());
    assert.deepEqual(nothing.categoryNames(), bundledCategoryCatalog.categoryNames());
    assert.equal(nothing.getCategory('app_counter'), bundledCategoryCatalog.getCategory('app_counter'));
    assert.equal(learned.columnUses('tps'), bundledCategoryCatalog.columnUses('tps'));
  });

  void test('no category/unknown nor column/unknown for what the workspace reads', () => {
    const query = 'CATEGORY elasticbeanstalk\nTAGLOAD\nSELECT [time, Anything]\n';
    assert.ok(codesOf(query, bundledCategoryCatalog).includes('category/unknown'));
    assert.deepEqual(codesOf(query, learned), []);
    const known = 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps_p95]\n';
    assert.deepEqual(codesOf(known, bundledCategoryCatalog), ['column/unknown']);
    assert.deepEqual(codesOf(known, learned), []);
    // A known category still warns columns nobody reads.
    assert.deepEqual(codesOf('CATEGORY app_counter\nTAGLOAD\nSELECT [time, tsp]\n', learned), [
      'column/unknown',
    ]);
  });

  void test('without a document own reads: they warn in that document', () => {
    const reads = learnedFrom(WORKSPACE);
    const own = reads.ownReads('file:///ws/tps.mxql');
    assert.ok(own);
    const forTps = withLearnedColumns(bundledCategoryCatalog, reads.learned()).without(own);
    assert.deepEqual(codesOf('CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps_p95]\n', forTps), [
      'column/unknown',
    ]);
    const forHealth = withLearnedColumns(bundledCategoryCatalog, reads.learned()).without(
      reads.ownReads('file:///ws/health.mxql') ?? { categories: new Set(), columns: new Map() },
    );
    assert.equal(forHealth.isKnownCategory('elasticbeanstalk'), true, 'another file reads it');
    assert.deepEqual(
      forHealth.getCategory('elasticbeanstalk')?.fields.map((c) => c.name),
      ['EnvironmentHealth'],
      'p99Latency only it reads',
    );
    const forOnlyReader = withLearnedColumns(bundledCategoryCatalog, reads.learned()).without({
      categories: new Set(['elasticbeanstalk']),
      columns: new Map(),
    });
    assert.equal(forOnlyReader.isKnownCategory('elasticbeanstalk'), false);
    assert.ok(!forOnlyReader.categoryNames().includes('elasticbeanstalk'));
    assert.ok(forOnlyReader.categoryNames().includes('app_counter'));
  });

  void test('completion offers learned columns, after the catalog own columns', () => {
    const marked = 'CATEGORY elasticbeanstalk\nTAGLOAD\nSELECT [$0]\n';
    assert.ok(!labelsAt(marked, bundledCategoryCatalog).includes('EnvironmentHealth'));
    const labels = labelsAt(marked, learned);
    assert.ok(labels.includes('EnvironmentHealth') && labels.includes('p99Latency'), labels.join());
    const ranked = sortedLabelsAt('CATEGORY app_counter\nTAGLOAD\nSELECT [$0]\n', learned);
    assert.ok(ranked.includes('tps_p95'));
    assert.ok(ranked.indexOf('tps') < ranked.indexOf('tps_p95'));
    // Internal columns (`_name_`) rank last of all, by design.
    const catalogOwn = (bundledCategoryCatalog.getCategory('app_counter')?.fields ?? [])
      .map((c) => c.name)
      .filter((name) => !name.startsWith('_'));
    assert.ok(catalogOwn.length > 5);
    for (const name of catalogOwn)
      assert.ok(ranked.indexOf(name) < ranked.indexOf('tps_p95'), `${name} before tps_p95`);
  });

  void test('hover says how many workspace queries read a learned column, in en, ko and ja', () => {
    const text = 'CATEGORY elasticbeanstalk\nTAGLOAD\nSELECT [time, EnvironmentHealth]\n';
    const analysis = analyze(text, learned);
    const offset = text.indexOf('EnvironmentHealth') + 3;
    const expected: [UiLanguage | undefined, string][] = [
      [undefined, 'Seen in 2 workspace queries'],
      ['ko', '워크스페이스 쿼리 2개'],
      ['ja', 'ワークスペースの 2 件のクエリ'],
    ];
    for (const [language, words] of expected) {
      const markdown = hover(analysis, offset, language)?.markdown ?? '';
      assert.ok(markdown.includes(words), `${language ?? 'en'}: ${markdown}`);
    }
    const known = 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps]\n';
    const plainHover = hover(analyze(known, learned), known.indexOf('tps]'))?.markdown ?? '';
    assert.ok(!plainHover.includes('workspace'), plainHover);
  });

  void test('keeps memory bounded: at most so many categories, and columns per category', () => {
    const many: LearnedColumns = new Map([
      ['wide', new Map(Array.from({ length: MAX_LEARNED_COLUMNS + 50 }, (_, i) => [`c${i}`, i] as const))],
    ]);
    const capped = capLearned(many);
    assert.equal(capped.get('wide')?.size, MAX_LEARNED_COLUMNS);
    assert.equal(capped.get('wide')?.has(`c${MAX_LEARNED_COLUMNS + 49}`), true, 'the most read are kept');
    assert.equal(capped.get('wide')?.has('c0'), false);
    const categories: LearnedColumns = new Map(
      Array.from(
        { length: MAX_LEARNED_CATEGORIES + 10 },
        (_, i) => [`cat${i}`, new Map([['x', i]])] as const,
      ),
    );
    assert.equal(capLearned(categories).size, MAX_LEARNED_CATEGORIES);
    assert.equal(capLearned(categories).has(`cat${MAX_LEARNED_CATEGORIES + 9}`), true);
  });
});
