// Incremental parsing: joining the blocks' parses gives exactly parse(text) (ranges and lines
// included) for every corpus file and after thousands of seeded random edits, and an edit re-parses
// only the blocks it touches.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  blockDirectiveEntries,
  directiveEntries,
  parse,
  parseBlocks,
  reparseBlocks,
  type BlockParse,
  type TextEdit,
} from '../../../server/core/syntax/index';
import { corpusTexts } from '../../support/corpus';
import { seededRandom } from '../../support/seededTexts';

const SAMPLE = [
  '-- @name sample\n-- @param $oid = 1\n\nCATEGORY app_counter\nOID $oid\nTAGLOAD\n\nSELECT [time, tps]\nJOIN {query: q1, pk: oid}\n',
  'SUB q1\nCATEGORY server_base\n\nTAGLOAD\nEND\n\n# note\nFILTER {key: tps,\n\n over: 1}\n/* a\n\nb */\nORDER {key: [tps]}\r\n\r\nLIMIT 5\rTAGLOAD\r\rEND\n',
].join('\n');

function texts(): string[] {
  return [SAMPLE, ...corpusTexts([])];
}

const PIECES = [
  '\n',
  '\n\n',
  '\r',
  '\r\n',
  '[',
  ']',
  '{',
  '}',
  'SUB x\n',
  'END\n',
  '/*',
  '*/',
  'a',
  ' ',
  "'",
  '-- c\n',
  'TAGLOAD\n',
  // SUB names and references: whether a reference resolves is a fact of the whole document.
  'SUB q1\n',
  'q1',
  'JOIN {query: q1}\n',
  // Directive lines, one after a blank the lexer skips but a plain `[ \t]` would not.
  '-- @param $x = 1\n',
  '-- @inject f = LIMIT 1\n',
  '--\u00a0@range 1h\n',
  '@',
];

function assertSame(blocks: BlockParse, text: string, context: string): void {
  assert.equal(blocks.text, text);
  assert.deepEqual(blocks.parsed, parse(text), context);
  assert.deepEqual(blockDirectiveEntries(blocks), directiveEntries(text), `${context}: directives`);
  // The lists kept per block, shared with the previous version for the blocks before an edit.
  blocks.segments.forEach((segment, i) =>
    assert.equal(segment, blocks.blocks[i]?.parsed.ast.main, `${context}: segment ${i}`),
  );
  assert.equal(blocks.segments.length, blocks.blocks.length, `${context}: segments`);
  const mayHold = [...blocks.blocks.keys()].filter((i) => blocks.blocks[i]?.mayHoldDirectives);
  assert.deepEqual(blocks.directiveBlocks, mayHold, `${context}: directive blocks`);
  // Features compare nodes by identity: a statement of `main` is the very object listed in `items`.
  const items = new Set<unknown>(blocks.parsed.ast.items);
  for (const s of blocks.parsed.ast.main) assert.ok(items.has(s), `${context}: shared statement`);
}

void test('the blocks of every corpus file join to parse(text)', () => {
  for (const text of texts()) assertSame(parseBlocks(text), text, text.slice(0, 80));
});

void test('after seeded random edits the joined blocks still equal parse(text)', () => {
  const all = texts();
  const rnd = seededRandom(42);
  // Several files in one document, so there are many blocks to keep or re-parse.
  for (let doc = 0; doc < 40; doc++) {
    let text = [0, 1, 2, 3].map(() => all[rnd(all.length)] as string).join('\n\n');
    let state = parseBlocks(text);
    for (let step = 0; step < 40; step++) {
      const start = rnd(text.length + 1);
      const end = Math.min(text.length, start + (rnd(3) === 0 ? rnd(30) : 0));
      const insert = rnd(4) === 0 ? '' : (PIECES[rnd(PIECES.length)] as string);
      const edit = { start, end, text: insert };
      text = text.slice(0, start) + insert + text.slice(end);
      state = reparseBlocks(state, [edit]);
      assertSame(state, text, `doc ${doc} step ${step} ${JSON.stringify(edit)}`);
    }
  }
});

void test('after seeded random batches of edits (one change event) the joined blocks equal parse(text)', () => {
  const all = texts();
  const rnd = seededRandom(11);
  for (let doc = 0; doc < 20; doc++) {
    let text = [0, 1, 2].map(() => all[rnd(all.length)] as string).join('\n\n');
    let state = parseBlocks(text);
    for (let step = 0; step < 20; step++) {
      // Each edit is against the text the previous one left, as in an LSP change notification.
      const edits: TextEdit[] = [];
      for (let n = 1 + rnd(3); n > 0; n--) {
        const start = rnd(text.length + 1);
        const end = Math.min(text.length, start + (rnd(3) === 0 ? rnd(30) : 0));
        const insert = rnd(4) === 0 ? '' : (PIECES[rnd(PIECES.length)] as string);
        edits.push({ start, end, text: insert });
        text = text.slice(0, start) + insert + text.slice(end);
      }
      state = reparseBlocks(state, edits);
      assertSame(state, text, `doc ${doc} step ${step} ${JSON.stringify(edits)}`);
    }
  }
});

void test('typing at the end of a long document re-parses one block', () => {
  const query = 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps]\n\n';
  let text = query.repeat(500) + 'SELECT [';
  let state = parseBlocks(text);
  assert.ok(state.blocks.length >= 500, String(state.blocks.length));
  const at = text.length;
  state = reparseBlocks(state, [{ start: at, end: at, text: 't' }]);
  text += 't';
  assertSame(state, text, 'typed');
  assert.equal(state.reparsed, 1);
  // Blocks before the edit are reused as they are: the same parse objects.
  const before = parseBlocks(text);
  assert.notEqual(before.blocks[0], undefined);
  const again = reparseBlocks(state, [{ start: at, end: at + 1, text: '' }]);
  assert.equal(again.blocks[0], state.blocks[0]);
  assert.equal(again.reparsed, 1);
});

void test('opening a bracket re-parses the blocks it now swallows, and closing it splits them again', () => {
  let text = 'CATEGORY a\nTAGLOAD\n\nSELECT [time]\n\nLIMIT 5\n\nORDER {key: [time]}\n';
  let state = parseBlocks(text);
  const at = text.indexOf('[time]') + 1;
  state = reparseBlocks(state, [{ start: at - 1, end: at, text: '' }]);
  text = text.slice(0, at - 1) + text.slice(at);
  assertSame(state, text, 'bracket removed');
  state = reparseBlocks(state, [
    { start: text.indexOf('LIMIT'), end: text.indexOf('LIMIT'), text: 'SELECT [' },
  ]);
  text = text.replace('LIMIT', 'SELECT [LIMIT');
  assertSame(state, text, 'bracket opened');
});
