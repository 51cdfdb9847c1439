// The formatter: case and spacing normalisation, things it must never touch, idempotence, and
// the guarantee that the tree (modulo ranges) does not change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { astShape, format, parse, type FormatOptions } from '../../../server/core/syntax/index';
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

/**
 * One row per class of input the idempotence fuzz (formatFuzz.test.ts) probes, each with the options
 * an editor may send: what the formatter gives, which must also be its own fixed point.
 */
const fuzzClasses: readonly [string, string, FormatOptions, string][] = [
  // The auto line end comes from after the leading blanks, which are dropped: read from a leading
  // blank line, it changed on the second run.
  ['line end after dropped leading blanks (LF, then CR)', '\n{\rt', {}, '{\rt'],
  ['line end after dropped leading blanks (CR, then LF)', '\r{\nx', {}, '{\nx'],
  [
    'leading blank lines before a CRLF file',
    '\n\ncategory a\r\ntagload\r\n',
    {},
    'CATEGORY a\r\nTAGLOAD\r\n',
  ],
  // A lone CR is a final line end too: it used to be kept where a LF would have been dropped, and dropped where kept.
  ['lone CR as the only line end is no final line end', 'category a\rtagload', {}, 'CATEGORY a\rTAGLOAD'],
  ['lone CR ending a LF file is its final line end', 'tagload\nselect [a]\r', {}, 'TAGLOAD\nSELECT [a]\n'],
  ['blank CR line after the last line', '}\n\r', {}, '}\n'],
  // `insert` adds the line end even when the layout is rejected and the text is kept as it is.
  ['insert after a statement the layout cannot touch', 'm{--}', { finalNewline: 'insert' }, 'm{--}\n'],
  [
    'insert cannot end an unclosed block comment',
    'select [a,b\n/*',
    { finalNewline: 'insert' },
    'select [a,b\n/*',
  ],
  [
    'insert after a broken then a clean statement',
    'select [a\nfilter {key:a}',
    { finalNewline: 'insert' },
    'select [a\nFILTER { key: a }\n',
  ],
  [
    'block comment across lines after a command',
    'tagload /* a\n b */ \nselect [a]\n',
    {},
    'TAGLOAD /* a\n b */\nSELECT [a]\n',
  ],
  [
    'unclosed bracket keeps its statement',
    'select [a, [b\nfilter {key:x}\n',
    {},
    'select [a, [b\nFILTER { key: x }\n',
  ],
  ['string broken by a line end', "filter {key:'a\nb'}\n", {}, "filter {key:'a\nb'}\n"],
  [
    'CRLF blank-line run and trailing blanks',
    'category a\r\n\r\n\r\n\r\ntagload  \r\n',
    {},
    'CATEGORY a\r\n\r\nTAGLOAD\r\n',
  ],
  [
    'directives kept as written',
    '-- @range 1h\n--@param $x = 1\ntagload\n',
    {},
    '-- @range 1h\n--@param $x = 1\nTAGLOAD\n',
  ],
  ['stray END and SUB without a name', 'sub q\nend\nend\nsub\n', {}, 'SUB q\nEND\nend\nsub\n'],
  ['blank-line runs at most one, at the end none', 'a\n\n\n\n\nb\n\n\n', {}, 'a\n\nb\n'],
  [
    'trailing blanks, with and without a final line end',
    'tagload   \n  \t\nselect [a]   ',
    {},
    'TAGLOAD\n\nSELECT [a]',
  ],
  [
    'eol crlf on a LF text with a leading blank line',
    '\ntagload\nselect [a]',
    { eol: 'crlf' },
    'TAGLOAD\r\nSELECT [a]',
  ],
];

for (const [name, input, options, expected] of fuzzClasses) {
  void test(`format (fuzz class): ${name}`, () => {
    assert.equal(format(input, options), expected);
    assert.equal(format(expected, options), expected);
    sameShape(input, expected);
  });
}

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
