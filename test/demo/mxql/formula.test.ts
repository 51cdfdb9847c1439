import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileFormula, FORMULA_FUNCTIONS, MetricValue, type Row } from '../../../demo/mxql/index';
import { MxqlQueryError } from '../../../demo/mxqlExecutor';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const scope = { params: { $limit: '10', $name: 'api' }, now: NOW };
const evaluate = (text: string, row: Row = {}) => compileFormula(text, scope)(row);

void describe('formula evaluator', () => {
  void it('honours precedence and associativity', () => {
    const cases: [string, unknown][] = [
      ['1 + 2 * 3', 7],
      ['(1 + 2) * 3', 9],
      ['10 - 4 - 3', 3],
      ['100 / 10 / 5', 2],
      ['7 % 4 + 1', 4],
      ['-2 * 3', -6],
      ['2 * -3 + 1', -5],
      ['1 + 2 > 2 && 3 < 4', true],
      ['1 > 2 || 3 > 2 && 0 > 1', false],
      ['!(1 > 2)', true],
      ['1 == 1 ? 2 : 3', 2],
      ['0 ? 1 : 1 == 2 ? 2 : 3', 3],
      ['1 < 2 == true', true],
    ];
    for (const [text, expected] of cases) assert.equal(evaluate(text), expected, text);
  });

  void it('reads columns (bare, dotted), composites as averages, missing ones as null', () => {
    const composite = new MetricValue();
    composite.add(2);
    composite.add(4);
    const row: Row = { tps: 5, 'rps.max': 9, merged: composite, name: 'order-api' };
    assert.equal(evaluate('tps * 2 + rps.max', row), 19);
    assert.equal(evaluate('merged', row), 3);
    assert.equal(evaluate('missing', row), null);
    assert.equal(evaluate('missing + 1', row), null);
    assert.equal(evaluate("name + '_' + tps", row), 'order-api_5');
  });

  void it('compares like types only, text by content, like with wildcards', () => {
    assert.equal(evaluate("oid == '123'", { oid: 123 }), false);
    assert.equal(evaluate('oid == 123', { oid: 123 }), true);
    assert.equal(evaluate("name != 'a'", { name: 'b' }), true);
    assert.equal(evaluate("'abc' < 'abd'"), true);
    assert.equal(evaluate("name like 'order*'", { name: 'order-api' }), true);
    assert.equal(evaluate("name like '*api'", { name: 'order-api' }), true);
    assert.equal(evaluate("name like '*der-a*'", { name: 'order-api' }), true);
    assert.equal(evaluate("name like 'order'", { name: 'order-api' }), false);
    assert.equal(evaluate("name == 'x' or name == 'order-api'", { name: 'order-api' }), true);
  });

  void it('gives null for division by zero and arithmetic on text', () => {
    assert.equal(evaluate('1 / 0'), null);
    assert.equal(evaluate('5 % 0'), null);
    assert.equal(evaluate("'a' * 2"), null);
  });

  void it('binds $params; numeric text becomes a number', () => {
    assert.equal(evaluate('$limit * 2'), 20);
    assert.equal(evaluate("$name + '!'"), 'api!');
  });

  void it('runs the documented functions', () => {
    const cases: [string, unknown][] = [
      ['abs(-3)', 3],
      ['int(7.9)', 7],
      ['round(3.14159, 2)', 3.14],
      ['round(2.5)', 3],
      ['floor(2.7) + ceil(2.1)', 5],
      ['min(3, 1, 2) + max(3, 1, 2)', 4],
      ["startsWith('order-api', 'order')", true],
      ["StartsWith('order-api', 'api')", false],
      ["endsWith('order-api', 'api')", true],
      ["contains('order-api', 'r-a')", true],
      ["length('abcd')", 4],
      ["upper('ab') + lower('CD')", 'ABcd'],
      ["substr('abcdef', 2)", 'cdef'],
      ["substring('abcdef', 1, 3)", 'bc'],
      ["Token('gpu/0/x', '/', 1)", '0'],
      ["toNumber('42') + 1", 43],
      ['toString(42)', '42'],
      ["isEmpty('')", true],
      ['isEmpty(missing)', true],
      ["isNotEmpty('x')", true],
      ['isNull(missing)', true],
      ['isNotNull(1)', true],
      ["if(1 > 0, 'yes', 'no')", 'yes'],
      ['now()', NOW],
      ['datetime(0)', '1970-01-01 00:00:00'],
      ["datetime(0, 'yyyy/MM/dd')", '1970/01/01'],
      ['stdDev(4, 8, 20)', 1],
      ['sqrt(16) + pow(2, 3)', 12],
    ];
    for (const [text, expected] of cases) assert.equal(evaluate(text), expected, text);
    assert.ok(Object.keys(FORMULA_FUNCTIONS).length >= 25);
  });

  void it('fails with a MxqlQueryError naming the problem: syntax, unknown function, arity, unbound param', () => {
    const cases: [string, RegExp][] = [
      ['1 +', /missing/i],
      ['(1 + 2', /\)/],
      ['a b', /Unexpected/],
      ['nosuch(1)', /unknown function nosuch/],
      ['round()', /round\(\) takes 1 to 2 arguments/],
      ['$unbound + 1', /\$unbound/],
      ['', /empty/],
    ];
    for (const [text, message] of cases) {
      assert.throws(
        () => compileFormula(text, scope),
        (e: unknown) => e instanceof MxqlQueryError && message.test(e.message) && e.code.startsWith('mxql/'),
        text,
      );
    }
  });

  void it('never evaluates text as JavaScript', () => {
    const globals = globalThis as Record<string, unknown>;
    delete globals.pwned;
    for (const text of [
      "constructor.constructor('globalThis.pwned = 1')()",
      'process.exit(1)',
      "this['pwned']",
      'globalThis.pwned = 1',
    ]) {
      try {
        compileFormula(text, scope)({ constructor: 'x', process: 'y' });
      } catch (error) {
        assert.ok(error instanceof MxqlQueryError, text);
      }
    }
    assert.equal(globals.pwned, undefined);
    assert.equal(evaluate('__proto__', {}), null);
  });
});
