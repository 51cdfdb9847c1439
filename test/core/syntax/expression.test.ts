// Formulas of `expr:` / `if:`: the tree as an S-expression, absolute ranges, warnings, and the
// sites where formulas occur in a document.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expressionSites, parse, parseExpression, type ExprNode } from '../../../server/core/syntax/index';

function show(n: ExprNode): string {
  switch (n.kind) {
    case 'identifier':
    case 'param':
      return n.name;
    case 'template':
      return `<%${n.name}%>`;
    case 'number':
      return String(n.value);
    case 'string':
      return `'${n.value}'`;
    case 'literal':
      return String(n.value);
    case 'call':
      return `(${n.callee} ${n.args.map(show).join(' ')})`;
    case 'unary':
      return `(${n.operator} ${show(n.operand)})`;
    case 'binary':
      return `(${n.operator} ${show(n.left)} ${show(n.right)})`;
    case 'conditional':
      return `(? ${show(n.test)} ${show(n.consequent)} ${show(n.alternate)})`;
    case 'missing':
      return '∅';
  }
}

const cases: readonly [string, string][] = [
  ["pcode+'_'+oname", "(+ (+ pcode '_') oname)"],
  ['a + b * (c - 1)', '(+ a (* b (- c 1)))'],
  ["x > 0 ? 'up' : 'down'", "(? (> x 0) 'up' 'down')"],
  ["s==1?'Master' :(s==2?'Slave':'')", "(? (== s 1) 'Master' (? (== s 2) 'Slave' ''))"],
  ['elapse_time<10 && elapse_time >= 3 ?1:0', '(? (&& (< elapse_time 10) (>= elapse_time 3)) 1 0)'],
  ['round((1-free/size)*100,1)', '(round (* (- 1 (/ free size)) 100) 1)'],
  ['(peak_hour>0)==false', '(== (> peak_hour 0) false)'],
  ['isEmpty(d)? category : d', '(? (isEmpty d) category d)'],
  ['datetime(rps.maxtime)', '(datetime rps.maxtime)'],
  ['a || b and !c', '(|| a (and b (! c)))'],
  ['-x % 2 != $limit', '(!= (% (- x) 2) $limit)'],
  ['name like "web*"', "(like name 'web*')"],
  ['now()', '(now )'],
  ['<%FIELD%> != 0', '(!= <%FIELD%> 0)'],
];

for (const [text, expected] of cases) {
  void test(`formula ${JSON.stringify(text)}`, () => {
    const r = parseExpression(text);
    assert.deepEqual(r.diagnostics, []);
    assert.ok(r.expr);
    assert.equal(show(r.expr), expected);
  });
}

void test('identifiers are the fields read, with absolute ranges', () => {
  const source = 'CREATE {key: k, expr: "int(time_sum/count) + x"}';
  const offset = source.indexOf('int');
  const r = parseExpression('int(time_sum/count) + x', offset);
  assert.deepEqual(
    r.identifiers.map((i) => [i.name, source.slice(i.range.start, i.range.end)]),
    [
      ['time_sum', 'time_sum'],
      ['count', 'count'],
      ['x', 'x'],
    ],
  );
});

const broken: readonly [string, string][] = [
  ['a +', 'expression/missing-operand'],
  ['(a + b', 'expression/unclosed-paren'],
  ['a ? b', 'expression/missing-colon'],
  ["a == 'x", 'expression/unclosed-string'],
  ['a b', 'expression/unexpected-token'],
];

for (const [text, code] of broken) {
  void test(`formula warning ${code}: ${JSON.stringify(text)}`, () => {
    const r = parseExpression(text);
    assert.ok(
      r.diagnostics.some((d) => d.code === code && d.severity === 'warning'),
      JSON.stringify(r.diagnostics),
    );
    assert.ok(r.expr, 'a tree is still produced');
  });
}

void test('blank text has no tree and no warnings', () => {
  assert.deepEqual(parseExpression('  '), { expr: null, identifiers: [], diagnostics: [] });
});

void test('expression sites: expr/if members, CREATE-EXPR members, bare FILTER', () => {
  const text = [
    'CREATE {key: a, expr: "x + 1"}',
    'CREATE {key: b, expr: pcode+oname}',
    'IFUPDATE {if: "t > 0", key: c, value: 1}',
    'CREATE-EXPR {avg: "s/n", max: m}',
    'FILTER count > 0',
    'FILTER {key: k, value: 1}',
  ].join('\n');
  const sites = expressionSites(parse(text).ast);
  assert.deepEqual(
    sites.map((s) => [s.command.upperName, s.key, s.text, text.slice(s.offset, s.offset + s.text.length)]),
    [
      ['CREATE', 'expr', 'x + 1', 'x + 1'],
      ['CREATE', 'expr', 'pcode+oname', 'pcode+oname'],
      ['IFUPDATE', 'if', 't > 0', 't > 0'],
      ['CREATE-EXPR', 'avg', 's/n', 's/n'],
      ['CREATE-EXPR', 'max', 'm', 'm'],
      ['FILTER', null, 'count > 0', 'count > 0'],
    ],
  );
});

void test('absurd nesting in a formula gives a warning, not an exception', () => {
  const r = parseExpression(`${'('.repeat(50_000)}a${')'.repeat(50_000)}`);
  assert.ok(r.expr === null ? r.diagnostics[0]?.code === 'expression/too-deep' : r.diagnostics.length === 0);
});
