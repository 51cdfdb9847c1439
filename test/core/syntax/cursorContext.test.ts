// Cursor contexts as a table: `$0` marks the cursor (it cannot clash with MXQL's `$name`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  cursorContext,
  findNodeAt,
  nodeAt,
  parse,
  pipelineAt,
  statementAt,
  tokenAt,
} from '../../../server/core/syntax/index';

function at(marked: string): { text: string; offset: number } {
  const offset = marked.indexOf('$0');
  return { text: marked.slice(0, offset) + marked.slice(offset + 2), offset };
}

interface Case {
  readonly marked: string;
  readonly kind: string;
  readonly command?: string | null;
  readonly keyPath?: readonly string[];
  readonly prefix?: string;
}

const cases: readonly Case[] = [
  { marked: '$0', kind: 'command-name', command: null },
  { marked: 'CATEGORY app\nTAG$0', kind: 'command-name', prefix: 'TAG' },
  { marked: 'CATEGORY $0', kind: 'operand', command: 'CATEGORY' },
  { marked: 'CATEGORY app_co$0', kind: 'operand', command: 'CATEGORY', prefix: 'app_co' },
  { marked: 'SELECT [$0', kind: 'item', command: 'SELECT', keyPath: [] },
  { marked: 'SELECT [time, $0', kind: 'item', command: 'SELECT' },
  { marked: 'SELECT [time, tp$0]', kind: 'item', prefix: 'tp' },
  { marked: 'ORDER {key:[$0', kind: 'item', command: 'ORDER', keyPath: ['key'] },
  { marked: 'ORDER {key: [tps], $0}', kind: 'key', keyPath: [] },
  { marked: 'ORDER {key: [tps], so$0', kind: 'key', prefix: 'so' },
  { marked: 'ORDER {sort: $0}', kind: 'value', keyPath: ['sort'] },
  { marked: 'ORDER {sort: de$0}', kind: 'value', keyPath: ['sort'], prefix: 'de' },
  { marked: 'TAGLOAD {filter: {key: $0', kind: 'value', keyPath: ['filter', 'key'] },
  { marked: 'INJECT $0', kind: 'inject-name' },
  { marked: 'SUB $0\nEND', kind: 'sub-name' },
  { marked: 'TAGLOAD -- load $0', kind: 'comment' },
  { marked: '>> rate(x[5m]$0)', kind: 'promql' },
  { marked: 'SELECT [a]\n$0', kind: 'command-name' },
];

for (const c of cases) {
  void test(`cursor ${JSON.stringify(c.marked)} → ${c.kind}`, () => {
    const { text, offset } = at(c.marked);
    const ctx = cursorContext(parse(text).ast, text, offset);
    assert.equal(ctx.kind, c.kind);
    if (c.command !== undefined) assert.equal(ctx.command, c.command);
    if (c.keyPath) assert.deepEqual(ctx.keyPath, c.keyPath);
    if (c.prefix !== undefined) assert.equal(ctx.prefix, c.prefix);
  });
}

void test('a cursor inside a string says so', () => {
  const { text, offset } = at('FILTER {expr: "tps >$0 1"}');
  const ctx = cursorContext(parse(text).ast, text, offset);
  assert.equal(ctx.kind, 'value');
  assert.equal(ctx.inString, true);
});

void test('a cursor inside a quoted key or an unclosed string says so', () => {
  for (const marked of ['CATEGORY {"app_c$0', 'CATEGORY {"app_c$0": 6h}', "JOIN {query: '/app$0"]) {
    const { text, offset } = at(marked);
    const ctx = cursorContext(parse(text).ast, text, offset);
    assert.equal(ctx.inString, true, marked);
  }
});

void test('the pipeline at a cursor lists the upstream commands, inside SUB too', () => {
  const { text, offset } = at('CATEGORY a\nTAGLOAD\nSUB s\nCATEGORY b\n$0\nEND\nLIMIT 1');
  const { ast } = parse(text);
  const p = pipelineAt(ast, offset);
  assert.equal(p.sub?.name, 's');
  assert.equal(p.index, 1);
  const ctx = cursorContext(ast, text, offset);
  assert.equal(ctx.sub?.name, 's');
});

void test('findNodeAt returns the path down to the innermost node', () => {
  const text = 'ORDER {key: [tps, oid], sort: desc}';
  const { ast } = parse(text);
  const path = findNodeAt(ast, text.indexOf('oid') + 1);
  assert.deepEqual(
    path.map((n) => n.kind),
    ['document', 'command', 'object', 'member', 'array', 'word'],
  );
  assert.equal(nodeAt(ast, text.indexOf('desc')).kind, 'word');
});

void test('statementAt finds the command a trailing cursor belongs to', () => {
  const text = 'CATEGORY   \nTAGLOAD';
  const { ast } = parse(text);
  const stmt = statementAt(ast, text, 10);
  assert.equal(stmt?.kind === 'command' ? stmt.upperName : null, 'CATEGORY');
  assert.equal(statementAt(ast, text, text.length)?.kind, 'command');
});

void test('indexes: params, SUB references and INJECTs', () => {
  const text =
    'APPEND q1\nJOIN {query: "q2", pk: $pk}\nJOIN {query: "/app/x"}\nINJECT default\nSUB q1\nFILTER {key: oid, value: $oid}\nEND';
  const { ast } = parse(text);
  assert.deepEqual(
    ast.params.map((p) => p.name),
    ['$pk', '$oid'],
  );
  assert.deepEqual(
    ast.subRefs.map((r) => [r.name, r.via, r.resolved, text.slice(r.range.start, r.range.end)]),
    [
      ['q1', 'operand', true, 'q1'],
      ['q2', 'query', false, 'q2'],
    ],
  );
  assert.deepEqual(
    ast.injects.map((i) => i.name),
    ['default'],
  );
});

void test('tokenAt finds tokens and comments', () => {
  const text = 'ORDER {sort: desc} -- why';
  assert.equal((tokenAt(text, 14) as { kind: string }).kind, 'word');
  assert.equal((tokenAt(text, text.length) as { kind: string }).kind, 'comment');
  assert.equal(tokenAt('a   b', 2), null);
});

void test('findNodeAt reaches trailing comments of every statement kind', () => {
  const text = 'INJECT default -- fragment\n>> up -- not a comment in PromQL\nTAGLOAD # not a comment';
  const { ast } = parse(text);
  const path = findNodeAt(ast, text.indexOf('fragment'));
  assert.deepEqual(
    path.map((n) => n.kind),
    ['document', 'inject', 'comment'],
  );
  assert.equal(ast.comments.length, 1, 'PromQL text and a mid-line # are not comments');
});
