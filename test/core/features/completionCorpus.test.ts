// Every editor feature over every real query of the shared corpus (read, never copied), at many
// cursor positions and on every truncation point: nothing throws, lists stay within 1,000 items, and
// right after a loader a SELECT list offers columns. MXQL_CORPUS=<dir> overrides the location;
// MXQL_CORPUS=required makes a missing corpus a failure.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { bundledCategoryCatalog, bundledPathCatalog } from '../../../server/core/catalog/bundledCatalog';
import {
  analyzeDocument,
  complete,
  documentSymbols,
  foldingRanges,
  hover,
  queryAt,
  semanticTokens,
  signatureHelp,
} from '../../../server/core/index';

import { corpusDir as dir, corpusSuite } from '../../support/corpus';
const catalogs = { categories: bundledCategoryCatalog, paths: bundledPathCatalog };

corpusSuite('corpus completion', () => {
  const texts = readdirSync(dir)
    .filter((f) => f.endsWith('.mxql'))
    .sort()
    .map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') }));

  void test('every feature answers at every 11th offset of every corpus file', () => {
    assert.ok(texts.length > 0);
    for (const { file, text } of texts) {
      const analysis = analyzeDocument(text, catalogs);
      documentSymbols(analysis);
      foldingRanges(analysis);
      semanticTokens(analysis);
      for (let offset = 0; offset <= text.length; offset += 11) {
        const list = complete(analysis, offset);
        assert.ok(list.items.length <= 1000, `${file}@${offset}`);
        hover(analysis, offset);
        signatureHelp(analysis, offset);
        queryAt(analysis, offset);
      }
    }
  });

  void test('half-typed text: completion at the end of every prefix of the first 60 files', () => {
    for (const { text } of texts.slice(0, 60)) {
      for (let end = 0; end <= text.length; end += 3)
        complete(analyzeDocument(text.slice(0, end), catalogs), end);
    }
  });

  void test('after a loader of a catalogued category, SELECT [ offers that category columns', () => {
    let checked = 0;
    for (const { file, text } of texts) {
      const match = /^CATEGORY ([a-z_]+)\s*$/m.exec(text);
      const info = match?.[1] ? bundledCategoryCatalog.getCategory(match[1]) : undefined;
      if (!info?.columnsKnown || info.fields.length === 0 || !/^TAGLOAD\s*$/m.test(text)) continue;
      const probe = `CATEGORY ${info.name}\nTAGLOAD\nSELECT [`;
      const labels = new Set(
        complete(analyzeDocument(probe, catalogs), probe.length).items.map((i) => i.label),
      );
      assert.ok(labels.has((info.fields[0] as { name: string }).name), file);
      checked++;
    }
    assert.ok(checked > 10);
  });
});
