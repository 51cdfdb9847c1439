// The data search behind `mxql_find_data` on hand-written catalogs and queries: tokenisation of
// English, Korean and Japanese, ranking, options, the `why` sentence, and learning from a workspace.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildDataIndex, learnFromQueries, leadingComment, tokenize } from '../../assistant/findData/index';
import { invokeTool } from '../../assistant/toolset';
import { titleOfQueryFile, type CatalogJson } from '../../server/core/index';
import { createCategoryCatalog } from '../../server/core/catalog/categoryCatalog';
import { contextFor } from './harness';

const CATALOG: CatalogJson = {
  v: 1,
  categories: {
    web_counter: {
      i: ['5s', '5m'],
      t: ['oid'],
      f: [
        ['resp_time', 'N', 'ms'],
        ['tps', 'N'],
        ['error_count', 'N', 'count'],
      ],
    },
    host_disk: {
      t: ['mount'],
      f: [
        ['used_pct', 'N', 'pct'],
        ['free_bytes', 'N', 'byte'],
      ],
    },
    kube_pod_usage: {
      t: ['pod_name'],
      f: [
        ['memory_bytes', 'N', 'byte'],
        ['cpu_millicore', 'N'],
      ],
    },
    db_session_stat: {
      f: [
        ['lock_wait', 'N', 'ms'],
        ['active_sessions', 'N', 'count'],
      ],
    },
  },
  knownWithoutColumns: { batch_jobs: 'FLEXLOAD' },
};

const catalog = createCategoryCatalog(() => CATALOG);

/** Our test catalog with a category whose columns are labels that say other categories' words. */
const LABELLED: CatalogJson = {
  ...CATALOG,
  categories: {
    ...CATALOG.categories,
    node_labels: {
      t: ['free.example.io/bytes', 'quota/free/bytes', 'limits.example.io/free-bytes', 'tier/disk/free'],
      f: [['count', 'N']],
    },
  },
  titles: { web_counter: ['shop overview'], batch_jobs: ['nightly batch board'] },
};

const BATCH_QUERY = [
  '-- 야간 배치 작업 현황',
  '--TIME-RANGE {duration:1h}',
  'CATEGORY batch_jobs',
  'FLEXLOAD',
  'SELECT [job_name, state]',
  '',
].join('\n');

void test('English splits at case changes, underscores and digits, drops stop words and plurals', () => {
  assert.deepEqual(tokenize('resp_time'), ['resp', 'time']);
  assert.deepEqual(tokenize('the counts of indexes'), ['count', 'index']);
  assert.deepEqual(tokenize('active_tx_8'), ['active', 'tx']);
  const camel = tokenize('activeTxCount');
  for (const term of ['active', 'tx', 'count', 'activetxcount']) assert.ok(camel.includes(term), term);
  assert.ok(tokenize('MySQL').includes('mysql'));
});

void test('Korean and Japanese become overlapping character pairs; full-width letters fold', () => {
  assert.deepEqual(tokenize('에이전트'), ['에이', '이전', '전트']);
  assert.deepEqual(tokenize('ＣＰＵ使用率'), ['cpu', '使用', '用率']);
  assert.deepEqual(tokenize('힙'), ['힙']);
  assert.deepEqual(tokenize('액티브TX'), ['액티', '티브', 'tx']);
});

void test('Korean, Japanese and English words find the category whose columns they name', () => {
  const index = buildDataIndex({ catalog });
  const korean = index.find('에이전트별 응답시간');
  assert.equal(korean[0]?.category, 'web_counter');
  assert.equal(korean[0]?.interval, '5s, 5m');
  const columns = korean[0]?.columns ?? [];
  assert.deepEqual(
    columns.find((c) => c.name === 'resp_time'),
    { name: 'resp_time', type: 'Number', unit: 'ms' },
  );
  assert.ok(
    columns.some((c) => c.name === 'oid'),
    'per agent: the agent id, through our description of it',
  );
  assert.match(korean[0]?.why ?? '', /'응답시간' matched resp_time/);
  assert.equal(index.find('ディスク使用率')[0]?.category, 'host_disk');
  assert.equal(index.find('free disk bytes')[0]?.category, 'host_disk');
  const container = index.find('컨테이너 메모리');
  assert.equal(container[0]?.category, 'kube_pod_usage');
  assert.equal(container[0]?.productLine, 'kubernetes');
  assert.equal(index.find('DB lock wait')[0]?.category, 'db_session_stat');
});

void test('limit and product line narrow the answer; words matching nothing find nothing', () => {
  const index = buildDataIndex({ catalog });
  assert.equal(index.find('bytes', { limit: 1 }).length, 1);
  const all = index.find('bytes').map((f) => f.category);
  assert.deepEqual(all.sort(), ['host_disk', 'kube_pod_usage']);
  assert.deepEqual(
    index.find('bytes', { productLine: 'server' }).map((f) => f.category),
    [],
    'host_disk is APM by name, kube_pod_usage Kubernetes',
  );
  assert.deepEqual(
    index.find('bytes', { productLine: 'kubernetes' }).map((f) => f.category),
    ['kube_pod_usage'],
  );
  assert.deepEqual(index.find('zzzz qqqq'), []);
  assert.deepEqual(index.find(''), []);
});

void test('the names-only baseline ignores the glossary', () => {
  const names = buildDataIndex({ catalog, mode: 'names' });
  assert.deepEqual(names.find('응답시간'), []);
  assert.equal(names.find('resp time')[0]?.category, 'web_counter');
});

void test('a workspace query teaches its category, columns and the words of its leading comment', () => {
  assert.equal(
    leadingComment(BATCH_QUERY),
    '야간 배치 작업 현황',
    'a commented-out command is not a description',
  );
  assert.equal(leadingComment('// daily totals\n-- @range 1d\nCATEGORY x\n'), 'daily totals');
  assert.deepEqual(learnFromQueries([BATCH_QUERY], catalog), [
    { category: 'batch_jobs', columns: ['job_name', 'state'], text: '야간 배치 작업 현황' },
  ]);
  const without = buildDataIndex({ catalog });
  assert.ok(!without.find('배치 작업').some((f) => f.category === 'batch_jobs'));
  const taught = buildDataIndex({ catalog, workspace: learnFromQueries([BATCH_QUERY], catalog) });
  const found = taught.find('배치 작업');
  assert.equal(found[0]?.category, 'batch_jobs');
  assert.match(found[0]?.why ?? '', /workspace/);
  assert.deepEqual(
    taught.find('job name')[0]?.columns.map((c) => c.name),
    ['job_name'],
  );
});

void test('a workspace category the catalog lacks is searchable too, and broken text teaches nothing', () => {
  const workspace = learnFromQueries(['-- 결제 실패\nCATEGORY pay_events\nTAGLOAD\n', '}}} <% %>'], catalog);
  assert.deepEqual(workspace, [{ category: 'pay_events', columns: [], text: '결제 실패' }]);
  assert.equal(buildDataIndex({ catalog, workspace }).find('결제')[0]?.category, 'pay_events');
});

void test('a category without catalog columns is found by its name, and says so in its description', () => {
  const found = buildDataIndex({ catalog }).find('batch jobs');
  assert.equal(found[0]?.category, 'batch_jobs');
  assert.deepEqual(found[0]?.columns, []);
  assert.match(found[0]?.why ?? '', /matched the category/);
  assert.match(found[0]?.description ?? '', /columns are not in the catalog/);
});

void test('label-like column names do not outrank a category whose name and columns say the words', () => {
  const index = buildDataIndex({ catalog: createCategoryCatalog(() => LABELLED) });
  for (const words of ['free bytes', 'free disk bytes', 'ディスク使用率']) {
    const found = index.find(words).map((f) => f.category);
    assert.equal(found[0], 'host_disk', `${words}: ${found.join(', ')}`);
  }
});

void test('public dashboard titles find the categories they read, even words neither name says', () => {
  const index = buildDataIndex({ catalog: createCategoryCatalog(() => LABELLED) });
  const shop = index.find('shop overview');
  assert.equal(shop[0]?.category, 'web_counter');
  assert.match(shop[0]?.why ?? '', /'shop' matched public dashboard titles/);
  assert.equal(index.find('nightly board')[0]?.category, 'batch_jobs');
  assert.equal(
    titleOfQueryFile('whatap_feature__kafka__dashboard_broker__widgets_3_metrics_0_mql.mxql'),
    'kafka dashboard broker',
  );
  assert.equal(titleOfQueryFile('mxql__v2__app__tx_error_rate_oid.mxql'), 'app tx error rate oid');
  assert.equal(titleOfQueryFile('src__main__resources__mxql__apm__stat__sql_stat.mxql'), 'apm stat sql');
});

void test('every match carries a one-line description: ours where written, else facts', () => {
  const index = buildDataIndex({ catalog: createCategoryCatalog(() => LABELLED) });
  const found = ['resp time', 'disk bytes', '컨테이너 메모리', 'batch jobs', 'DB lock wait'].flatMap(
    (words) => index.find(words),
  );
  assert.ok(new Set(found.map((f) => f.category)).size >= 5, found.map((f) => f.category).join(', '));
  for (const f of found) {
    assert.ok(f.description.length > 0 && f.description.length < 200, `${f.category}: ${f.description}`);
    assert.ok(!f.description.includes('\n'), f.category);
  }
  const web = index.find('shop overview')[0];
  assert.equal(
    web?.description,
    "Application (APM) data, every 5s/5m; 4 columns such as oid, resp_time, tps; public dashboards: 'shop overview'",
  );
});

void test('words nothing answers well find nothing, and the tool says so plainly in each language', async () => {
  const index = buildDataIndex({ catalog });
  assert.deepEqual(index.find('free gift ideas for birthdays'), [], 'one word of four matching a column');
  const statements = {
    en: /^Nothing matches these words well/,
    ko: /^이 단어에 잘 맞는 것이 없습니다/,
    ja: /^この言葉によく合うものはありません/,
  } as const;
  for (const [locale, statement] of Object.entries(statements)) {
    for (const query of ['birthday party ideas', '축구 경기 결과', '株価の予想']) {
      const result = await invokeTool(
        'mxql_find_data',
        { query },
        contextFor(undefined, locale as keyof typeof statements),
        new AbortController().signal,
      );
      assert.deepEqual((result.structured as { matches: unknown[] }).matches, [], `${locale}: ${query}`);
      assert.match(result.text, statement);
    }
  }
  const answered = await invokeTool(
    'mxql_find_data',
    { query: 'agent count' },
    contextFor(undefined),
    new AbortController().signal,
  );
  assert.match(answered.text, /^\d+ categories match/);
  assert.match(answered.text, /- agent_count \[apm\]: .+\n {2}'agent' matched the category/);
});
