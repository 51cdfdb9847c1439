import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDemoServer, type DemoServer } from '../../demo/index';
import { FIXED_NOW, assertEach, assertFields, call, errorOf, obj, projectOf } from './demoClient';

const PROJECT_ITEM = {
  groupName: 'string',
  projectCode: 'number',
  projectName: 'string',
  createTime: 'string',
  lastUpdatedTime: 'string',
  status: 'string',
  productType: 'string',
  platform: 'string',
  gatewayName: 'string',
  apiToken: 'string',
} as const;

const SERVER_ITEM = {
  public_ip: 'string',
  os_cpuvendor: 'string',
  agent_created: 'numeric-string',
  ip: 'string',
  os_arch: 'string',
  actTime: 'number',
  cpu_cores: 'numeric-string',
  oid: 'number',
  isActive: 'boolean',
  okind: 'string',
  version: 'string',
  tags: 'array',
  inactTime: 'number',
  oname: 'string',
  os_name: 'string',
  startTime: 'number',
  os_memory: 'numeric-string',
  os_status: 'string',
} as const;

const GROUP_RECORD = { groupName: 'string', groupKey: 'string', description: 'string' } as const;

const AGENT_ITEM = {
  oid: 'number',
  oname: 'string',
  alias: 'string',
  initial: 'string',
  otype: 'string',
  subtype: 'string',
  active: 'boolean',
  okind: 'number',
  okindName: 'string',
  onode: 'number',
  onodeName: 'string',
  ip: 'string',
  'agent.version': 'string',
  cpuCores: 'number',
} as const;

void describe('meta endpoints', () => {
  let server: DemoServer;
  let account: { token: string };
  before(async () => {
    server = await startDemoServer({ seed: 3, now: () => FIXED_NOW });
    account = { token: server.accountToken };
  });
  after(() => server.close());

  void it('lists the account projects with masked tokens and the account email', async () => {
    const body = obj(await call(`${server.baseUrl}/open/api/json/projects`, account));
    assertFields(body, { data: 'array', accountEmail: 'string', total: 'number' });
    const items = assertEach(body.data, PROJECT_ITEM, 'data');
    assert.equal(body.total, items.length);
    for (const item of items) {
      assert.match(String(item.createTime), /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
      assert.match(String(item.apiToken), /\*{4,}$/);
      assert.ok(!server.projects.some((p) => p.token === item.apiToken));
    }
  });

  void it('answers /project with the single project object for application monitoring', async () => {
    const body = obj(await call(`${server.baseUrl}/open/api/json/project`, projectOf(server, 'APM')));
    assertFields(body, {
      platform: 'string',
      createTime: 'string',
      projectCode: 'number',
      status: 'string',
      lastUpdatedTime: 'string',
      productType: 'string',
      name: 'string',
      gatewayName: 'string',
    });
  });

  void it('answers /projects and /project with server details for server monitoring', async () => {
    const sms = projectOf(server, 'SMS');
    for (const path of ['/open/api/json/projects', '/open/api/json/project']) {
      const body = obj(await call(`${server.baseUrl}${path}`, sms));
      assertFields(body, { pname: 'string', timezone: 'number', regionName: 'string', values: 'object' });
      const values = assertFields(body.values, { servers: 'array' });
      const servers = assertEach(values.servers, SERVER_ITEM, 'servers');
      assert.ok(servers.some((s) => s.isActive === false && Number(s.inactTime) > 0));
      assert.ok(servers.some((s) => Number(s.oid) < 0));
    }
  });

  void it('lists agent states with host_ip, oname and active', async () => {
    const body = obj(await call(`${server.baseUrl}/open/json/agents`, projectOf(server, 'APM', 'Order')));
    const items = assertEach(body.data, { host_ip: 'string', oname: 'string', active: 'boolean' }, 'data');
    assert.ok(items.some((i) => i.active === false));
    assert.ok(items.some((i) => i.active === true));
  });

  void it('lists project members, 404 for an unknown project', async () => {
    const pcode = server.projects[0]!.pcode;
    const body = obj(await call(`${server.baseUrl}/open/api/json/project/${pcode}/members`, account));
    const members = assertEach(
      body.data,
      { email: 'string', name: 'string', typeKey: 'string', typeName: 'string' },
      'data',
    );
    assert.equal(body.total, members.length);
    const missing = await call(`${server.baseUrl}/open/api/json/project/1/members`, account);
    assert.equal(missing.status, 404);
    assert.equal(errorOf(missing).code, 'not-found/project');
  });

  void it('lists groups at both paths with masked keys, and their members and projects', async () => {
    const v1 = obj(await call(`${server.baseUrl}/open/api/json/groups`, account));
    const v2 = obj(await call(`${server.baseUrl}/open/api/v2/json/groups`, account));
    assert.deepEqual(v1, v2);
    const groups = assertEach(v1.data, GROUP_RECORD, 'data');
    assert.ok(groups.length >= 3);
    assert.equal(v1.total, groups.length);
    const key = String(groups[0]!.groupKey);
    assert.match(key, /\*{4,}$/);
    const members = obj(
      await call(`${server.baseUrl}/open/api/json/group/${encodeURIComponent(key)}/members`, account),
    );
    // Member records are shaped like the group record (as the spec says), plus who the member is.
    const records = assertEach(
      members.data,
      { ...GROUP_RECORD, email: 'string', name: 'string', typeKey: 'string', typeName: 'string' },
      'data',
    );
    assert.equal(members.total, records.length);
    for (const record of records) assert.equal(record.groupName, groups[0]!.groupName);
    const projects = obj(
      await call(`${server.baseUrl}/open/api/json/group/${encodeURIComponent(key)}/projects`, account),
    );
    assertFields(projects, { data: 'array' });
    const items = assertEach(
      projects.data,
      {
        projectCode: 'number',
        name: 'string',
        status: 'string',
        productType: 'string',
        platform: 'string',
        gatewayName: 'string',
      },
      'data',
    );
    for (const item of items) assert.ok(Number.isInteger(item.projectCode));
    const unknown = await call(`${server.baseUrl}/open/api/json/group/nope/projects`, account);
    assert.equal(unknown.status, 404);
  });

  void it('returns the agent list of a period with the dotted agent.version key', async () => {
    const apm = projectOf(server, 'APM', 'Order');
    const reply = await call(`${server.baseUrl}/open/api/v2/agent/list`, apm, {
      body: { stime: FIXED_NOW - 3_600_000, etime: FIXED_NOW },
    });
    const body = obj(reply);
    assertFields(body, { stime: 'number', etime: 'number', timestamp: 'number', data: 'array' });
    const agents = assertEach(body.data, AGENT_ITEM, 'data');
    assert.equal(body.timestamp, FIXED_NOW);
    assert.ok(agents.some((a) => Number(a.oid) < 0));
  });

  void it('accepts every textual time format of the agent list', async () => {
    const apm = projectOf(server, 'APM', 'Order');
    const url = `${server.baseUrl}/open/api/v2/agent/list`;
    const cases: [string | number, string | number, number, number][] = [
      ['20261120110000', '20261120120000', Date.UTC(2026, 10, 20, 11), Date.UTC(2026, 10, 20, 12)],
      ['202611201100', '202611201200', Date.UTC(2026, 10, 20, 11), Date.UTC(2026, 10, 20, 12)],
      ['1120110000', '1120120000', Date.UTC(2026, 10, 20, 11), Date.UTC(2026, 10, 20, 12)],
      ['11201100', '11201200', Date.UTC(2026, 10, 20, 11), Date.UTC(2026, 10, 20, 12)],
      [String(FIXED_NOW - 60_000), FIXED_NOW, FIXED_NOW - 60_000, FIXED_NOW],
    ];
    for (const [stime, etime, s, e] of cases) {
      const body = obj(await call(url, apm, { body: { stime, etime } }));
      assert.equal(body.stime, s, `stime ${stime}`);
      assert.equal(body.etime, e, `etime ${etime}`);
    }
  });

  void it('rejects an agent list range over one day and bad times', async () => {
    const apm = projectOf(server, 'APM', 'Order');
    const url = `${server.baseUrl}/open/api/v2/agent/list`;
    const long = await call(url, apm, { body: { stime: FIXED_NOW - 2 * 86_400_000, etime: FIXED_NOW } });
    assert.equal(long.status, 400);
    assert.equal(errorOf(long).code, 'limit/range');
    assert.match(errorOf(long).message, /1 day/);
    const bad = await call(url, apm, { body: { stime: '2026-11-20', etime: FIXED_NOW } });
    assert.equal(bad.status, 400);
    assert.match(errorOf(bad).message, /yyyyMMddHHmmss/);
    const invalidDate = await call(url, apm, { body: { stime: '20261399000000', etime: FIXED_NOW } });
    assert.equal(invalidDate.status, 400);
    const reversed = await call(url, apm, { body: { stime: FIXED_NOW, etime: FIXED_NOW - 1000 } });
    assert.equal(errorOf(reversed).code, 'param/range-order');
  });
});
