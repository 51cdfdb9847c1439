// Acceptance of the assistant toolset, in the style of the vendor's prompts.json: every case of
// test/acceptance/cases.json is served by the scripted agent over the demo, and must call the tools it
// expects, within its most calls, say what it must and nothing it must not. Prints the pass rate and
// the median number of calls (the bench compares them with a baseline without mxql_find_data).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ALL_TOOLS,
  DEMO_TOKENS,
  judge,
  loadCases,
  runInProcess,
  summary,
  type Verdict,
} from '../support/acceptanceCases';
import { startHarness, type DemoHarness } from './harness';

const cases = loadCases();
let h: DemoHarness;
const verdicts: Verdict[] = [];

before(async () => {
  h = await startHarness();
});

after(async () => {
  await h.close();
  if (verdicts.length > 0) console.log(`acceptance: ${summary(verdicts).line}`);
});

void test('the cases are well formed and guard against leaks, stack traces and unrendered values', () => {
  assert.ok(cases.length >= 30, `${cases.length} cases`);
  assert.equal(new Set(cases.map((c) => c.id)).size, cases.length, 'ids are unique');
  assert.deepEqual([...new Set(cases.map((c) => c.locale))].sort(), ['en', 'ja', 'ko']);
  for (const c of cases) {
    assert.ok(
      c.expectTools.every((t) => ALL_TOOLS.includes(t)),
      `${c.id}: known tools`,
    );
    assert.ok(c.maxCalls >= c.expectTools.length, `${c.id}: maxCalls leaves room for the expected tools`);
    assert.ok(c.mustMatch.length > 0, `${c.id}: says what must be answered`);
    for (const p of [...c.mustMatch, ...c.mustNotMatch]) if (p !== DEMO_TOKENS) new RegExp(p, 'i');
    for (const guard of [DEMO_TOKENS, 'at .*\\.ts:\\d+', '\\bundefined\\b', '\\[object Object\\]'])
      assert.ok(c.mustNotMatch.includes(guard), `${c.id}: mustNotMatch has ${guard}`);
  }
});

void test('the judge fails a transcript that leaks a token, overruns its calls or misses a pattern', () => {
  const c = cases[0];
  assert.ok(c);
  const token = h.demo.projects[0]?.token ?? '';
  const leaked = { calls: [], text: `${c.mustMatch.join(' ')} ${token}`, data: '' };
  const verdict = judge(c, leaked, ALL_TOOLS, [token]);
  assert.equal(verdict.pass, false);
  assert.ok(
    verdict.failures.some((f) => f.startsWith('forbidden')),
    verdict.failures.join('; '),
  );
  const many = Array.from({ length: c.maxCalls + 1 }, () => ({
    name: 'mxql_check',
    input: {},
    result: { text: '' },
  }));
  assert.ok(judge(c, { calls: many, text: '', data: '' }, ALL_TOOLS, []).failures.length >= 2);
});

for (const c of cases)
  void test(`case ${c.id} (${c.locale}): ${c.need.split('\n')[0] ?? ''}`, async () => {
    const tokens = h.demo.projects.map((p) => p.token).concat(h.demo.accountToken);
    const transcript = await runInProcess(c, h.context(c.locale), { tools: ALL_TOOLS });
    const verdict = judge(c, transcript, ALL_TOOLS, tokens);
    verdicts.push(verdict);
    assert.deepEqual(
      verdict.failures,
      [],
      `${c.id}: ${transcript.calls.map((call) => call.name).join(' → ')}\n${transcript.text.slice(0, 2000)}`,
    );
  });
