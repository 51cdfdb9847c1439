import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FIXED_NOW, MINUTE, activeAgents, column, run } from './engineHarness';

const BASE = 'CATEGORY app_counter\nTAGLOAD\n';
const one = (extra: string) => run(BASE + extra, { rangeMs: MINUTE });

void describe('SELECT', () => {
  void it('keeps the listed columns in the listed order; no operand keeps all', async () => {
    const rows = await one('SELECT [tps, oid, time]');
    assert.ok(rows.length > 0);
    for (const row of rows) assert.deepEqual(Object.keys(row), ['tps', 'oid', 'time']);
    assert.equal(Object.keys((await one('SELECT'))[0]!).length, 41);
  });

  void it('default + like and notlike select by column name', async () => {
    const like = await one('SELECT {default: [time, oid], like: apdex}');
    assert.deepEqual(Object.keys(like[0]!).sort(), [
      'apdex_satisfied',
      'apdex_tolerated',
      'apdex_total',
      'oid',
      'time',
    ]);
    const notlike = await one('SELECT {notlike: _}');
    assert.ok(Object.keys(notlike[0]!).every((k) => !k.includes('_')));
    assert.ok('tps' in notlike[0]!);
  });
});

void describe('FILTER', () => {
  const [a] = activeAgents;

  void it('key + value, exclude, like, exist, notexist, over, under', async () => {
    assert.ok(a);
    assert.deepEqual(
      new Set(column(await one(`FILTER {key: oid, value: ${a.oid}}`), 'oid')),
      new Set([a.oid]),
    );
    const excluded = await one(`FILTER {key: oid, exclude: ${a.oid}}`);
    assert.ok(excluded.length > 0 && excluded.every((r) => r.oid !== a.oid));
    const like = await one("FILTER {key: oname, like: 'worker'}");
    assert.ok(like.length > 0 && like.every((r) => String(r.oname).includes('worker')));
    const wildcard = await one("FILTER {key: oname, like: 'order-api*'}");
    assert.ok(wildcard.length > 0 && wildcard.every((r) => String(r.oname).startsWith('order-api')));
    assert.equal((await one('FILTER {key: tps, exist: true}')).length, activeAgents.length * 12);
    assert.equal((await one('FILTER {key: no_such, notexist: true}')).length, activeAgents.length * 12);
    assert.equal((await one('FILTER {key: no_such, exist: true}')).length, 0);
    const over = await one('FILTER {key: tps, over: 10}');
    assert.ok(over.length > 0 && over.every((r) => Number(r.tps) >= 10));
    const under = await one('FILTER {key: tps, under: 10}');
    assert.ok(under.length > 0 && under.every((r) => Number(r.tps) <= 10));
    assert.equal(over.length + under.filter((r) => r.tps !== 10).length, activeAgents.length * 12);
  });

  void it('expr, and the bare expression form', async () => {
    const rows = await one('FILTER {expr: "tx_count > 40 && tx_error < 3"}');
    assert.ok(rows.every((r) => Number(r.tx_count) > 40 && Number(r.tx_error) < 3));
    const bare = await one('FILTER tps >= 10');
    assert.ok(bare.length > 0 && bare.every((r) => Number(r.tps) >= 10));
  });
});

void describe('CREATE and CREATE-EXPR', () => {
  void it('value, from, expr (quoted or not), oname, okind, onode and env', async () => {
    const rows = await one(
      [
        "CREATE {key: label, value: 'x'}",
        'CREATE {key: num, value: 7}',
        'CREATE {key: _id_, from: oid}',
        'CREATE {key: err, expr: "tx_error * 100 / tx_count"}',
        "CREATE {key: tag, expr: pcode+'_'+oname}",
        'CREATE {key: who, oname: oid}',
        'CREATE {key: kind, okind: okind}',
        'CREATE {key: node, onode: onode}',
        'CREATE {key: until, env: etime}',
      ].join('\n'),
    );
    for (const row of rows) {
      assert.equal(row.label, 'x');
      assert.equal(row.num, 7);
      assert.equal(row._id_, row.oid);
      assert.equal(
        row.err,
        Number(row.tx_count) === 0 ? null : (Number(row.tx_error) * 100) / Number(row.tx_count),
      );
      assert.equal(row.tag, `${String(row.pcode)}_${String(row.oname)}`);
      assert.equal(row.who, row.oname);
      assert.equal(row.kind, row.okindName);
      assert.equal(row.node, row.onodeName);
      assert.equal(row.until, FIXED_NOW);
    }
  });

  void it('CREATE-EXPR computes several columns at once', async () => {
    const rows = await one('CREATE-EXPR {avg: "tx_time / tx_count", twice: "tps * 2"}');
    for (const row of rows) {
      assert.equal(row.twice, Number(row.tps) * 2);
      assert.equal(row.avg, Number(row.tx_count) === 0 ? null : Number(row.tx_time) / Number(row.tx_count));
    }
  });
});

void describe('UPDATE, RENAME, DELETE and ADJUST', () => {
  void it('UPDATE datetime with timezone, decimal, cast and notnull', async () => {
    const rows = await one(
      [
        'CREATE {key: localtime, from: time}',
        "UPDATE {key: localtime, datetime: 'yyyyMMdd HH:mm:ss', timezone: 'GMT9'}",
        "UPDATE {key: tps, decimal: '0.000'}",
        'CREATE {key: ratio, value: 2.75}',
        'UPDATE {key: ratio, cast: long}',
        'CREATE {key: empty, value: null}',
        'UPDATE {key: empty, notnull: 0}',
      ].join('\n'),
    );
    const first = rows[0]!;
    const t = new Date(Number(first.time) + 9 * 3_600_000);
    const expected = `${t.getUTCFullYear()}${String(t.getUTCMonth() + 1).padStart(2, '0')}${String(t.getUTCDate()).padStart(2, '0')} ${String(t.getUTCHours()).padStart(2, '0')}:${String(t.getUTCMinutes()).padStart(2, '0')}:${String(t.getUTCSeconds()).padStart(2, '0')}`;
    assert.equal(first.localtime, expected);
    assert.match(String(first.tps), /^\d+\.\d{3}$/);
    assert.equal(first.ratio, 2);
    assert.equal(first.empty, 0);
  });

  void it('RENAME single, lists and pair lists; DELETE lists and bare words', async () => {
    const rows = await one(
      'SELECT [time, oid, tps, oname, pcode]\nRENAME {src: tps, dst: rate}\nRENAME {src: [oid, oname], dst: [id, name]}\nRENAME [[rate, r]]\nDELETE [pcode]\nDELETE time',
    );
    assert.deepEqual(Object.keys(rows[0]!), ['id', 'r', 'name']);
  });

  void it('ADJUST add/mul/over/under on named columns or every number but time and ids', async () => {
    const raw = await one('SELECT [time, oid, tps, tx_count]');
    const mul = await one('SELECT [time, oid, tps, tx_count]\nADJUST {mul: 100}');
    assert.equal(mul[0]!.tps, Number(raw[0]!.tps) * 100);
    assert.equal(mul[0]!.tx_count, Number(raw[0]!.tx_count) * 100);
    assert.equal(mul[0]!.time, raw[0]!.time);
    assert.equal(mul[0]!.oid, raw[0]!.oid);
    const capped = await one(
      'ADJUST {key: [tps], under: 1}\nADJUST {key: [tx_count], over: 1000000, add: 1}',
    );
    assert.ok(capped.every((r) => Number(r.tps) <= 1 && r.tx_count === 1000000));
  });
});

void describe('FILTER-KEYS and IFUPDATE', () => {
  void it('FILTER-KEYS keeps rows whose keys hold the listed values', async () => {
    const [a] = activeAgents;
    assert.ok(a);
    const rows = await one(`FILTERKEYS {keys: [oid, oname], values: [${a.oid}, '${a.oname}']}`);
    assert.equal(rows.length, 12);
    assert.ok(rows.every((r) => r.oid === a.oid));
    await assert.rejects(one('FILTER-KEYS {keys: [oid], values: []}'), /1 keys but 0 values/);
  });

  void it('IFUPDATE sets columns where the condition holds', async () => {
    const rows = await one(
      'IFUPDATE {if: "tps > 10", key: [level], value: \'busy\'}\nIFUPDATE {if: "tps <= 10", key: level, value: null}',
    );
    assert.ok(rows.every((r) => (Number(r.tps) > 10 ? r.level === 'busy' : r.level === null)));
  });
});
