// The commands real queries use beyond selection, loading and grouping, with the behaviour the
// reference describes, and the demo's documented choices where it leaves behaviour open
// (demo/README.md, "MXQL semantics the demo chose").
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { data, FIXED_NOW, HOUR, MINUTE, activeAgents, project, run, runIn } from './engineHarness';
import type { Row } from '../../../demo/mxql/index';
import { noticesOf } from '../../../demo/mxqlExecutor';
import type { DemoProject } from '../../../demo/data/index';

const oid = activeAgents[0]?.oid ?? 0;
const agentOnly = `CATEGORY app_counter\nOID ${oid}\nTAGLOAD`;

void describe('reshaping commands', () => {
  void it('FOLD packs columns into lists per pk and UNFOLD unpacks them again', async () => {
    const folded = await run(`${agentOnly}\nFOLD {pk: oid, key: [time, tps]}`);
    assert.equal(folded.length, 1);
    const times = folded[0]?.time as number[];
    assert.ok(Array.isArray(times) && times.length > 10);
    const unfolded = await run(`${agentOnly}\nFOLD {pk: oid, key: [time, tps]}\nUNFOLD [time, tps]`);
    assert.equal(unfolded.length, times.length);
    assert.deepEqual(
      unfolded.map((r) => r.time),
      times,
    );
    // A row without list columns passes UNFOLD unchanged.
    const plain = await run(`${agentOnly}\nUNFOLD [tps]`);
    assert.equal(plain.length, times.length);
  });

  void it('PIVOT-HEAD turns columns into rows and PIVOT-FIELD turns them back', async () => {
    const head = await run(`${agentOnly}\nSELECT [time, oid, tps, tx_count]\nPIVOT-HEAD {key: [time, oid]}`);
    assert.deepEqual([...new Set(head.map((r) => r.pivot_field))].sort(), ['tps', 'tx_count']);
    const back = await run(
      `${agentOnly}\nSELECT [time, oid, tps, tx_count]\nPIVOT-HEAD {key: [time, oid]}\nPIVOT-FIELD {key: [time, oid], pivot_field: pivot_field, pivot_value: pivot_value}`,
    );
    const original = await run(`${agentOnly}\nSELECT [time, oid, tps, tx_count]`);
    assert.deepEqual(back, original);
  });

  void it('DELTA writes the difference from the previous row of the same series and drops the first', async () => {
    const rows = await run(`${agentOnly}\nSELECT [time, oid, tx_count]`);
    const deltas = await run(
      `${agentOnly}\nSELECT [time, oid, tx_count]\nDELTA {pk: [oid], key: d, target: tx_count}`,
    );
    assert.equal(deltas.length, rows.length - 1);
    deltas.forEach((row, i) => {
      const before = rows[i]?.tx_count as number;
      const now = row.tx_count as number;
      assert.equal(row.d, now >= before ? now - before : now);
    });
  });

  void it('TIME-FILTER keeps the rows of one window in the given time zone', async () => {
    const hour = new Date(FIXED_NOW - HOUR);
    const written = `${hour.getUTCFullYear()}/${hour.getUTCMonth() + 1}/${hour.getUTCDate()} ${hour.getUTCHours() + 9}:10:00`;
    const rows = await run(`${agentOnly}\nTIME-FILTER {time: '${written}', duration: 5m, timezone: GMT9}`, {
      rangeMs: HOUR,
    });
    const start = FIXED_NOW - HOUR + 10 * MINUTE;
    assert.ok(rows.length > 0);
    for (const row of rows)
      assert.ok((row.time as number) >= start && (row.time as number) < start + 5 * MINUTE);
  });
});

void describe('combining commands', () => {
  void it('FILTER-SUBQUERY keeps (or drops) rows whose key the sub-query returns', async () => {
    const sub = `SUB one\n${agentOnly}\nFIRST-ONLY {key: oid}\nEND\n`;
    const kept = await run(`${sub}CATEGORY app_counter\nTAGLOAD\nFILTER-SUBQUERY {key: oid, query: one}`);
    assert.ok(kept.length > 0 && kept.every((r) => r.oid === oid));
    const dropped = await run(
      `${sub}CATEGORY app_counter\nTAGLOAD\nFILTER-SUBQUERY {key: oid, exclude: one}`,
    );
    assert.ok(dropped.length > 0 && dropped.every((r) => r.oid !== oid));
  });

  void it('JOINByTime joins on time and pk', async () => {
    const rows = await run(
      `SUB res\nCATEGORY app_host_resource\nTAGLOAD\nSELECT [time, oid, cpu]\nEND\n${agentOnly}\nSELECT [time, oid, tps]\nJOINByTime {query: res, pk: [oid]}`,
    );
    assert.ok(rows.length > 0 && rows.every((r) => typeof r.cpu === 'number'));
  });

  void it('a predefined path of the service without a demo query joins no rows and says so', async () => {
    const rows = await run(`${agentOnly}\nJOIN {query: '/app/act_tps_oid', pk: oid}`);
    assert.ok(rows.length > 0);
    assert.match(noticesOf(rows)[0] ?? '', /\/app\/act_tps_oid/);
  });
});

void describe('KV store', () => {
  void it('kv.insert writes rows that KV.LOAD and kv.select read back, per project', async () => {
    const table = `demo_kv_${Date.now()}`;
    await run(
      `${agentOnly}\nSELECT [oid, oname]\nFIRST-ONLY {key: oid}\nkv.insert {table: ${table}, pk.key: [oid]}`,
    );
    const loaded = await run(`KV.LOAD ${table}`);
    assert.deepEqual(loaded, [{ oid, oname: activeAgents[0]?.oname }]);
    assert.deepEqual(await run(`kv.select {table: ${table}, pk.val: ${oid}}`), loaded);
    assert.deepEqual(await run(`kv.select {table: ${table}, pk.val: 1}`), []);
    const other = data.projects.find((p) => p.pcode !== project.pcode) as DemoProject;
    const elsewhere = await runIn(other, `kv.load {table: ${table}, ifexist: true}`);
    assert.deepEqual(elsewhere, []);
    assert.match(noticesOf(elsewhere)[0] ?? '', new RegExp(table));
  });

  void it('inventory tables start with one row per agent', async () => {
    const rows = await run('KV.LOAD server_inventory');
    assert.equal(rows.length, data.agentsOf(project.pcode).length);
  });
});

void describe('log loaders and PromQL', () => {
  void it('LogCountLoad counts log lines per minute with the group and aggregate columns asked for', async () => {
    const rows = await run('CATEGORY AppLog\nLogCountLoad {group: "level", aggr: "bytes"}', {
      rangeMs: 30 * MINUTE,
    });
    assert.ok(rows.length > 0);
    for (const row of rows) {
      assert.equal(row.category, 'AppLog');
      assert.equal(typeof row.count, 'number');
      assert.equal(typeof row['rps.max'], 'number');
      assert.equal(typeof row.level, 'string');
      assert.equal(typeof row.bytes, 'number');
    }
  });

  void it('LogTag filters the lines LogSink loads', async () => {
    const rows = await run('CATEGORY AppLog\nLogTag {key: level, value: ERROR}\nLogSink {backward: true}');
    assert.ok(rows.length > 0 && rows.every((r) => r.level === 'ERROR'));
  });

  void it('a PromQL line gives time, value and its by-labels over the generated series', async () => {
    const rows = await run(
      '>> avg by (gpu_group) (DCGM_FI_DEV_GPU_UTIL{gpu_group!=""})\nRENAME {src: value, dst: util}',
    );
    assert.ok(rows.length > 0);
    for (const row of rows) {
      assert.equal(typeof row.util, 'number');
      assert.equal(typeof row.gpu_group, 'string');
      assert.equal(row.__name__, 'DCGM_FI_DEV_GPU_UTIL');
    }
  });
});

void describe('UPDATE value forms and other options', () => {
  void it('sets literal values, reduces composites and computes expressions', async () => {
    const rows = await run(
      `${agentOnly}\nGROUP {timeunit: 1h, pk: oid, merge: [tps, tx_count]}\nUPDATE {key: tps, value: 1}\nUPDATE {key: tx_count, value: "sum"}\nUPDATE {key: oname, value: 'n/a'}\nUPDATE {key: total, expr: "tps + tx_count"}`,
    );
    assert.equal(rows.length, 1);
    const row = rows[0] as Row;
    assert.equal(row.tps, 1);
    assert.equal(row.oname, 'n/a');
    assert.equal(row.total, 1 + (row.tx_count as number));
  });

  void it('lower-case command lines run like upper-case ones', async () => {
    const upper = await run(`${agentOnly}\nSELECT [time, tps]\nLIMIT 3`);
    const lower = await run(`category app_counter\noid ${oid}\ntagload\nselect [time, tps]\nlimit 3`);
    assert.deepEqual(lower, upper);
  });

  void it('INJECT timepast and other built-in injections without a fragment change nothing', async () => {
    const plain = await run(`${agentOnly}\nLIMIT 3`);
    assert.deepEqual(await run(`INJECT timepast\n${agentOnly}\nINJECT default\nLIMIT 3\ninject`), plain);
  });

  void it('GROUP quantile2 with rank reads percentiles, user counts distinct values', async () => {
    const rows = await run(
      `${agentOnly}\nGROUP {timeunit: 1h, pk: oid, quantile2: tps, rank: [0.5, 0.99], user: tx_count}`,
    );
    const row = rows[0] as Row;
    assert.ok((row['tps_0.5'] as number) <= (row['tps_0.99'] as number));
    assert.equal(typeof row.tx_count, 'number');
  });

  void it('dictionary commands fill the text of hashes the same way every time', async () => {
    const rows = await run(
      `${agentOnly}\nCREATE {key: h, value: 3}\nHVTEXT {hash: h, key: sql, type: sql}\nSQLTABLE {sql: sql, key: tables}\nLIMIT 2`,
    );
    assert.equal(rows[0]?.sql, rows[1]?.sql);
    assert.match(String(rows[0]?.sql), /^(SELECT|INSERT|UPDATE|DELETE)/);
    assert.ok(String(rows[0]?.tables).length > 0);
  });

  void it('OID after the loader filters the rows, TIME-RANGE with sdate/edate reads whole days', async () => {
    const rows = await run(`CATEGORY app_counter\nTAGLOAD\nOID ${oid}`);
    assert.ok(rows.length > 0 && rows.every((r) => r.oid === oid));
    const day = new Date(FIXED_NOW - 24 * HOUR).toISOString().slice(0, 10).replaceAll('-', '/');
    const days = await run(
      `TIME-RANGE {sdate: '${day}', edate: '${day}'}\nCATEGORY app_counter\nOID ${oid}\nTAGLOAD\nGROUP {timeunit: 1h, pk: oid}`,
    );
    assert.equal(days.length, 24);
  });
});

void describe('predefined paths', () => {
  void it('every path of the catalog answers: its demo query, or unknown-path naming the closest demo paths', async () => {
    const { bundledPathCatalog } = await import('../../../server/core/catalog/bundledCatalog');
    const { PREDEFINED_PATHS } = await import('../../../demo/mxql/index');
    const paths = bundledPathCatalog.predefinedPaths();
    assert.ok(paths.length > 600);
    let ran = 0;
    for (const path of paths) {
      try {
        await run(path, { kind: 'path', limit: 5 });
        ran++;
      } catch (error) {
        assert.ok(error instanceof Error && 'code' in error, String(error));
        assert.equal((error as { code: string }).code, 'mxql/unknown-path', path);
        assert.match(error.message, /a path of the service, but the demo has no query for it/);
        const named = /Closest known paths: (.*)\.$/.exec(error.message)?.[1]?.split(', ') ?? [];
        assert.ok(named.length > 0 && named.every((p) => PREDEFINED_PATHS.includes(p)), error.message);
      }
    }
    assert.ok(ran >= 4, `${ran} paths ran`);
  });

  void it('a path outside the catalog is unknown too, with the closest demo paths', async () => {
    await assert.rejects(
      run('/app/tps_oidd', { kind: 'path' }),
      /not found\. Closest known paths: \/app\/tps_oid/,
    );
  });
});
