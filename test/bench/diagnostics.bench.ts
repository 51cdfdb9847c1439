// Full diagnostics over the whole corpus: total time (goal ≤ 0.5 s for all files) and per-file p50/p99,
// against a baseline measured in the same run (parsing alone), so the cost of the checks themselves
// is visible whatever the machine; and the cost of wording every diagnostic in Korean and Japanese,
// what the language server adds per publish for such a client. Run: node --import tsx test/bench/diagnostics.bench.ts
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { localizedMessage, parse, validate, type ValidationDiagnostic } from '../../server/core/index';
import { bundledCategoryCatalog } from '../../server/core/catalog/bundledCatalog';

import { corpusDir as corpus, corpusSetting as setting } from '../support/corpus';
const GOAL_MS = 500;
const ROUNDS = 5;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Best-of-rounds total, and per-file times of the best round. */
function measure(
  texts: readonly string[],
  run: (text: string) => unknown,
): { total: number; perFile: number[] } {
  let best = { total: Number.POSITIVE_INFINITY, perFile: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    const perFile: number[] = [];
    const started = performance.now();
    for (const text of texts) {
      const t0 = performance.now();
      run(text);
      perFile.push(performance.now() - t0);
    }
    const total = performance.now() - started;
    if (total < best.total) best = { total, perFile };
  }
  return best;
}

function report(label: string, m: { total: number; perFile: number[] }): void {
  const sorted = [...m.perFile].sort((a, b) => a - b);
  const fmt = (n: number): string => n.toFixed(3);
  console.log(
    `${label.padEnd(22)} total ${m.total.toFixed(1).padStart(7)} ms   per file p50 ${fmt(percentile(sorted, 50))} ms  p99 ${fmt(percentile(sorted, 99))} ms  max ${fmt(sorted.at(-1) ?? 0)} ms`,
  );
}

function main(): number {
  if (!existsSync(corpus)) {
    console.log(`diagnostics bench: no corpus at ${corpus}${setting === 'required' ? '' : '; skipped'}`);
    return setting === 'required' ? 1 : 0;
  }
  const texts = readdirSync(corpus)
    .filter((f) => f.endsWith('.mxql'))
    .sort()
    .map((f) => readFileSync(join(corpus, f), 'utf8'));
  const catalog = bundledCategoryCatalog;
  // Warm-up: JIT, the lazily loaded catalog, and the per-category column cache.
  for (const text of texts) validate(text, { catalog });
  const baseline = measure(texts, (text) => parse(text));
  const full = measure(texts, (text) => validate(text, { catalog }));
  console.log(`${texts.length} corpus files, best of ${ROUNDS} rounds`);
  report('baseline: parse only', baseline);
  report('full diagnostics', full);
  const found = new Map<string, ValidationDiagnostic[]>(texts.map((t) => [t, validate(t, { catalog })]));
  const count = [...found.values()].reduce((n, list) => n + list.length, 0);
  const worded = measure(texts, (text) => {
    for (const d of found.get(text) ?? []) {
      localizedMessage(d, 'ko');
      localizedMessage(d, 'ja');
    }
  });
  report('worded in ko and ja', worded);
  console.log(
    `  (${count} diagnostics, each worded twice: ${((worded.total * 1000) / (2 * Math.max(count, 1))).toFixed(2)} µs each)`,
  );
  console.log(
    `checks cost ${(full.total / Math.max(baseline.total, 0.001)).toFixed(1)}x parsing; goal ≤ ${GOAL_MS} ms for all files: ${full.total <= GOAL_MS ? 'met' : 'MISSED'}`,
  );
  return 0;
}

process.exitCode = main();
