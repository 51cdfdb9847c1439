// Incremental analysis: after any sequence of edits, the updated analysis answers exactly what a fresh
// one would (diagnostics, completion, hover, column flow), and an edit at the end of a long document
// re-parses, re-flows and re-checks only its own block (floor counts, so a return to whole-document
// analysis fails here whatever the machine's speed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bundledCategoryCatalog, bundledPathCatalog } from '../../../server/core/catalog/bundledCatalog';
import {
  analyzeDocument,
  complete,
  diagnosticsOf,
  hover,
  parseDirectives,
  updateAnalysis,
  validate,
  type DocumentAnalysis,
} from '../../../server/core/index';
import { corpusTexts } from '../../support/corpus';
import { seededRandom } from '../../support/seededTexts';

const catalogs = { categories: bundledCategoryCatalog, paths: bundledPathCatalog };
const options = { catalog: bundledCategoryCatalog };

const SAMPLE =
  '-- @inject default = LIMIT 5\nCATEGORY app_counter\nTAGLOAD\n\nSELECT [time, oid, tps]\nJOIN {query: q1, pk: oid}\nINJECT default\n\nSUB q1\nCATEGORY server_base\nTAGLOAD\nSELECT [oid, cpu]\nJOIN {query: q2, pk: oid}\nEND\n\nSUB q2\nCATEGORY server_base\nTAGLOAD\nSELECT [oid, mem]\nEND\n\nFILTER {key: cpu, over: 1}\nORDER {key: [mem]}\n';

function texts(): string[] {
  return [SAMPLE, ...corpusTexts([])];
}

const PIECES = [
  '\n',
  '\n\n',
  'a',
  'SELECT [',
  ']',
  '}',
  'SUB q9\nTAGLOAD\nEND\n',
  'JOIN {query: q2}\n',
  'CATEGORY app_counter\n',
  'cpu',
  ', tps',
  '-- @inject default = LIMIT 9\n',
  '-- @param $oid = 1\n',
  'OID $oid\n',
  '--\u00a0@inject more = SELECT [oid]\n',
];

function sameAnswers(
  updated: DocumentAnalysis,
  text: string,
  offsets: readonly number[],
  context: string,
): void {
  const fresh = analyzeDocument(text, catalogs);
  assert.deepEqual(diagnosticsOf(updated, options), validate(text, options), `diagnostics ${context}`);
  assert.deepEqual(updated.directives, parseDirectives(text), `directives ${context}`);
  // Findings kept per node must follow what the run supplies, too.
  const supplied = { ...options, injectNames: ['default'], params: ['$oid'] };
  assert.deepEqual(diagnosticsOf(updated, supplied), validate(text, supplied), `supplied ${context}`);
  assert.deepEqual(diagnosticsOf(updated, options), validate(text, options), `again ${context}`);
  for (const offset of offsets) {
    assert.deepEqual(
      complete(updated, offset),
      complete(fresh, offset),
      `completion at ${offset} ${context}`,
    );
    assert.deepEqual(hover(updated, offset), hover(fresh, offset), `hover at ${offset} ${context}`);
  }
}

void test('after seeded random edits an updated analysis answers as a fresh one', () => {
  const all = texts();
  const rnd = seededRandom(7);
  for (let doc = 0; doc < 12; doc++) {
    let text = [SAMPLE, all[rnd(all.length)] as string, all[rnd(all.length)] as string].join('\n\n');
    let analysis = analyzeDocument(text, catalogs);
    diagnosticsOf(analysis, options);
    for (let step = 0; step < 15; step++) {
      const start = rnd(text.length + 1);
      const end = Math.min(text.length, start + (rnd(3) === 0 ? rnd(20) : 0));
      const insert = rnd(4) === 0 ? '' : (PIECES[rnd(PIECES.length)] as string);
      text = text.slice(0, start) + insert + text.slice(end);
      analysis = updateAnalysis(analysis, [{ start, end, text: insert }]);
      sameAnswers(analysis, text, [start, rnd(text.length + 1), text.length], `doc ${doc} step ${step}`);
    }
  }
});

/** ~2,000 lines of queries with SUBs, and a half-typed `SELECT [` at the end. */
function longDocument(): string {
  const query =
    'CATEGORY app_counter\nTAGLOAD\nSELECT [time, oid, tps]\nJOIN {query: s1, pk: oid}\nFILTER {key: tps, over: 1}\n\n';
  return `${query.repeat(340)}SUB s1\nCATEGORY server_base\nTAGLOAD\nSELECT [oid, cpu]\nEND\n\nCATEGORY app_counter\nTAGLOAD\nSELECT [`;
}

void test('a keystroke at the end of a 2,000-line document re-analyses one block', () => {
  let text = longDocument();
  let analysis = analyzeDocument(text, catalogs);
  assert.ok(text.split('\n').length >= 2000);
  diagnosticsOf(analysis, options);
  complete(analysis, text.length);
  const blocks = analysis.blocks.blocks.length;
  assert.ok(blocks > 300, `${blocks} blocks`);
  for (const insert of ['t', '']) {
    const at = text.length;
    const edit = insert ? { start: at, end: at, text: insert } : { start: at - 1, end: at, text: '' };
    text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
    const flowsBefore = analysis.caches.flow?.computed ?? 0;
    const checkedBefore = analysis.caches.validation.checked;
    analysis = updateAnalysis(analysis, [edit]);
    assert.equal(analysis.blocks.reparsed, 1, 're-parsed blocks');
    const items = complete(analysis, text.length).items;
    assert.ok(
      items.some((i) => i.label === 'tps'),
      'columns still flow into the edited block',
    );
    assert.equal((analysis.caches.flow?.computed ?? 0) - flowsBefore, 1, 're-flowed pipelines');
    assert.deepEqual(diagnosticsOf(analysis, options), validate(text, options));
    assert.equal(analysis.caches.validation.checked - checkedBefore, 1, 're-checked blocks');
  }
});

void test('editing a SUB re-flows the blocks that join it, and only those', () => {
  let text = longDocument();
  let analysis = analyzeDocument(text, catalogs);
  diagnosticsOf(analysis, options);
  const at = text.indexOf('SELECT [oid, cpu]') + 'SELECT [oid, cpu'.length;
  text = `${text.slice(0, at)}, mem${text.slice(at)}`;
  analysis = updateAnalysis(analysis, [{ start: at, end: at, text: ', mem' }]);
  const before = analysis.caches.validation.checked;
  assert.deepEqual(diagnosticsOf(analysis, options), validate(text, options));
  // The SUB's block, every query block joining s1 (its imported columns changed), the last block.
  const rechecked = analysis.caches.validation.checked - before;
  assert.ok(rechecked > 300, `${rechecked} blocks re-checked`);
  const joined = analyzeDocument(text, catalogs).flow.main.steps.at(-1);
  assert.ok(joined);
});

void test('findings kept for unchanged blocks follow directives written after them (where a new one fits, which are declared)', () => {
  // Directives apply to the whole file wherever they stand: the query block above stays where it is.
  let text = 'CATEGORY app_counter\nOID $agent\nTAGLOAD\nINJECT extra\n\n-- @name sample\n';
  let analysis = analyzeDocument(text, catalogs);
  diagnosticsOf(analysis, options);
  const first = analysis.blocks.blocks[0];
  for (const line of ['-- @range 1h\n', '-- @inject other = LIMIT 1\n', '-- @param $other = 1\n']) {
    const at = text.length;
    text += line;
    analysis = updateAnalysis(analysis, [{ start: at, end: at, text: line }]);
    assert.equal(analysis.blocks.blocks[0], first, 'the query block is kept as it was');
    assert.deepEqual(diagnosticsOf(analysis, options), validate(text, options), line);
  }
});
