// The formatter: case and spacing normalisation, things it must never touch, idempotence, and
// the guarantee that the tree (modulo ranges) does not change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { astShape, format, parse } from '../../../server/core/syntax/index';
import { seededTexts } from '../../support/seededTexts';

function sameShape(a: string, b: string): void {
  assert.deepEqual(astShape(parse(b).ast), astShape(parse(a).ast));
}

const cases: readonly [string, string, string][] = [
  [
    'case and spacing',
    'select [time,tps]\norder {key:[tps],sort:[desc]}\n',
    'SELECT [time, tps]\nORDER { key: [tps], sort: [desc] }\n',
  ],
  [
    'mixed case and dotted names kept',
    'LogCountLoad\nHvText {hash:h}\nkv.select {table:t}\nMyCmd x\n',
    'LogCountLoad\nHvText { hash: h }\nkv.select { table: t }\nMyCmd x\n',
  ],
  ['indentation and blank lines', '  CATEGORY a\n\n\n\n\tTAGLOAD   \n', 'CATEGORY a\n\nTAGLOAD\n'],
  ['no final newline stays without one', 'tagload', 'TAGLOAD'],
  ['no final newline after a SUB', 'sub q\ntagload\nend', 'SUB q\nTAGLOAD\nEND'],
  ['CRLF file without a final newline', 'category a\r\ntagload', 'CATEGORY a\r\nTAGLOAD'],
  ['trailing blank lines become one final newline', 'TAGLOAD\n\n\n', 'TAGLOAD\n'],
  ['CRLF kept', 'category a\r\ntagload\r\n', 'CATEGORY a\r\nTAGLOAD\r\n'],
  ['SUB and END', 'sub q\n  tagload\nend\nappend q\n', 'SUB q\nTAGLOAD\nEND\nAPPEND q\n'],
  ['inject', 'inject   default\n', 'INJECT default\n'],
  ['trailing comma in a list kept', 'select [time, tps, ]\n', 'SELECT [time, tps,]\n'],
  ['trailing comma in an object kept', "HEADER { a$: 'I', b$: 'B', }\n", "HEADER { a$: 'I', b$: 'B', }\n"],
  ['lone CR line ends kept', 'category a\rtagload\r', 'CATEGORY a\rTAGLOAD\r'],
  [
    'multi-line operand laid out one member per line',
    'HEADER {a$:I,\n b$:F,}\n',
    'HEADER {\n  a$: I,\n  b$: F,\n}\n',
  ],
];

for (const [name, input, expected] of cases) {
  void test(`format: ${name}`, () => {
    assert.equal(format(input), expected);
    assert.equal(format(expected), expected);
    sameShape(input, expected);
  });
}

const untouched: readonly [string, string][] = [
  ['comments', '# c1\n/* block\n   two */\nTAGLOAD -- why\n-- @range 1h\n'],
  ['expressions and strings', 'CREATE { key: k, expr: a  +  b*(c-1) }\nFILTER { expr: "x  >  1" }\n'],
  ['promql', '>> sum  by (x) (rate(m[5m]))\nOPENMX  ls  a\n'],
  ['template lines', '<% FILTER %>\nOID [<%OID%>]\n'],
  ['comments inside operands', 'SELECT [a, -- first\n  b]\n'],
];

for (const [name, input] of untouched) {
  void test(`format keeps ${name}`, () => {
    const out = format(input);
    for (const line of input.split('\n').filter((l) => /--|\/\*|>>|<%|OPENMX|expr/.test(l))) {
      assert.ok(out.includes(line.trim()), `${JSON.stringify(line)} kept in ${JSON.stringify(out)}`);
    }
    assert.equal(format(out), out);
    sameShape(input, out);
  });
}

void test('format leaves broken statements as they are and formats the clean ones', () => {
  const input = 'select [a,b\nfilter {key:a,value:1}\nCATEGORY x[h1}\n';
  const out = format(input);
  assert.equal(out, 'select [a,b\nFILTER { key: a, value: 1 }\nCATEGORY x[h1}\n');
  assert.equal(format(out), out);
});

void test('format is idempotent and keeps the tree on every parser fixture', () => {
  const dir = join(import.meta.dirname, '../../fixtures/parser');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.mxql'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    const once = format(text);
    assert.equal(format(once), once, file);
    sameShape(text, once);
  }
});

void test('format keeps the tree and is idempotent on random text', () => {
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
    '  ',
    'select',
    'SUB',
    'end',
    'INJECT',
    '$a',
    '<%X%>',
    '--',
    '#',
    '/*',
    '*/',
    '>>',
    'x',
    '1h',
    '(',
    ')',
    'a+b',
  ];
  for (const text of seededTexts(alphabet, { seed: 11, count: 1500, pieces: 25 })) {
    const once = format(text);
    assert.equal(format(once), once, JSON.stringify(text));
    sameShape(text, once);
  }
});

void test('format: finalNewline insert always ends with one line end', () => {
  assert.equal(format('tagload', { finalNewline: 'insert' }), 'TAGLOAD\n');
  assert.equal(format('tagload\n', { finalNewline: 'insert' }), 'TAGLOAD\n');
});
