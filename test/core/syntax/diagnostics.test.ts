// Every syntax diagnostic code, with the exact text its range covers, plus recovery: one broken
// line never hides the commands after it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diagnosticCodes } from '../../../server/core/diagnostics/table';
import { parse } from '../../../server/core/syntax/index';
import { uncovered } from './printTree';
import { seededTexts } from '../../support/seededTexts';

interface Case {
  readonly code: string;
  readonly text: string;
  /** The source text the diagnostic's range must cover. */
  readonly covers: string;
}

const cases: readonly Case[] = [
  { code: 'syntax/unclosed-bracket', text: 'SELECT [time, tps\nTAGLOAD', covers: '[' },
  { code: 'syntax/unclosed-bracket', text: 'FILTER {key: a', covers: '{' },
  { code: 'syntax/unexpected-close', text: 'SELECT [a]]', covers: ']' },
  { code: 'syntax/mismatched-bracket', text: 'CATEGORY stat[h1}', covers: '}' },
  { code: 'syntax/unclosed-string', text: "FILTER {key: a, value: 'x}", covers: "'x}" },
  { code: 'syntax/unclosed-comment', text: 'TAGLOAD\n/* never closed\nLIMIT 1', covers: '/*' },
  { code: 'syntax/missing-colon', text: "FILTER {oid = '123'}", covers: "oid = '123'" },
  { code: 'syntax/missing-key', text: 'ORDER {: tps}', covers: ':' },
  { code: 'syntax/missing-value', text: 'ORDER {key: }', covers: ':' },
  { code: 'syntax/unquoted-colon', text: 'UPDATE {key: t, datetime: yyyyMMdd HH:mm:ss}', covers: ':' },
  { code: 'syntax/unexpected-token', text: 'TAGLOAD {backward: true} extra', covers: 'extra' },
  { code: 'syntax/unexpected-token', text: ', tps', covers: ',' },
  { code: 'syntax/unexpected-token', text: 'INJECT default more', covers: 'more' },
  { code: 'syntax/unexpected-token', text: 'SELECT [a,, b]', covers: ',' },
  { code: 'syntax/template-marker', text: 'OID [ <% OID %> ]', covers: '<% OID %>' },
  { code: 'syntax/template-marker', text: 'CREATE {key: k, value: "<%V%>"}', covers: '<%V%>' },
  { code: 'syntax/inject-in-operand', text: 'SELECT [time, INJECT cols]', covers: 'INJECT cols' },
  { code: 'syntax/inject-in-operand', text: 'SELECT [time,\nINJECT cols\n]', covers: 'INJECT cols' },
  { code: 'syntax/too-deep', text: `SELECT ${'['.repeat(300)}a${']'.repeat(300)}\nTAGLOAD`, covers: '[' },
  { code: 'syntax/bad-param', text: 'LIMIT $1abc', covers: '$1abc' },
  { code: 'syntax/bad-param', text: 'OID [$ , 1]', covers: '$' },
  { code: 'syntax/param-key', text: 'SKIP {$option: 10}', covers: '$option' },
  { code: 'syntax/missing-sub-name', text: 'SUB\nTAGLOAD\nEND', covers: 'SUB' },
  { code: 'syntax/missing-sub-name', text: 'SUB {name: q}\nTAGLOAD\nEND', covers: '{name: q}' },
  { code: 'syntax/unclosed-sub', text: 'SUB q\nTAGLOAD', covers: 'q' },
  { code: 'syntax/unexpected-end', text: 'TAGLOAD\nEND', covers: 'END' },
];

for (const c of cases) {
  void test(`${c.code}: ${JSON.stringify(c.text)}`, () => {
    const { diagnostics } = parse(c.text);
    const found = diagnostics.filter((d) => d.code === c.code);
    assert.ok(found.length > 0, `expected ${c.code}, got ${JSON.stringify(diagnostics)}`);
    const covered = found.map((d) => c.text.slice(d.range.start, d.range.end));
    assert.ok(covered.includes(c.covers), `ranges cover ${JSON.stringify(covered)}`);
    for (const d of found) assert.ok(d.message.length > 20, 'message says what to do');
  });
}

void test('every declared syntax code is exercised above', () => {
  const tested = new Set(cases.map((c) => c.code));
  // syntax/internal only reports a parser crash, which no input is known to cause.
  const syntaxCodes = diagnosticCodes().filter((c) => c.startsWith('syntax/') && c !== 'syntax/internal');
  for (const code of syntaxCodes) assert.ok(tested.has(code), code);
});

void test('a template marker is reported with the exact message', () => {
  const { diagnostics } = parse('<% FILTER %>');
  assert.equal(diagnostics.length, 1);
  assert.equal(diagnostics[0]?.severity, 'error');
  assert.match(diagnostics[0]?.message ?? '', /Template marker `<% … %>` is not sendable as is/);
});

void test('clean text has no diagnostics', () => {
  const text = 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps]\nFILTER {expr: "tps > 1"}\n';
  assert.deepEqual(parse(text).diagnostics, []);
});

void test('recovery: an unclosed bracket ends at the next line that starts with a command', () => {
  const text = 'SELECT [time, tps\nFILTER {key: tps, over: 1}\nLIMIT 3\n';
  const { ast } = parse(text);
  assert.deepEqual(
    ast.main.map((s) => (s.kind === 'command' ? s.upperName : s.kind)),
    ['SELECT', 'FILTER', 'LIMIT'],
  );
});

void test('recovery: an unclosed SUB body ends at the next SUB', () => {
  const { ast, diagnostics } = parse('SUB a\nTAGLOAD\nSUB b\nLIMIT 1\nEND\n');
  assert.deepEqual(
    ast.subs.map((s) => [s.name, s.commands.length, s.endRange !== null]),
    [
      ['a', 1, false],
      ['b', 1, true],
    ],
  );
  assert.deepEqual(
    diagnostics.map((d) => d.code),
    ['syntax/unclosed-sub'],
  );
});

void test('recovery: an unclosed string ends at its line', () => {
  const { ast } = parse("FILTER {value: 'x\nTAGLOAD\n");
  assert.equal(ast.main.length, 2);
});

void test('recovery: a broken line in the middle keeps the lines around it', () => {
  const { ast } = parse('CATEGORY a\n}}} ,,, :::\nTAGLOAD\n');
  assert.deepEqual(
    ast.main.map((s) => s.kind),
    ['command', 'invalid', 'command'],
  );
});

void test('the parser never throws, whatever the input', () => {
  const alphabet = [
    '{',
    '}',
    '[',
    ']',
    ':',
    ',',
    "'",
    '"',
    '\n',
    '\r\n',
    ' ',
    'SELECT',
    'SUB',
    'END',
    'INJECT',
    '$a',
    '<%',
    '%>',
    '--',
    '#',
    '/*',
    '*/',
    '>>',
    'x',
    '1h',
    '(',
    ')',
  ];
  for (const text of seededTexts(alphabet, { seed: 7, count: 2000, pieces: 30 })) {
    const { ast, diagnostics } = parse(text);
    assert.equal(ast.range.end, text.length);
    assert.deepEqual(uncovered(text, ast), [], `nothing dropped from ${JSON.stringify(text)}`);
    for (const d of diagnostics)
      assert.ok(d.range.start >= 0 && d.range.end <= text.length && d.range.start <= d.range.end);
  }
});

void test('recovery: a lowercase command followed by its bracket also ends a broken statement', () => {
  const { ast } = parse('select [a, b\nfilter {key: a}\n');
  assert.deepEqual(
    ast.main.map((s) => (s.kind === 'command' ? s.upperName : s.kind)),
    ['SELECT', 'FILTER'],
  );
  const glued = parse('SELECT [a, b\nfilter{key: a}\n').ast;
  assert.equal(glued.main.length, 1, 'glued `filter{` could be a suffixed name, so it stays inside');
});

void test('field names on continuation lines are not taken for commands', () => {
  const { ast, diagnostics } = parse('SELECT [time,\n  oid\n  , delta\n]\nFIRST-ONLY {key: [oid,\nonode]}\n');
  assert.deepEqual(diagnostics, []);
  assert.equal(ast.main.length, 2);
});

void test('absurd nesting neither throws nor hides the next line', () => {
  const { ast, diagnostics } = parse(`SELECT ${'['.repeat(100_000)}\nTAGLOAD\n`);
  assert.deepEqual(
    ast.main.map((s) => (s.kind === 'command' ? s.upperName : s.kind)),
    ['SELECT', 'TAGLOAD'],
  );
  assert.ok(diagnostics.some((d) => d.code === 'syntax/too-deep'));
});

void test('the object form of the SUB name, SUB {id:name} … END, is a named SUB', () => {
  const text =
    "JOIN {pk: oid, query: findMax}\nSUB {id:findMax}\nCATEGORY app_counter\nTAGLOAD\nEND\nSUB {id:'q2'}\nEND\n";
  const { ast, diagnostics } = parse(text);
  assert.deepEqual(diagnostics, []);
  assert.deepEqual(
    ast.subs.map((s) => [s.name, s.nameRange && text.slice(s.nameRange.start, s.nameRange.end)]),
    [
      ['findMax', 'findMax'],
      ['q2', 'q2'],
    ],
  );
  assert.ok(ast.subRefs.every((r) => r.resolved));
  assert.deepEqual(uncovered(text, ast), []);
});
