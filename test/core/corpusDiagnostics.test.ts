// Every real query of the corpus through `validate`: no crash, no error-severity diagnostic on files
// the service accepts, and the template-marker error on every file with a `<% … %>` marker. The
// warning counts per code are printed, to tune false positives (an unknown-command or unknown-option
// warning on a real file means the command table misses something).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validate, type ValidationDiagnostic } from '../../server/core/index';
import { testFeatureCatalog } from './features/validateCatalog';

import { corpusDir as corpus, corpusTest } from '../support/corpus';

corpusTest('corpus diagnostics', () => {
  const files = readdirSync(corpus)
    .filter((f) => f.endsWith('.mxql'))
    .sort();
  assert.ok(files.length > 0, `no .mxql files in ${corpus}`);
  const catalog = testFeatureCatalog();
  const counts = new Map<string, number>();
  const falseErrors: string[] = [];
  for (const file of files) {
    const text = readFileSync(join(corpus, file), 'utf8');
    const diagnostics: ValidationDiagnostic[] = validate(text, { catalog });
    for (const d of diagnostics)
      counts.set(`${d.severity} ${d.code}`, (counts.get(`${d.severity} ${d.code}`) ?? 0) + 1);
    const errors = diagnostics.filter((d) => d.severity === 'error');
    if (text.includes('<%')) {
      assert.ok(
        errors.some((d) => d.code === 'syntax/template-marker'),
        `${file}: template-marker error expected`,
      );
      continue;
    }
    for (const e of errors)
      falseErrors.push(
        `${file}:${e.range.start}: ${e.code} ${e.message} «${text.slice(e.range.start, e.range.end)}»`,
      );
  }
  const summary = [...counts].sort((a, b) => b[1] - a[1]).map(([k, n]) => `  ${String(n).padStart(5)} ${k}`);
  console.log(`corpus diagnostics over ${files.length} files:\n${summary.join('\n')}`);
  assert.deepEqual(falseErrors, [], 'error diagnostics on real queries');
});
