// The notebook `/investigate` writes, from real steps on the demo playing the incident scenario: the title
// and prose cell, per step a markdown cell and the MXQL cell with its rows and comparison as result
// outputs, the findings ranking the degraded agent first; a failed step's error in its cell; a stopped
// investigation says so. Printed and parsed again through the file format, as it is opened.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createOpenApiClient, type OpenApiClient } from '../../api/index';
import {
  planInvestigation,
  rankChanges,
  runInvestigation,
  type InvestigationPlan,
  type StepOutcome,
  type ToolTarget,
} from '../../assistant/toolset';
import {
  investigationNotebook,
  investigationSummary,
} from '../../client/src/assistant/investigationNotebook';
import { parseNotebook, printNotebook } from '../../client/src/notebook/notebookFile';
import { englishOf } from '../../common/templateText';
import { demoClientOptions, startDemoServer, type DemoServer } from '../../demo/index';
import { bundledCategoryCatalog } from '../../server/core/catalog/bundledCatalog';
import { DEGRADED, INCIDENT, INCIDENT_PROJECT } from '../support/incidentScenario';
import { contextFor, NOW } from '../assistant/harness';

let demo: DemoServer;
let client: OpenApiClient;
let target: ToolTarget;
let plan: InvestigationPlan;
let outcomes: StepOutcome[];

const where = { profile: 'Demo', pcode: 0, project: INCIDENT_PROJECT, label: `Demo · ${INCIDENT_PROJECT}` };

before(async () => {
  demo = await startDemoServer({ now: () => NOW, incident: INCIDENT });
  client = createOpenApiClient({ ...demoClientOptions(demo), retry: { attempts: 1 } });
  const pcode = demo.projects.find((p) => p.name === INCIDENT_PROJECT)?.pcode ?? 0;
  target = { client, pcode, label: where.label, isDemo: true };
  where.pcode = pcode;
  plan = planInvestigation('response time went up', bundledCategoryCatalog, englishOf);
  const broken: InvestigationPlan = {
    ...plan,
    steps: plan.steps.map((s, i) =>
      i === 2 ? { ...s, mql: `${s.mql}\nFILTER {key: oid, value: $who}` } : s,
    ),
  };
  outcomes = (await runInvestigation(broken, contextFor(target), new AbortController().signal)).outcomes;
});

after(async () => {
  await client?.close();
  await demo?.close();
});

void test('the notebook holds the prose, every query with its rows and comparison, and the findings', () => {
  const ranked = rankChanges(outcomes);
  const file = investigationNotebook(englishOf, plan, outcomes, ranked, {
    target: where,
    ranAt: NOW,
    cancelled: false,
  });
  const read = parseNotebook(printNotebook(file, true));
  assert.deepEqual(read, JSON.parse(JSON.stringify(file)));
  assert.deepEqual(read.header, { profile: 'Demo', pcode: where.pcode, range: '30m' });
  assert.deepEqual(
    read.cells.map((c) => c.kind),
    ['markdown', ...plan.steps.flatMap(() => ['markdown', 'mxql']), 'markdown'],
  );
  assert.match(read.cells[0]!.source, /^# Investigation: response time went up\n/);
  assert.match(read.cells[0]!.source, /Nothing was written to the account/);

  const first = read.cells[1]!.source;
  assert.match(
    first,
    /^## 1\. Response time per agent\n\nResponse time tells whether the slowness is in the application\./,
  );
  assert.match(
    first,
    /Window 2026-11-20T11:30:00Z – 2026-11-20T12:00:00Z \(\d+ rows\), compared with 2026-11-20T11:00:00Z – 2026-11-20T11:30:00Z/,
  );
  assert.ok(first.includes(`**order\\-worker\\-02:8081** · \`resp_time\``), first);
  const query = read.cells[2]!;
  assert.equal(query.source, plan.steps[0]!.mql);
  const [rows, compared] = query.outputs ?? [];
  assert.equal(rows?.type, 'result');
  assert.equal(compared?.type, 'result');
  if (rows?.type !== 'result' || compared?.type !== 'result') return;
  assert.ok(rows.columns.includes('resp_time') && rows.rows.length > 0);
  assert.equal(rows.run.range, '30m');
  assert.equal(rows.run.pcode, where.pcode);
  assert.deepEqual(compared.columns, ['agent', 'field', 'baseline', 'window', 'change', 'relative', 'score']);
  assert.equal(compared.rows[0]?.[0], DEGRADED);
  assert.equal(compared.rows[0]?.[1], 'resp_time');

  // The failed step: its error in its cell and its prose, the steps after it still there.
  const failedProse = read.cells[5]!.source;
  assert.match(failedProse, /This step failed: .*\$who/);
  assert.equal(read.cells[6]!.outputs?.[0]?.type, 'error');
  assert.equal(read.cells[8]!.outputs?.length, 2);

  const findings = read.cells.at(-1)!.source;
  assert.match(findings, /^## Findings\n/);
  const top = findings.split('\n').find((line) => line.startsWith('1. '));
  assert.ok(top?.includes('**order\\-worker\\-02:8081** · `resp_time`'), findings);
  assert.match(top ?? '', /\(Response time per agent\)$/);

  assert.match(
    investigationSummary(englishOf, ranked),
    /^What moved most:\n- \*\*order\\-worker\\-02:8081\*\* · `resp_time`: /,
  );
});

void test('a stopped investigation says after how many steps, and an unknown symptom its note', () => {
  const general = planInvestigation('something is off', bundledCategoryCatalog, englishOf);
  const done = outcomes.slice(0, 2);
  const file = investigationNotebook(englishOf, general, done, rankChanges(done), {
    target: where,
    ranAt: NOW,
    cancelled: true,
  });
  assert.match(file.cells[0]!.source, /so this is the general sequence\./);
  assert.match(file.cells.at(-1)!.source, /The investigation was stopped after 2 of 5 steps\./);
  assert.equal(file.cells.length, 1 + 2 * 2 + 1);
});

void test('agent names from the service are shown as text, never read as markdown', () => {
  const [step] = outcomes;
  assert.ok(step?.ok);
  const change = { ...step.run.comparison.changes[0]!, agent: '[x](javascript:alert(1)) *y*' };
  const forged: StepOutcome = {
    ...step,
    run: { ...step.run, comparison: { ...step.run.comparison, changes: [change] } },
  };
  const summary = investigationSummary(englishOf, rankChanges([forged]));
  assert.ok(summary.includes('\\[x\\]\\(javascript:alert\\(1\\)\\) \\*y\\*'), summary);
});
