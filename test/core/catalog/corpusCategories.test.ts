// Every category the real queries name must be known to the bundled catalog, so the editor never
// reports "unknown category" on a working query. Reads the shared corpus (MXQL_CORPUS overrides the
// folder; MXQL_CORPUS=required makes a missing corpus a failure).
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { bundledCategoryCatalog } from '../../../server/core/catalog/bundledCatalog';

import { corpusDir, corpusSuite } from '../../support/corpus';

/** Category names written literally after CATEGORY (plain, quoted, or as keys of the map form). */
function categoryNames(text: string): string[] {
  const names: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const operand = /^\s*category\s+(.*?)\s*(?:--.*)?$/i.exec(line)?.[1];
    if (!operand) continue;
    if (operand.startsWith('{')) {
      for (const m of operand.matchAll(/["']?([^"'{},:\s]+(?:\{\w+\})?)["']?\s*:/g)) names.push(m[1] ?? '');
    } else names.push(operand.replace(/^["']|["']$/g, ''));
  }
  return names.filter((n) => n && !n.startsWith('$') && !n.includes('<%'));
}

const TITLE = 'categories named by the real queries';

corpusSuite(TITLE, () => {
  void describe(TITLE, () => {
    void it('are all known to the bundled catalog (the one typo excepted)', () => {
      const files = readdirSync(corpusDir).filter((f) => f.endsWith('.mxql'));
      assert.ok(files.length > 100, `only ${files.length} queries found`);
      const unknown = new Set<string>();
      let seen = 0;
      for (const file of files) {
        for (const name of categoryNames(readFileSync(join(corpusDir, file), 'utf8'))) {
          seen++;
          if (!bundledCategoryCatalog.isKnownCategory(name)) unknown.add(name);
        }
      }
      assert.ok(seen > 500, `only ${seen} CATEGORY names found`);
      // `[h1}` is a bracket typo in one service template; the catalog must not accept it.
      assert.deepEqual([...unknown], ['db3_stat_httpc[h1}']);
    });
  });
});
