// MXQL engine throughput in rows/s over a 24 h app_counter load (every agent of a project at 5 s steps,
// about 17k rows per agent), against a baseline measured in the same run: the bare generator loop that
// builds the same rows with no engine around it. Reports the engine's cost over raw generation.
// Run: node --import tsx test/bench/engine.bench.ts
import { FINE_STEP, appCounterRow, createDemoData } from '../../demo/data/index';
import { runMxqlRequest } from '../../demo/mxql/index';
import type { MxqlRequest } from '../../demo/mxqlExecutor';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const DAY = 86_400_000;
const data = createDemoData(19, () => NOW);
const project = data.projects.find((p) => p.productType === 'APM' && p.name.includes('Order'));
if (!project) throw new Error('no APM project in the demo data set');
const agents = data.agentsOf(project.pcode);
const stime = NOW - DAY;

function baseline(): number {
  let rows = 0;
  for (let t = stime; t < NOW; t += FINE_STEP) {
    for (const agent of agents) if (appCounterRow(data, project!, agent, t, FINE_STEP)) rows++;
  }
  return rows;
}

function request(mql: string): MxqlRequest {
  return {
    pcode: project!.pcode,
    mql,
    kind: 'text',
    stime,
    etime: NOW,
    limit: 1_000_000,
    param: {},
    inject: {},
  };
}

async function engine(mql: string): Promise<number> {
  const rows = await runMxqlRequest(data, request(mql), new AbortController().signal);
  return rows.length;
}

async function measure(
  name: string,
  fn: () => number | Promise<number>,
  loadedRows: number,
): Promise<number> {
  await fn();
  const runs = 3;
  const times: number[] = [];
  let out = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    out = await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[1] as number;
  const rate = loadedRows / (median / 1000);
  console.log(
    `${name.padEnd(34)} ${(rate / 1e6).toFixed(2).padStart(6)} M rows/s  ${median.toFixed(0).padStart(6)} ms  -> ${out} rows`,
  );
  return rate;
}

async function main(): Promise<void> {
  const loaded = baseline();
  console.log(
    `input: ${agents.length} agents, 24 h at 5 s = ${loaded} app_counter rows (${Math.round(loaded / agents.length)} per agent)`,
  );
  const base = await measure('baseline: bare row generation', baseline, loaded);
  const cases: [string, string][] = [
    ['TAGLOAD', 'CATEGORY app_counter\nTAGLOAD'],
    ['TAGLOAD + GROUP 5m by oid', 'CATEGORY app_counter\nTAGLOAD\nGROUP {timeunit: 5m, pk: oid}'],
    [
      'SELECT/FILTER/GROUP/UPDATE/ORDER',
      'CATEGORY app_counter\nTAGLOAD\nSELECT [time, oid, oname, tps, tx_count]\nFILTER {expr: "tx_count > 0"}\nGROUP {timeunit: 1h, pk: oid, last: oname, merge: [tps, tx_count]}\nUPDATE {key: tx_count, value: sum}\nORDER {key: tps, sort: desc}',
    ],
    ['TAGLOAD + LIMIT 100 (early stop)', 'CATEGORY app_counter\nTAGLOAD\nLIMIT 100'],
  ];
  for (const [name, mql] of cases) {
    const rate = await measure(name, () => engine(mql), loaded);
    console.log(`${''.padEnd(34)} ${(rate / base).toFixed(2)}x baseline`);
  }
}

void main();
