// CSV/TSV/JSON forms of results, the results message validation and the webview HTML.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resultsCsp, resultsHtml } from '../../client/src/views/resultsHtml';
import { escapeHtml } from '../../client/src/views/webviewHtml';
import {
  chunkColumns,
  EARLY_PAINT_REST_BYTES,
  FIRST_CHUNK_ROWS,
  isExtensionToResults,
  parseResultsToExtension,
  RESULTS_PROTOCOL_VERSION as v,
  ROWS_PER_CHUNK,
} from '../../common/resultsMessages';
import { toCsv, toJson, toObjects, toTsv, uniqueColumnKeys } from '../../common/tabular';

const columns = [{ name: 'name' }, { name: 'value' }, { name: 'note' }];

void describe('tabular', () => {
  void it('CSV quotes commas, quotes and newlines and guards formulas', () => {
    const csv = toCsv(columns, [
      ['a,b', 1, 'say "hi"'],
      ['=HYPERLINK("x")', -5, 'line1\nline2'],
      [null, true, '-12'],
    ]);
    assert.equal(
      csv,
      'name,value,note\r\n"a,b",1,"say ""hi"""\r\n"\'=HYPERLINK(""x"")",-5,"line1\nline2"\r\n,true,-12\r\n',
    );
    assert.ok(toCsv(columns, [['=1', 1, '']], { guardFormulas: false }).includes('\r\n=1,'));
  });

  void it('TSV for the clipboard, with an optional header', () => {
    assert.equal(toTsv(columns, [['a\tb', 1, null]]), '"a\tb"\t1\t');
    assert.equal(toTsv(columns, [['x', 2, 'y']], true), 'name\tvalue\tnote\nx\t2\ty');
  });

  void it('JSON objects with unique keys', () => {
    assert.deepEqual(uniqueColumnKeys([{ name: 'a' }, { name: 'a' }, { name: 'b' }]), ['a', 'a_2', 'b']);
    assert.deepEqual(toObjects(columns, [['x', 1]]), [{ name: 'x', value: 1, note: null }]);
    assert.deepEqual(JSON.parse(toJson(columns, [['x', 1, 'n']])), [{ name: 'x', value: 1, note: 'n' }]);
    const hostile = toJson([{ name: '__proto__' }, { name: 'constructor' }], [['p', 'c']]);
    assert.equal(hostile, '[\n  {\n    "__proto__": "p",\n    "constructor": "c"\n  }\n]\n');
  });
});

void describe('results messages', () => {
  void it('accepts well-formed webview messages only', () => {
    assert.deepEqual(parseResultsToExtension({ type: 'ready', v }), { type: 'ready', v });
    assert.ok(parseResultsToExtension({ type: 'copy', v, text: 'a\tb', rows: 1, cells: 2 }));
    assert.ok(parseResultsToExtension({ type: 'export', v, runId: 'r', format: 'csv' }));
    assert.ok(parseResultsToExtension({ type: 'openJson', v, runId: 'r', rowIndexes: [1, 2] }));
    for (const bad of [
      null,
      'ready',
      { type: 'ready', v: v + 1 },
      { type: 'export', v, runId: 'r', format: 'xlsx' },
      { type: 'copy', v, text: 1, rows: 1, cells: 1 },
      { type: 'openJson', v, runId: 'r', rowIndexes: [-1] },
      { type: 'toString', v },
      { type: '__proto__', v },
    ]) {
      assert.equal(parseResultsToExtension(bad), undefined, JSON.stringify(bad));
    }
  });

  void it('recognises host messages', () => {
    assert.ok(isExtensionToResults({ type: 'done', v, runId: 'r', totalRows: 0, elapsedMs: 0, bytes: 0 }));
    assert.ok(!isExtensionToResults({ type: 'done' }));
    assert.ok(!isExtensionToResults({ type: 'eval', v }));
  });

  void it('chunks a small result in full chunks, a large one after a screenful it paints at once', () => {
    const small = Array.from({ length: ROWS_PER_CHUNK + 1 }, (_, i) => [i]);
    assert.deepEqual(
      chunkColumns('r', small, 1).map((c) => [c.seq, c.chunk.rowCount, c.paintNow ?? false]),
      [
        [0, ROWS_PER_CHUNK, false],
        [1, 1, false],
      ],
    );
    // Fractions that no scaled integer holds: Float64, 8 bytes a cell, so the rest passes 2 MB.
    const rows = Math.ceil(EARLY_PAINT_REST_BYTES / 8) + FIRST_CHUNK_ROWS;
    const large = Array.from({ length: rows }, (_, i) => [i / 7]);
    const chunks = chunkColumns('r', large, 1);
    assert.deepEqual(
      chunks.map((c) => [c.seq, c.chunk.rowCount, c.paintNow ?? false]),
      [
        [0, FIRST_CHUNK_ROWS, true],
        [1, ROWS_PER_CHUNK, false],
        [2, ROWS_PER_CHUNK, false],
        [3, rows - FIRST_CHUNK_ROWS - 2 * ROWS_PER_CHUNK, false],
      ],
    );
  });
});

void describe('results HTML', () => {
  const html = resultsHtml({
    cspSource: 'https://x.vscode-cdn.net',
    nonce: 'abc123',
    scriptUri: 'https://x/results.js',
    styleUri: 'https://x/results.css',
    codiconsUri: 'https://x/codicon.css',
    title: '<b>t</b>',
  });

  void it('has a strict CSP with the nonce and no unsafe-inline', () => {
    assert.equal(
      resultsCsp('S', 'N'),
      "default-src 'none'; img-src S data:; style-src S 'nonce-N'; font-src S; script-src 'nonce-N'",
    );
    assert.ok(html.includes(escapeHtml(resultsCsp('https://x.vscode-cdn.net', 'abc123'))));
    assert.ok(!html.includes('unsafe-inline'));
    assert.match(html, /<script nonce="abc123" src="https:\/\/x\/results.js"><\/script>/);
    assert.match(html, /<meta name="csp-nonce" content="abc123">/);
  });

  void it('escapes the title and has no inline script or handler', () => {
    assert.ok(html.includes('&lt;b&gt;t&lt;/b&gt;'));
    assert.ok(!/\son\w+=/.test(html));
    assert.equal(html.match(/<script/g)?.length, 1);
  });
});
