// The .mxqlnb format: stable printing, byte-for-byte round trips, and clear errors for bad files.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fillTemplate } from '../../common/l10n';
import {
  NotebookFormatError,
  parseNotebook,
  printNotebook,
  type NotebookFile,
} from '../../client/src/notebook/notebookFile';

const notebook: NotebookFile = {
  header: { profile: 'Demo', pcode: 10001, range: '1h', params: { $oid: '7', $a: 'x' }, saveOutputs: true },
  cells: [
    { kind: 'markdown', source: '# Slow checkout\n\nLook at `tps` first.' },
    {
      kind: 'mxql',
      source: '-- @name TPS\nCATEGORY app_counter\nTAGLOAD\nSELECT [time, oname, tps]\n',
      outputs: [
        {
          type: 'result',
          run: {
            title: 'TPS',
            profile: 'Demo',
            pcode: 10001,
            range: '1h',
            rows: 2,
            ms: 12,
            ranAt: 1_700_000_000_000,
          },
          columns: ['time', 'oname', 'tps'],
          rows: [
            [1_700_000_000_000, 'web-01 "<b>"', 12.5],
            [1_700_000_060_000, null, true],
          ],
        },
      ],
    },
    {
      kind: 'mxql',
      source: 'CATEGORY nope',
      outputs: [
        {
          type: 'error',
          run: { title: 'Cell 3' },
          message: 'HTTP 401',
          code: 'http/401',
          actions: [{ id: 'setToken', label: 'Set Token' }],
        },
      ],
    },
    { kind: 'mxql', source: 'CATEGORY x', outputs: [{ type: 'cancelled', run: { title: 'Cell 4' } }] },
    { kind: 'raw', source: '\r\nkept\r\n' },
  ],
};

void test('printing what was parsed gives the same bytes back', () => {
  const text = printNotebook(notebook, true);
  assert.equal(printNotebook(parseNotebook(text), true), text);
  assert.deepEqual(parseNotebook(text), notebook);
  const empty = printNotebook({ header: {}, cells: [] }, true);
  assert.equal(printNotebook(parseNotebook(empty), true), empty);
});

void test('the file is readable JSON: fixed key order, one source line and one row per line', () => {
  const text = printNotebook(notebook, true);
  const lines = text.split('\n');
  assert.equal(lines[1], '  "format": "mxqlnb",');
  assert.ok(lines.includes('        "CATEGORY app_counter",'), 'one source line per array element');
  assert.ok(lines.includes('            [1700000000000, "web-01 \\"<b>\\"", 12.5],'), 'one row per line');
  // Params print sorted, whatever order they were set in.
  assert.ok(text.indexOf('"$a"') < text.indexOf('"$oid"'));
  // Keys given in another order print in the same order.
  const shuffled: NotebookFile = {
    cells: notebook.cells,
    header: { saveOutputs: true, range: '1h', pcode: 10001, params: { $a: 'x', $oid: '7' }, profile: 'Demo' },
  };
  assert.equal(printNotebook(shuffled, true), text);
});

void test('a change to one query changes one line of the file', () => {
  const before = printNotebook(notebook, true).split('\n');
  const changed = {
    ...notebook,
    cells: notebook.cells.map((c, i) =>
      i === 1 ? { ...c, source: c.source.replace('tps]', 'tps, resp_time]') } : c,
    ),
  };
  const after = printNotebook(changed, true).split('\n');
  assert.equal(after.length, before.length);
  assert.equal(after.filter((line, i) => line !== before[i]).length, 1);
});

void test('without outputs, no rows reach the file', () => {
  const text = printNotebook(notebook, false);
  assert.ok(!text.includes('web-01'));
  assert.ok(!text.includes('"outputs"'));
  assert.equal(parseNotebook(text).cells[1]?.source, notebook.cells[1]?.source);
});

void test('an empty file is an empty notebook', () => {
  assert.deepEqual(parseNotebook(''), { header: {}, cells: [] });
  assert.deepEqual(parseNotebook('  \n'), { header: {}, cells: [] });
});

const malformed: [string, string, RegExp][] = [
  ['not JSON', '{ "format": "mxqlnb", ', /not valid JSON/],
  ['no marker', '{"cells": []}', /"format": "mxqlnb"/],
  ['a newer version', '{"format":"mxqlnb","version":9,"cells":[]}', /version 9/],
  ['cells not an array', '{"format":"mxqlnb","version":1,"cells":{}}', /^cells must be an array/],
  [
    'an unknown cell kind',
    '{"format":"mxqlnb","version":1,"cells":[{"kind":"python","source":[]}]}',
    /cells\[0\]\.kind/,
  ],
  [
    'a source of numbers',
    '{"format":"mxqlnb","version":1,"cells":[{"kind":"mxql","source":[1]}]}',
    /cells\[0\]\.source/,
  ],
  [
    'rows that are not arrays',
    '{"format":"mxqlnb","version":1,"cells":[{"kind":"mxql","source":[],"outputs":[{"type":"result","columns":["a"],"rows":[{"a":1}]}]}]}',
    /cells\[0\]\.outputs\[0\]\.rows\[0\]/,
  ],
  [
    'a bad header range type',
    '{"format":"mxqlnb","version":1,"header":{"range":5},"cells":[]}',
    /header\.range must be a string/,
  ],
  ['a byte order mark', '\uFEFF{"format":"mxqlnb","version":1,"cells":[]}', /byte order mark/],
];

for (const [what, text, message] of malformed) {
  void test(`a file with ${what} fails with a message that says where`, () => {
    assert.throws(
      () => parseNotebook(text),
      (error: unknown) => {
        assert.ok(error instanceof NotebookFormatError);
        assert.match(error.message, message);
        return true;
      },
    );
  });
}

void test('every malformed file is explained in Korean and Japanese with its place unchanged', () => {
  for (const [locale, script] of [
    ['ko', /[가-힣]/],
    ['ja', /[ぁ-んァ-ン一-龯]/],
  ] as const) {
    const bundle = JSON.parse(
      readFileSync(join(__dirname, '..', '..', 'l10n', `bundle.l10n.${locale}.json`), 'utf8'),
    ) as Record<string, string>;
    for (const [what, text] of malformed) {
      assert.throws(
        () => parseNotebook(text),
        (error: unknown) => {
          assert.ok(error instanceof NotebookFormatError);
          const translated = bundle[error.template];
          assert.ok(translated, `${locale}: no translation of "${error.template}" (${what})`);
          const shown = fillTemplate(translated, ...error.args);
          assert.match(shown, script, `${locale} ${what}: ${shown}`);
          for (const arg of error.args) assert.ok(shown.includes(arg), `${locale} ${what}: keeps ${arg}`);
          return true;
        },
      );
    }
  }
});
