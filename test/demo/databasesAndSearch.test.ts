import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDemoServer, type DemoServer } from '../../demo/index';
import { FIXED_NOW, assertEach, assertFields, call, errorOf, obj, projectOf } from './demoClient';

const n = 'number' as const;
const s = 'string' as const;

void describe('database monitoring endpoints', () => {
  let server: DemoServer;
  let db: { token: string; pcode: number };
  let oid: number;
  before(async () => {
    server = await startDemoServer({ seed: 17, now: () => FIXED_NOW });
    db = projectOf(server, 'DB', 'PostgreSQL');
    oid = server.data.agentsOf(db.pcode)[1]!.oid;
  });
  after(() => server.close());

  const params = (query: string) => `${server.baseUrl}/open/api/json/db/database_params?${query}`;
  const stats = (query: string) => `${server.baseUrl}/open/api/json/db/statistics/sql?${query}`;

  void it('compares parameters of two days and lists the unmatched keys', async () => {
    let differing = 0;
    for (const day of ['20261102', '20261109', '20261116', '20261119']) {
      const body = obj(await call(params(`oid=${oid}&baseTime=20261101&comparisonTime=${day}`), db));
      assertFields(body, { unmatchedKeys: 'array', baseTime: 'array', comparisonTime: 'array' });
      const base = assertEach(body.baseTime, { key: s, value: s }, 'baseTime');
      const other = assertEach(body.comparisonTime, { key: s, value: s }, 'comparisonTime');
      const unmatched = (body.unmatchedKeys as unknown[]).map((u) =>
        assertFields(u, { key: s, value: 'object' }),
      );
      for (const u of unmatched) {
        const v = assertFields(u.value, { baseTime: s, comparisonTime: s });
        assert.equal(v.baseTime, base.find((b) => b.key === u.key)?.value);
        assert.equal(v.comparisonTime, other.find((b) => b.key === u.key)?.value);
        assert.notEqual(v.baseTime, v.comparisonTime);
      }
      differing += unmatched.length;
    }
    assert.ok(differing > 0, 'some days differ');
    const same = obj(await call(params(`oid=${oid}&baseTime=20261101&comparisonTime=20261101`), db));
    assert.deepEqual(same.unmatchedKeys, []);
  });

  void it('requires oid, baseTime and comparisonTime as documented', async () => {
    assert.equal(
      errorOf(await call(params('baseTime=20261101&comparisonTime=20261102'), db)).code,
      'param/missing',
    );
    assert.equal(
      errorOf(await call(params(`oid=${oid}&baseTime=2026-11-01&comparisonTime=20261102`), db)).code,
      'param/invalid-date',
    );
    assert.equal(
      errorOf(await call(params(`oid=1&baseTime=20261101&comparisonTime=20261102`), db)).code,
      'param/unknown-oid',
    );
  });

  void it('returns SQL statistics top N ordered by the chosen column', async () => {
    const oids = server.data
      .agentsOf(db.pcode)
      .map((a) => a.oid)
      .join(',');
    const body = obj(await call(stats(`oids=${oids}&period=week&date=20261116&topN=5&order=sql_elapse`), db));
    assertFields(body, { records: 'array', topN: n, total: n, retrievedStartTime: n, retrievedEndTime: n });
    const records = assertEach(
      body.records,
      { sql_execute_cnt: n, sql_elapse: n, sql_elapse_max: n, sqlHash: n, onames: s, user: s, sql: s },
      'records',
    );
    assert.equal(records.length, 5);
    assert.equal(body.topN, 5);
    assert.ok(Number(body.total) >= 5);
    for (let i = 1; i < records.length; i++)
      assert.ok(Number(records[i - 1]!.sql_elapse) >= Number(records[i]!.sql_elapse));
    assert.equal(body.retrievedStartTime, Date.UTC(2026, 10, 16));
    assert.equal(body.retrievedEndTime, Date.UTC(2026, 10, 23));
  });

  void it('defaults topN to 10 and filters by USER', async () => {
    const body = obj(await call(stats(`oids=${oid}&period=day&date=20261119`), db));
    assert.equal(body.topN, 10);
    const byUser = obj(
      await call(stats(`oids=${oid}&period=day&date=20261119&category=USER&nameInCategory=report`), db),
    );
    for (const r of byUser.records as Record<string, unknown>[]) assert.equal(r.user, 'report');
  });

  void it('enforces topN 1..1000 and the required parameters', async () => {
    for (const topN of ['0', '1001', 'ten']) {
      const reply = await call(stats(`oids=${oid}&period=day&date=20261119&topN=${topN}`), db);
      assert.equal(reply.status, 400);
      assert.equal(errorOf(reply).code, 'limit/topN');
    }
    assert.equal((await call(stats(`oids=${oid}&period=day&date=20261119&topN=1000`), db)).status, 200);
    assert.equal(errorOf(await call(stats(`period=day&date=20261119`), db)).code, 'param/missing');
    assert.equal(
      errorOf(await call(stats(`oids=${oid}&period=month&date=20261119`), db)).code,
      'param/invalid-value',
    );
    assert.equal(
      errorOf(await call(stats(`oids=${oid}&period=day&date=20261119&order=rows`), db)).code,
      'param/invalid-value',
    );
    assert.equal(
      errorOf(await call(stats(`oids=${oid}&period=day&date=20261119&category=DB`), db)).code,
      'param/missing',
    );
    assert.equal(
      errorOf(await call(stats(`oids=abc&period=day&date=20261119`), db)).code,
      'param/invalid-oids',
    );
  });
});

void describe('IP-based transaction search', () => {
  let server: DemoServer;
  let apm: { token: string; pcode: number };
  const stime = FIXED_NOW - 3_600_000;
  const body = (ip: string, extra: Record<string, unknown> = {}) => ({
    type: 'profiles',
    path: '/filter/search',
    pcode: String(apm.pcode),
    params: { stime, filter: { ip } },
    ...extra,
  });
  const url = () => `${server.baseUrl}/open/api/v2/yard/flush`;
  before(async () => {
    server = await startDemoServer({ seed: 17, now: () => FIXED_NOW });
    apm = projectOf(server, 'APM', 'Order');
  });
  after(() => server.close());

  void it('returns at most 100 URLs by descending count in { records, total, stime, etime }', async () => {
    const reply = obj(await call(url(), apm, { body: body('203.0.113.10') }));
    assertFields(reply, { records: 'array', total: n, stime: n, etime: n });
    const items = assertEach(reply.records, { elapsed: n, count: n, url: s }, 'records');
    assert.equal(items.length, 100);
    assert.equal(reply.total, 100);
    assert.equal(reply.etime, stime + 3_600_000);
    for (let i = 1; i < items.length; i++) assert.ok(Number(items[i - 1]!.count) >= Number(items[i]!.count));
    for (const item of items) assert.ok(Number(item.elapsed) >= 0 && Number(item.elapsed) < 3_600_000);
  });

  void it('returns an empty list for an IP that sent nothing', async () => {
    const reply = obj(await call(url(), apm, { body: body('192.0.2.250') }));
    assert.deepEqual(reply.records, []);
    assert.equal(reply.total, 0);
  });

  void it('validates the body fields', async () => {
    assert.equal(
      errorOf(await call(url(), apm, { body: body('203.0.113.10', { type: 'mxql' }) })).code,
      'body/invalid-field',
    );
    assert.equal(
      errorOf(await call(url(), apm, { body: body('203.0.113.10', { path: '/x' }) })).code,
      'body/invalid-field',
    );
    assert.equal(
      errorOf(await call(url(), apm, { body: body('203.0.113.10', { pcode: '1' }) })).code,
      'body/pcode-mismatch',
    );
    assert.equal(errorOf(await call(url(), apm, { body: body('not an ip') })).code, 'body/invalid-ip');
    assert.equal(
      errorOf(
        await call(url(), apm, {
          body: body('203.0.113.10', { params: { filter: { ip: '203.0.113.10' } } }),
        }),
      ).code,
      'body/missing',
    );
  });
});
