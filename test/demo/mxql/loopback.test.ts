import assert from 'node:assert/strict';
import { once } from 'node:events';
import { request } from 'node:http';
import { describe, it } from 'node:test';
import { FIXED_NOW, arr, call, errorOf, mxqlBody, mxqlSuiteDemo, rec } from '../demoClient';

const HOUR = 3_600_000;

/** An MXQL request body with room for 1000 rows. */
function body(mql: string, extra: Record<string, unknown> = {}) {
  return mxqlBody(mql, { limit: 1000, ...extra });
}

void describe('MXQL engine over loopback HTTP', () => {
  const demo = mxqlSuiteDemo();
  const { text, path } = demo;

  void it('runs a typical app_counter query: SELECT, FILTER, GROUP, ORDER, LIMIT, $param and INJECT', async () => {
    const mql = [
      '-- @name TPS per agent',
      'CATEGORY app_counter',
      'TAGLOAD',
      'SELECT [time, oid, oname, tps, tx_count]',
      'FILTER {key: tx_count, over: $minTx}',
      'GROUP {timeunit: 10m, pk: oid, last: oname, merge: [tps, tx_count]}',
      'UPDATE {key: tx_count, value: sum}',
      'INJECT default',
      'LIMIT $top',
    ].join('\n');
    const reply = await call(text(), demo.apm(), {
      body: body(mql, {
        param: { $minTx: '1', $top: '12' },
        inject: { default: 'ORDER {key: [tps], sort: [desc]}' },
      }),
    });
    assert.equal(reply.status, 200, reply.text);
    const rows = arr(reply.body).map(rec);
    assert.equal(rows.length, 12);
    for (const row of rows) {
      assert.deepEqual(Object.keys(row).sort(), ['_rows_', 'oid', 'oname', 'time', 'tps', 'tx_count']);
      assert.equal(typeof row.tps, 'number');
      assert.equal(Number(row.time) % (10 * 60_000), 0);
    }
    for (let i = 1; i < rows.length; i++) {
      const [p, c] = [rows[i - 1]!, rows[i]!];
      assert.ok(Number(p.time) < Number(c.time) || (p.time === c.time && Number(p.tps) >= Number(c.tps)));
    }
  });

  void it('serves /mxql/path queries with the _pk_ injection', async () => {
    const reply = await call(path(), demo.apm(), {
      body: body('/app/act_tx/agent_with_tx', {
        inject: { default: 'CREATE {key : _pk_, value : okindName}' },
        param: {},
      }),
    });
    assert.equal(reply.status, 200, reply.text);
    const rows = arr(reply.body).map(rec);
    assert.equal(rows.length, demo.server().data.agentsOf(demo.apm().pcode).length);
    assert.ok(rows.every((r) => r._pk_ === r.okindName && typeof r.total === 'number'));
  });

  void it('answers an unsupported command with a 400 JSON error naming it', async () => {
    const reply = await call(text(), demo.apm(), {
      body: body('CATEGORY app_counter\nTAGLOAD\nFROBNICATE [name]'),
    });
    assert.equal(reply.status, 400);
    const error = errorOf(reply);
    assert.equal(error.code, 'mxql/unsupported-command');
    assert.match(error.message, /FROBNICATE/);
    const unbound = await call(text(), demo.apm(), { body: body('CATEGORY app_counter\nTAGLOAD\nLIMIT $n') });
    assert.equal(errorOf(unbound).code, 'mxql/unbound-param');
    assert.match(errorOf(unbound).message, /\$n/);
  });

  void it('stops a long engine query when the client disconnects', async () => {
    const aborted = once(demo.server().events, 'requestAborted');
    const payload = JSON.stringify(
      body('CATEGORY app_counter\nTAGLOAD\nGROUP {timeunit: 1h, pk: oid}', { stime: FIXED_NOW - 24 * HOUR }),
    );
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
    req.end(payload, () => req.destroy());
    await Promise.all([aborted, failed]);
    const after = await call(text(), demo.apm(), { body: body('CATEGORY app_counter\nTAGLOAD\nLIMIT 1') });
    assert.equal(arr(after.body).length, 1);
  });
});
