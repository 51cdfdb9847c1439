import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MetricValue } from '../../../demo/mxql/index';
import { MINUTE, activeAgents, column, run } from './engineHarness';

const BASE = 'CATEGORY app_counter\nTAGLOAD\n';
const tenMinutes = (extra: string) => run(BASE + extra, { rangeMs: 10 * MINUTE });

void describe('GROUP and UPDATE value', () => {
  void it('timeunit + pk + merge: composites averaged by default, summed by UPDATE; _rows_ counts rows', async () => {
    const raw = await tenMinutes('SELECT [time, oid, tps]');
    const grouped = await tenMinutes('SELECT [time, oid, tps]\nGROUP {timeunit: 5m, pk: oid, merge: tps}');
    const summed = await tenMinutes(
      'SELECT [time, oid, tps]\nGROUP {timeunit: 5m, pk: oid, merge: [tps]}\nUPDATE {key: tps, value: sum}',
    );
    assert.equal(grouped.length, 2 * activeAgents.length);
    for (const [i, g] of grouped.entries()) {
      const members = raw.filter(
        (r) => r.oid === g.oid && Math.floor(Number(r.time) / (5 * MINUTE)) * 5 * MINUTE === g.time,
      );
      const total = members.reduce((s, r) => s + Number(r.tps), 0);
      assert.equal(g._rows_, members.length);
      assert.ok(Math.abs(Number(g.tps) - total / members.length) < 1e-9);
      assert.ok(Math.abs(Number(summed[i]!.tps) - total) < 1e-9);
    }
  });

  void it('a column named under merge and last keeps its first role instead of failing the request', async () => {
    // A board that fills pk and last from the same $param (GROUP {merge: [tps], pk: "$pk", last: ["$pk_name"]}).
    const merged = await tenMinutes('SELECT [oid, tps]\nGROUP {pk: oid, merge: [tps]}');
    const both = await tenMinutes('SELECT [oid, tps]\nGROUP {pk: oid, merge: [tps], last: [tps, oid]}');
    assert.deepEqual(both, merged);
  });

  void it('UPDATE value min/max/last/cnt read the composite', async () => {
    const rows = await tenMinutes(
      'SELECT [oid, tps]\nGROUP {pk: oid, merge: tps}\nCREATE {key: lo, from: tps}\nCREATE {key: hi, from: tps}\nCREATE {key: n, from: tps}\nUPDATE {key: lo, value: min}\nUPDATE {key: hi, value: max}\nUPDATE {key: n, value: cnt}',
    );
    assert.equal(rows.length, activeAgents.length);
    for (const row of rows) {
      assert.ok(Number(row.lo) <= Number(row.tps) && Number(row.tps) <= Number(row.hi));
      assert.equal(row.n, row._rows_);
      assert.equal(row.n, 120);
    }
  });

  void it('without time every row groups by pk alone; sum, first and last options', async () => {
    const rows = await tenMinutes(
      'SELECT [time, okindName, oname, tx_count]\nDELETE time\nGROUP {pk: okindName, sum: [tx_count], first: [oname], last: [oname]}',
    );
    const kinds = new Set(activeAgents.map((a) => a.okindName));
    assert.equal(rows.length, kinds.size);
    const raw = await tenMinutes('SELECT [okindName, tx_count]');
    for (const row of rows) {
      const total = raw
        .filter((r) => r.okindName === row.okindName)
        .reduce((s, r) => s + Number(r.tx_count), 0);
      assert.equal(row.tx_count, total);
      assert.equal(typeof row.oname, 'string');
      assert.equal('time' in row, false);
    }
  });

  void it('without merge every numeric column is merged and text keeps its last value', async () => {
    const rows = await tenMinutes('GROUP {timeunit: 10m, pk: oid}');
    assert.ok(rows.every((r) => typeof r.tps === 'number' && typeof r.oname === 'string'));
  });

  void it('listup collects values and UPDATE pct reads a percentile', async () => {
    const rows = await tenMinutes(
      'SELECT [oid, tps]\nGROUP {pk: oid, listup: tps}\nCREATE {key: p90, from: tps}\nUPDATE {key: p90, pct: 90}',
    );
    for (const row of rows) {
      const list = (row.tps as number[]).slice().sort((a, b) => a - b);
      assert.equal(row.p90, list[Math.ceil(0.9 * list.length) - 1]);
    }
  });

  void it('rows caps the groups kept per time bucket', async () => {
    const rows = await tenMinutes('GROUP {timeunit: 5m, pk: oid, rows: 2}');
    assert.equal(rows.length, 4);
  });

  void it('composites never leak: the output holds plain numbers', async () => {
    const rows = await tenMinutes('GROUP {timeunit: 5m, pk: oid, merge: tps}');
    assert.ok(rows.every((r) => !(r.tps instanceof MetricValue) && typeof r.tps === 'number'));
  });
});

void describe('ORDER, LIMIT, SKIP, FIRST-ONLY, LAST-ONLY, ROWNUM', () => {
  void it('ORDER sorts by keys and directions, time first when rows have it', async () => {
    const rows = await tenMinutes('SELECT [time, oid, tps]\nORDER {key: [tps], sort: [desc]}');
    for (let i = 1; i < rows.length; i++) {
      const [p, c] = [rows[i - 1]!, rows[i]!];
      assert.ok(Number(p.time) < Number(c.time) || (p.time === c.time && Number(p.tps) >= Number(c.tps)));
    }
    const noTime = await tenMinutes('SELECT [oid, tps]\nORDER {key: [oid, tps], sort: [asc, desc]}');
    for (let i = 1; i < noTime.length; i++) {
      const [p, c] = [noTime[i - 1]!, noTime[i]!];
      assert.ok(Number(p.oid) < Number(c.oid) || (p.oid === c.oid && Number(p.tps) >= Number(c.tps)));
    }
    const capped = await tenMinutes('ORDER {key: tps, sort: desc, rows: 1}');
    assert.equal(capped.length, 120);
  });

  void it('LIMIT, SKIP and $param operands', async () => {
    const all = await tenMinutes('SELECT [time, oid]');
    assert.deepEqual(await tenMinutes('SELECT [time, oid]\nLIMIT 3'), all.slice(0, 3));
    assert.deepEqual(await tenMinutes('SELECT [time, oid]\nSKIP 5\nLIMIT 10'), all.slice(5, 15));
    assert.deepEqual(
      await run(`${BASE}SELECT [time, oid]\nSKIP {value: $s}\nLIMIT [$n]`, {
        rangeMs: 10 * MINUTE,
        param: { $s: '2', $n: '4' },
      }),
      all.slice(2, 6),
    );
    assert.deepEqual(await tenMinutes('LIMIT 0'), []);
  });

  void it('FIRST-ONLY keeps the first row per key; LAST-ONLY the last; bare forms keep one row', async () => {
    const first = await tenMinutes('FIRST-ONLY {key: oid}');
    assert.equal(first.length, activeAgents.length);
    const firstTime = Math.min(...(column(first, 'time') as number[]));
    assert.ok(first.every((r) => r.time === firstTime));
    const last = await tenMinutes('LAST-ONLY {key: [oid]}');
    assert.equal(last.length, activeAgents.length);
    const lastTime = Math.max(...(column(last, 'time') as number[]));
    assert.ok(last.every((r) => r.time === lastTime));
    assert.equal((await tenMinutes('FIRST-ONLY oid')).length, activeAgents.length);
    assert.equal((await tenMinutes('FIRST-ONLY')).length, 1);
    assert.equal((await tenMinutes('LASTONLY')).length, 1);
  });

  void it('ROWNUM numbers the rows from 1', async () => {
    const rows = await tenMinutes('LIMIT 4\nROWNUM');
    assert.deepEqual(column(rows, 'rownum'), [1, 2, 3, 4]);
  });
});
