import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COARSE_STEP, DAY, FINE_STEP, HOUR, createDemoData } from '../../demo/data/index';
import { FIXED_NOW } from './demoClient';

const STATUSES = ['pending', 'trial', 'subscribe', 'close_pending', 'limited', 'closed', 'trial_limited'];

void describe('synthetic data set', () => {
  const data = createDemoData(42, () => FIXED_NOW);

  void it('is deterministic for a seed and differs between seeds', () => {
    const again = createDemoData(42, () => FIXED_NOW);
    assert.deepEqual(again.dataset, data.dataset);
    const other = createDemoData(43, () => FIXED_NOW);
    assert.notDeepEqual(
      other.dataset.agents.map((a) => a.oid),
      data.dataset.agents.map((a) => a.oid),
    );
    assert.notEqual(other.dataset.accountToken, data.dataset.accountToken);
  });

  void it('has at least 3 groups, 6 projects of several product types, platforms and statuses', () => {
    assert.ok(data.groups.length >= 3);
    assert.ok(data.projects.length >= 6);
    assert.deepEqual(new Set(data.projects.map((p) => p.productType)), new Set(['APM', 'SMS', 'DB']));
    assert.ok(new Set(data.projects.map((p) => p.platform)).size >= 6);
    assert.deepEqual(new Set(data.projects.map((p) => p.status)), new Set(STATUSES));
    assert.ok(data.projects.some((p) => p.groupName === ''));
    for (const g of data.groups) assert.ok(g.pcodes.length > 0 && g.memberEmails.length > 0);
  });

  void it('has at least 40 agents with unique ids, some negative and some inactive', () => {
    const agents = data.dataset.agents;
    assert.ok(agents.length >= 40, `${agents.length} agents`);
    assert.equal(new Set(agents.map((a) => a.oid)).size, agents.length);
    assert.ok(agents.filter((a) => a.oid < 0).length >= 10);
    const inactive = agents.filter((a) => !a.active);
    assert.ok(inactive.length >= 3);
    for (const a of inactive) assert.ok(a.inactTime > 0 && a.inactTime < FIXED_NOW);
  });

  void it('computes each point independently of the range asked for', () => {
    const [agent] = data.agentsOf(data.projects[1]!.pcode).filter((a) => a.active);
    assert.ok(agent);
    const wide = data.series(agent.pcode, agent.oid, 'tps', FIXED_NOW - HOUR, FIXED_NOW, FINE_STEP);
    const narrow = data.series(agent.pcode, agent.oid, 'tps', FIXED_NOW - 10 * 60_000, FIXED_NOW, FINE_STEP);
    assert.equal(wide.length, 720);
    assert.deepEqual(wide.slice(-narrow.length), narrow);
  });

  void it('serves 5 s points in the last 24 h and 5 min points beyond', () => {
    assert.equal(data.stepFor(FINE_STEP, FIXED_NOW - HOUR), FINE_STEP);
    assert.equal(data.stepFor(FINE_STEP, FIXED_NOW - 2 * DAY), COARSE_STEP);
  });

  void it('stops the series of an inactive agent at its inactive time', () => {
    const agent = data.dataset.agents.find((a) => !a.active && a.startTime < a.inactTime - DAY);
    assert.ok(agent);
    const points = data.series(
      agent.pcode,
      agent.oid,
      'cpu',
      agent.inactTime - HOUR,
      agent.inactTime + HOUR,
      COARSE_STEP,
    );
    assert.ok(points.length > 0 && points.length <= 12);
    for (const [t] of points) assert.ok(t < agent.inactTime);
  });

  void it('follows a daily load curve: afternoons are busier than nights', () => {
    const project = data.projects[1]!;
    const agents = data.agentsOf(project.pcode).filter((a) => a.active);
    const tpsAt = (t: number) => agents.reduce((n, a) => n + (data.value(a, 'tps', t, COARSE_STEP) ?? 0), 0);
    const day = Math.floor(FIXED_NOW / DAY) * DAY - 2 * DAY;
    assert.ok(tpsAt(day + 14 * HOUR) > 2 * tpsAt(day + 3 * HOUR));
  });

  void it('keeps values in their natural ranges', () => {
    for (const agent of data.dataset.agents.slice(0, 20)) {
      for (const [, cpu] of data.series(agent.pcode, agent.oid, 'cpu', FIXED_NOW - HOUR, FIXED_NOW, 60_000)) {
        assert.ok(cpu >= 0 && cpu <= 100);
      }
      for (const [, apdex] of data.series(
        agent.pcode,
        agent.oid,
        'apdex',
        FIXED_NOW - HOUR,
        FIXED_NOW,
        60_000,
      )) {
        assert.ok(apdex >= 0 && apdex <= 1);
      }
    }
  });
});
