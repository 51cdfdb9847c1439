import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MINUTE, activeAgents, column, data, project, run } from './engineHarness';

void describe('JOIN, APPEND and SUB', () => {
  void it('JOIN a SUB declared after use, on pk, taking the listed fields (left join)', async () => {
    const rows = await run(
      [
        'CATEGORY agent_list',
        'FLEXLOAD',
        'SELECT [oid, oname, status]',
        'JOIN {query: busy, pk: oid, field: [tps]}',
        'SUB busy',
        'CATEGORY app_counter',
        'TAGLOAD {backward: true}',
        'FIRST-ONLY {key: oid}',
        'END',
      ].join('\n'),
    );
    assert.equal(rows.length, data.agentsOf(project.pcode).length);
    for (const row of rows) {
      assert.deepEqual(Object.keys(row), ['oid', 'oname', 'status', 'tps']);
      assert.equal(typeof row.tps, row.status === 'active' ? 'number' : 'object', String(row.oname));
    }
  });

  void it('JOIN type inner drops rows without a match; a SUB declared before use works too', async () => {
    const rows = await run(
      'SUB busy\nCATEGORY app_counter\nTAGLOAD\nFIRST-ONLY {key: oid}\nEND\nCATEGORY agent_list\nFLEXLOAD\nJOIN {query: busy, pk: [oid], type: inner}',
    );
    assert.equal(rows.length, activeAgents.length);
    assert.ok(rows.every((r) => 'tx_count' in r && 'status' in r));
  });

  void it('JOIN a predefined path, as the documented example does', async () => {
    const rows = await run(
      "CATEGORY agent_list\nFLEXLOAD\nJOIN {query:'/app/act_tx/act_tx_oid', pk:oid, field:[act0,act3,act8, act] }\nRENAME {src:[act0, act3, act8, act], dst:[normal, slow, verySlow, total]}",
    );
    const active = rows.filter((r) => r.status === 'active');
    assert.ok(active.every((r) => r.total === Number(r.normal) + Number(r.slow) + Number(r.verySlow)));
  });

  void it('APPEND adds the rows of a SUB (bare name or {query, field})', async () => {
    const text = (op: string) =>
      `CATEGORY app_counter\nTAGLOAD\nFIRST-ONLY {key: oid}\nSELECT [oid, tps]\nAPPEND ${op}\nSUB hosts\nCATEGORY app_host_resource\nTAGLOAD\nFIRST-ONLY {key: oid}\nEND`;
    const bare = await run(text('hosts'), { rangeMs: MINUTE });
    assert.equal(bare.length, 2 * activeAgents.length);
    assert.ok(bare.slice(activeAgents.length).every((r) => 'cpu' in r));
    const picked = await run(text('{query: hosts, field: [oid, cpu]}'), { rangeMs: MINUTE });
    assert.deepEqual(Object.keys(picked[picked.length - 1]!), ['oid', 'cpu']);
  });

  void it('an unknown SUB is an error naming it and the SUBs there are', async () => {
    await assert.rejects(
      run('CATEGORY agent_list\nFLEXLOAD\nAPPEND nope\nSUB q1\nCATEGORY agent_list\nFLEXLOAD\nEND'),
      /SUB 'nope'.*q1/,
    );
  });
});

void describe('INJECT and $params', () => {
  void it('fills INJECT from the request (the spec example: OID params + injected ORDER)', async () => {
    const [a, b] = activeAgents;
    assert.ok(a && b);
    const rows = await run(
      'CATEGORY app_counter\nOID [ $oidFirst, $oidSecond ]\nTAGLOAD\nSELECT\nINJECT sortByOidDesc',
      {
        rangeMs: MINUTE,
        param: { $oidFirst: String(a.oid), $oidSecond: String(b.oid) },
        inject: { sortByOidDesc: 'ORDER {key : [oid],  sort :[desc]}' },
      },
    );
    assert.deepEqual(new Set(column(rows, 'oid')), new Set([a.oid, b.oid]));
    const high = Math.max(a.oid, b.oid);
    for (let i = 0; i < rows.length; i += 2) assert.equal(rows[i]!.oid, high);
  });

  void it('a missing fragment is a no-op; a bare INJECT reads default; fragments may hold several lines', async () => {
    const plain = await run('CATEGORY app_counter\nTAGLOAD\nINJECT nothing\nLIMIT 2', { rangeMs: MINUTE });
    assert.equal(plain.length, 2);
    const multi = await run('CATEGORY app_counter\nTAGLOAD\nINJECT', {
      rangeMs: MINUTE,
      inject: { default: 'SELECT [oid, tps]\nFILTER {key: tps, over: 0}\nLIMIT 3' },
    });
    assert.equal(multi.length, 3);
    assert.deepEqual(Object.keys(multi[0]!), ['oid', 'tps']);
  });

  void it('a broken fragment is an error naming the fragment', async () => {
    await assert.rejects(
      run('CATEGORY app_counter\nTAGLOAD\nINJECT default', { inject: { default: 'SELECT [oid' } }),
      /Inject fragment 'default'/,
    );
  });

  void it('$params bind in values, inside quoted strings and in formulas', async () => {
    const rows = await run(
      'CATEGORY app_counter\nTAGLOAD\nFILTER {expr: "tps > $min"}\nCREATE {key: $name, value: \'$label-x\'}\nLIMIT $n',
      {
        rangeMs: MINUTE,
        param: { $min: '5', $name: 'tag', $label: 'demo', $n: '3' },
      },
    );
    assert.equal(rows.length, 3);
    assert.ok(rows.every((r) => Number(r.tps) > 5 && r.tag === 'demo-x'));
  });

  void it('an unbound $param is an error naming it', async () => {
    await assert.rejects(
      run('CATEGORY app_counter\nTAGLOAD\nLIMIT $n'),
      (e: Error) => e.message.includes('$n') && (e as { code?: string }).code === 'mxql/unbound-param',
    );
    await assert.rejects(run('CATEGORY app_counter\nTAGLOAD\nFILTER {expr: "tps > $min"}'), /\$min/);
  });

  void it('$stime, $etime and $pcode default to the request', async () => {
    const rows = await run(
      'CATEGORY app_counter\nTAGLOAD\nFILTER {expr: "pcode == $pcode && time >= $stime"}\nLIMIT 1',
    );
    assert.equal(rows[0]?.pcode, project.pcode);
  });
});

void describe('predefined paths', () => {
  void it('/app/act_tx/act_tx_oid: one row per reporting agent with the section counts', async () => {
    const rows = await run('/app/act_tx/act_tx_oid', { kind: 'path' });
    assert.equal(rows.length, activeAgents.length);
    for (const row of rows) {
      assert.deepEqual(Object.keys(row).sort(), [
        '_id_',
        '_name_',
        'act',
        'act0',
        'act3',
        'act8',
        'oid',
        'oname',
        'tps',
      ]);
      assert.equal(row.act, Number(row.act0) + Number(row.act3) + Number(row.act8));
      assert.equal(row._id_, row.oid);
    }
  });

  void it('/app/act_tx/agent_with_tx (and its /v2 alias) with the _pk_ injection', async () => {
    for (const path of ['/app/act_tx/agent_with_tx', '/v2/app/act_tx/agent_with_tx']) {
      const rows = await run(path, {
        kind: 'path',
        inject: { default: 'CREATE {key : _pk_, value : okindName}' },
      });
      assert.equal(rows.length, data.agentsOf(project.pcode).length);
      for (const row of rows) {
        assert.equal(row._pk_, row.okindName);
        assert.equal(typeof row.total, 'number');
      }
    }
  });

  void it('an unknown path is an error naming it', async () => {
    await assert.rejects(
      run('/no/such/query', { kind: 'path' }),
      (e: Error) =>
        e.message.includes('/no/such/query') && (e as { code?: string }).code === 'mxql/unknown-path',
    );
  });
});
