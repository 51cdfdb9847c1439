/**
 * The language server's own parts without a connection: settings validation, code filtering, the
 * offset/position conversion (UTF-16), semantic-token encoding, the lazy catalog loader and the
 * debounced diagnostics scheduler (driven by its publish callback, no timers awaited blindly).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { bundledCategoryCatalog } from '../../server/core/catalog/bundledCatalog';
import { loadCatalogs } from '../../server/src/catalogLoader';
import { encodeSemanticTokens, toLspRange, toOffset } from '../../server/src/convert';
import { DiagnosticsScheduler, isDisabled } from '../../server/src/diagnostics';
import { AnalysisCache, KEPT_ANALYSES, KEPT_ANALYSIS_TEXT } from '../../server/src/documents';
import { diagnosticsOf } from '../../server/core/index';
import { guarded } from '../../server/src/guard';
import { DEFAULT_SETTINGS, readSettings } from '../../server/src/settings';
import { safeTextDocuments } from '../../server/src/textSync';

void describe('settings', () => {
  void test('valid values are read, anything else falls back to the defaults', () => {
    assert.deepEqual(
      readSettings({ diagnostics: { enabled: false, disabledCodes: ['column', 7, 'inject/bare'] } }),
      {
        diagnosticsEnabled: false,
        disabledCodes: ['column', 'inject/bare'],
      },
    );
    assert.deepEqual(readSettings(null), DEFAULT_SETTINGS);
    assert.deepEqual(readSettings('nonsense'), DEFAULT_SETTINGS);
    assert.deepEqual(readSettings({ diagnostics: { enabled: 'yes' } }), DEFAULT_SETTINGS);
  });
  void test('a code is disabled by itself or by its group', () => {
    assert.equal(isDisabled('inject/bare', ['inject']), true);
    assert.equal(isDisabled('inject/bare', ['inject/bare']), true);
    assert.equal(isDisabled('inject/bare', ['injec']), false);
    assert.equal(isDisabled('param/unbound', []), false);
  });
});

void describe('conversion', () => {
  const doc = TextDocument.create('file:///a.mxql', 'mxql', 1, "SELECT ['1차압', '🙂', tps]\nLIMIT 5");
  void test('offsets and positions round-trip in UTF-16 code units', () => {
    const text = doc.getText();
    const tps = text.indexOf('tps');
    const range = toLspRange(doc, { start: tps, end: tps + 3 });
    assert.deepEqual(range.start, { line: 0, character: tps });
    assert.equal(toOffset(doc, range.end), tps + 3);
    assert.deepEqual(toLspRange(doc, { start: text.indexOf('LIMIT'), end: text.length }).start, {
      line: 1,
      character: 0,
    });
  });
  void test('semantic tokens are relative, skip empty and multi-line ranges, and set modifier bits', () => {
    const text = doc.getText();
    const tps = text.indexOf('tps');
    const limit = text.indexOf('5');
    const data = encodeSemanticTokens(doc, [
      { range: { start: tps, end: tps + 3 }, type: 'property', modifiers: ['readonly', 'unknown'] },
      { range: { start: tps, end: limit }, type: 'property', modifiers: [] },
      { range: { start: limit, end: limit }, type: 'variable', modifiers: [] },
      { range: { start: tps + 1, end: tps + 2 }, type: 'variable', modifiers: [] },
      { range: { start: limit, end: limit + 1 }, type: 'parameter', modifiers: [] },
    ]).data;
    assert.deepEqual(data, [0, tps, 3, 0, 0b1001, 1, 6, 1, 2, 0]);
  });
});

void describe('catalog loader', () => {
  void test('reads the JSON files from a folder on first use', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mxql-catalog-'));
    writeFileSync(
      join(dir, 'categories.json'),
      JSON.stringify({ v: 1, categories: { my_cat: { t: ['host'] } }, knownWithoutColumns: {} }),
    );
    writeFileSync(join(dir, 'paths.json'), JSON.stringify({ v: 1, paths: ['/my/path'] }));
    const logs: string[] = [];
    const catalogs = loadCatalogs(dir, (m) => logs.push(m));
    assert.equal(catalogs.categories.isKnownCategory('my_cat'), true);
    assert.deepEqual(catalogs.paths?.predefinedPaths(), ['/my/path']);
    assert.deepEqual(logs, []);
  });
  void test('a missing folder logs once and leaves every category known, so nothing false is reported', () => {
    const logs: string[] = [];
    const catalogs = loadCatalogs(join(tmpdir(), 'mxql-no-such-folder'), (m) => logs.push(m));
    assert.equal(catalogs.categories.isKnownCategory('anything'), true);
    assert.ok(catalogs.categories.loadError());
    assert.equal(logs.length, 1);
    assert.match(logs[0] ?? '', /categories\.json could not be read/);
  });
});

void describe('guard', () => {
  void test('returns the fallback and logs when the work throws', () => {
    const logs: string[] = [];
    assert.equal(
      guarded(
        'Hover',
        (m) => logs.push(m),
        'neutral',
        () => {
          throw new Error('boom');
        },
      ),
      'neutral',
    );
    assert.match(logs[0] ?? '', /^Hover failed: Error: boom/);
    assert.equal(
      guarded(
        'Hover',
        (m) => logs.push(m),
        'neutral',
        () => 'value',
      ),
      'value',
    );
  });
});

void describe('debounced diagnostics', () => {
  function setup(settings = DEFAULT_SETTINGS) {
    const cache = new AnalysisCache({ categories: bundledCategoryCatalog });
    const published: { uri: string; version: number; codes: string[] }[] = [];
    let notify: () => void = () => undefined;
    const scheduler = new DiagnosticsScheduler(
      cache,
      () => settings,
      (doc, list) => {
        published.push({ uri: doc.uri, version: doc.version, codes: list.map((d) => d.code) });
        notify();
      },
      () => undefined,
    );
    const next = () => new Promise<void>((resolve) => (notify = resolve));
    return { scheduler, published, next, cache };
  }
  const make = (version: number, text: string) =>
    TextDocument.create('file:///d.mxql', 'mxql', version, text);

  void test('a burst of changes publishes once, for the last version', async () => {
    const { scheduler, published, next } = setup();
    const done = next();
    scheduler.schedule(make(1, 'CATEGORY app_counter\nTAGLOAD\nINJECT\n'));
    scheduler.schedule(make(2, 'CATEGORY app_counter\nTAGLOAD\nINJECT default\n'));
    await done;
    assert.deepEqual(
      published.map((p) => p.version),
      [2],
    );
    assert.ok(!published[0]?.codes.includes('inject/bare'));
  });
  void test('disabled codes and switched-off diagnostics are not published', async () => {
    const off = setup({ diagnosticsEnabled: true, disabledCodes: ['inject'] });
    const done = off.next();
    off.scheduler.schedule(make(1, 'CATEGORY app_counter\nTAGLOAD\nINJECT\n'), 0);
    await done;
    assert.ok(!off.published[0]?.codes.some((c) => c.startsWith('inject/')));
    const disabled = setup({ diagnosticsEnabled: false, disabledCodes: [] });
    const none = disabled.next();
    disabled.scheduler.schedule(make(1, 'CATEGORY\nINJECT\n'), 0);
    await none;
    assert.deepEqual(disabled.published[0]?.codes, []);
  });
  void test('of two documents due together, the one changed last is validated first', async () => {
    const { scheduler, published, next } = setup();
    const first = next();
    scheduler.schedule(TextDocument.create('file:///older.mxql', 'mxql', 1, 'CATEGORY app_counter'), 0);
    scheduler.schedule(TextDocument.create('file:///newer.mxql', 'mxql', 1, 'CATEGORY app_counter'), 0);
    await first;
    const second = next();
    await second;
    assert.deepEqual(
      published.map((p) => p.uri),
      ['file:///newer.mxql', 'file:///older.mxql'],
    );
  });
  void test('an opened document is published at once, and the change event of the same version is skipped', async () => {
    const { scheduler, published, next } = setup();
    const doc = make(1, 'CATEGORY app_counter\nTAGLOAD\nINJECT\n');
    scheduler.publishNow(doc);
    assert.deepEqual(
      published.map((p) => p.version),
      [1],
      'published synchronously, without the debounce',
    );
    scheduler.schedule(doc);
    const later = next();
    scheduler.schedule(make(2, 'CATEGORY app_counter\nTAGLOAD\n'));
    await later;
    assert.deepEqual(
      published.map((p) => p.version),
      [1, 2],
    );
  });
  void test('closing a document cancels its pending run', async () => {
    const { scheduler, published, next } = setup();
    const opened = next();
    scheduler.schedule(TextDocument.create('file:///closed.mxql', 'mxql', 1, 'CATEGORY app_counter'), 0);
    scheduler.forget('file:///closed.mxql');
    scheduler.schedule(TextDocument.create('file:///open.mxql', 'mxql', 1, 'CATEGORY app_counter'), 0);
    await opened;
    // Had the closed document stayed queued, it would be published before this later one.
    const last = next();
    scheduler.schedule(TextDocument.create('file:///last.mxql', 'mxql', 1, 'CATEGORY app_counter'), 0);
    await last;
    assert.deepEqual(
      published.map((p) => p.uri),
      ['file:///open.mxql', 'file:///last.mxql'],
    );
  });
  void test('the analysis cache parses once per version', () => {
    const { cache } = setup();
    const first = cache.get(make(1, 'CATEGORY app_counter'));
    assert.equal(cache.get(make(1, 'CATEGORY app_counter')), first);
    assert.notEqual(cache.get(make(2, 'CATEGORY server_base')), first);
    cache.delete('file:///d.mxql');
    assert.equal(cache.size, 0);
  });
});

void describe('incremental analysis cache', () => {
  void test('a typed character re-parses one block of a long document, through the sync the server uses', () => {
    const cache = new AnalysisCache({ categories: bundledCategoryCatalog });
    const sync = safeTextDocuments((uri, start, end, text) => cache.recordEdit(uri, { start, end, text }));
    const query = 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps]\n\n';
    let doc = sync.create('file:///long.mxql', 'mxql', 1, `${query.repeat(500)}SELECT [`);
    const first = cache.get(doc);
    const lines = doc.lineCount;
    const end = doc.positionAt(doc.getText().length);
    doc = sync.update(doc, [{ range: { start: end, end }, text: 't' }], 2);
    const second = cache.get(doc);
    assert.equal(second.text, doc.getText());
    assert.equal(second.blocks.reparsed, 1);
    assert.equal(second.blocks.blocks[0], first.blocks.blocks[0], 'the first block is reused as it is');
    assert.deepEqual(cache.stats, { incremental: 1, fresh: 1, evicted: 0, reparsedBlocks: 1 });
    // A change past the end is clamped, recorded as such, and still leads to the document's text.
    doc = sync.update(
      doc,
      [
        {
          range: { start: { line: lines + 9, character: 0 }, end: { line: lines + 9, character: 0 } },
          text: 'x',
        },
      ],
      3,
    );
    assert.equal(cache.get(doc).text, doc.getText());
    assert.equal(cache.stats.incremental, 2);
  });
});

void describe('analysis cache bounds', () => {
  const docAt = (i: number, version = 1, text = `CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps${i}]\n`) =>
    TextDocument.create(`file:///d${i}.mxql`, 'mxql', version, text);

  void test('keeps the most recently used analyses only; an evicted one is rebuilt the same', () => {
    const cache = new AnalysisCache({ categories: bundledCategoryCatalog });
    const first = cache.get(docAt(0));
    for (let i = 1; i <= KEPT_ANALYSES; i++) {
      cache.get(docAt(i));
      // Document 1 is used again each time: it stays while older ones go.
      cache.get(docAt(1));
    }
    assert.equal(cache.size, KEPT_ANALYSES);
    assert.equal(cache.has('file:///d0.mxql'), false, 'the least recently used is evicted');
    assert.equal(cache.has('file:///d1.mxql'), true, 'the one used on every round is kept');
    assert.equal(cache.stats.evicted, 1);
    const rebuilt = cache.get(docAt(0));
    assert.notEqual(rebuilt, first);
    assert.deepEqual(rebuilt.parsed, first.parsed);
    assert.deepEqual(
      diagnosticsOf(rebuilt, { catalog: bundledCategoryCatalog }),
      diagnosticsOf(first, { catalog: bundledCategoryCatalog }),
    );
  });

  void test('long documents are kept within a text budget, the newest always', () => {
    const cache = new AnalysisCache({ categories: bundledCategoryCatalog });
    // Each over half the budget: two do not fit together.
    const query = 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps]\n\n';
    const long = query.repeat(Math.ceil((KEPT_ANALYSIS_TEXT * 0.6) / query.length));
    cache.get(docAt(0, 1, long));
    cache.get(docAt(1, 1, long));
    cache.get(docAt(2, 1, long));
    assert.equal(cache.size, 1);
    assert.equal(cache.has('file:///d2.mxql'), true);
  });

  void test('edits to an evicted document are not recorded; its next version is analysed afresh', () => {
    const cache = new AnalysisCache({ categories: bundledCategoryCatalog });
    cache.get(docAt(0));
    for (let i = 1; i <= KEPT_ANALYSES; i++) cache.get(docAt(i));
    cache.recordEdit('file:///d0.mxql', { start: 0, end: 0, text: '# ' });
    const fresh = cache.stats.fresh;
    const text = `# ${docAt(0).getText()}`;
    assert.equal(cache.get(docAt(0, 2, text)).text, text);
    assert.equal(cache.stats.fresh, fresh + 1);
  });
});
