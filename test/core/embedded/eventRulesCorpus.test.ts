// Quiet on real queries: each corpus query's categories, with the columns it reads from each, become
// event rules (the fields in `rule`, in `${…}` placeholders and in alertLabel). A field may draw the
// rule/unknown-field warning only where the same query, checked as a .mxql file, gets column/unknown
// for that name: rules never warn about a field real queries read without a warning.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findEventRules, validate } from '../../../server/core/index';
import { checkEventRules } from '../../../server/core/embedded/eventRules';
import { queryReads } from '../../../server/core/analysis/columnUsage';
import { corpusDir, corpusPresent, corpusRequired } from '../../support/corpus';
import { testFeatureCatalog } from '../features/validateCatalog';

const catalog = testFeatureCatalog();
/** Names a rule expression holds as one identifier; the others go in placeholders and labels only. */
const IDENTIFIER = /^[A-Za-z_@#\u0080-\uffff][\w.$@#\u0080-\uffff]*$/;
const WORDS = new Set(['and', 'or', 'like', 'true', 'false', 'null']);

if (!corpusPresent && !corpusRequired) {
  console.log(
    `event rules from the corpus: no corpus at ${corpusDir}; skipped (set MXQL_CORPUS to its folder)`,
  );
}

void test(
  'rules made of real queries’ categories and columns warn only where the query does',
  {
    skip: !corpusPresent && !corpusRequired,
  },
  () => {
    assert.ok(corpusPresent, `MXQL_CORPUS=required but there is no corpus at ${corpusDir}`);
    const files = readdirSync(corpusDir)
      .filter((f) => f.endsWith('.mxql'))
      .sort();
    const objects: string[] = [];
    /** Per rule: the file it comes from and the names its query gets column/unknown for. */
    const origins: { file: string; flagged: ReadonlySet<string> }[] = [];
    let fields = 0;
    for (const file of files) {
      const text = readFileSync(join(corpusDir, file), 'utf8');
      if (text.includes('<%')) continue;
      const flagged = new Set(
        validate(text, { catalog })
          .filter((d) => d.code === 'column/unknown')
          .map((d) => text.slice(d.range.start, d.range.end).replace(/^['"]|['"]$/g, '')),
      );
      for (const [category, columns] of queryReads(text, catalog)) {
        const names = [...columns];
        if (names.length === 0) continue;
        const inRule = names.filter((n) => IDENTIFIER.test(n) && !WORDS.has(n));
        const message = names
          .filter((n) => !/[{}\s]/.test(n))
          .map((n) => `\${${n}}`)
          .join(' ');
        objects.push(
          JSON.stringify({
            category,
            rule: inRule.length > 0 ? inRule.map((n) => `${n} > 0`).join(' && ') : 'time > 0',
            eventMessage: message,
            alertLabel: names,
          }),
        );
        origins.push({ file, flagged });
        fields += names.length;
      }
    }
    const json = `[\n${objects.join(',\n')}\n]\n`;
    assert.equal(findEventRules(json).rules.length, objects.length);
    const findings = checkEventRules(json, catalog);
    const unexplained = findings
      .filter((d) => d.severity === 'warning' || d.severity === 'error')
      .filter((d) => {
        const origin = origins[Number(d.pointer.split('/')[1])];
        return !origin?.flagged.has(json.slice(d.range.start, d.range.end));
      })
      .map(
        (d) =>
          `${origins[Number(d.pointer.split('/')[1])]?.file ?? '?'} ${d.code} ${json.slice(d.range.start, d.range.end)}`,
      );
    const counts = new Map<string, number>();
    for (const d of findings) counts.set(d.code, (counts.get(d.code) ?? 0) + 1);
    console.log(
      `event rules from the corpus: ${objects.length} rules, ${fields} fields; findings ${JSON.stringify(Object.fromEntries(counts))}`,
    );
    assert.ok(objects.length > 300, `${objects.length} rules`);
    assert.deepEqual(unexplained, []);
  },
);
