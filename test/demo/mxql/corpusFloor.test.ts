// A floor on how much of the real-query corpus the demo answers with rows (issue target: ≥ 90 % with
// rows, ≥ 95 % of the queries without $params, no unsupported command, no unknown category), measured the way the corpus benchmark measures
// it: each query in a project of its kind, $params bound to a real agent, INJECTs empty, over one hour.
// MXQL_CORPUS=<dir> overrides the location; MXQL_CORPUS=required makes a missing corpus a failure.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { corpusSuite } from '../../support/corpus';
import {
  corpusData,
  isParameterFree,
  runCorpusQuery,
  runnableCorpus,
  summarise,
} from '../../support/demoCorpus';

corpusSuite('demo corpus floor', () => {
  void test('the demo answers at least 90 % of the corpus with rows, with no unsupported command or unknown category', async () => {
    const data = corpusData();
    const outcomes = [];
    const free = [];
    for (const { file, text } of runnableCorpus()) {
      const outcome = await runCorpusQuery(data, file, text);
      outcomes.push(outcome);
      if (isParameterFree(text)) free.push(outcome);
    }
    const summary = summarise(outcomes);
    const pasted = summarise(free);
    console.log(`demo corpus: ${JSON.stringify(summary)}; without $params: ${JSON.stringify(pasted)}`);
    assert.ok(summary.queries > 100, `${summary.queries} queries`);
    assert.ok(summary.withRows >= 0.9, `only ${(summary.withRows * 100).toFixed(1)} % with rows`);
    // A query that needs no $param runs as pasted: the demo answers it with rows, without inventing them.
    assert.ok(pasted.queries > 100, `${pasted.queries} queries without $params`);
    assert.ok(
      pasted.withRows >= 0.95,
      `only ${(pasted.withRows * 100).toFixed(1)} % of the queries without $params with rows`,
    );
    assert.equal(summary.errors['mxql/unsupported-command'] ?? 0, 0);
    assert.equal(summary.errors['mxql/unknown-category'] ?? 0, 0);
    assert.equal(
      summary.errors.crash ?? 0,
      0,
      outcomes
        .filter((o) => o.code === 'crash')
        .map((o) => `${o.file}: ${o.message}`)
        .join('\n'),
    );
  });
});
