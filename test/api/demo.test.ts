// Every endpoint of the table against the demo backend, with the response shapes of the
// specification; authentication failures and limits (client-side and the service's own 400).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createOpenApiClient,
  endpointIdList,
  OpenApiError,
  type EndpointId,
  type OpenApiClient,
} from '../../client/src/api/index';
import { startDemoServer, type DemoServer } from '../../client/src/demo/index';

type Kind = 'number' | 'string' | 'boolean' | 'array' | 'object';
type Shape = Record<string, Kind>;

function kindOf(v: unknown): string {
  return Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v;
}
/** Asserts that `value` has every field of `shape` with the given kind. */
function hasShape(value: unknown, shape: Shape, where: string): void {
  assert.equal(kindOf(value), 'object', `${where} is an object`);
  const record = value as Record<string, unknown>;
  for (const [field, kind] of Object.entries(shape)) {
    assert.equal(kindOf(record[field]), kind, `${where}.${field} is ${kind}`);
  }
}
/** Asserts a non-empty list whose first item has `shape`. */
function listOf(value: unknown, shape: Shape, where: string): void {
  assert.ok(Array.isArray(value) && value.length > 0, `${where} is a non-empty array`);
  hasShape(value[0], shape, `${where}[0]`);
}
const num = 'number' as const;
const str = 'string' as const;
const bool = 'boolean' as const;
const arr = 'array' as const;
const obj = 'object' as const;

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const H = 3_600_000;
const range = { stime: NOW - H, etime: NOW };
const unhandled: unknown[] = [];
process.on('unhandledRejection', (reason) => unhandled.push(reason));

let demo: DemoServer;
let client: OpenApiClient;
const pcodeOf = (productType: string) => {
  const p = demo.projects.find((x) => x.productType === productType);
  assert.ok(p, `the demo has a ${productType} project`);
  return p.pcode;
};
let apm: number;
let sms: number;
let db: number;

before(async () => {
  demo = await startDemoServer({ now: () => NOW, slowMs: 60_000 });
  client = createOpenApiClient({
    baseUrl: demo.baseUrl,
    serviceUrl: demo.serviceUrl,
    accountToken: demo.accountToken,
    tokenForPcode: (pcode) => demo.projects.find((p) => p.pcode === pcode)?.token,
    retry: { attempts: 1 },
  });
  [apm, sms, db] = [pcodeOf('APM'), pcodeOf('SMS'), pcodeOf('DB')];
});
after(async () => {
  await client.close();
  await demo.close();
  assert.deepEqual(unhandled, []);
});

const covered = new Set<EndpointId>();
/** Declares the test of one endpoint, so coverage of the whole table can be asserted. */
function endpointTest(id: EndpointId, body: () => Promise<void>): void {
  covered.add(id);
  void test(id, body);
}
const spotShape: Shape = { pname: str };
const recordsShape = (record: Shape) => async (value: Promise<unknown>, where: string) => {
  const v = await value;
  hasShape(v, { records: arr, total: num }, where);
  listOf((v as { records: unknown }).records, record, `${where}.records`);
};

void describe('meta', () => {
  endpointTest('projects', async () => {
    const v = await client.projects();
    hasShape(v, { data: arr, accountEmail: str, total: num }, 'projects');
    listOf(
      v.data,
      {
        groupName: str,
        projectCode: num,
        projectName: str,
        createTime: str,
        lastUpdatedTime: str,
        status: str,
        productType: str,
        platform: str,
        gatewayName: str,
        apiToken: str,
      },
      'projects.data',
    );
    assert.ok(
      v.data.every((p) => !demo.projects.some((d) => d.token === p.apiToken)),
      'tokens are masked',
    );
  });
  endpointTest('project', async () => {
    hasShape(
      await client.project(undefined, { pcode: apm }),
      {
        platform: str,
        createTime: str,
        projectCode: num,
        status: str,
        lastUpdatedTime: str,
        productType: str,
        name: str,
        gatewayName: str,
      },
      'project',
    );
  });
  endpointTest('smProject', async () => {
    const v = await client.smProject(undefined, { pcode: sms });
    hasShape(v, { pname: str, timezone: num, regionName: str, values: obj }, 'smProject');
    listOf(
      v.values.servers,
      {
        public_ip: str,
        os_cpuvendor: str,
        agent_created: str,
        ip: str,
        os_arch: str,
        actTime: num,
        cpu_cores: str,
        oid: num,
        isActive: bool,
        okind: str,
        version: str,
        tags: arr,
        inactTime: num,
        oname: str,
        os_name: str,
        startTime: num,
        os_memory: str,
        os_status: str,
      },
      'smProject.servers',
    );
  });
  endpointTest('agents', async () => {
    listOf(
      (await client.agents(undefined, { pcode: apm })).data,
      { host_ip: str, oname: str, active: bool },
      'agents',
    );
  });
  endpointTest('projectMembers', async () => {
    const v = await client.projectMembers({ projectCode: apm });
    hasShape(v, { data: arr, total: num }, 'members');
    listOf(v.data, { email: str, name: str, typeKey: str, typeName: str }, 'members.data');
  });
  endpointTest('groups', async () => {
    const v = await client.groups();
    listOf(v.data, { groupName: str, groupKey: str, description: str }, 'groups');
    const example = await client.groups(undefined, { pathVariant: 'example' });
    assert.deepEqual(example, v);
  });
  endpointTest('groupMembers', async () => {
    const key = (await client.groups()).data[0]?.groupKey ?? '';
    hasShape(await client.groupMembers({ groupKey: key }), { data: arr, total: num }, 'groupMembers');
  });
  endpointTest('groupProjects', async () => {
    const key = (await client.groups()).data[0]?.groupKey ?? '';
    listOf(
      (await client.groupProjects({ groupKey: key })).data,
      { projectCode: num, name: str, status: str, productType: str, platform: str, gatewayName: str },
      'groupProjects',
    );
  });
  endpointTest('agentList', async () => {
    const v = await client.agentList(range, { pcode: apm });
    hasShape(v, { stime: num, etime: num, timestamp: num, data: arr }, 'agentList');
    listOf(
      v.data,
      {
        oid: num,
        oname: str,
        alias: str,
        initial: str,
        otype: str,
        subtype: str,
        active: bool,
        okind: num,
        okindName: str,
        onode: num,
        onodeName: str,
        ip: str,
        'agent.version': str,
        cpuCores: num,
      },
      'agentList.data',
    );
    const textual = await client.agentList(
      { stime: '20261120110000', etime: '202611201200' },
      { pcode: apm },
    );
    assert.equal(textual.stime, range.stime);
    assert.equal(textual.etime, range.etime);
  });
});

void describe('spot on the second host', () => {
  for (const id of ['svcActAgent', 'svcInactAgent', 'svcHost', 'svcCpucore'] as const) {
    endpointTest(id, async () => {
      const v = await client[id](undefined, { pcode: sms });
      hasShape(v, { ...spotShape, values: str }, id);
      assert.ok(Number.isFinite(Number(v.values)), 'values holds a number');
    });
  }
  endpointTest('infraCpu', async () => {
    const v = await client.infraCpu(undefined, { pcode: sms });
    hasShape(v, { ...spotShape, values: obj }, 'infraCpu');
    assert.ok(Object.values(v.values).every((x) => typeof x === 'number'));
  });
  endpointTest('infraDiskIops', async () => {
    const v = await client.infraDiskIops(undefined, { pcode: sms });
    const first = Object.values(v.values)[0];
    hasShape(first, { bps: num, iops: num }, 'infraDiskIops.values[*]');
  });
  endpointTest('infraNetTraffic', async () => {
    const v = await client.infraNetTraffic(undefined, { pcode: sms });
    assert.ok(
      Object.values(v.values).length > 0 && Object.values(v.values).every((x) => typeof x === 'number'),
    );
  });
  endpointTest('infraProc', async () => {
    const v = await client.infraProc(undefined, { pcode: sms });
    listOf(
      Object.values(v.values)[0],
      { memoryBytes: num, bps: num, cmd1: str, cpu: num },
      'infraProc.values[*]',
    );
  });
  endpointTest('smServers', async () => {
    const v = await client.smServers(undefined, { pcode: sms });
    listOf(
      v.values,
      { 'os.status': str, oname: str, 'os.name': str, oid: num, isActive: bool },
      'smServers.values',
    );
  });
  endpointTest('sm', async () => {
    const { values } = await client.sm(undefined, { pcode: sms });
    hasShape(values, { servers: arr, max: obj, count: obj }, 'sm.values');
    const server = values.servers[0];
    hasShape(server, { oid: num, oname: str, isActive: bool, snapshot: obj }, 'sm.servers[0]');
    hasShape(
      server?.snapshot,
      {
        disk: obj,
        memory: obj,
        cpu: obj,
        open_filedescriptors: num,
        uptime: num,
        netstat: obj,
        network: obj,
      },
      'snapshot',
    );
    hasShape(
      server?.snapshot.cpu,
      {
        softirq: num,
        usr: num,
        idle: num,
        steal: num,
        irq: num,
        load5: num,
        iowait: num,
        sys: num,
        nice: num,
        load1: num,
        load15: num,
      },
      'snapshot.cpu',
    );
    hasShape(
      Object.values(server?.snapshot.disk ?? {})[0],
      { writeIops: num, usedPercent: num, fileSystem: str, mountPoint: str, display: bool },
      'snapshot.disk[*]',
    );
    hasShape(
      Object.values(server?.snapshot.network ?? {})[0],
      { errorOut: num, trafficIn: num, hwAddr: str, ip: str, desc: str },
      'snapshot.network[*]',
    );
    hasShape(values.max, { disk: obj, nic: obj, compound_eye_traffic: num }, 'sm.max');
    hasShape(
      values.count,
      { total: num, paused: num, inactive: num, warning: num, ok: num, close: num, fatal: num },
      'sm.count',
    );
  });
});

void describe('spot on the main host', () => {
  endpointTest('spot', async () => {
    const v = await client.spot(undefined, { pcode: apm });
    const fields = [
      'act_agent',
      'inact_agent',
      'host',
      'cpucore',
      'txcount',
      'tps',
      'user',
      'actx',
      'rtime',
      'cpu',
      'threadpool_active',
      'threadpool_queue',
      'dbconn_total',
      'dbconn_act',
      'dbconn_idle',
      'act_method',
      'act_sql',
      'act_httpc',
      'act_dbc',
      'act_socket',
      'apdex',
    ];
    hasShape(v, { pcode: num, ...Object.fromEntries(fields.map((f) => [f, str])) }, 'spot');
  });
  const bare = [
    'spotActAgent',
    'spotInactAgent',
    'spotHost',
    'spotCpucore',
    'spotTxcount',
    'spotTps',
    'spotUser',
    'spotActx',
    'spotRtime',
    'spotCpu',
    'spotApdex',
  ] as const;
  for (const id of bare) {
    endpointTest(id, async () => {
      const v = await client[id](undefined, { pcode: apm });
      assert.equal(typeof v, 'number');
      assert.ok(Number.isFinite(v));
    });
  }
});

void describe('statistics', () => {
  // Read at call time: the demo (and so the pcode) exists only once `before` has run.
  const p = {
    get pcode() {
      return apm;
    },
  };
  endpointTest('exception', () =>
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
    })(client.exception(range, p), 'exception'),
  );
  endpointTest('httpc', () =>
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
    })(client.httpc(range, p), 'httpc'),
  );
  endpointTest('httpcFiltered', async () => {
    const first = (await client.httpc(range, p)).records[0];
    assert.ok(first);
    const v = await client.httpcFiltered({ ...range, host: first.Host, port: first.Port }, p);
    listOf(v.records, { Host: str, Port: num, Service: str, Service_hash: num }, 'httpcFiltered.records');
  });
  endpointTest('sql', () =>
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
    })(client.sql({ ...range, filter: 'm5' }, p), 'sql'),
  );
  endpointTest('remote', () =>
    recordsShape({ count: num, city: str, country: str, ip: str })(client.remote(range, p), 'remote'),
  );
  endpointTest('transaction', () =>
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
    })(client.transaction(range, p), 'transaction'),
  );
  endpointTest('heapUse', async () => {
    for (const merge of ['avg', 'max'] as const) {
      const v = await client.heapUse({ ...range, merge }, p);
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
  const oidsOf = async () => (await client.agentList(range, p)).data.slice(0, 2).map((a) => a.oid);
  endpointTest('metricSeries', async () => {
    const v = await client.metricSeries({ metric: 'thread_count', ...range }, p);
    hasShape(v, { ...seriesShape, objects: arr }, 'metricSeries');
    listOf(v.objects, { oname: str, oid: num, series: arr }, 'metricSeries.objects');
    point(v.objects[0]?.series);
  });
  endpointTest('metricSeriesAvg', async () => {
    const v = await client.metricSeriesAvg({ metric: 'thread_count', ...range }, p);
    hasShape(v, { ...seriesShape, objectMerge: str, series: arr }, 'metricSeriesAvg');
    point(v.series);
  });
  endpointTest('metricSeriesAgents', async () => {
    const oids = await oidsOf();
    const v = await client.metricSeriesAgents({ metric: 'thread_count', ...range, oids }, p);
    assert.deepEqual(v.objects.map((o) => o.oid).sort(), [...oids].sort());
  });
  endpointTest('metricSeriesAgentsAvg', async () => {
    const v = await client.metricSeriesAgentsAvg(
      { metric: 'thread_count', ...range, oids: (await oidsOf()).join(',') },
      p,
    );
    hasShape(v, { ...seriesShape, objectMerge: str, series: arr }, 'metricSeriesAgentsAvg');
  });
  for (const id of ['visitor5m', 'visitorH', 'visitorD'] as const) {
    endpointTest(id, async () => {
      const days =
        id === 'visitorD' ? { stime: NOW - 7 * 24 * H, etime: NOW } : { stime: NOW - 3 * H, etime: NOW };
      const v = await client[id](days, p);
      hasShape(v, { data: arr, pcode: num, stime: num, etime: num, total: num }, id);
      point(v.data);
    });
  }
  endpointTest('visitorM', async () => {
    const v = await client.visitorM({ stime: NOW - 90 * 24 * H, etime: NOW }, p);
    hasShape(
      v,
      { data: arr, pcode: num, stime: num, etime: num, sdate: str, edate: str, total: num },
      'visitorM',
    );
    listOf(v.data, { stime: num, etime: num, sdate: str, edate: str, mau: num }, 'visitorM.data');
  });
});

void describe('server statistics, raw tags, DB pool, IP search, database, MXQL', () => {
  endpointTest('smStat', async () => {
    const v = await client.smStat({ ...range, filter: 'm5' }, { pcode: sms });
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
    const one = await client.smStat({ ...range, oid: v.servers[0]?.oid ?? 0 }, { pcode: sms });
    assert.equal(one.servers.length, 1);
  });
  for (const id of ['rawTagTps', 'rawTagRespTime', 'rawTagCpu'] as const) {
    endpointTest(id, async () => {
      const v = await client[id]({ ...range, timeMerge: 'avg' }, { pcode: apm });
      assert.equal(typeof v, 'number');
    });
  }
  const poolShape: Shape = { pcode: num, time: num, dbc_total: arr };
  const poolItem: Shape = { oid: num, oname: str, databaseUrl: str, active: num, idle: num, total: num };
  endpointTest('dbPool', async () => {
    const v = await client.dbPool(range, { pcode: apm });
    hasShape(v, poolShape, 'dbPool');
    listOf(v.dbc_total, poolItem, 'dbPool.dbc_total');
    const first = v.dbc_total[0];
    assert.equal(first?.total, (first?.active ?? 0) + (first?.idle ?? 0));
  });
  endpointTest('dbPoolShort', async () => {
    hasShape(await client.dbPoolShort({ etime: NOW }, { pcode: apm }), poolShape, 'dbPoolShort');
    hasShape(
      await client.dbPoolShort({ etime: NOW }, { pcode: apm, pathVariant: 'example' }),
      poolShape,
      'dbPoolShort example',
    );
  });
  endpointTest('ipSearch', async () => {
    const ip = (await client.remote(range, { pcode: apm })).records[0]?.ip ?? '';
    const v = await client.ipSearch({ stime: NOW - H, ip }, { pcode: apm });
    const items = Array.isArray(v) ? v : Object.values(v as object).find(Array.isArray);
    listOf(items, { elapsed: num, count: num, url: str }, 'ipSearch items');
    assert.ok((items as unknown[]).length <= 100);
  });
  const dbOid = async () => (await client.agentList(range, { pcode: db })).data[0]?.oid ?? 0;
  endpointTest('dbParams', async () => {
    const v = await client.dbParams(
      { oid: await dbOid(), baseTime: '20261118', comparisonTime: '20261119' },
      { pcode: db },
    );
    hasShape(v, { unmatchedKeys: arr, baseTime: arr, comparisonTime: arr }, 'dbParams');
    listOf(v.baseTime, { key: str, value: str }, 'dbParams.baseTime');
  });
  endpointTest('sqlStatTopN', async () => {
    const v = await client.sqlStatTopN(
      { oids: [await dbOid()], period: 'day', date: '20261119', topN: 3, order: 'sql_elapse' },
      { pcode: db },
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
  endpointTest('mxqlText', async () => {
    const rows = await client.mxqlText(
      { ...range, mql: 'CATEGORY app_counter\nTAGLOAD', limit: 20 },
      { pcode: apm },
    );
    assert.ok(rows.length > 0 && rows.length <= 20);
    hasShape(rows[0], { time: num, pcode: num, oname: str, tps: num }, 'mxqlText row');
    assert.deepEqual(
      await client.mxqlText(
        { ...range, mql: 'CATEGORY app_counter\nTAGLOAD\nOID [$oid]', limit: 20, param: { $oid: '1' } },
        { pcode: apm },
      ),
      [],
      'no matching data is an empty array',
    );
  });
  endpointTest('mxqlPath', async () => {
    const rows = await client.mxqlPath(
      { ...range, mql: '/app/act_tx/act_tx_oid', limit: 50 },
      { pcode: apm },
    );
    assert.ok(Array.isArray(rows));
  });
});

void describe('authentication and limits against the demo', () => {
  void test('every endpoint of the table is exercised above', () => {
    assert.deepEqual(
      [...endpointIdList].filter((id) => !covered.has(id)),
      [],
    );
  });
  void test('a wrong token is 401 with its hint; an account token on a project endpoint is 403', async () => {
    const wrong = createOpenApiClient({
      baseUrl: demo.baseUrl,
      projectToken: 'not-a-real-token-123',
      pcode: apm,
      retry: { attempts: 1 },
    });
    await assert.rejects(
      wrong.spot(),
      (e: unknown) =>
        e instanceof OpenApiError &&
        e.status === 401 &&
        /wrong or expired/.test(e.message) &&
        !e.message.includes('not-a-real-token-123'),
    );
    await wrong.close();
    const account = createOpenApiClient({
      baseUrl: demo.baseUrl,
      projectToken: demo.accountToken,
      pcode: apm,
      retry: { attempts: 1 },
    });
    await assert.rejects(
      account.spot(),
      (e: unknown) =>
        e instanceof OpenApiError &&
        e.status === 403 &&
        /Wrong kind of token/.test(e.message) &&
        !e.message.includes(demo.accountToken),
    );
    await account.close();
  });
  void test('a project token with another pcode is 403', async () => {
    const other = demo.projects.find((x) => x.pcode !== apm);
    assert.ok(other);
    const mismatched = createOpenApiClient({
      baseUrl: demo.baseUrl,
      projectToken: other.token,
      pcode: apm,
      retry: { attempts: 1 },
    });
    await assert.rejects(
      mismatched.spot(),
      (e: unknown) => e instanceof OpenApiError && e.status === 403 && /pcode/.test(e.message),
    );
    await mismatched.close();
  });
  void test('limits are refused client-side before sending', async () => {
    await assert.rejects(
      client.heapUse({ stime: NOW - 2 * H, etime: NOW }, { pcode: apm }),
      (e: unknown) => e instanceof OpenApiError && e.kind === 'limit',
    );
    await assert.rejects(
      client.agentList({ stime: NOW - 25 * H, etime: NOW }, { pcode: apm }),
      (e: unknown) => e instanceof OpenApiError && e.kind === 'limit' && /1 day/.test(e.message),
    );
  });
  void test("the service's own 400 is an http error carrying its message", async () => {
    const error = await client.smStat({ ...range, oid: 12345 }, { pcode: sms }).then(
      () => assert.fail('expected a 400'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof OpenApiError);
    assert.equal(error.kind, 'http');
    assert.equal(error.status, 400);
    assert.match(error.bodyExcerpt ?? '', /not in project/);
    assert.match(error.hint ?? '', /rejected the parameters/);
  });
  void test('cancelling a slow MXQL query closes the request on the server', async () => {
    const controller = new AbortController();
    const started = new Promise((resolve) => demo.events.once('slowQueryStarted', resolve));
    const aborted = new Promise((resolve) => demo.events.once('requestAborted', resolve));
    const pending = client.mxqlText(
      { ...range, mql: 'CATEGORY demo_slow\nTAGLOAD', limit: 10 },
      { pcode: apm, signal: controller.signal },
    );
    await started;
    controller.abort();
    await assert.rejects(pending, (e: unknown) => e instanceof OpenApiError && e.kind === 'aborted');
    await aborted;
  });
});
