import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  FIXED_NOW,
  HOUR,
  MINUTE,
  DAY,
  activeAgents,
  column,
  data,
  project,
  run,
  serverProject,
} from './engineHarness';
import { SPEC_ROW_COLUMNS, SPEC_ROW_TEXT_COLUMNS } from '../../support/specSampleRow';

void describe('CATEGORY and TAGLOAD', () => {
  void it('loads app_counter with all 41 columns of the spec row, names as text and the rest as numbers', async () => {
    const rows = await run('CATEGORY app_counter\nTAGLOAD', { rangeMs: MINUTE });
    assert.equal(rows.length, 12 * activeAgents.length);
    for (const row of rows) {
      assert.deepEqual(Object.keys(row).sort(), [...SPEC_ROW_COLUMNS].sort());
      for (const [key, value] of Object.entries(row)) {
        assert.equal(typeof value, SPEC_ROW_TEXT_COLUMNS.has(key) ? 'string' : 'number', key);
      }
    }
  });

  void it('steps 5 s in the last 24 h, 5 min beyond, and coarser with {m5}/{h1}', async () => {
    const fine = column(
      await run('CATEGORY app_counter\nOID ' + String(activeAgents[0]?.oid) + '\nTAGLOAD', {
        rangeMs: MINUTE,
      }),
      'time',
    ) as number[];
    assert.equal(fine[1]! - fine[0]!, 5_000);
    const stime = FIXED_NOW - 2 * DAY;
    const old = column(
      await run('CATEGORY app_counter\nOID ' + String(activeAgents[0]?.oid) + '\nTAGLOAD', {
        stime,
        etime: stime + HOUR,
      }),
      'time',
    ) as number[];
    assert.equal(old[1]! - old[0]!, 5 * MINUTE);
    const m5 = column(
      await run('CATEGORY app_counter{m5}\nTAGLOAD\nFIRST-ONLY {key: time}', { rangeMs: HOUR }),
      'time',
    ) as number[];
    assert.equal(m5[1]! - m5[0]!, 5 * MINUTE);
    const h1 = column(
      await run('CATEGORY app_counter{h1}\nTAGLOAD\nFIRST-ONLY {key: time}', { rangeMs: 5 * HOUR }),
      'time',
    ) as number[];
    assert.equal(h1.length, 5);
    assert.equal(h1[1]! - h1[0]!, HOUR);
  });

  void it('picks the category of the JSON form by the range length', async () => {
    const text =
      'CATEGORY {"app_counter":1h, "app_counter{m5}":3d, "app_counter{h1}":unlimit}\nTAGLOAD\nFIRST-ONLY {key: time}';
    const steps = async (rangeMs: number) => {
      const t = column(await run(text, { rangeMs }), 'time') as number[];
      return t[1]! - t[0]!;
    };
    assert.equal(await steps(30 * MINUTE), 5_000);
    assert.equal(await steps(6 * HOUR), 5 * MINUTE);
    assert.equal(await steps(4 * DAY), HOUR);
  });

  void it('accepts a quoted category and a $category param', async () => {
    assert.ok((await run('CATEGORY "app_active_stat"\nTAGLOAD\nLIMIT 1')).length === 1);
    const rows = await run('CATEGORY $category\nTAGLOAD\nLIMIT 1', {
      param: { $category: 'server_base' },
      pcode: serverProject.pcode,
    });
    assert.ok('memory_pused' in rows[0]!);
  });

  void it('loads app_host_resource, app_active_stat, server_base and db_pool_detail per agent and step, each in a project of its line', async () => {
    const expected: Record<string, [string, typeof project]> = {
      app_host_resource: ['cpu', project],
      app_active_stat: ['sql', project],
      server_base: ['cpu_idle', serverProject],
      db_pool_detail: ['pool', project],
    };
    for (const [category, [columnName, where]] of Object.entries(expected)) {
      const rows = await run(`CATEGORY ${category}\nTAGLOAD`, { rangeMs: MINUTE, pcode: where.pcode });
      assert.ok(rows.length > 0, category);
      for (const row of rows) {
        assert.ok(columnName in row, `${category} has ${columnName}`);
        assert.equal(row.pcode, where.pcode);
      }
    }
  });

  void it('loads agent_list with FLEXLOAD: one row per agent, inactive ones included', async () => {
    const rows = await run('CATEGORY agent_list\nFLEXLOAD');
    assert.equal(rows.length, data.agentsOf(project.pcode).length);
    assert.ok(rows.some((r) => r.status === 'inactive'));
  });

  void it('refuses the wrong loader, naming the right one', async () => {
    await assert.rejects(run('CATEGORY agent_list\nTAGLOAD'), /load it with FLEXLOAD/);
    await assert.rejects(run('CATEGORY app_counter\nFLEXLOAD'), /load it with TAGLOAD/);
  });

  void it('loads nothing without a loader', async () => {
    assert.deepEqual(await run('CATEGORY app_counter'), []);
  });

  void it('TAGLOAD backward reads newest first', async () => {
    const times = column(
      await run('CATEGORY app_counter\nTAGLOAD {backward: true}', { rangeMs: MINUTE }),
      'time',
    ) as number[];
    assert.ok(times[0]! > times[times.length - 1]!);
  });

  void it('TAGLOAD filters: value, exclude, like, notlike, and a list of them', async () => {
    const [a] = activeAgents;
    assert.ok(a);
    const byValue = await run(`CATEGORY app_counter\nTAGLOAD {filter: {key: oid, value: ${a.oid}}}`, {
      rangeMs: MINUTE,
    });
    assert.deepEqual(new Set(column(byValue, 'oid')), new Set([a.oid]));
    const excluded = await run(
      `CATEGORY app_counter\nTAGLOAD {filter: {key: oname, exclude: '${a.oname}'}}`,
      { rangeMs: MINUTE },
    );
    assert.ok(excluded.length > 0 && excluded.every((r) => r.oname !== a.oname));
    const like = await run("CATEGORY app_counter\nTAGLOAD {filter: {key: oname, like: 'api'}}", {
      rangeMs: MINUTE,
    });
    assert.ok(like.length > 0 && like.every((r) => String(r.oname).includes('api')));
    const notlike = await run(
      "CATEGORY app_counter\nTAGLOAD {filter: [{key: oname, notlike: 'api'}, {key: okindName, like: 'order'}]}",
      { rangeMs: MINUTE },
    );
    assert.ok(notlike.length > 0 && notlike.every((r) => !String(r.oname).includes('api')));
  });
});

void describe('OID, OKIND, ONODE, OIDSET and TIME-RANGE', () => {
  const [a, b] = activeAgents;

  void it('OID takes one id, a list, or $params; OKIND and ONODE narrow by group', async () => {
    assert.ok(a && b);
    const one = await run(`CATEGORY app_counter\nOID ${a.oid}\nTAGLOAD`, { rangeMs: MINUTE });
    assert.deepEqual(new Set(column(one, 'oid')), new Set([a.oid]));
    const two = await run('CATEGORY app_counter\nOID [$x, $y]\nTAGLOAD', {
      rangeMs: MINUTE,
      param: { $x: String(a.oid), $y: String(b.oid) },
    });
    assert.deepEqual(new Set(column(two, 'oid')), new Set([a.oid, b.oid]));
    const kind = await run(`CATEGORY app_counter\nOKIND ${a.okind}\nTAGLOAD`, { rangeMs: MINUTE });
    assert.ok(kind.length > 0 && kind.every((r) => r.okind === a.okind));
    const node = await run(`CATEGORY app_counter\nONODE ${a.onode}\nTAGLOAD`, { rangeMs: MINUTE });
    assert.ok(node.length > 0 && node.every((r) => r.onode === a.onode));
  });

  void it('OIDSET reads oid/okind/onode; unbound $params there are ignored, as the service does', async () => {
    assert.ok(a);
    const rows = await run(
      'OIDSET {oid: $oid, okind: $okind, onode: $onode}\nCATEGORY app_counter\nTAGLOAD',
      { rangeMs: MINUTE, param: { $oid: String(a.oid) } },
    );
    assert.deepEqual(new Set(column(rows, 'oid')), new Set([a.oid]));
    const all = await run('CATEGORY app_counter\nOIDSET {oid: $oid}\nTAGLOAD', { rangeMs: MINUTE });
    assert.equal(new Set(column(all, 'oid')).size, activeAgents.length);
  });

  void it('TIME-RANGE: recent, duration before etime, duration after stime, stime+etime', async () => {
    const times = async (line: string, param: Record<string, string> = {}) =>
      new Set(
        column(
          await run(`${line}\nCATEGORY app_counter\nTAGLOAD`, { rangeMs: HOUR, param }),
          'time',
        ) as number[],
      );
    assert.deepEqual(
      await times('TIME-RANGE {recent: 15s}'),
      new Set([FIXED_NOW - 15_000, FIXED_NOW - 10_000, FIXED_NOW - 5_000]),
    );
    assert.deepEqual(
      await times('TIME-RANGE {duration: 10s, etime: $etime}'),
      new Set([FIXED_NOW - 10_000, FIXED_NOW - 5_000]),
    );
    const stime = FIXED_NOW - 30 * MINUTE;
    assert.deepEqual(
      await times('TIME-RANGE {duration: 10s, stime: $s}', { $s: String(stime) }),
      new Set([stime, stime + 5_000]),
    );
    assert.deepEqual(await times(`TIME-RANGE {stime: ${stime}, etime: ${stime + 5_000}}`), new Set([stime]));
  });

  void it('TIME-RANGE refuses more than 31 days and an empty range', async () => {
    await assert.rejects(
      run(`TIME-RANGE {duration: 32d, etime: ${FIXED_NOW}}\nCATEGORY app_counter\nTAGLOAD`),
      /31 days/,
    );
    await assert.rejects(
      run(`TIME-RANGE {stime: ${FIXED_NOW}, etime: ${FIXED_NOW}}\nCATEGORY app_counter\nTAGLOAD`),
      /empty/,
    );
  });

  void it('TIME-PAST shifts the window back', async () => {
    const times = column(
      await run('CATEGORY app_counter\nTIME-PAST {delta: 1h}\nTAGLOAD', { rangeMs: MINUTE }),
      'time',
    ) as number[];
    assert.ok(times.every((t) => t >= FIXED_NOW - HOUR - MINUTE && t < FIXED_NOW - HOUR));
  });
});

void describe('load filters on agent tags', () => {
  void it('give the same rows as filtering after the load, for tagged and untagged categories', async () => {
    const cases = [
      ['app_counter', project],
      ['server_base', serverProject],
      ['db_pool_detail', project],
    ] as const;
    for (const [category, where] of cases) {
      const like = (data.agentsOf(where.pcode)[0]?.oname ?? '').slice(0, 4);
      const early = await run(
        `CATEGORY ${category}\nTAGLOAD {filter: [{key: oname, like: '${like}'}, {key: oid, exclude: 1}]}`,
        { rangeMs: MINUTE, pcode: where.pcode },
      );
      const late = await run(
        `CATEGORY ${category}\nTAGLOAD\nFILTER {key: oname, like: '${like}'}\nFILTER {key: oid, exclude: 1}`,
        { rangeMs: MINUTE, pcode: where.pcode },
      );
      assert.ok(early.length > 0, category);
      assert.deepEqual(early, late, category);
    }
    const none = await run(
      "CATEGORY app_counter\nTAGLOAD {filter: {key: okindName, value: 'no-such-kind'}}",
      { rangeMs: MINUTE },
    );
    assert.deepEqual(none, []);
  });
});

void describe('loader options', () => {
  void it('FLEXLOAD rows caps the rows read; backward reverses the order', async () => {
    assert.equal((await run('CATEGORY agent_list\nFLEXLOAD {rows: 3}')).length, 3);
    const forward = column(await run('CATEGORY app_counter\nTAGLOAD {rows: 5}', { rangeMs: MINUTE }), 'time');
    assert.equal(forward.length, 5);
    const backward = column(
      await run('CATEGORY app_counter\nTAGLOAD {backward: true, rows: 5}', { rangeMs: MINUTE }),
      'time',
    );
    assert.ok(Number(backward[0]) > Number(forward[0]));
  });
});
