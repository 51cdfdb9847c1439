import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FINE_STEP, createDemoData } from '../../demo/data/index';
import { CATEGORIES } from '../../demo/mxql/categories';
import { startDemoServer, type DemoServer } from '../../demo/index';
import { FIXED_NOW, arr, call, projectOf, rec } from './demoClient';

type CompactColumn = string | (string | number)[];
interface CompactCategory {
  t?: CompactColumn[];
  f?: CompactColumn[];
}

// The bundled catalog is the language's source of truth for column names; the demo rows must carry them.
const catalogFile = join(__dirname, '..', '..', 'server', 'core', 'catalog', 'data', 'categories.json');
const catalog = (
  JSON.parse(readFileSync(catalogFile, 'utf8')) as { categories: Record<string, CompactCategory> }
).categories;
const names = (columns: CompactColumn[] | undefined) =>
  (columns ?? []).map((c) => String(typeof c === 'string' ? c : c[0]));

/** Tags of server_base that come from cloud instance metadata, which the demo hosts do not have. */
const CLOUD_TAGS =
  /^(ami-|DEPLOY-TARGET|ipv6|mac|local-|public-|system|instance-|Name|PACKAGE-APP-LIST|profile|InstanceId|security-groups|reservation-id)/;

void describe('category rows for the MXQL engine', () => {
  const data = createDemoData(29, () => FIXED_NOW);
  const t = Math.floor(FIXED_NOW / FINE_STEP) * FINE_STEP - FINE_STEP;
  const sample = (category: string, productType: string) => {
    const project = data.projects.find(
      (p) => p.productType === productType && data.agentsOf(p.pcode).length > 2,
    );
    assert.ok(project);
    // The table the MXQL engine loads categories from, so these are the rows a query reads.
    const source = CATEGORIES[category];
    assert.ok(source, `${category} is a category the engine loads`);
    const rows = data.agentsOf(project.pcode).flatMap((a) => source.rows(data, project, a, t, FINE_STEP));
    assert.ok(rows.length > 0, category);
    return rows;
  };

  for (const [category, productType] of [
    ['app_counter', 'APM'],
    ['app_host_resource', 'APM'],
    ['app_active_stat', 'APM'],
    ['db_pool_detail', 'APM'],
    ['server_base', 'SMS'],
  ] as const) {
    void it(`${category} rows carry every field and tag of the catalog`, () => {
      const entry = catalog[category];
      assert.ok(entry, `${category} is in the catalog`);
      const expected = [...names(entry.f), ...names(entry.t).filter((tag) => !CLOUD_TAGS.test(tag))];
      for (const row of sample(category, productType)) {
        const missing = expected.filter((column) => !(column in row));
        assert.deepEqual(missing, [], category);
        assert.equal(row.time, t);
      }
    });
  }

  void it('agent_list rows describe active and inactive agents alike', () => {
    const rows = sample('agent_list', 'APM');
    assert.ok(rows.some((r) => r.status === 'inactive'));
    assert.ok(rows.some((r) => r.status === 'active'));
  });
});

void describe('the MXQL engine over every category', () => {
  let server: DemoServer;
  before(async () => {
    // This suite is about the fallback itself, whichever executor the server uses by default.
    server = await startDemoServer({
      seed: 29,
      now: () => FIXED_NOW,
    });
  });
  after(() => server.close());

  const run = async (creds: { token: string; pcode: number }, mql: string) =>
    call(`${server.baseUrl}/open/api/flush/mxql/text`, creds, {
      body: { stime: FIXED_NOW - 3_600_000, etime: FIXED_NOW, mql, limit: 50, pageKey: 'mxql' },
    });

  void it('answers each category with rows of its project', async () => {
    const apm = projectOf(server, 'APM', 'Order');
    const sms = projectOf(server, 'SMS', 'Linux');
    for (const [creds, category, column, loader] of [
      [apm, 'app_host_resource', 'cpu', 'TAGLOAD'],
      [apm, 'app_active_stat', 'method', 'TAGLOAD'],
      [apm, 'db_pool_detail', 'act', 'TAGLOAD'],
      [apm, 'agent_list', 'status', 'FLEXLOAD'],
      [sms, 'server_base', 'memory_pused', 'TAGLOAD'],
    ] as const) {
      const reply = await run(creds, `CATEGORY ${category}\n${loader}`);
      assert.equal(reply.status, 200, category);
      const rows = arr(reply.body).map(rec);
      // agent_list holds one row per agent; the series categories fill the request's limit.
      if (category === 'agent_list') assert.ok(rows.length > 0 && rows.length <= 50, category);
      else assert.equal(rows.length, 50, category);
      for (const row of rows) assert.ok(column in row, `${category}.${column}`);
    }
  });

  void it('answers a category the catalog does not know with 200 [] and says why in a header', async () => {
    const reply = await run(projectOf(server, 'APM', 'Order'), 'CATEGORY tx_host_nowhere\nTAGLOAD');
    assert.equal(reply.status, 200);
    assert.deepEqual(reply.body, []);
    const notice = decodeURIComponent(reply.headers.get('x-mxql-notice') ?? '');
    assert.match(notice, /^no rows: the demo has no data for category tx_host_nowhere/);
  });

  void it('answers a catalog category of another product line with [] naming the line', async () => {
    const reply = await run(projectOf(server, 'APM', 'Order'), 'CATEGORY kube_pod_stat\nTAGLOAD');
    assert.equal(reply.status, 200);
    assert.deepEqual(reply.body, []);
    assert.match(decodeURIComponent(reply.headers.get('x-mxql-notice') ?? ''), /kube_pod_stat.*Kubernetes/);
  });

  void it('sends no notice header when the query has rows', async () => {
    const reply = await run(projectOf(server, 'APM', 'Order'), 'CATEGORY app_counter\nTAGLOAD');
    assert.equal(arr(reply.body).length, 50);
    assert.equal(reply.headers.get('x-mxql-notice'), null);
  });
});
