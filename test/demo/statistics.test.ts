import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDemoServer, type DemoServer } from '../../demo/index';
import { FIXED_NOW, arr, assertEach, assertFields, call, errorOf, obj, projectOf, rec } from './demoClient';

const HOUR = 3_600_000;
const DAY = 86_400_000;
const S = FIXED_NOW - HOUR;
const E = FIXED_NOW;

const n = 'number' as const;
const s = 'string' as const;

const RECORDS = {
  exception: {
    oids: s,
    time: n,
    classHash: n,
    count: n,
    service: s,
    class: s,
    serviceHash: n,
    snapSeq: s,
    msg: s,
  },
  httpc: {
    Sum: n,
    Port: n,
    Max: n,
    Actived: n,
    Avg: n,
    Min: n,
    Error: n,
    Total: n,
    Url: s,
    Host: s,
    Stdev: 'numeric-string',
    HostHash: n,
    UrlHash: n,
  },
  sql: {
    time_max: n,
    time_min: n,
    time_sum: n,
    time_avg: n,
    time_std: 'numeric-string',
    dbcHash: n,
    db: s,
    fetch_count: n,
    fetch_time: n,
    sql_crud: n,
    hash: n,
    count_total: n,
    count_error: n,
    count_actived: n,
    sql: s,
  },
  remote: { count: n, city: s, country: s, ip: s },
  transaction: {
    apdex_tolerated: n,
    apdex_satisfied: n,
    apdex: n,
    time_max: n,
    time_sum: n,
    time_avg: n,
    sql_fetch_time: n,
    sql_time: n,
    sql_count: n,
    sql_fetch: n,
    count: n,
    error: n,
    hash: n,
    httpc_avg: n,
    httpc_count: n,
    cpu_avg: n,
    mem_avg: n,
    service: s,
  },
} as const;

void describe('statistics over a time range', () => {
  let server: DemoServer;
  let apm: { token: string; pcode: number };
  const json = (path: string) => `${server.baseUrl}/open/api/json/${path}`;
  before(async () => {
    server = await startDemoServer({ seed: 11, now: () => FIXED_NOW });
    apm = projectOf(server, 'APM', 'Order');
  });
  after(() => server.close());

  for (const [name, spec] of Object.entries(RECORDS)) {
    void it(`${name}: records/total envelope with the documented fields`, async () => {
      const body = obj(await call(json(`${name}/${S}/${E}`), apm));
      assertFields(body, { records: 'array', total: 'number' });
      const records = assertEach(body.records, spec, 'records');
      assert.equal(body.total, records.length);
    });
  }

  void it('sql statements have their literals replaced by #', async () => {
    const body = obj(await call(json(`sql/${S}/${E}`), apm));
    for (const r of arr(body.records)) assert.match(String(rec(r).sql), /#/);
  });

  void it('httpc filtered by host and port adds Service and Service_hash', async () => {
    const body = obj(await call(json(`httpc/${S}/${E}/filter/host/inventory.internal/port/8080`), apm));
    const records = assertEach(body.records, { ...RECORDS.httpc, Service: s, Service_hash: n }, 'records');
    for (const r of records) {
      assert.equal(r.Host, 'inventory.internal');
      assert.equal(r.Port, 8080);
    }
    const badPort = await call(json(`httpc/${S}/${E}/filter/host/inventory.internal/port/http`), apm);
    assert.equal(badPort.status, 400);
  });

  void it('scales counts with the range: a longer range has more transactions', async () => {
    const total = async (stime: number) =>
      arr(obj(await call(json(`transaction/${stime}/${E}`), apm)).records).reduce<number>(
        (acc, r) => acc + Number(rec(r).count),
        0,
      );
    assert.ok((await total(E - 6 * HOUR)) > (await total(E - HOUR)));
  });

  void it('heap_use: avg and max shapes, string values, at most one hour', async () => {
    for (const merge of ['avg', 'max']) {
      const body = obj(await call(json(`heap_use/${S}/${E}/${merge}`), apm));
      assertFields(body, { pcode: n, stime: n, etime: n, timeMerge: s, unit: s, data: 'array' });
      assert.equal(body.timeMerge, merge);
      assertEach(body.data, { oid: n, oname: s, heap_use: 'numeric-string' }, 'data');
    }
    const avg = arr(obj(await call(json(`heap_use/${S}/${E}/avg`), apm)).data);
    const max = arr(obj(await call(json(`heap_use/${S}/${E}/max`), apm)).data);
    assert.ok(Number(rec(max[0]).heap_use) >= Number(rec(avg[0]).heap_use));
    const long = await call(json(`heap_use/${E - 2 * HOUR}/${E}/avg`), apm);
    assert.equal(long.status, 400);
    assert.equal(errorOf(long).code, 'limit/range');
    assert.match(errorOf(long).message, /heap_use.*1 hour/);
  });

  void it('{metric}: per-agent series for all agents with interval 300', async () => {
    const body = obj(await call(json(`thread_count/${S}/${E}`), apm));
    assertFields(body, {
      pcode: n,
      type: s,
      stime: n,
      etime: n,
      interval: n,
      timeMerge: s,
      objects: 'array',
    });
    assert.equal(body.type, 'thread_count');
    assert.equal(body.interval, 300);
    const objects = assertEach(body.objects, { oname: s, oid: n, series: 'array' }, 'objects');
    assert.equal(objects.length, server.data.agentsOf(apm.pcode).length);
    const series = arr(objects.find((o) => arr(o.series).length > 0)?.series);
    assert.equal(series.length, 12);
    for (const point of series) {
      const [t, v] = arr(point);
      assert.equal(typeof t, 'number');
      assert.equal(typeof v, 'number');
    }
  });

  void it('{metric}/avg: one averaged series with objectMerge avg', async () => {
    const body = obj(await call(json(`thread_count/${S}/${E}/avg`), apm));
    assertFields(body, {
      pcode: n,
      type: s,
      stime: n,
      etime: n,
      interval: n,
      timeMerge: s,
      objectMerge: s,
      series: 'array',
    });
    assert.equal(body.objectMerge, 'avg');
    assert.equal(arr(body.series).length, 12);
  });

  void it('{metric}/{oids}: only the listed agents, and an inactive one has fewer points', async () => {
    const agents = server.data.agentsOf(apm.pcode);
    const active = agents.find((a) => a.active && a.oid < 0);
    const inactive = agents.find(
      (a) => !a.active && a.inactTime > FIXED_NOW - 30 * HOUR && a.startTime < FIXED_NOW - 40 * HOUR,
    );
    assert.ok(active && inactive);
    const stime = FIXED_NOW - 31 * HOUR;
    const body = obj(await call(json(`tps/${stime}/${E}/${active.oid},${inactive.oid}`), apm));
    const objects = assertEach(body.objects, { oname: s, oid: n, series: 'array' }, 'objects');
    assert.deepEqual(
      objects.map((o) => o.oid),
      [active.oid, inactive.oid],
    );
    assert.ok(arr(objects[1]!.series).length < arr(objects[0]!.series).length);
    const avg = obj(await call(json(`tps/${stime}/${E}/avg/${active.oid},${inactive.oid}`), apm));
    assert.equal(avg.objectMerge, 'avg');
    const unknown = await call(json(`tps/${S}/${E}/12345`), apm);
    assert.equal(unknown.status, 400);
    assert.equal(errorOf(unknown).code, 'param/unknown-oid');
  });

  void it('{metric}: filter s5 and h1 change the interval; unknown metric and filter are refused', async () => {
    const s5 = obj(await call(json(`tps/${S}/${E}/avg?filter=s5`), apm));
    assert.equal(s5.interval, 5);
    assert.equal(arr(s5.series).length, 720);
    const h1 = obj(await call(json(`tps/${E - DAY}/${E}/avg?filter=h1`), apm));
    assert.equal(h1.interval, 3600);
    const bad = await call(json(`tps/${S}/${E}?filter=d1`), apm);
    assert.equal(bad.status, 400);
    assert.match(errorOf(bad).message, /m5, s5, h1/);
    const unknown = await call(json(`no_such_metric/${S}/${E}`), apm);
    assert.equal(unknown.status, 404);
    assert.match(errorOf(unknown).message, /thread_count/);
  });

  void it('records: filter is validated and oid restricts to one agent', async () => {
    const all = obj(await call(json(`transaction/${S}/${E}?filter=m5`), apm));
    const agent = server.data.agentsOf(apm.pcode).find((a) => a.active && a.oid < 0);
    assert.ok(agent);
    const one = obj(await call(json(`transaction/${S}/${E}?oid=${agent.oid}`), apm));
    const sum = (body: Record<string, unknown>) =>
      arr(body.records).reduce<number>((acc, r) => acc + Number(rec(r).count), 0);
    assert.ok(sum(one) > 0 && sum(one) < sum(all));
    const badFilter = await call(json(`sql/${S}/${E}?filter=x`), apm);
    assert.equal(badFilter.status, 400);
    assert.equal(errorOf(badFilter).code, 'param/invalid-value');
    const badOid = await call(json(`sql/${S}/${E}?oid=77`), apm);
    assert.equal(errorOf(badOid).code, 'param/unknown-oid');
  });

  void it('records: filterkey/filterval are checked, and a url condition keeps that service', async () => {
    const url = Buffer.from('/api/orders').toString('base64');
    const body = obj(
      await call(json(`transaction/${S}/${E}?filterkey=url&filterval=${encodeURIComponent(url)}`), apm),
    );
    const records = arr(body.records).map(rec);
    assert.equal(records.length, 1);
    assert.equal(records[0]!.service, '/api/orders');
    const badKey = await call(json(`transaction/${S}/${E}?filterkey=host&filterval=x`), apm);
    assert.equal(errorOf(badKey).code, 'param/invalid-value');
    assert.match(errorOf(badKey).message, /caller_pcode/);
    const notBase64 = await call(json(`transaction/${S}/${E}?filterkey=url&filterval=/api/orders`), apm);
    assert.match(errorOf(notBase64).message, /base64/);
    const alone = await call(json(`transaction/${S}/${E}?filterkey=spec`), apm);
    assert.equal(errorOf(alone).code, 'param/missing');
  });

  void it('rejects reversed ranges and non-numeric times', async () => {
    const reversed = await call(json(`exception/${E}/${S}`), apm);
    assert.equal(reversed.status, 400);
    assert.equal(errorOf(reversed).code, 'param/range-order');
    const text = await call(json(`exception/yesterday/${E}`), apm);
    assert.equal(errorOf(text).code, 'param/invalid-time');
  });

  void it('visitor_5m and visitor_h: [time, count] points at their boundaries', async () => {
    const five = obj(await call(json(`visitor_5m/${S}/${E}`), apm));
    assertFields(five, { data: 'array', pcode: n, stime: n, etime: n, total: n });
    assert.equal(five.total, 12);
    const hourly = obj(await call(json(`visitor_h/${E - DAY}/${E}`), apm));
    assert.equal(hourly.total, 24);
    for (const point of arr(hourly.data)) assert.equal(Number(arr(point)[0]) % HOUR, 0);
  });

  void it('visitor_d: at most 31 days', async () => {
    const ok = obj(await call(json(`visitor_d/${E - 31 * DAY}/${E}`), apm));
    assert.equal(ok.total, 31);
    const long = await call(json(`visitor_d/${E - 32 * DAY}/${E}`), apm);
    assert.equal(long.status, 400);
    assert.match(errorOf(long).message, /visitor_d.*31 days/);
  });

  void it('visitor_m: monthly mau items with textual dates, at most 365 days', async () => {
    const body = obj(await call(json(`visitor_m/${E - 100 * DAY}/${E}`), apm));
    assertFields(body, { data: 'array', pcode: n, stime: n, etime: n, sdate: s, edate: s, total: n });
    const months = assertEach(body.data, { stime: n, etime: n, sdate: s, edate: s, mau: n }, 'data');
    assert.equal(body.total, months.length);
    assert.ok(months.length >= 4);
    assert.ok(months.every((m) => Number(m.mau) > 0));
    assert.match(String(months[1]!.sdate), /^\d{4}-\d\d-01$/);
    const long = await call(json(`visitor_m/${E - 366 * DAY}/${E}`), apm);
    assert.equal(long.status, 400);
    assert.match(errorOf(long).message, /365 days/);
  });
});
