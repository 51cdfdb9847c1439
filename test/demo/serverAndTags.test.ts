import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDemoServer, type DemoServer } from '../../demo/index';
import { FIXED_NOW, arr, assertEach, assertFields, call, errorOf, obj, projectOf } from './demoClient';

const HOUR = 3_600_000;
const S = FIXED_NOW - HOUR;
const E = FIXED_NOW;
const n = 'number' as const;

const TIME_DATA = {
  usedPercent: n,
  trafficIn: n,
  trafficOut: n,
  cpu: n,
  memory_swappused: n,
  time: n,
  memory_pused: n,
  ioPercent: n,
};

void describe('server statistics (sm_stat)', () => {
  let server: DemoServer;
  let sms: { token: string; pcode: number };
  const url = (query: string) => `${server.serviceUrl}/open/json/stat/sm_stat?${query}`;
  before(async () => {
    server = await startDemoServer({ seed: 13, now: () => FIXED_NOW });
    sms = projectOf(server, 'SMS', 'Linux');
  });
  after(() => server.close());

  void it('returns servers with timeData at 5-minute steps by default', async () => {
    const body = obj(await call(url(`stime=${S}&etime=${E}`), sms));
    assertFields(body, { servers: 'array' });
    const servers = assertEach(body.servers, { oid: n, timeData: 'array' }, 'servers');
    assert.equal(servers.length, server.data.agentsOf(sms.pcode).length);
    const active = servers.find((s) => arr(s.timeData).length > 0);
    assert.ok(active);
    const points = assertEach(active.timeData, TIME_DATA, 'timeData');
    assert.equal(points.length, 12);
  });

  void it('honours filter and oid', async () => {
    const oid = server.data.agentsOf(sms.pcode).find((a) => a.active && a.oid < 0)?.oid;
    assert.ok(oid !== undefined);
    const body = obj(await call(url(`stime=${S}&etime=${E}&filter=s5&oid=${oid}`), sms));
    const servers = assertEach(body.servers, { oid: n, timeData: 'array' }, 'servers');
    assert.equal(servers.length, 1);
    assert.equal(servers[0]!.oid, oid);
    assert.equal(arr(servers[0]!.timeData).length, 720);
  });

  void it('rejects other parameters, ranges over an hour and a missing stime', async () => {
    const extra = await call(url(`stime=${S}&etime=${E}&pcode=1`), sms);
    assert.equal(extra.status, 400);
    assert.equal(errorOf(extra).code, 'param/not-allowed');
    assert.match(errorOf(extra).message, /pcode/);
    const long = await call(url(`stime=${E - 2 * HOUR}&etime=${E}`), sms);
    assert.equal(errorOf(long).code, 'limit/range');
    assert.match(errorOf(long).message, /sm_stat.*1 hour/);
    const missing = await call(url(`etime=${E}`), sms);
    assert.equal(errorOf(missing).code, 'param/missing');
    const badFilter = await call(url(`stime=${S}&etime=${E}&filter=m1`), sms);
    assert.equal(errorOf(badFilter).code, 'param/invalid-value');
  });
});

void describe('raw tag statistics and DB pools', () => {
  let server: DemoServer;
  let apm: { token: string; pcode: number };
  before(async () => {
    server = await startDemoServer({ seed: 13, now: () => FIXED_NOW });
    apm = projectOf(server, 'APM', 'Order');
  });
  after(() => server.close());

  void it('returns bare decimal numbers for tps, resp_time and cpu', async () => {
    for (const path of ['app_counter/tps', 'app_counter/resp_time', 'app_host_resource/cpu']) {
      const reply = await call(
        `${server.baseUrl}/open/api/raw/tag/${path}?stime=${S}&etime=${E}&timeMerge=avg`,
        apm,
      );
      assert.equal(reply.status, 200, path);
      assert.match(reply.text, /^\d+(\.\d+)?$/, path);
      assert.ok(Number(reply.text) > 0);
    }
  });

  void it('applies timeMerge: max is at least avg, and unknown merges are refused', async () => {
    const base = `${server.baseUrl}/open/api/raw/tag/app_counter/tps?stime=${S}&etime=${E}`;
    const avg = Number((await call(`${base}&timeMerge=avg`, apm)).text);
    const max = Number((await call(`${base}&timeMerge=max`, apm)).text);
    assert.ok(max >= avg);
    const bad = await call(`${base}&timeMerge=median`, apm);
    assert.equal(bad.status, 400);
    const missing = await call(`${server.baseUrl}/open/api/raw/tag/app_counter/tps?etime=${E}`, apm);
    assert.equal(errorOf(missing).code, 'param/missing');
  });

  void it('returns the DB pool object at all three paths', async () => {
    for (const path of [
      '/open/api/tag/db_pool_detail/dbconn',
      '/open/json/tag/db_pool_detail/dbconn',
      '/open/api/json/tag/db_pool_detail/dbconn',
    ]) {
      const body = obj(await call(`${server.baseUrl}${path}?stime=${S}&etime=${E}&timeMerge=avg`, apm));
      assertFields(body, { pcode: n, time: n, dbc_total: 'array' });
      const pools = assertEach(
        body.dbc_total,
        { oid: n, oname: 'string', databaseUrl: 'string', active: n, idle: n, total: n },
        'dbc_total',
      );
      for (const p of pools) assert.equal(p.total, Number(p.active) + Number(p.idle));
    }
    const short = obj(await call(`${server.baseUrl}/open/json/tag/db_pool_detail/dbconn?etime=${E}`, apm));
    assert.ok(Number(short.time) <= E);
  });
});
