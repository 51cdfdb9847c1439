// Quality of the language features on real queries, against baselines measured in the same run:
// - noise: share of working corpus queries (no `<%` marker) with any warning or error, per code (target ≤ 5%);
// - completion, leave one out with 5-fold usage counts: recall, top-10 and MRR of the removed name
//   (targets ≥ 92%, ≥ 85%, ≥ 0.6), next to plain alphabetical order of the same items.
// Run: node --import tsx test/bench/quality.bench.ts
import { existsSync } from 'node:fs';
import { bundledCategoryCatalog } from '../../server/core/catalog/bundledCatalog';
import { corpusDir, corpusSetting } from '../support/corpus';
import {
  catalogBuilderFor,
  measureCompletion,
  measureNoise,
  percent,
  readCorpus,
} from '../support/languageQuality';

async function main(): Promise<number> {
  if (!existsSync(corpusDir)) {
    console.log(`quality bench: no corpus at ${corpusDir}${corpusSetting === 'required' ? '' : '; skipped'}`);
    return corpusSetting === 'required' ? 1 : 0;
  }
  const files = readCorpus(corpusDir);
  const noise = measureNoise(files, bundledCategoryCatalog);
  console.log(
    `noise: ${noise.noisy} of ${noise.files} working queries get a warning or error (${percent(noise.noisy / noise.files)}; target ≤ 5%)`,
  );
  for (const [code, n] of [...noise.perCode].sort((a, b) => b[1] - a[1]))
    console.log(`  ${String(n).padStart(5)} ${code}`);

  const started = Date.now();
  const { ranked, alphabetical } = measureCompletion(files, await catalogBuilderFor(corpusDir));
  const row = (label: string, q: typeof ranked): string =>
    `${label.padEnd(28)} recall ${percent(q.recall).padStart(6)}  top-10 ${percent(q.top10).padStart(6)}  MRR ${q.mrr.toFixed(3)}`;
  console.log(
    `completion, leave one out over ${ranked.probes} names, usage counts 5-fold (${Date.now() - started} ms):`,
  );
  console.log(row('baseline: alphabetical', alphabetical));
  console.log(row('ranked (sortText, label)', ranked));
  console.log('targets: recall ≥ 92%, top-10 ≥ 85%, MRR ≥ 0.6');
  return 0;
}

void main().then((code) => (process.exitCode = code));
