// The investigation behind `@mxql /investigate`: the planner over the bundled catalog (every planned query
// passes the check with no error, for symptoms in English, Korean and Japanese; the symptom's signals come
// first; an unknown symptom gets the general sequence and says so), then the steps run on the demo playing
// the incident scenario over real sockets: the degraded agent ranks first, a failing step keeps its message
// while the rest go on, and a cancelled investigation stops between steps and keeps what was done.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createOpenApiClient, type OpenApiClient } from '../../api/index';
import {
  planInvestigation,
  rankChanges,
  runInvestigation,
  type InvestigationPlan,
  type ToolTarget,
} from '../../assistant/toolset';
import { englishOf } from '../../common/templateText';
import { demoClientOptions, startDemoServer, type DemoServer } from '../../demo/index';
import { bundledCategoryCatalog } from '../../server/core/catalog/bundledCatalog';
import { createCategoryCatalog } from '../../server/core/catalog/categoryCatalog';
import { validate } from '../../server/core/index';
import { DEGRADED, INCIDENT, INCIDENT_PROJECT } from '../support/incidentScenario';
import { contextFor, NOW } from './harness';

const plan = (symptom: string): InvestigationPlan =>
  planInvestigation(symptom, bundledCategoryCatalog, englishOf);

const SYMPTOMS: readonly { symptom: string; line: string; first: string }[] = [
  { symptom: 'checkout is slow', line: 'apm', first: 'response' },
  { symptom: 'response time went up', line: 'apm', first: 'response' },
  { symptom: 'errors spiked after the deploy', line: 'apm', first: 'errors' },
  { symptom: 'throughput dropped', line: 'apm', first: 'throughput' },
  { symptom: 'requests hang and pile up', line: 'apm', first: 'throughput' },
  { symptom: 'CPU high on db servers', line: 'database', first: 'resources' },
  { symptom: 'memory is full on the web servers', line: 'server', first: 'resources' },
  { symptom: '에러가 늘었어', line: 'apm', first: 'errors' },
  { symptom: '결제가 느려요', line: 'apm', first: 'response' },
  { symptom: '서버 메모리가 부족해', line: 'server', first: 'resources' },
  { symptom: '応答時間が遅い', line: 'apm', first: 'response' },
  { symptom: 'エラーが増えた', line: 'apm', first: 'errors' },
  { symptom: 'データベースのCPUが高い', line: 'database', first: 'resources' },
];

void test('every planned query passes the check with no error, for symptoms in English, Korean and Japanese', () => {
  for (const { symptom, line, first } of SYMPTOMS) {
    const planned = plan(symptom);
    assert.equal(planned.line, line, symptom);
    assert.equal(planned.recognised, true, symptom);
    assert.equal(planned.note, undefined, symptom);
    assert.equal(planned.steps[0]?.signal, first, symptom);
    assert.ok(planned.steps.length >= 3, symptom);
    for (const step of planned.steps) {
      const errors = validate(step.mql, { catalog: bundledCategoryCatalog }).filter(
        (d) => d.severity === 'error',
      );
      assert.deepEqual(errors, [], `${symptom}: ${step.mql}`);
      // Nothing for the user to give: no $param, and the range comes from the run.
      assert.doesNotMatch(step.mql, /\$\w/, step.mql);
      assert.match(step.mql, /^-- @name .+\nCATEGORY \w+\nTAGLOAD\nSELECT \[time, oid, oname, /);
      assert.ok(englishOf(step.reason).length > 20);
    }
  }
});

void test('the symptom orders the sequence; the same words give the same plan', () => {
  const slow = plan('checkout is slow');
  assert.deepEqual(
    slow.steps.map((s) => s.signal),
    ['response', 'throughput', 'errors', 'active', 'resources'],
  );
  assert.deepEqual(plan('errors and slow responses').named, ['errors', 'response']);
  assert.deepEqual(plan('checkout is slow'), slow);
});

void test('an unknown symptom gets the general sequence and says so', () => {
  for (const symptom of ['something is off with checkout', '뭔가 이상해', '何かがおかしい']) {
    const planned = plan(symptom);
    assert.equal(planned.recognised, false, symptom);
    assert.deepEqual(planned.named, []);
    assert.deepEqual(
      planned.steps.map((s) => s.signal),
      ['throughput', 'response', 'errors', 'active', 'resources'],
    );
    assert.match(englishOf(planned.note ?? { template: '', args: [] }), /general sequence/);
  }
});

void test('a step whose category or fields the catalog lacks is left out, never sent unchecked', () => {
  const catalog = createCategoryCatalog(() => ({
    v: 1,
    categories: {
      app_counter: {
        t: ['oid', 'oname'],
        f: [
          ['tps', 'N'],
          ['resp_time', 'N', 'ms'],
        ],
      },
    },
    knownWithoutColumns: {},
  }));
  assert.equal(catalog.loadError(), undefined);
  const planned = planInvestigation('checkout is slow', catalog, englishOf);
  assert.deepEqual(
    planned.steps.map((s) => `${s.signal}:${s.fields.join(',')}`),
    ['response:resp_time', 'throughput:tps'],
  );
});

let demo: DemoServer;
let client: OpenApiClient;
let target: ToolTarget;

before(async () => {
  demo = await startDemoServer({ now: () => NOW, incident: INCIDENT });
  client = createOpenApiClient({ ...demoClientOptions(demo), retry: { attempts: 1 } });
  const pcode = demo.projects.find((p) => p.name === INCIDENT_PROJECT)?.pcode;
  assert.ok(pcode !== undefined);
  target = { client, pcode, label: 'Demo', isDemo: true };
});

after(async () => {
  await client?.close();
  await demo?.close();
});

void test('on the incident scenario every step compares both windows and the degraded agent ranks first', async () => {
  const planned = plan('response time went up');
  const seen: number[] = [];
  const { outcomes, cancelled } = await runInvestigation(
    planned,
    contextFor(target),
    new AbortController().signal,
    (_outcome, index) => void seen.push(index),
  );
  assert.equal(cancelled, false);
  assert.deepEqual(seen, [0, 1, 2, 3, 4]);
  for (const outcome of outcomes) {
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.message);
    assert.ok(outcome.run.now.rows.length > 0 && outcome.run.before.rows.length > 0);
    // The baseline is the window before: the same length, ending where the window starts.
    const { now, before: baseline } = outcome.run;
    assert.equal(baseline.facts.etime, now.facts.stime);
    assert.equal(now.facts.etime - now.facts.stime, 30 * 60_000);
  }
  const ranked = rankChanges(outcomes);
  assert.equal(ranked[0]?.change.agent, DEGRADED);
  assert.equal(ranked[0]?.change.field, 'resp_time');
  assert.equal(outcomes[ranked[0]?.stepIndex ?? -1]?.step.signal, 'response');
  // Scores never rise down the ranking.
  for (let i = 1; i < ranked.length; i++)
    assert.ok(Math.abs(ranked[i - 1]!.change.score) >= Math.abs(ranked[i]!.change.score));
});

void test('a failing step keeps its message and the rest go on', async () => {
  const planned = plan('response time went up');
  const broken: InvestigationPlan = {
    ...planned,
    steps: [
      { ...planned.steps[0]!, mql: 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, oid, $who]' },
      ...planned.steps.slice(1, 2),
    ],
  };
  const { outcomes } = await runInvestigation(broken, contextFor(target), new AbortController().signal);
  assert.equal(outcomes.length, 2);
  const [failed, fine] = outcomes;
  assert.equal(failed?.ok, false);
  assert.match(failed && !failed.ok ? `${failed.code} ${failed.message}` : '', /\$who/);
  assert.equal(fine?.ok, true);
});

void test('cancelling stops between steps and keeps what was done', async () => {
  const planned = plan('response time went up');
  const controller = new AbortController();
  const { outcomes, cancelled } = await runInvestigation(
    planned,
    contextFor(target),
    controller.signal,
    (_o, index) => {
      if (index === 1) controller.abort();
    },
  );
  assert.equal(cancelled, true);
  assert.equal(outcomes.length, 2);
  assert.ok(outcomes.every((o) => o.ok));
});
