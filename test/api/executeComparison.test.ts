// The one sequence of a comparison (api/executeComparison.ts): both windows planned by the one planner,
// the window sent first and the baseline a shift earlier, the baseline not sent when the window failed,
// and the ranking of compareRows over what both answered.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { executeComparison } from '../../api/index';
import type { PlanInput, RunPlan } from '../../server/core/index';

const NOW = Date.UTC(2026, 10, 20, 12);
const input: PlanInput = {
  fileText: '-- @range 30m\nCATEGORY app_counter\nTAGLOAD\nSELECT [time, oid, oname, tps]\n',
  select: { kind: 'file' },
  now: NOW,
  timezone: 0,
};

const rows = (tps: number) => [
  { time: 1, oid: 7, oname: 'api-01', tps },
  { time: 2, oid: 7, oname: 'api-01', tps: tps + 1 },
];

void test('sends the window, then the same query a day earlier, and ranks what moved', async () => {
  const sent: { side: string; stime: number; etime: number }[] = [];
  const runs = await executeComparison(input, '1d', {
    run: (plan: RunPlan, side) => {
      const body = plan.request?.body;
      assert.ok(body && 'stime' in body);
      sent.push({ side, stime: body.stime, etime: body.etime });
      return Promise.resolve(side === 'window' ? rows(30) : rows(10));
    },
    rowsOf: (r) => r,
  });
  assert.deepEqual(
    sent.map((s) => s.side),
    ['window', 'baseline'],
  );
  const [window, baseline] = sent;
  assert.ok(window && baseline);
  assert.equal(window.etime - window.stime, 30 * 60_000);
  assert.equal(window.stime - baseline.stime, 86_400_000);
  assert.equal(runs.shiftMs, 86_400_000);
  assert.equal(runs.comparison?.changes[0]?.field, 'tps');
  assert.equal(runs.comparison?.changes[0]?.change, 20);
});

void test('a window that failed sends no baseline and compares nothing', async () => {
  const sides: string[] = [];
  const runs = await executeComparison(input, 'prev', {
    run: (_plan, side) => {
      sides.push(side);
      return Promise.resolve({ failed: true });
    },
    rowsOf: () => undefined,
  });
  assert.deepEqual(sides, ['window']);
  assert.equal(runs.base, undefined);
  assert.equal(runs.comparison, undefined);
});

void test('a side that throws ends the comparison with its error', async () => {
  await assert.rejects(
    executeComparison(input, '7d', {
      run: (_plan, side) =>
        side === 'baseline' ? Promise.reject(new Error('stopped')) : Promise.resolve(rows(1)),
      rowsOf: (r) => r,
    }),
    /stopped/,
  );
});
