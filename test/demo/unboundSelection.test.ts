// The demo, over a real socket, treats selection `$params` as the service documents: OID, OKIND, ONODE
// and OIDSET whose `$param` is not passed are skipped (the query reads all agents), one bound part of an
// OIDSET narrows by that part alone, and a column `$param` names a column of the category.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FIXED_NOW, arr, call, mxqlBody, mxqlSuiteDemo, rec } from './demoClient';

const MINUTE = 60_000;
const OIDSET_ALL = 'OIDSET {oid:$oid, okind:$okind, onode:$onode}';

void describe('MXQL selection $params without values', () => {
  const demo = mxqlSuiteDemo();

  /** The rows of `mql` over the minute before FIXED_NOW, with the `$params` given. */
  const rows = async (
    mql: string,
    param: Record<string, string> = {},
  ): Promise<Record<string, unknown>[]> => {
    const body = mxqlBody(mql, { stime: FIXED_NOW - MINUTE, limit: 10_000, param });
    const reply = await call(demo.text(), demo.apm(), { body });
    assert.equal(reply.status, 200, reply.text);
    return arr(reply.body).map(rec);
  };
  const activeAgents = () =>
    demo
      .server()
      .data.agentsOf(demo.apm().pcode)
      .filter((a) => a.active);
  const oidsOf = (list: readonly Record<string, unknown>[]) => new Set(list.map((r) => r.oid));

  void it('an OIDSET with none of its $params passed reads every agent of the project', async () => {
    const agents = activeAgents();
    assert.ok(agents.length > 1, 'the project needs several agents to tell "all" from "some"');
    const loaded = await rows(`${OIDSET_ALL}\nCATEGORY app_counter\nTAGLOAD`);
    assert.deepEqual(oidsOf(loaded), new Set(agents.map((a) => a.oid)));
  });

  void it('the project total with an unbound OIDSET equals the total without one', async () => {
    const total =
      'CATEGORY app_counter\nTAGLOAD\nGROUP {timeunit: 1h, pk: pcode, merge: [tps]}\nUPDATE {key: tps, value: sum}';
    const withOidset = await rows(`${OIDSET_ALL}\n${total}`);
    const without = await rows(total);
    assert.equal(withOidset.length, 1, JSON.stringify(withOidset));
    assert.deepEqual(withOidset, without);
    // Twelve samples a minute from every agent went into the one row.
    assert.equal(withOidset[0]?._rows_, 12 * activeAgents().length);
  });

  void it('OID, OKIND and ONODE lines with unbound $params are skipped too', async () => {
    const loaded = await rows('CATEGORY app_counter\nOID $oid\nOKIND $okind\nONODE $onode\nTAGLOAD');
    assert.deepEqual(oidsOf(loaded), new Set(activeAgents().map((a) => a.oid)));
  });

  void it('only the bound part of an OIDSET narrows: $okind alone keeps that group, every node', async () => {
    const agents = activeAgents();
    const okind = agents[0]?.okind;
    assert.ok(okind !== undefined);
    const expected = new Set(agents.filter((a) => a.okind === okind).map((a) => a.oid));
    assert.ok(expected.size < agents.length, 'the project needs agents of another group');
    const loaded = await rows(`${OIDSET_ALL}\nCATEGORY app_counter\nTAGLOAD`, { $okind: String(okind) });
    assert.deepEqual(oidsOf(loaded), expected);
    assert.ok(loaded.every((r) => r.okind === okind));
  });

  void it('an OIDSET after the loader filters rows the same way: unbound parts keep every row', async () => {
    const agents = activeAgents();
    const onode = agents[0]?.onode;
    assert.ok(onode !== undefined);
    const after = `CATEGORY app_counter\nTAGLOAD\n${OIDSET_ALL}`;
    assert.deepEqual(oidsOf(await rows(after)), new Set(agents.map((a) => a.oid)));
    const narrowed = await rows(after, { $onode: String(onode) });
    assert.deepEqual(oidsOf(narrowed), new Set(agents.filter((a) => a.onode === onode).map((a) => a.oid)));
  });

  void it('microOid stands for the agent id before and after the loader', async () => {
    const [a] = activeAgents();
    assert.ok(a);
    const param = { $oid: String(a.oid) };
    const before = await rows('OIDSET {microOid: $oid}\nCATEGORY app_counter\nTAGLOAD', param);
    const after = await rows('CATEGORY app_counter\nTAGLOAD\nOIDSET {microOid: $oid}', param);
    assert.deepEqual(oidsOf(before), new Set([a.oid]));
    assert.deepEqual(oidsOf(after), new Set([a.oid]));
    assert.equal(
      (await rows('CATEGORY app_counter\nTAGLOAD\nOIDSET {microOid: $oid}')).length,
      12 * activeAgents().length,
    );
  });

  void it('a column $param given a column of the category returns that column', async () => {
    const selected = await rows('CATEGORY app_counter\nTAGLOAD\nSELECT [time, oname, $field]', {
      $field: 'tps',
    });
    assert.equal(selected.length, 12 * activeAgents().length);
    for (const row of selected) {
      assert.deepEqual(Object.keys(row).sort(), ['oname', 'time', 'tps']);
      assert.equal(typeof row.tps, 'number');
    }
  });
});
