// What goes on the wire: hosts, paths, headers, query strings and bodies for each kind of
// endpoint, checked at a loopback server; plus transport security, keep-alive and proxies.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createOpenApiClient,
  OpenApiError,
  type OpenApiClientOptions,
  type RequestEvent,
} from '../../api/index';
import { startFaultServer, type FaultServer } from '../support/faultServer';
import { startProxyServer, type ProxyServer } from '../support/proxyServer';

const PROJECT = 'project-token-0123456789';
const ACCOUNT = 'account-token-9876543210';
let main: FaultServer;
let second: FaultServer;
let proxy: ProxyServer;
before(async () => {
  [main, second, proxy] = await Promise.all([startFaultServer(), startFaultServer(), startProxyServer()]);
});
after(async () => {
  await Promise.all([main.close(), second.close(), proxy.close()]);
});

function clientFor(overrides: Partial<OpenApiClientOptions> = {}) {
  return createOpenApiClient({
    baseUrl: main.url,
    serviceUrl: second.url,
    accountToken: ACCOUNT,
    projectToken: PROJECT,
    pcode: 42,
    retry: { attempts: 1 },
    proxy: { env: {} },
    ...overrides,
  });
}
const last = (server: FaultServer) => {
  const r = server.requests.at(-1);
  assert.ok(r, 'a request arrived');
  return r;
};

void describe('authentication headers and hosts', () => {
  void test('project endpoints send the project token and pcode, with a User-Agent', async () => {
    main.respondWith({ kind: 'json', body: { name: 'p' } });
    const client = clientFor();
    await client.project();
    const r = last(main);
    assert.equal(r.url, '/open/api/json/project');
    assert.equal(r.headers['x-service-token'], PROJECT);
    assert.equal(r.headers['x-service-pcode'], '42');
    assert.match(r.headers['user-agent'] ?? '', /^mxql-vscode\//);
    await client.close();
  });

  void test('a base URL with a path keeps it before every endpoint path, with or without its slash', async () => {
    main.respondWith({ kind: 'json', body: { name: 'p' } });
    for (const baseUrl of [`${main.url}/monitoring`, `${main.url}/monitoring/`]) {
      const client = clientFor({ baseUrl });
      await client.project();
      assert.equal(last(main).url, '/monitoring/open/api/json/project');
      await client.close();
    }
  });

  void test('account endpoints send the account token and no pcode', async () => {
    main.respondWith({ kind: 'json', body: { data: [], total: 0 } });
    const client = clientFor();
    await client.groupMembers({ groupKey: 'g/1' });
    const r = last(main);
    assert.equal(r.url, '/open/api/json/group/g%2F1/members');
    assert.equal(r.headers['x-service-token'], ACCOUNT);
    assert.equal(r.headers['x-service-pcode'], undefined);
    await client.close();
  });

  void test('tokenForPcode and a per-call pcode pick the token', async () => {
    main.respondWith({ kind: 'json', body: {} });
    const client = clientFor({ projectToken: undefined, tokenForPcode: (p) => `token-of-${p}` });
    await client.project(undefined, { pcode: 9 });
    assert.equal(last(main).headers['x-service-token'], 'token-of-9');
    assert.equal(last(main).headers['x-service-pcode'], '9');
    await client.close();
  });

  void test('a missing token or pcode is a config error before sending', async () => {
    const from = main.requests.length;
    const noAccount = clientFor({ accountToken: undefined });
    await assert.rejects(
      noAccount.projects(),
      (e: unknown) => e instanceof OpenApiError && e.kind === 'config' && /account API token/.test(e.message),
    );
    const noPcode = clientFor({ pcode: undefined });
    await assert.rejects(
      noPcode.spot(),
      (e: unknown) => e instanceof OpenApiError && e.kind === 'config' && /pcode/.test(e.message),
    );
    assert.equal(main.requests.length, from);
  });

  void test('second-host endpoints go to serviceUrl; example variants use their path and host', async () => {
    second.respondWith({ kind: 'json', body: { pname: 'p', values: {} } });
    main.respondWith({ kind: 'json', body: { pname: 'p', values: {} } });
    const client = clientFor();
    await client.infraCpu();
    assert.equal(last(second).url, '/open/json/infra_cpu');
    await client.infraCpu(undefined, { pathVariant: 'example' });
    assert.equal(last(main).url, '/open/json/infra_cpu');
    await client.groups(undefined, { pathVariant: 'example' });
    assert.equal(last(main).url, '/open/api/v2/json/groups');
    await client.groups();
    assert.equal(last(main).url, '/open/api/json/groups');
    await client.smProject();
    assert.equal(last(main).url, '/open/api/json/projects');
    await client.smStat({ stime: 1000, etime: 2000, filter: 's5', oid: -3 });
    assert.equal(last(second).url, '/open/json/stat/sm_stat?stime=1000&etime=2000&filter=s5&oid=-3');
    await client.close();
  });
});

void describe('paths, queries and bodies', () => {
  void test('statistics paths carry the range; filterval is base64 for url kinds', async () => {
    main.respondWith({ kind: 'json', body: { records: [], total: 0 } });
    const client = clientFor();
    await client.transaction({
      stime: new Date(1000),
      etime: 2000,
      filter: 'h1',
      filterkey: 'url',
      filterval: '/a?b',
    });
    assert.equal(
      last(main).url,
      `/open/api/json/transaction/1000/2000?filter=h1&filterkey=url&filterval=${encodeURIComponent(Buffer.from('/a?b').toString('base64'))}`,
    );
    await client.transaction({ stime: 1000, etime: 2000, filterkey: 'caller_pcode', filterval: '12' });
    assert.equal(last(main).url, '/open/api/json/transaction/1000/2000?filterkey=caller_pcode&filterval=12');
    await client.httpcFiltered({ stime: 1, etime: 2, host: 'db.local', port: 8080 });
    assert.equal(last(main).url, '/open/api/json/httpc/1/2/filter/host/db.local/port/8080');
    await client.heapUse({ stime: 1, etime: 2, merge: 'max' });
    assert.equal(last(main).url, '/open/api/json/heap_use/1/2/max');
    await client.heapUse({ stime: 1, etime: 2 });
    assert.equal(last(main).url, '/open/api/json/heap_use/1/2/avg');
    await client.metricSeriesAgentsAvg({ metric: 'thread_count', stime: 1, etime: 2, oids: [5, -6] });
    assert.equal(last(main).url, '/open/api/json/thread_count/1/2/avg/5%2C-6');
    await client.visitorM({ stime: 1, etime: 2 });
    assert.equal(last(main).url, '/open/api/json/visitor_m/1/2');
    await client.close();
  });

  void test('raw tag, DB pool and database queries', async () => {
    main.respondWith({ kind: 'text', body: '3.5', contentType: 'application/json' });
    const client = clientFor();
    assert.equal(await client.rawTagTps({ stime: 1, etime: 2 }), 3.5);
    assert.equal(last(main).url, '/open/api/raw/tag/app_counter/tps?stime=1&etime=2&timeMerge=avg');
    main.respondWith({ kind: 'json', body: { pcode: 42, time: 1, dbc_total: [] } });
    await client.dbPoolShort({ etime: 5 });
    assert.equal(last(main).url, '/open/json/tag/db_pool_detail/dbconn?etime=5');
    await client.dbPoolShort({ etime: 5 }, { pathVariant: 'example' });
    assert.equal(last(main).url, '/open/api/json/tag/db_pool_detail/dbconn?etime=5');
    await client.sqlStatTopN({
      oids: [1, 2],
      period: 'week',
      date: '20261101',
      topN: 1000,
      order: 'sql_elapse',
      category: 'USER',
      nameInCategory: 'scott',
    });
    assert.equal(
      last(main).url,
      '/open/api/json/db/statistics/sql?oids=1%2C2&period=week&date=20261101&topN=1000&order=sql_elapse&category=USER&nameInCategory=scott',
    );
    await client.dbParams({ oid: 3, baseTime: '20261101', comparisonTime: '20261102' });
    assert.equal(
      last(main).url,
      '/open/api/json/db/database_params?oid=3&baseTime=20261101&comparisonTime=20261102',
    );
    await client.close();
  });

  void test('POST bodies: MXQL text and path, agent list, IP search', async () => {
    main.respondWith({ kind: 'json', body: [] });
    const client = clientFor();
    await client.mxqlText({
      stime: 1,
      etime: 2,
      mql: 'CATEGORY x\nTAGLOAD',
      limit: 5,
      inject: { default: 'ORDER {key:[tps]}' },
      param: { $oid: '7' },
    });
    let r = last(main);
    assert.equal(r.method, 'POST');
    assert.equal(r.url, '/open/api/flush/mxql/text');
    assert.equal(r.headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(r.body), {
      stime: 1,
      etime: 2,
      mql: 'CATEGORY x\nTAGLOAD',
      limit: 5,
      pageKey: 'mxql',
      inject: { default: 'ORDER {key:[tps]}' },
      param: { $oid: '7' },
    });
    await client.mxqlPath({ stime: 1, etime: 2, mql: '/app/act_tx/act_tx_oid', limit: 5 });
    r = last(main);
    assert.equal(r.url, '/open/api/flush/mxql/path');
    assert.deepEqual(JSON.parse(r.body), {
      stime: 1,
      etime: 2,
      mql: '/app/act_tx/act_tx_oid',
      limit: 5,
      pageKey: 'mxql',
      param: {},
    });
    main.respondWith({ kind: 'json', body: { stime: 1, etime: 2, timestamp: 3, data: [] } });
    await client.agentList({ stime: '202611010000', etime: '20261101120000' });
    assert.deepEqual(JSON.parse(last(main).body), { stime: '202611010000', etime: '20261101120000' });
    await client.agentList({ stime: 1_700_000_000_000, etime: new Date(1_700_000_060_000) });
    assert.deepEqual(JSON.parse(last(main).body), { stime: 1_700_000_000_000, etime: 1_700_000_060_000 });
    main.respondWith({ kind: 'json', body: {} });
    await client.ipSearch({ stime: 10, ip: '10.1.2.3' });
    assert.deepEqual(JSON.parse(last(main).body), {
      type: 'profiles',
      path: '/filter/search',
      pcode: '42',
      params: { stime: 10, filter: { ip: '10.1.2.3' } },
    });
    await client.close();
  });

  void test('limits are checked before sending and name the limit', async () => {
    const from = main.requests.length;
    const client = clientFor();
    const limit = (p: Promise<unknown>, re: RegExp) =>
      assert.rejects(
        p,
        (e: unknown) => e instanceof OpenApiError && e.kind === 'limit' && re.test(e.message),
      );
    await limit(client.heapUse({ stime: 0, etime: 3_600_001 }), /heap_use range of at most 1 hour/);
    await limit(
      client.mxqlText({ stime: 0, etime: 32 * 86_400_000, mql: 'x', limit: 1 }),
      /MXQL range of at most 31 days/,
    );
    await limit(client.sqlStatTopN({ oids: '1', period: 'day', date: '20261101', topN: 1001 }), /topN limit/);
    await limit(client.exception({ stime: 5, etime: 5 }), /stime must be before etime/);
    await assert.rejects(
      client.sqlStatTopN({ oids: '1', period: 'month' as 'day', date: '20261101' }),
      /period must be one of day, week/,
    );
    assert.equal(main.requests.length, from, 'nothing was sent');
    await client.close();
  });
});

void describe('request log', () => {
  void test('one event per call with method, path, status, timing, bytes and rows, and no token', async () => {
    const events: RequestEvent[] = [];
    main.respondWith(
      { kind: 'status', status: 503 },
      { kind: 'json', body: { records: [{ a: 1 }, { a: 2 }], total: 2 } },
    );
    const client = clientFor({ onRequest: (e) => events.push(e), retry: { attempts: 2, baseDelayMs: 1 } });
    await client.sql({ stime: 1, etime: 2 });
    assert.equal(events.length, 1);
    const [event] = events;
    assert.ok(event);
    assert.deepEqual(
      { ...event, ms: 0 },
      {
        endpointId: 'sql',
        method: 'GET',
        path: '/open/api/json/sql/1/2',
        status: 200,
        ms: 0,
        bytes: Buffer.byteLength(JSON.stringify({ records: [{ a: 1 }, { a: 2 }], total: 2 })),
        attempts: 2,
        rows: 2,
      },
    );
    assert.ok(event.ms >= 0);
    assert.ok(!JSON.stringify(events).includes(PROJECT));
    await client.close();
  });
});

void describe('transport', () => {
  void test('keep-alive: consecutive calls reuse pooled connections', async () => {
    main.respondWith({ kind: 'json', body: {} });
    const client = clientFor();
    const before = main.connections();
    for (let i = 0; i < 10; i++) await client.project();
    // undici may open a second socket while the first is still finishing its response; never ten.
    assert.ok(main.connections() - before <= 2, `${main.connections() - before} connections for 10 calls`);
    await client.close();
  });

  void test('plain HTTP to a host that is not loopback is refused before connecting', async () => {
    const events: unknown[] = [];
    const client = createOpenApiClient({
      baseUrl: 'http://monitoring.example.com',
      projectToken: PROJECT,
      pcode: 1,
      onRequest: (e) => events.push(e),
      proxy: { url: proxy.url },
    });
    const seen = proxy.seen.length;
    await assert.rejects(
      client.project(),
      (e: unknown) =>
        e instanceof OpenApiError &&
        e.kind === 'insecure' &&
        /use https/.test(e.message) &&
        !e.message.includes(PROJECT),
    );
    assert.equal(proxy.seen.length, seen, 'not even the proxy was contacted');
    assert.equal(events.length, 1);
    assert.ok(!JSON.stringify(events).includes(PROJECT));
    await client.close();
  });

  void test('localhost, 127.0.0.1 and ::1 are allowed over plain HTTP', async () => {
    main.respondWith({ kind: 'json', body: {} });
    const client = clientFor({ baseUrl: `http://localhost:${main.port}` });
    await client.project();
    await client.close();
  });

  void test('an explicit proxy carries the request; NO_PROXY bypasses it', async () => {
    main.respondWith({ kind: 'json', body: { ok: 1 } });
    const seen = proxy.seen.length;
    const via = clientFor({ proxy: { url: proxy.url, env: {} } });
    await via.project();
    assert.deepEqual(proxy.seen.slice(seen), [`GET ${main.url}/open/api/json/project`]);
    await via.close();
    const bypass = clientFor({ proxy: { url: proxy.url, noProxy: '127.0.0.1', env: {} } });
    await bypass.project();
    assert.equal(proxy.seen.length, seen + 1);
    await bypass.close();
  });

  void test('HTTP_PROXY from the environment is honoured, and NO_PROXY from it too', async () => {
    main.respondWith({ kind: 'json', body: {} });
    const seen = proxy.seen.length;
    const env = clientFor({ proxy: { env: { HTTP_PROXY: proxy.url } } });
    await env.project();
    assert.equal(proxy.seen.length, seen + 1);
    await env.close();
    const noProxy = clientFor({
      proxy: { env: { http_proxy: proxy.url, NO_PROXY: `localhost,127.0.0.1:${main.port}` } },
    });
    await noProxy.project();
    assert.equal(proxy.seen.length, seen + 1);
    await noProxy.close();
  });

  void test('HTTPS targets go through the proxy with CONNECT', async () => {
    const seen = proxy.seen.length;
    // The tunnel opens to the plain-HTTP test server, so TLS fails after CONNECT: what matters is the CONNECT.
    const client = clientFor({
      baseUrl: `https://127.0.0.1:${main.port}`,
      proxy: { url: proxy.url, env: {} },
      timeouts: { connectMs: 2000 },
    });
    await assert.rejects(client.project(), (e: unknown) => e instanceof OpenApiError && e.kind === 'network');
    assert.deepEqual(proxy.seen.slice(seen), [`CONNECT 127.0.0.1:${main.port}`]);
    await client.close();
  });
});
