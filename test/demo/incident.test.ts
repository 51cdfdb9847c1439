// The demo's incident: the spec's grammar and its refusals, the degraded agent's values (and only its,
// and only from the incident's start), and the scenario the comparison is built for: the same query over
// the window and its baseline, sent through the one executor to a demo playing the incident, ranks the
// degraded agent and field first.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createOpenApiClient, executeRun, type OpenApiClient } from '../../api/index';
import { compareRows, planComparison, type Baseline, type RunPlan } from '../../server/core/index';
import { bundledCategoryCatalog } from '../../server/core/catalog/bundledCatalog';
import { createDemoData } from '../../demo/data/index';
import { parseIncidentSpec } from '../../demo/data/incident';
import { demoClientOptions, startDemoServer, type DemoServer } from '../../demo/index';
import { DEGRADED, INCIDENT, INCIDENT_PROJECT, PER_MINUTE } from '../support/incidentScenario';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const MINUTE = 60_000;

void test('an incident spec names an agent, effects and how long ago it began; defaults fill the rest', () => {
  assert.deepEqual(parseIncidentSpec(INCIDENT), {
    agent: 'order-worker-02',
    effects: { resp_time: 3, tps: 0.5 },
    sinceMs: 30 * MINUTE,
  });
  assert.deepEqual(parseIncidentSpec('order-worker-02:8081'), {
    agent: 'order-worker-02:8081',
    effects: { resp_time: 3, tps: 0.5 },
    sinceMs: 30 * MINUTE,
  });
  assert.deepEqual(parseIncidentSpec('-12345:cpu*1.5@2h'), {
    agent: '-12345',
    effects: { cpu: 1.5 },
    sinceMs: 2 * 60 * MINUTE,
  });
  for (const bad of ['', ':tps/2', 'a:nosuch*2', 'a:tps*0', 'a:tps+2', 'a@5x'])
    assert.throws(() => parseIncidentSpec(bad), /incident/, `'${bad}' is refused`);
  assert.throws(() => createDemoData(1, () => NOW, parseIncidentSpec('nobody-99')), /no demo agent/);
});

void test('the degraded agent changes from the incident on; every other value is the same as without it', () => {
  const calm = createDemoData(1, () => NOW);
  const hurt = createDemoData(1, () => NOW, parseIncidentSpec(INCIDENT));
  const agent = hurt.dataset.agents.find((a) => a.oname === DEGRADED);
  const other = hurt.dataset.agents.find((a) => a.oname !== DEGRADED && a.active);
  assert.ok(agent && other);
  assert.deepEqual([...(hurt.incident?.oids ?? [])], [agent.oid]);
  const during = NOW - 10 * MINUTE;
  const beforeIt = NOW - 40 * MINUTE;
  const step = 5_000;
  const value = (data: typeof calm, a: typeof agent, metric: 'tps' | 'resp_time' | 'tx_count', t: number) =>
    data.value(a, metric, t, step) ?? NaN;
  assert.ok(Math.abs(value(hurt, agent, 'tps', during) - value(calm, agent, 'tps', during) / 2) < 0.02);
  // resp_time is rounded to whole ms, so tripling is exact to within rounding.
  assert.ok(
    Math.abs(value(hurt, agent, 'resp_time', during) - 3 * value(calm, agent, 'resp_time', during)) <= 2,
  );
  // tx_count is built on tps, so it follows.
  assert.ok(value(hurt, agent, 'tx_count', during) < value(calm, agent, 'tx_count', during));
  assert.equal(value(hurt, agent, 'tps', beforeIt), value(calm, agent, 'tps', beforeIt));
  assert.equal(value(hurt, other, 'resp_time', during), value(calm, other, 'resp_time', during));
});

let demo: DemoServer;
let client: OpenApiClient;

before(async () => {
  demo = await startDemoServer({ now: () => NOW, incident: INCIDENT });
  client = createOpenApiClient(demoClientOptions(demo));
});

after(async () => {
  await client.close();
  await demo.close();
});

async function compared(baseline: Baseline) {
  const plans = planComparison(
    {
      fileText: PER_MINUTE,
      select: { kind: 'file' },
      now: NOW,
      timezone: 0,
      catalog: bundledCategoryCatalog,
    },
    baseline,
  );
  const pcode = demo.projects.find((p) => p.name === INCIDENT_PROJECT)?.pcode;
  assert.ok(pcode);
  const send = (plan: RunPlan) => {
    assert.ok(plan.request);
    return executeRun(client, { request: plan.request }, { pcode });
  };
  const [window, base] = await Promise.all([send(plans.window), send(plans.baseline)]);
  assert.deepEqual(
    [base.facts.stime, base.facts.etime],
    [window.facts.stime - plans.shiftMs, window.facts.etime - plans.shiftMs],
  );
  return compareRows(window.rows, base.rows);
}

for (const baseline of ['prev', '1d', '7d'] as const)
  void test(`against ${baseline}, the degraded agent's response time and throughput rank first`, async () => {
    const { changes, agentKey } = await compared(baseline);
    assert.equal(agentKey, 'oid');
    const [first, second, third] = changes;
    assert.equal(first?.agent, DEGRADED);
    assert.equal(second?.agent, DEGRADED);
    assert.deepEqual(new Set([first?.field, second?.field]), new Set(['resp_time', 'tps']));
    assert.ok(Math.abs(third?.score ?? 0) < Math.abs(second?.score ?? 0) / 2, 'the next one moved far less');
    const resp = changes.find((c) => c.agent === DEGRADED && c.field === 'resp_time');
    assert.ok(resp?.relative !== null && (resp?.relative ?? 0) > 1.5, 'response time about tripled');
    const tps = changes.find((c) => c.agent === DEGRADED && c.field === 'tps');
    assert.ok((tps?.relative ?? 0) < -0.35, 'throughput about halved');
  });
