// The quality figures of test/bench/quality.bench.ts with floors, so a regression fails: noise on
// working corpus queries, and leave-one-out completion quality with usage counts from other folds.
// The floors sit a little under the measured figures (README's Performance/quality section).
import { test } from 'node:test';
import assert from 'node:assert/strict';
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

const present = existsSync(corpusDir);
const skip = !present && corpusSetting !== 'required';
if (skip) console.log(`quality figures: no corpus at ${corpusDir}; skipped (set MXQL_CORPUS to its folder)`);

void test('noise: at most 5% of working corpus queries get a warning or error', { skip }, () => {
  assert.ok(present, `MXQL_CORPUS=required but there is no corpus at ${corpusDir}`);
  const noise = measureNoise(readCorpus(corpusDir), bundledCategoryCatalog);
  assert.ok(noise.files > 100);
  const share = noise.noisy / noise.files;
  assert.ok(share <= 0.05, `${percent(share)} noisy: ${JSON.stringify([...noise.perCode])}`);
});

void test(
  'completion, leave one out with held-out usage counts, beats alphabetical order',
  { skip },
  async () => {
    assert.ok(present, `MXQL_CORPUS=required but there is no corpus at ${corpusDir}`);
    const build = await catalogBuilderFor(corpusDir);
    const { ranked, alphabetical } = measureCompletion(readCorpus(corpusDir), build, { every: 2 });
    assert.ok(ranked.probes > 1000, `${ranked.probes} probes`);
    assert.ok(ranked.recall >= 0.93, `recall ${percent(ranked.recall)}`);
    assert.ok(ranked.top10 >= 0.85, `top-10 ${percent(ranked.top10)}`);
    assert.ok(ranked.mrr >= 0.62, `MRR ${ranked.mrr.toFixed(3)}`);
    assert.ok(ranked.mrr > alphabetical.mrr * 2, 'ranking is far better than alphabetical');
  },
);
