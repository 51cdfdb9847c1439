import assert from 'node:assert/strict';
import { once } from 'node:events';
import { request } from 'node:http';
import { describe, it } from 'node:test';
import { MxqlQueryError, startDemoServer } from '../../demo/index';
import {
  FIXED_NOW,
  arr,
  assertEach,
  call,
  errorOf,
  mxqlBody,
  mxqlSuiteDemo,
  projectOf,
  rec,
} from './demoClient';
import { SPEC_ROW_COLUMNS, SPEC_ROW_TEXT_COLUMNS } from '../support/specSampleRow';

const HOUR = 3_600_000;
const DAY = 86_400_000;

const PATH_ROW_KEYS = [
  'pcode',
  'pname',
  'oid',
  'oname',
  'otype',
  'okind',
  'okindName',
  'onode',
  'onodeName',
  'type',
  'subtype',
  'version',
  'os_name',
  'ip',
  'container_id',
  'metering',
  'status',
  'normal',
  'slow',
  'verySlow',
  'total',
];

void describe('MXQL endpoints', () => {
  const demo = mxqlSuiteDemo();
  const { text, path } = demo;

  void it('a dashboard query reads its window end from the $etime the request sends', async () => {
    // The client fills $etime from the run's range; half an hour earlier than etime shows the param is read.
    const end = FIXED_NOW - HOUR / 2;
    const mql = 'TIME-RANGE {duration:15s, etime:$etime}\nCATEGORY app_counter\nTAGLOAD';
    const reply = await call(text(), demo.apm(), { body: mxqlBody(mql, { param: { $etime: String(end) } }) });
    assert.equal(reply.status, 200, reply.text);
    const rows = arr(reply.body).map(rec);
    assert.ok(rows.length > 0, 'no rows');
    for (const row of rows) {
      const time = Number(row.time);
      assert.ok(time >= end - 15_000 && time < end, `time ${time} outside the 15 s before $etime`);
    }
  });

  void it('runs a text query into an array of rows with the documented columns and types', async () => {
    const reply = await call(text(), demo.apm(), { body: mxqlBody('CATEGORY app_counter\nTAGLOAD\nSELECT') });
    assert.equal(reply.status, 200);
    const rows = arr(reply.body).map(rec);
    assert.ok(rows.length > 0);
    for (const row of rows) {
      assert.deepEqual(Object.keys(row).sort(), [...SPEC_ROW_COLUMNS].sort());
      for (const [key, value] of Object.entries(row))
        assert.equal(typeof value, SPEC_ROW_TEXT_COLUMNS.has(key) ? 'string' : 'number', key);
      assert.equal(row.pcode, demo.apm().pcode);
    }
  });

  void it('honours limit and $params in OID lists', async () => {
    const limited = arr(
      (await call(text(), demo.apm(), { body: mxqlBody('CATEGORY app_counter\nTAGLOAD', { limit: 3 }) }))
        .body,
    );
    assert.equal(limited.length, 3);
    const agents = demo
      .server()
      .data.agentsOf(demo.apm().pcode)
      .filter((a) => a.active);
    const [a, b] = agents;
    assert.ok(a && b);
    const reply = await call(text(), demo.apm(), {
      body: mxqlBody('CATEGORY app_counter\nOID [ $first, $second ]\nTAGLOAD', {
        param: { $first: String(a.oid), $second: String(b.oid) },
      }),
    });
    const oids = new Set(arr(reply.body).map((r) => rec(r).oid));
    assert.deepEqual(oids, new Set([a.oid, b.oid]));
  });

  void it('returns an empty array when nothing matches', async () => {
    const reply = await call(text(), demo.apm(), {
      body: mxqlBody('CATEGORY app_counter\nTAGLOAD', { stime: FIXED_NOW - 1000, etime: FIXED_NOW }),
    });
    assert.equal(reply.status, 200);
    assert.deepEqual(reply.body, []);
  });

  void it('serves /app/act_tx/agent_with_tx with the _pk_ injection of the spec', async () => {
    const reply = await call(path(), demo.apm(), {
      body: mxqlBody('/app/act_tx/agent_with_tx', {
        inject: { default: 'CREATE {key : _pk_, value : okindName}' },
        param: {},
      }),
    });
    assert.equal(reply.status, 200);
    const rows = arr(reply.body).map(rec);
    assert.equal(rows.length, demo.server().data.agentsOf(demo.apm().pcode).length);
    for (const row of rows) {
      assert.deepEqual(Object.keys(row).sort(), [...PATH_ROW_KEYS, '_pk_'].sort());
      assert.equal(row._pk_, row.okindName);
    }
    assert.ok(rows.some((r) => r.status === 'inactive'));
    assert.ok(rows.some((r) => Number(r.oid) < 0));
  });

  void it('serves /app/act_tx/act_tx_oid for reporting agents only', async () => {
    const reply = await call(path(), demo.apm(), { body: mxqlBody('/app/act_tx/act_tx_oid') });
    const rows = assertEach(
      reply.body,
      {
        oid: 'number',
        oname: 'string',
        act0: 'number',
        act3: 'number',
        act8: 'number',
        act: 'number',
        tps: 'number',
        _id_: 'number',
        _name_: 'string',
      },
      'rows',
    );
    assert.equal(
      rows.length,
      demo
        .server()
        .data.agentsOf(demo.apm().pcode)
        .filter((a) => a.active).length,
    );
    for (const r of rows) assert.equal(r.act, Number(r.act0) + Number(r.act3) + Number(r.act8));
  });

  void it('validates the body: required fields, pageKey, limit and the 31-day limit', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ stime: undefined }, 'body/missing'],
      [{ etime: 'now' }, 'body/invalid-time'],
      [{ mql: '' }, 'body/missing'],
      [{ limit: 0 }, 'body/invalid-limit'],
      [{ limit: undefined }, 'body/invalid-limit'],
      [{ pageKey: 'page' }, 'body/invalid-pagekey'],
      [{ pageKey: undefined }, 'body/invalid-pagekey'],
      [{ param: 'x' }, 'body/invalid-field'],
      [{ inject: { default: { nested: true } } }, 'body/invalid-field'],
      [{ stime: FIXED_NOW - 32 * DAY }, 'limit/range'],
      [{ stime: FIXED_NOW, etime: FIXED_NOW - 1 }, 'param/range-order'],
    ];
    for (const [extra, code] of cases) {
      const reply = await call(text(), demo.apm(), { body: mxqlBody('CATEGORY app_counter', extra) });
      assert.equal(reply.status, 400, JSON.stringify(extra));
      assert.equal(errorOf(reply).code, code, JSON.stringify(extra));
    }
    const month = await call(text(), demo.apm(), {
      body: mxqlBody('CATEGORY app_counter', { stime: FIXED_NOW - 31 * DAY, limit: 1 }),
    });
    assert.equal(month.status, 200);
    const long = await call(text(), demo.apm(), {
      body: mxqlBody('CATEGORY app_counter', { stime: FIXED_NOW - 40 * DAY }),
    });
    assert.match(errorOf(long).message, /MXQL.*31 days/);
  });

  void it('path queries: refuse params, bad paths and unknown paths with a named error', async () => {
    const withParam = await call(path(), demo.apm(), {
      body: mxqlBody('/app/act_tx/act_tx_oid', { param: { $oid: '1' } }),
    });
    assert.equal(errorOf(withParam).code, 'body/param-not-allowed');
    const notPath = await call(path(), demo.apm(), { body: mxqlBody('CATEGORY app_counter') });
    assert.equal(errorOf(notPath).code, 'body/invalid-path');
    const unknown = await call(path(), demo.apm(), { body: mxqlBody('/no/such/query') });
    assert.equal(unknown.status, 400);
    assert.match(errorOf(unknown).code, /^mxql\//);
    assert.match(errorOf(unknown).message, /\/no\/such\/query/);
  });

  void it('turns an executor MxqlQueryError into a 400 naming the problem', async () => {
    const reply = await call(text(), demo.apm(), {
      body: mxqlBody('CATEGORY app_counter\nTAGLOAD\nFROBNICATE'),
    });
    assert.equal(reply.status, 400);
    assert.match(errorOf(reply).message, /FROBNICATE/);
  });

  void it('aborts a slow query when the client disconnects', async () => {
    const before = demo.server().stats.abortedRequests;
    const started = once(demo.server().events, 'slowQueryStarted');
    const aborted = once(demo.server().events, 'requestAborted');
    const payload = JSON.stringify(mxqlBody('CATEGORY demo_slow\nTAGLOAD'));
    const req = request(text(), {
      method: 'POST',
      headers: {
        'x-service-token': demo.apm().token,
        'x-service-pcode': String(demo.apm().pcode),
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
      },
    });
    const failed = once(req, 'error');
    req.end(payload);
    await started;
    req.destroy();
    await Promise.all([aborted, failed]);
    assert.equal(demo.server().stats.abortedRequests, before + 1);
  });
});

void describe('MXQL executor seam', () => {
  void it('answers a slow path query after slowMs when the client waits', async () => {
    const server = await startDemoServer({ seed: 19, now: () => FIXED_NOW, slowMs: 20 });
    try {
      const apm = projectOf(server, 'APM', 'Order');
      const reply = await call(`${server.baseUrl}/open/api/flush/mxql/path`, apm, {
        body: mxqlBody('/demo/slow'),
      });
      assert.equal(reply.status, 200);
      assert.equal(arr(reply.body).length, 1);
      assert.equal(server.stats.slowQueriesStarted, 1);
      assert.equal(server.stats.abortedRequests, 0);
    } finally {
      await server.close();
    }
  });

  void it('delegates to an injected executor with the normalised request', async () => {
    const seen: unknown[] = [];
    const server = await startDemoServer({
      seed: 19,
      now: () => FIXED_NOW,
      mxqlExecutor: () => (req) => {
        seen.push(req);
        if (req.mql.includes('BROKEN'))
          return Promise.reject(new MxqlQueryError('line 1: BROKEN is not a command', 'mxql/syntax'));
        return Promise.resolve([{ ok: 1 }]);
      },
    });
    try {
      const apm = projectOf(server, 'APM', 'Order');
      const url = `${server.baseUrl}/open/api/flush/mxql/text`;
      const ok = await call(url, apm, {
        body: mxqlBody('CATEGORY x', { param: { $a: 1 }, inject: { default: 'ORDER {key:[oid]}' } }),
      });
      assert.deepEqual(ok.body, [{ ok: 1 }]);
      assert.deepEqual(seen[0], {
        pcode: apm.pcode,
        mql: 'CATEGORY x',
        kind: 'text',
        stime: FIXED_NOW - HOUR,
        etime: FIXED_NOW,
        limit: 100,
        param: { $a: '1' },
        inject: { default: 'ORDER {key:[oid]}' },
      });
      const broken = await call(url, apm, { body: mxqlBody('BROKEN') });
      assert.equal(broken.status, 400);
      assert.deepEqual(errorOf(broken), {
        status: 400,
        code: 'mxql/syntax',
        message: 'line 1: BROKEN is not a command',
      });
    } finally {
      await server.close();
    }
  });
});
