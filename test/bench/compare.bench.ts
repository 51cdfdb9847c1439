// What a comparison costs beside one run: a 1 h window per minute over 50 agents (3,000 rows per window),
// planned by the one planner and sent by the one executor to the demo over loopback, once as a run and
// once as a comparison with its baseline (two runs, sent one after the other as `mxql run --compare` and
// mxql_compare send them, and both at once), plus the ranking alone. Prints medians side by side.
// The demo's projects have at most 10 agents, so the demo here answers with an executor that serves 50
// agents from the data set's own metric formulas (the seam startDemoServer offers for an engine).
// Run: node --import tsx test/bench/compare.bench.ts
import { createOpenApiClient, executeRun } from '../../api/index';
import { compareRows, planComparison, planRun, type PlanInput, type RunPlan } from '../../server/core/index';
import { demoClientOptions, startDemoServer, type MxqlExecutorFactory } from '../../demo/index';
import type { DemoAgent } from '../../demo/data/index';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const AGENTS = 50;
const MINUTE = 60_000;
const RUNS = 15;

/** 50 agents per minute: oid, oname, resp_time, tps, from the demo's formulas for agents cloned with new ids. */
const fiftyAgents: MxqlExecutorFactory = (data) => {
  const pattern = data.agentsOf(data.projects[1]?.pcode ?? 0).filter((a) => a.active);
  const agents: DemoAgent[] = Array.from({ length: AGENTS }, (_, i) => {
    const like = pattern[i % pattern.length] as DemoAgent;
    return { ...like, oid: 1_000_000 + i, oname: `bench-${String(i + 1).padStart(2, '0')}:8080` };
  });
  return async (req) => {
    const rows: Record<string, unknown>[] = [];
    for (let t = Math.ceil(req.stime / MINUTE) * MINUTE; t < req.etime; t += MINUTE)
      for (const agent of agents) {
        const tps = data.value(agent, 'tps', t, MINUTE);
        const resp = data.value(agent, 'resp_time', t, MINUTE);
        if (tps !== null && resp !== null)
          rows.push({ time: t, oid: agent.oid, oname: agent.oname, resp_time: resp, tps });
      }
    return Promise.resolve(rows.slice(0, req.limit));
  };
};

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function timed(body: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await body();
  return performance.now() - started;
}

async function main(): Promise<void> {
  const demo = await startDemoServer({ now: () => NOW, mxqlExecutor: fiftyAgents });
  const client = createOpenApiClient(demoClientOptions(demo));
  const pcode = demo.projects[1]?.pcode;
  const input: PlanInput = {
    fileText:
      '-- @range 1h\n-- @limit 10000\nCATEGORY app_counter\nTAGLOAD\nSELECT [time, oid, oname, resp_time, tps]\n',
    select: { kind: 'file' },
    now: NOW,
    timezone: 0,
  };
  const send = (plan: RunPlan) => {
    if (!plan.request) throw new Error('the plan cannot be sent');
    return executeRun(client, { request: plan.request }, { ...(pcode ? { pcode } : {}) });
  };
  const one = () => send(planRun(input));
  const sequential = async () => {
    const plans = planComparison(input, '1d');
    const window = await send(plans.window);
    const base = await send(plans.baseline);
    return compareRows(window.rows, base.rows);
  };
  const parallel = async () => {
    const plans = planComparison(input, '1d');
    const [window, base] = await Promise.all([send(plans.window), send(plans.baseline)]);
    return compareRows(window.rows, base.rows);
  };
  try {
    const sample = await one();
    const plans = planComparison(input, '1d');
    const [w, b] = [await send(plans.window), await send(plans.baseline)];
    // Warm up every path once, then measure in turns so drift hits all alike.
    await sequential();
    await parallel();
    const times = {
      one: [] as number[],
      sequential: [] as number[],
      parallel: [] as number[],
      rank: [] as number[],
    };
    for (let i = 0; i < RUNS; i++) {
      times.one.push(await timed(one));
      times.sequential.push(await timed(sequential));
      times.parallel.push(await timed(parallel));
      times.rank.push(await timed(() => Promise.resolve(compareRows(w.rows, b.rows))));
    }
    const oneMs = median(times.one);
    const line = (label: string, ms: number) =>
      `  ${label.padEnd(40)} ${ms.toFixed(1).padStart(8)} ms   ${(ms / oneMs).toFixed(2)}× one run`;
    console.log(
      `compare.bench: two 1 h windows per minute over ${AGENTS} agents, ${sample.rows.length} rows each; median of ${RUNS}`,
    );
    console.log(line('one run (plan + executor)', oneMs));
    console.log(line('comparison, runs one after the other', median(times.sequential)));
    console.log(line('comparison, both runs at once', median(times.parallel)));
    console.log(line('ranking alone (compareRows)', median(times.rank)));
  } finally {
    await client.close();
    await demo.close();
  }
}

void main();
