// The parser and formatter over every real query of the shared corpus (read, never copied):
// no crash, no syntax errors where there are no template markers, the marker error wherever
// there is one, and format keeps the tree and is idempotent.
// MXQL_CORPUS=<dir> overrides the location; MXQL_CORPUS=required makes a missing corpus a failure.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { astShape, expressionSites, format, parse, parseExpression } from '../../server/core/syntax/index';
import { uncovered } from './syntax/printTree';
import { tokensOf } from '../support/formatChecks';

import { corpusDir as dir, corpusSuite } from '../support/corpus';

corpusSuite('corpus: parser and formatter', () => {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.mxql'))
    .sort();
  const texts = files.map((f) => ({ file: f, text: readFileSync(join(dir, f), 'utf8') }));

  void test('the corpus has files', () => {
    assert.ok(files.length > 0);
  });

  void test('no syntax errors on files without template markers', () => {
    const failures: string[] = [];
    for (const { file, text } of texts) {
      if (text.includes('<%')) continue;
      for (const d of parse(text).diagnostics) {
        if (d.severity === 'error')
          failures.push(`${file}: ${d.code} ${JSON.stringify(text.slice(d.range.start, d.range.end))}`);
      }
    }
    assert.deepEqual(failures, []);
  });

  void test('every file with a template marker gets the marker error at each marker', () => {
    for (const { file, text } of texts) {
      if (!text.includes('<%')) continue;
      const { ast, diagnostics } = parse(text);
      const markers = diagnostics.filter((d) => d.code === 'syntax/template-marker');
      assert.ok(markers.length > 0, file);
      assert.equal(markers.length, ast.markers.length, file);
      for (const d of markers) assert.match(text.slice(d.range.start, d.range.end), /^<%[\s\S]*%>$/, file);
    }
  });

  void test('parse → format → parse keeps the tree, and format is idempotent', () => {
    for (const { file, text } of texts) {
      const once = format(text);
      assert.deepEqual(astShape(parse(once).ast), astShape(parse(text).ast), file);
      assert.equal(format(once), once, file);
    }
  });

  void test('format changes spacing and case only: every file keeps its tokens and comments', () => {
    const changed: string[] = [];
    for (const { file, text } of texts) {
      if (JSON.stringify(tokensOf(format(text))) !== JSON.stringify(tokensOf(text))) changed.push(file);
    }
    assert.deepEqual(changed, []);
  });

  void test('every formula (expr, if, CREATE-EXPR, bare FILTER) parses without warnings', () => {
    const failures: string[] = [];
    let count = 0;
    for (const { file, text } of texts) {
      for (const site of expressionSites(parse(text).ast)) {
        count++;
        const r = parseExpression(site.text, site.offset);
        if (r.diagnostics.length > 0) failures.push(`${file}: ${site.text}`);
      }
    }
    assert.ok(count > 0);
    assert.deepEqual(failures, []);
  });

  void test('every statement range lies inside the text and statements do not overlap', () => {
    for (const { file, text } of texts) {
      let last = -1;
      const { ast } = parse(text);
      assert.deepEqual(uncovered(text, ast), [], `${file}: every character belongs to a node or comment`);
      for (const item of ast.items) {
        assert.ok(item.range.start >= last && item.range.end <= text.length, file);
        last = item.range.end;
      }
    }
  });
});
