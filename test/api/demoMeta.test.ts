// The meta and spot endpoints against the demo backend, with the specification's response shapes;
// authentication failures, limits and cancel.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createOpenApiClient, OpenApiError } from '../../api/index';
import { SPEC_SPOT_FIELDS } from '../support/specSpotFields';
import {
  arr,
  bool,
  H,
  hasShape,
  listOf,
  NOW,
  num,
  obj,
  range,
  str,
  useDemo,
  type Shape,
} from './demoHarness';

const ctx = useDemo();
const spotShape: Shape = { pname: str };

void describe('meta', () => {
  ctx.endpointTest('projects', async () => {
    const v = await ctx.client.projects();
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
      v.data.every((p) => !ctx.demo.projects.some((d) => d.token === p.apiToken)),
      'tokens are masked',
    );
  });
  ctx.endpointTest('project', async () => {
    hasShape(
      await ctx.client.project(undefined, { pcode: ctx.apm }),
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
  ctx.endpointTest('smProject', async () => {
    const v = await ctx.client.smProject(undefined, { pcode: ctx.sms });
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
  ctx.endpointTest('agents', async () => {
    listOf(
      (await ctx.client.agents(undefined, { pcode: ctx.apm })).data,
      { host_ip: str, oname: str, active: bool },
      'agents',
    );
  });
  ctx.endpointTest('projectMembers', async () => {
    const v = await ctx.client.projectMembers({ projectCode: ctx.apm });
    hasShape(v, { data: arr, total: num }, 'members');
    listOf(v.data, { email: str, name: str, typeKey: str, typeName: str }, 'members.data');
  });
  ctx.endpointTest('groups', async () => {
    const v = await ctx.client.groups();
    listOf(v.data, { groupName: str, groupKey: str, description: str }, 'groups');
    const example = await ctx.client.groups(undefined, { pathVariant: 'example' });
    assert.deepEqual(example, v);
  });
  ctx.endpointTest('groupMembers', async () => {
    const key = (await ctx.client.groups()).data[0]?.groupKey ?? '';
    hasShape(await ctx.client.groupMembers({ groupKey: key }), { data: arr, total: num }, 'groupMembers');
  });
  ctx.endpointTest('groupProjects', async () => {
    const key = (await ctx.client.groups()).data[0]?.groupKey ?? '';
    listOf(
      (await ctx.client.groupProjects({ groupKey: key })).data,
      { projectCode: num, name: str, status: str, productType: str, platform: str, gatewayName: str },
      'groupProjects',
    );
  });
  ctx.endpointTest('agentList', async () => {
    const v = await ctx.client.agentList(range, { pcode: ctx.apm });
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
    const textual = await ctx.client.agentList(
      { stime: '20261120110000', etime: '202611201200' },
      { pcode: ctx.apm },
    );
    assert.equal(textual.stime, range.stime);
    assert.equal(textual.etime, range.etime);
  });
});

void describe('spot on the second host', () => {
  for (const id of ['svcActAgent', 'svcInactAgent', 'svcHost', 'svcCpucore'] as const) {
    ctx.endpointTest(id, async () => {
      const v = await ctx.client[id](undefined, { pcode: ctx.sms });
      hasShape(v, { ...spotShape, values: str }, id);
      assert.ok(Number.isFinite(Number(v.values)), 'values holds a number');
    });
  }
  ctx.endpointTest('infraCpu', async () => {
    const v = await ctx.client.infraCpu(undefined, { pcode: ctx.sms });
    hasShape(v, { ...spotShape, values: obj }, 'infraCpu');
    assert.ok(Object.values(v.values).every((x) => typeof x === 'number'));
  });
  ctx.endpointTest('infraDiskIops', async () => {
    const v = await ctx.client.infraDiskIops(undefined, { pcode: ctx.sms });
    const first = Object.values(v.values)[0];
    hasShape(first, { bps: num, iops: num }, 'infraDiskIops.values[*]');
  });
  ctx.endpointTest('infraNetTraffic', async () => {
    const v = await ctx.client.infraNetTraffic(undefined, { pcode: ctx.sms });
    assert.ok(
      Object.values(v.values).length > 0 && Object.values(v.values).every((x) => typeof x === 'number'),
    );
  });
  ctx.endpointTest('infraProc', async () => {
    const v = await ctx.client.infraProc(undefined, { pcode: ctx.sms });
    listOf(
      Object.values(v.values)[0],
      { memoryBytes: num, bps: num, cmd1: str, cpu: num },
      'infraProc.values[*]',
    );
  });
  ctx.endpointTest('smServers', async () => {
    const v = await ctx.client.smServers(undefined, { pcode: ctx.sms });
    listOf(
      v.values,
      { 'os.status': str, oname: str, 'os.name': str, oid: num, isActive: bool },
      'smServers.values',
    );
  });
  ctx.endpointTest('sm', async () => {
    const { values } = await ctx.client.sm(undefined, { pcode: ctx.sms });
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
  ctx.endpointTest('spot', async () => {
    const v = await ctx.client.spot(undefined, { pcode: ctx.apm });
    hasShape(v, { pcode: num, ...Object.fromEntries(SPEC_SPOT_FIELDS.map((f) => [f, str])) }, 'spot');
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
    ctx.endpointTest(id, async () => {
      const v = await ctx.client[id](undefined, { pcode: ctx.apm });
      assert.equal(typeof v, 'number');
      assert.ok(Number.isFinite(v));
    });
  }
});

void describe('authentication and limits against the demo', () => {
  void test('a wrong token is 401 with its hint; an account token on a project endpoint is 403', async () => {
    const wrong = createOpenApiClient({
      baseUrl: ctx.demo.baseUrl,
      projectToken: 'not-a-real-token-123',
      pcode: ctx.apm,
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
      baseUrl: ctx.demo.baseUrl,
      projectToken: ctx.demo.accountToken,
      pcode: ctx.apm,
      retry: { attempts: 1 },
    });
    await assert.rejects(
      account.spot(),
      (e: unknown) =>
        e instanceof OpenApiError &&
        e.status === 403 &&
        /Wrong kind of token/.test(e.message) &&
        !e.message.includes(ctx.demo.accountToken),
    );
    await account.close();
  });
  void test('a project token with another pcode is 403', async () => {
    const other = ctx.demo.projects.find((x) => x.pcode !== ctx.apm);
    assert.ok(other);
    const mismatched = createOpenApiClient({
      baseUrl: ctx.demo.baseUrl,
      projectToken: other.token,
      pcode: ctx.apm,
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
      ctx.client.heapUse({ stime: NOW - 2 * H, etime: NOW }, { pcode: ctx.apm }),
      (e: unknown) => e instanceof OpenApiError && e.kind === 'limit',
    );
    await assert.rejects(
      ctx.client.agentList({ stime: NOW - 25 * H, etime: NOW }, { pcode: ctx.apm }),
      (e: unknown) => e instanceof OpenApiError && e.kind === 'limit' && /1 day/.test(e.message),
    );
  });
  void test("the service's own 400 is an http error carrying its message", async () => {
    const error = await ctx.client.smStat({ ...range, oid: 12345 }, { pcode: ctx.sms }).then(
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
    const started = new Promise((resolve) => ctx.demo.events.once('slowQueryStarted', resolve));
    const aborted = new Promise((resolve) => ctx.demo.events.once('requestAborted', resolve));
    const pending = ctx.client.mxqlText(
      { ...range, mql: 'CATEGORY demo_slow\nTAGLOAD', limit: 10 },
      { pcode: ctx.apm, signal: controller.signal },
    );
    await started;
    controller.abort();
    await assert.rejects(pending, (e: unknown) => e instanceof OpenApiError && e.kind === 'aborted');
    await aborted;
  });
});

ctx.assertCovers(['meta', 'spotService', 'spotMain']);
