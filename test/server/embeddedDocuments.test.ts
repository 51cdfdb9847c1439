// The JSON documents' cache: a keystroke in one string re-analyses that string only (every other string
// keeps its analysis object), the result equals a fresh scan, and a JSON file without MXQL is ignored.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { bundledCategoryCatalog } from '../../server/core/catalog/bundledCatalog';
import { EmbeddedDocuments, isJsonDocument } from '../../server/src/embeddedDocuments';

const BOARD = String.raw`{ "widgets": [
  { "mql": "CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps]" },
  { "mql": "-- \"b\"\nCATEGORY app_counter\nTAGLOAD\nLIMIT 5" },
  { "query": "CATEGORY app_counter\nTAGLOAD" }
] }`;

const catalogs = { categories: bundledCategoryCatalog };

function typed(doc: TextDocument, embedded: EmbeddedDocuments, offset: number, text: string): TextDocument {
  embedded.recordEdit(doc.uri, { start: offset, end: offset, text });
  return TextDocument.update(
    doc,
    [{ range: { start: doc.positionAt(offset), end: doc.positionAt(offset) }, text }],
    doc.version + 1,
  );
}

void test('a keystroke in one string re-analyses that string only, as a fresh scan would', () => {
  const embedded = new EmbeddedDocuments(() => catalogs);
  let doc = TextDocument.create('file:///b.json', 'json', 1, BOARD);
  const before = embedded.get(doc);
  assert.equal(before.queries.length, 3);
  doc = typed(doc, embedded, BOARD.indexOf('LIMIT 5') + 'LIMIT 5'.length, '0');
  const after = embedded.get(doc);
  assert.equal(after.queries[0]?.analysis, before.queries[0]?.analysis);
  assert.notEqual(after.queries[1]?.analysis, before.queries[1]?.analysis);
  assert.equal(after.queries[2]?.analysis, before.queries[2]?.analysis);
  assert.equal(after.queries[1]?.analysis.text, '-- "b"\nCATEGORY app_counter\nTAGLOAD\nLIMIT 50');
  const fresh = new EmbeddedDocuments(() => catalogs).get(doc);
  assert.deepEqual(
    after.queries.map((q) => q.query),
    fresh.queries.map((q) => q.query),
  );
  // The unchanged strings' findings are not computed again either.
  const unchanged = after.queries[0];
  assert.ok(unchanged);
  assert.equal(embedded.diagnosticsOf(unchanged), embedded.diagnosticsOf(unchanged));
});

void test('a JSON file without MXQL holds nothing and publishes nothing; other languages are not JSON', () => {
  const embedded = new EmbeddedDocuments(() => catalogs);
  const plain = TextDocument.create('file:///p.json', 'json', 1, '{ "theme": "dark", "tabs": [1, 2] }');
  assert.deepEqual(embedded.get(plain), { holdsMxql: false, queries: [], problems: [] });
  assert.equal(embedded.diagnostics(plain), undefined);
  assert.ok(isJsonDocument(plain) && isJsonDocument({ languageId: 'jsonc' }));
  assert.ok(!isJsonDocument({ languageId: 'mxql' }));
});

void test('a board that held MXQL reports its malformed JSON, and clears once it holds none', () => {
  const embedded = new EmbeddedDocuments(() => catalogs);
  const doc = TextDocument.create('file:///m.json', 'json', 1, BOARD);
  assert.ok(embedded.get(doc).holdsMxql);
  const broken = TextDocument.create('file:///m.json', 'json', 2, BOARD.replace('] }', ', ] }'));
  assert.deepEqual(
    embedded.diagnostics(broken)?.map((d) => d.code),
    ['json/syntax'],
  );
  const emptied = TextDocument.create('file:///m.json', 'json', 3, '{ "widgets": [] }');
  assert.deepEqual(embedded.diagnostics(emptied), []);
});
