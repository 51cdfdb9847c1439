// The quality figures of test/bench/quality.bench.ts with floors, so a regression fails: noise on
// working corpus queries, and leave-one-out completion quality with usage counts from other folds.
// The floors sit a little under the measured figures (README's Performance/quality section).
import assert from 'node:assert/strict';
import { bundledCategoryCatalog } from '../../server/core/catalog/bundledCatalog';
import { corpusDir, corpusTest } from '../support/corpus';
import {
  catalogBuilderFor,
  measureCompletion,
  measureNoise,
  percent,
  readCorpus,
} from '../support/languageQuality';

corpusTest('noise: at most 1% of working corpus queries get a warning or error', () => {
  const noise = measureNoise(readCorpus(corpusDir), bundledCategoryCatalog);
  assert.ok(noise.files > 100);
  const share = noise.noisy / noise.files;
  assert.ok(share <= 0.01, `${percent(share)} noisy: ${JSON.stringify([...noise.perCode])}`);
});

corpusTest('completion, leave one out with held-out usage counts, beats alphabetical order', async () => {
  const build = await catalogBuilderFor(corpusDir);
  const { ranked, alphabetical } = measureCompletion(readCorpus(corpusDir), build, { every: 2 });
  assert.ok(ranked.probes > 1000, `${ranked.probes} probes`);
  assert.ok(ranked.recall >= 0.93, `recall ${percent(ranked.recall)}`);
  assert.ok(ranked.top10 >= 0.85, `top-10 ${percent(ranked.top10)}`);
  assert.ok(ranked.mrr >= 0.62, `MRR ${ranked.mrr.toFixed(3)}`);
  assert.ok(ranked.mrr > alphabetical.mrr * 2, 'ranking is far better than alphabetical');
});
