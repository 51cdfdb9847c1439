import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  CATEGORY_SUFFIXES,
  EXPRESSION_FUNCTIONS,
  INJECT_NAMES,
  MERGE_FUNCTIONS,
  SORT_ORDERS,
  TIMEUNIT_VALUES,
  UPDATE_KINDS,
  WELL_KNOWN_PARAMS,
  editDistance,
  findCommand,
  findExpressionFunction,
  findIdentityColumn,
  findSystemColumn,
  findWellKnownParam,
  suggestClosest,
} from '../../../server/core/catalog/index';

void describe('enumerable values', () => {
  void it('offers the documented values', () => {
    assert.deepEqual(
      SORT_ORDERS.map((v) => v.value),
      ['asc', 'desc'],
    );
    const merges = MERGE_FUNCTIONS.map((v) => v.value);
    for (const m of ['sum', 'avg', 'min', 'max', 'last', 'cnt', 'count']) assert.ok(merges.includes(m), m);
    const units = TIMEUNIT_VALUES.map((v) => v.value);
    for (const u of ['5000', '5s', '1m', '5m', '1h', '1d', 'm1', 'm5', 'm10', 'h1', 'd1'])
      assert.ok(units.includes(u), u);
    assert.deepEqual(
      CATEGORY_SUFFIXES.map((v) => v.value),
      ['{m5}', '{h1}'],
    );
  });

  void it('names every UPDATE kind as an UPDATE option', () => {
    const options = new Set(findCommand('UPDATE')?.options.map((o) => o.name));
    for (const kind of UPDATE_KINDS) assert.ok(options.has(kind.value), kind.value);
  });

  void it('keeps the enum values of options in step with the tables', () => {
    const sort = findCommand('ORDER')?.options.find((o) => o.name === 'sort');
    assert.deepEqual(sort?.values, ['asc', 'desc']);
    assert.equal(sort?.acceptsList, true);
    const value = findCommand('UPDATE')?.options.find((o) => o.name === 'value');
    assert.deepEqual(
      value?.values,
      MERGE_FUNCTIONS.map((v) => v.value),
    );
  });
});

void describe('well-known names', () => {
  void it('describes the common $params and finds them with or without $', () => {
    for (const name of ['$oid', '$okind', '$onode', '$stime', '$etime', '$pcode', '$limit']) {
      assert.ok(findWellKnownParam(name)?.description, name);
    }
    assert.equal(findWellKnownParam('etime')?.name, '$etime');
    assert.equal(findWellKnownParam('$nope'), undefined);
    assert.ok(WELL_KNOWN_PARAMS.every((p) => /^\$[A-Za-z_][A-Za-z0-9_]*$/.test(p.name)));
  });

  void it('lists the conventional INJECT names', () => {
    assert.deepEqual(
      INJECT_NAMES.map((n) => n.name),
      ['default', 'timepast'],
    );
    for (const inject of INJECT_NAMES)
      assert.ok(findCommand(inject.example.split(' ')[0] ?? ''), inject.example);
  });

  void it('knows the system, agent and generated columns', () => {
    for (const name of ['time', 'oid', 'pcode', 'pname'])
      assert.equal(findIdentityColumn(name)?.kind, 'system');
    for (const name of ['oname', 'okind', 'okindName', 'onode', 'onodeName'])
      assert.ok(findIdentityColumn(name));
    assert.equal(findIdentityColumn('_rows_'), undefined);
    assert.ok(findSystemColumn('_rows_')?.description);
    assert.ok(findSystemColumn('rownum'));
    assert.equal(findSystemColumn('tps'), undefined);
  });
});

void describe('expression functions', () => {
  void it('knows the functions seen in formulas, with signatures', () => {
    for (const name of ['int', 'round', 'startsWith', 'isEmpty', 'datetime', 'Token', 'now', 'stdDev']) {
      const fn = findExpressionFunction(name);
      assert.ok(fn?.signature.startsWith(`${name}(`), name);
      assert.equal(fn?.confidence, 'observed');
    }
    assert.equal(findExpressionFunction('StartsWith')?.name, 'startsWith');
    assert.equal(findExpressionFunction('sqrt'), undefined);
    assert.equal(new Set(EXPRESSION_FUNCTIONS.map((f) => f.name)).size, EXPRESSION_FUNCTIONS.length);
  });
});

void describe('did-you-mean', () => {
  void it('measures edits including adjacent swaps', () => {
    assert.equal(editDistance('', ''), 0);
    assert.equal(editDistance('abc', 'abc'), 0);
    assert.equal(editDistance('abc', 'acb'), 1);
    assert.equal(editDistance('kitten', 'sitting'), 3);
    assert.equal(editDistance('a', 'abcdef', 2), 3);
  });

  void it('ranks close candidates first and drops far ones', () => {
    assert.deepEqual(suggestClosest('SELCET', ['SELECT', 'DELETE', 'CREATE'], 2), ['SELECT']);
    assert.deepEqual(suggestClosest('tagload', ['TAGLOAD', 'FLEXLOAD']), ['TAGLOAD']);
    assert.deepEqual(suggestClosest('x', ['tx_count'], 3), []);
    assert.deepEqual(suggestClosest('abc', ['abd', 'abx', 'zzz'], 0), []);
  });
});
