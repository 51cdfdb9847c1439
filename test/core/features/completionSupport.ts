/** Shared helpers for completion tables: `$0` marks the cursor (it cannot clash with MXQL's `$name`). */
import assert from 'node:assert/strict';
import { bundledCategoryCatalog, bundledPathCatalog } from '../../../server/core/catalog/bundledCatalog';
import {
  analyzeDocument,
  complete,
  type CompletionList,
  type DocumentAnalysis,
} from '../../../server/core/index';

/** One row of a completion table. */
export interface CompletionCase {
  /** Text with a `$0` cursor marker. */
  readonly text: string;
  /** Labels that must be offered. */
  readonly has?: readonly string[];
  /** Labels that must not be offered. */
  readonly lacks?: readonly string[];
  /** When true, nothing at all may be offered. */
  readonly none?: boolean;
}

/** Analyses the text of a marked case with the bundled catalogs and returns the cursor offset. */
export function analyzeMarked(marked: string): { analysis: DocumentAnalysis; offset: number } {
  const offset = marked.indexOf('$0');
  assert.ok(offset >= 0, `no $0 marker in ${JSON.stringify(marked)}`);
  const text = marked.slice(0, offset) + marked.slice(offset + 2);
  return {
    analysis: analyzeDocument(text, { categories: bundledCategoryCatalog, paths: bundledPathCatalog }),
    offset,
  };
}

/** Completion at the marker. */
export function completeAt(marked: string): CompletionList {
  const { analysis, offset } = analyzeMarked(marked);
  return complete(analysis, offset);
}

/** Asserts one table row. */
export function checkCase(c: CompletionCase): void {
  const list = completeAt(c.text);
  const labels = new Set(list.items.map((i) => i.label));
  const shown = [...labels].slice(0, 30).join(', ');
  if (c.none) assert.equal(labels.size, 0, `expected nothing, got ${shown}`);
  for (const label of c.has ?? [])
    assert.ok(labels.has(label), `missing ${label} in ${JSON.stringify(c.text)}; got ${shown}`);
  for (const label of c.lacks ?? [])
    assert.ok(!labels.has(label), `unexpected ${label} in ${JSON.stringify(c.text)}`);
  for (const item of list.items) {
    assert.ok(item.kind && item.detail !== undefined && item.documentation !== undefined, item.label);
  }
  assert.ok(list.items.length <= 1000);
}
