// Statistics, server statistics, raw tags, DB pool, IP search, database and MXQL endpoints against
// the demo backend, with the specification's response shapes.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { mxqlNoticeOf } from '../../api/index';
import { arr, H, hasShape, listOf, NOW, num, range, str, useDemo, type Shape } from './demoHarness';

const ctx = useDemo();
const recordsShape = (record: Shape) => async (value: Promise<unknown>, where: string) => {
  const v = await value;
  hasShape(v, { records: arr, total: num }, where);
  listOf((v as { records: unknown }).records, record, `${where}.records`);
};

void describe('statistics', () => {
  // Read at call time: the demo (and so the pcode) exists only once `before` has run.
  const p = {
    get pcode() {
      return ctx.apm;
    },
  };
  ctx.endpointTest('exception', () =>
    recordsShape({
      oids: str,
      time: num,
      classHash: num,
      count: num,
      service: str,
      class: str,
      serviceHash: num,
      snapSeq: str,
      msg: str,
    })(ctx.client.exception(range, p), 'exception'),
  );
  ctx.endpointTest('httpc', () =>
    recordsShape({
      Sum: num,
      Port: num,
      Max: num,
      Actived: num,
      Avg: num,
      Min: num,
      Error: num,
      Total: num,
      Url: str,
      Host: str,
      Stdev: str,
      HostHash: num,
      UrlHash: num,
    })(ctx.client.httpc(range, p), 'httpc'),
  );
  ctx.endpointTest('httpcFiltered', async () => {
    const first = (await ctx.client.httpc(range, p)).records[0];
    assert.ok(first);
    const v = await ctx.client.httpcFiltered({ ...range, host: first.Host, port: first.Port }, p);
    listOf(v.records, { Host: str, Port: num, Service: str, Service_hash: num }, 'httpcFiltered.records');
  });
  ctx.endpointTest('sql', () =>
    recordsShape({
      time_max: num,
      time_min: num,
      time_sum: num,
      time_avg: num,
      time_std: str,
      dbcHash: num,
      db: str,
      fetch_count: num,
      fetch_time: num,
      sql_crud: num,
      hash: num,
      count_total: num,
      count_error: num,
      count_actived: num,
      sql: str,
    })(ctx.client.sql({ ...range, filter: 'm5' }, p), 'sql'),
  );
  ctx.endpointTest('remote', () =>
    recordsShape({ count: num, city: str, country: str, ip: str })(ctx.client.remote(range, p), 'remote'),
  );
  ctx.endpointTest('transaction', () =>
    recordsShape({
      apdex_tolerated: num,
      apdex_satisfied: num,
      apdex: num,
      time_max: num,
      time_sum: num,
      time_avg: num,
      sql_fetch_time: num,
      sql_time: num,
      sql_count: num,
      sql_fetch: num,
      count: num,
      error: num,
      hash: num,
      httpc_avg: num,
      httpc_count: num,
      cpu_avg: num,
      mem_avg: num,
      service: str,
    })(ctx.client.transaction(range, p), 'transaction'),
  );
  ctx.endpointTest('heapUse', async () => {
    for (const merge of ['avg', 'max'] as const) {
      const v = await ctx.client.heapUse({ ...range, merge }, p);
      hasShape(v, { pcode: num, stime: num, etime: num, timeMerge: str, unit: str, data: arr }, 'heapUse');
      listOf(v.data, { oid: num, oname: str, heap_use: str }, 'heapUse.data');
    }
  });
  const seriesShape: Shape = { pcode: num, type: str, stime: num, etime: num, interval: num, timeMerge: str };
  const point = (s: unknown) =>
    assert.ok(
      Array.isArray(s) &&
        s.length > 0 &&
        Array.isArray(s[0]) &&
        s[0].length === 2 &&
        s[0].every((x: unknown) => typeof x === 'number'),
      'series of [ms, value]',
    );
  const oidsOf = async () => (await ctx.client.agentList(range, p)).data.slice(0, 2).map((a) => a.oid);
  ctx.endpointTest('metricSeries', async () => {
    const v = await ctx.client.metricSeries({ metric: 'thread_count', ...range }, p);
    hasShape(v, { ...seriesShape, objects: arr }, 'metricSeries');
    listOf(v.objects, { oname: str, oid: num, series: arr }, 'metricSeries.objects');
    point(v.objects[0]?.series);
  });
  ctx.endpointTest('metricSeriesAvg', async () => {
    const v = await ctx.client.metricSeriesAvg({ metric: 'thread_count', ...range }, p);
    hasShape(v, { ...seriesShape, objectMerge: str, series: arr }, 'metricSeriesAvg');
    point(v.series);
  });
  ctx.endpointTest('metricSeriesAgents', async () => {
    const oids = await oidsOf();
    const v = await ctx.client.metricSeriesAgents({ metric: 'thread_count', ...range, oids }, p);
    assert.deepEqual(v.objects.map((o) => o.oid).sort(), [...oids].sort());
  });
  ctx.endpointTest('metricSeriesAgentsAvg', async () => {
    const v = await ctx.client.metricSeriesAgentsAvg(
      { metric: 'thread_count', ...range, oids: (await oidsOf()).join(',') },
      p,
    );
    hasShape(v, { ...seriesShape, objectMerge: str, series: arr }, 'metricSeriesAgentsAvg');
  });
  for (const id of ['visitor5m', 'visitorH', 'visitorD'] as const) {
    ctx.endpointTest(id, async () => {
      const days =
        id === 'visitorD' ? { stime: NOW - 7 * 24 * H, etime: NOW } : { stime: NOW - 3 * H, etime: NOW };
      const v = await ctx.client[id](days, p);
      hasShape(v, { data: arr, pcode: num, stime: num, etime: num, total: num }, id);
      point(v.data);
    });
  }
  ctx.endpointTest('visitorM', async () => {
    const v = await ctx.client.visitorM({ stime: NOW - 90 * 24 * H, etime: NOW }, p);
    hasShape(
      v,
      { data: arr, pcode: num, stime: num, etime: num, sdate: str, edate: str, total: num },
      'visitorM',
    );
    listOf(v.data, { stime: num, etime: num, sdate: str, edate: str, mau: num }, 'visitorM.data');
  });
});

void describe('server statistics, raw tags, DB pool, IP search, database, MXQL', () => {
  ctx.endpointTest('smStat', async () => {
    const v = await ctx.client.smStat({ ...range, filter: 'm5' }, { pcode: ctx.sms });
    listOf(v.servers, { oid: num, timeData: arr }, 'smStat.servers');
    listOf(
      v.servers[0]?.timeData,
      {
        usedPercent: num,
        trafficIn: num,
        trafficOut: num,
        cpu: num,
        memory_swappused: num,
        time: num,
        memory_pused: num,
        ioPercent: num,
      },
      'timeData',
    );
    const one = await ctx.client.smStat({ ...range, oid: v.servers[0]?.oid ?? 0 }, { pcode: ctx.sms });
    assert.equal(one.servers.length, 1);
  });
  for (const id of ['rawTagTps', 'rawTagRespTime', 'rawTagCpu'] as const) {
    ctx.endpointTest(id, async () => {
      const v = await ctx.client[id]({ ...range, timeMerge: 'avg' }, { pcode: ctx.apm });
      assert.equal(typeof v, 'number');
    });
  }
  const poolShape: Shape = { pcode: num, time: num, dbc_total: arr };
  const poolItem: Shape = { oid: num, oname: str, databaseUrl: str, active: num, idle: num, total: num };
  ctx.endpointTest('dbPool', async () => {
    const v = await ctx.client.dbPool(range, { pcode: ctx.apm });
    hasShape(v, poolShape, 'dbPool');
    listOf(v.dbc_total, poolItem, 'dbPool.dbc_total');
    const first = v.dbc_total[0];
    assert.equal(first?.total, (first?.active ?? 0) + (first?.idle ?? 0));
  });
  ctx.endpointTest('dbPoolShort', async () => {
    hasShape(await ctx.client.dbPoolShort({ etime: NOW }, { pcode: ctx.apm }), poolShape, 'dbPoolShort');
    hasShape(
      await ctx.client.dbPoolShort({ etime: NOW }, { pcode: ctx.apm, pathVariant: 'example' }),
      poolShape,
      'dbPoolShort example',
    );
  });
  ctx.endpointTest('ipSearch', async () => {
    const ip = (await ctx.client.remote(range, { pcode: ctx.apm })).records[0]?.ip ?? '';
    const v = await ctx.client.ipSearch({ stime: NOW - H, ip }, { pcode: ctx.apm });
    const items = Array.isArray(v) ? v : Object.values(v as object).find(Array.isArray);
    listOf(items, { elapsed: num, count: num, url: str }, 'ipSearch items');
    assert.ok((items as unknown[]).length <= 100);
  });
  const dbOid = async () => (await ctx.client.agentList(range, { pcode: ctx.db })).data[0]?.oid ?? 0;
  ctx.endpointTest('dbParams', async () => {
    const v = await ctx.client.dbParams(
      { oid: await dbOid(), baseTime: '20261118', comparisonTime: '20261119' },
      { pcode: ctx.db },
    );
    hasShape(v, { unmatchedKeys: arr, baseTime: arr, comparisonTime: arr }, 'dbParams');
    listOf(v.baseTime, { key: str, value: str }, 'dbParams.baseTime');
  });
  ctx.endpointTest('sqlStatTopN', async () => {
    const v = await ctx.client.sqlStatTopN(
      { oids: [await dbOid()], period: 'day', date: '20261119', topN: 3, order: 'sql_elapse' },
      { pcode: ctx.db },
    );
    hasShape(
      v,
      { records: arr, topN: num, total: num, retrievedStartTime: num, retrievedEndTime: num },
      'sqlStatTopN',
    );
    listOf(
      v.records,
      {
        sql_execute_cnt: num,
        sql_elapse: num,
        sql_elapse_max: num,
        sqlHash: num,
        onames: str,
        user: str,
        sql: str,
      },
      'sqlStatTopN.records',
    );
    assert.ok(v.records.length <= 3);
  });
  ctx.endpointTest('mxqlText', async () => {
    const rows = await ctx.client.mxqlText(
      { ...range, mql: 'CATEGORY app_counter\nTAGLOAD', limit: 20 },
      { pcode: ctx.apm },
    );
    assert.ok(rows.length > 0 && rows.length <= 20);
    hasShape(rows[0], { time: num, pcode: num, oname: str, tps: num }, 'mxqlText row');
    assert.deepEqual(
      await ctx.client.mxqlText(
        { ...range, mql: 'CATEGORY app_counter\nOID [$oid]\nTAGLOAD', limit: 20, param: { $oid: '1' } },
        { pcode: ctx.apm },
      ),
      [],
      'no matching data is an empty array',
    );
    assert.equal(mxqlNoticeOf(rows), undefined, 'rows come without a notice');
    const unknown = await ctx.client.mxqlText(
      { ...range, mql: 'CATEGORY no_such_category\nTAGLOAD', limit: 20 },
      { pcode: ctx.apm },
    );
    assert.deepEqual(unknown, []);
    assert.equal(mxqlNoticeOf(unknown), 'no rows: the demo has no data for category no_such_category');
  });
  ctx.endpointTest('mxqlPath', async () => {
    const rows = await ctx.client.mxqlPath(
      { ...range, mql: '/app/act_tx/act_tx_oid', limit: 50 },
      { pcode: ctx.apm },
    );
    assert.ok(Array.isArray(rows));
  });
});

ctx.assertCovers(['statistics', 'serverStatistics', 'rawTag', 'ipSearch', 'database', 'mxql']);
