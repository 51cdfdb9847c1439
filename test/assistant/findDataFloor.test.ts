// Leave-one-out quality of the data search over nl/dev.tsv with floors a little under the figures
// test/bench/findData.bench.ts measures (top-1 66%, top-5 86%, MRR 0.74 with workspace knowledge,
// strict), so a regression fails; and the search must stay well above the names-only baseline.
import assert from 'node:assert/strict';
import { corpusDir, corpusTest } from '../support/corpus';
import { measureFindData, percent, readFixture } from '../support/findDataQuality';

corpusTest('find data, leave one out on nl/dev.tsv: top-1, top-5 and MRR hold their floors', async () => {
  const fixture = await readFixture(corpusDir);
  assert.ok(fixture.devNeeds.length >= 40, `${fixture.devNeeds.length} needs`);
  const search = measureFindData(fixture, fixture.devNeeds, { mode: 'full', workspace: true, strict: true });
  const baseline = measureFindData(fixture, fixture.devNeeds, {
    mode: 'names',
    workspace: false,
    strict: true,
  });
  assert.ok(search.top1 >= 0.62, `top-1 ${percent(search.top1)}`);
  assert.ok(search.top5 >= 0.82, `top-5 ${percent(search.top5)}`);
  assert.ok(search.mrr >= 0.7, `MRR ${search.mrr.toFixed(3)}`);
  assert.ok(
    search.top5 >= baseline.top5 + 0.3,
    `top-5 ${percent(search.top5)} vs baseline ${percent(baseline.top5)}`,
  );
});
