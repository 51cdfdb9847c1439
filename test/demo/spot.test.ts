import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDemoServer, type DemoServer } from '../../demo/index';
import { FIXED_NOW, arr, assertEach, assertFields, call, errorOf, obj, projectOf, rec } from './demoClient';
import { BARE_SPOT_VALUES } from '../../api/index';
import { SPEC_SPOT_FIELDS } from '../support/specSpotFields';

const SM_SERVER_KEYS = [
  'public_ip',
  'os_cpuvendor',
  'agent_created',
  'ip',
  'os_arch',
  'actTime',
  'cpu_cores',
  'oid',
  'isActive',
  'version',
  'tags',
  'inactTime',
  'oname',
  'os_name',
  'startTime',
  'os_memory',
  'os_status',
  'snapshot',
];

function numbers(keys: string[], extra: Record<string, 'string' | 'boolean'> = {}) {
  return { ...Object.fromEntries(keys.map((k) => [k, 'number' as const])), ...extra };
}

void describe('spot endpoints', () => {
  let server: DemoServer;
  before(async () => {
    server = await startDemoServer({ seed: 5, now: () => FIXED_NOW });
  });
  after(() => server.close());

  void it('returns the all-in-one object with every value a string except pcode', async () => {
    const apm = projectOf(server, 'APM', 'Order');
    const body = obj(await call(`${server.baseUrl}/open/api/json/spot`, apm));
    assertFields(body, {
      pcode: 'number',
      ...Object.fromEntries(SPEC_SPOT_FIELDS.map((k) => [k, 'numeric-string' as const])),
    });
    assert.equal(body.pcode, apm.pcode);
    assert.ok(Number(body.inact_agent) >= 1);
    assert.equal(Number(body.dbconn_total), Number(body.dbconn_act) + Number(body.dbconn_idle));
  });

  void it('returns bare numbers on the main host that agree with the all-in-one object', async () => {
    const apm = projectOf(server, 'APM', 'Order');
    const all = obj(await call(`${server.baseUrl}/open/api/json/spot`, apm));
    assert.ok(BARE_SPOT_VALUES.length >= 11, BARE_SPOT_VALUES.join());
    for (const name of BARE_SPOT_VALUES) {
      assert.ok(SPEC_SPOT_FIELDS.includes(name), `${name} is a spot field of the spec`);
      const reply = await call(`${server.baseUrl}/open/api/${name}`, apm);
      assert.equal(reply.status, 200);
      assert.match(reply.text, /^-?\d+(\.\d+)?$/, `${name} body is a bare number`);
      assert.equal(reply.text, all[name], name);
    }
  });

  void it('returns { pname, values } with string counts on the second host', async () => {
    const sms = projectOf(server, 'SMS', 'Linux');
    for (const name of ['act_agent', 'inact_agent', 'host', 'cpucore']) {
      const body = obj(await call(`${server.serviceUrl}/open/json/${name}`, sms));
      assertFields(body, { pname: 'string', values: 'numeric-string' }, name);
    }
  });

  void it('returns the infra maps keyed by server name', async () => {
    const sms = projectOf(server, 'SMS', 'Linux');
    const cpu = obj(await call(`${server.serviceUrl}/open/json/infra_cpu`, sms));
    assertFields(cpu, { pname: 'string', values: 'object' });
    const cpuValues = Object.values(rec(cpu.values));
    assert.ok(cpuValues.length > 0 && cpuValues.every((v) => typeof v === 'number'));
    const onMain = obj(await call(`${server.baseUrl}/open/json/infra_cpu`, sms));
    assert.deepEqual(onMain, cpu);
    const iops = obj(await call(`${server.serviceUrl}/open/json/infra_disk_iops`, sms));
    for (const v of Object.values(rec(iops.values))) assertFields(v, { bps: 'number', iops: 'number' });
    const net = obj(await call(`${server.serviceUrl}/open/json/infra_net_traffic`, sms));
    assert.ok(Object.values(rec(net.values)).every((v) => typeof v === 'number'));
    const proc = obj(await call(`${server.serviceUrl}/open/json/infra_proc`, sms));
    for (const list of Object.values(rec(proc.values))) {
      assertEach(list, { memoryBytes: 'number', bps: 'number', cmd1: 'string', cpu: 'number' }, 'infra_proc');
    }
  });

  void it('lists servers with dotted os.status and os.name keys', async () => {
    const sms = projectOf(server, 'SMS', 'Linux');
    const body = obj(await call(`${server.serviceUrl}/open/json/sm_servers`, sms));
    const items = assertEach(
      body.values,
      { 'os.status': 'string', oname: 'string', 'os.name': 'string', oid: 'number', isActive: 'boolean' },
      'values',
    );
    assert.ok(items.some((i) => i.isActive === false));
  });

  void it('returns the full server snapshot structure of sm', async () => {
    const sms = projectOf(server, 'SMS', 'Linux');
    const body = obj(await call(`${server.serviceUrl}/open/json/sm`, sms));
    const values = assertFields(rec(body.values), {
      servers: 'array',
      max: 'object',
      count: 'object',
      tags: 'array',
    });
    const servers = arr(values.servers);
    for (const s of servers) {
      const server_ = rec(s);
      assert.deepEqual(Object.keys(server_).sort(), [...SM_SERVER_KEYS].sort());
      const snap = assertFields(server_.snapshot, {
        disk: 'object',
        memory: 'object',
        cpu: 'object',
        open_filedescriptors: 'number',
        uptime: 'number',
        netstat: 'object',
        network: 'object',
      });
      for (const d of Object.values(rec(snap.disk))) {
        assertFields(
          d,
          numbers(
            [
              'writeIops',
              'readIops',
              'writeBps',
              'readBps',
              'queueLength',
              'usedSpace',
              'freeSpace',
              'totalSpace',
              'blksize',
              'count',
              'ioPercent',
              'usedPercent',
              'freePercent',
            ],
            {
              fileSystem: 'string',
              mountPoint: 'string',
              mountOption: 'string',
              deviceId: 'string',
              display: 'boolean',
            },
          ),
          'disk',
        );
      }
      assertFields(
        snap.memory,
        numbers([
          'shared',
          'swapused',
          'buffers',
          'available',
          'swaptotal',
          'used',
          'pused',
          'slab',
          'total',
          'sunreclaim',
          'cached',
          'pavailable',
          'pagefaults',
          'sreclaimable',
          'free',
          'swappused',
        ]),
        'memory',
      );
      assertFields(
        snap.cpu,
        numbers([
          'softirq',
          'usr',
          'idle',
          'steal',
          'irq',
          'load5',
          'iowait',
          'sys',
          'nice',
          'load1',
          'load15',
        ]),
        'cpu',
      );
      assertFields(
        snap.netstat,
        numbers([
          'established',
          'syn_sent',
          'syn_recv',
          'closing',
          'time_wait',
          'last_ack',
          'fin_wait1',
          'close_wait',
          'fin_wait2',
          'listen',
          'unknown',
        ]),
        'netstat',
      );
      for (const n of Object.values(rec(snap.network))) {
        assertFields(
          n,
          numbers(
            [
              'errorOut',
              'errorIn',
              'packetOut',
              'packetIn',
              'trafficIn',
              'trafficOut',
              'droppedIn',
              'droppedOut',
              'count',
            ],
            {
              hwAddr: 'string',
              ip: 'string',
              desc: 'string',
            },
          ),
          'network',
        );
      }
    }
    const max = rec(values.max);
    assertFields(max, { disk: 'object', nic: 'object', compound_eye_traffic: 'number' });
    assertFields(
      max.disk,
      numbers([
        'writeIops',
        'usedPercent',
        'freePercent',
        'usedSpace',
        'freeSpace',
        'writeBps',
        'readBps',
        'readIops',
        'totalSpace',
        'ioPercent',
        'freespace',
      ]),
    );
    assertFields(
      max.nic,
      numbers([
        'errorOut',
        'packetOut',
        'trafficIn',
        'trafficOut',
        'errorIn',
        'droppedIn',
        'droppedOut',
        'packetIn',
      ]),
    );
    const count = assertFields(
      values.count,
      numbers(['total', 'paused', 'inactive', 'warning', 'ok', 'close', 'fatal']),
    );
    assert.equal(count.total, servers.length);
    assert.ok(Number(count.inactive) >= 1);
  });

  void it('answers 404 when a path is called on the wrong host', async () => {
    const sms = projectOf(server, 'SMS', 'Linux');
    const wrong = await call(`${server.baseUrl}/open/json/sm`, sms);
    assert.equal(wrong.status, 404);
    assert.equal(errorOf(wrong).code, 'not-found/path');
    const wrong2 = await call(`${server.serviceUrl}/open/api/json/spot`, sms);
    assert.equal(wrong2.status, 404);
  });
});
