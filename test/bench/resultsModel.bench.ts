// How long the extension needs to turn a service response into webview messages: tabulate (objects to
// column-ordered cells) plus chunking, compared with a baseline measured in the same run: one
// JSON.stringify of the same rows, the least work any host must do to post them.
// Run: node --import tsx test/bench/resultsModel.bench.ts
import { ResultsModel } from '../../client/src/views/resultsModel';

const ROWS = 100_000;
const objects = Array.from({ length: ROWS }, (_, i) => ({
  time: 1_795_236_000_000 + i * 5000,
  oid: 1_600_000_000 + (i % 40),
  oname: `agent-${i % 40}:8080`,
  tps: (i % 97) / 3,
  tx_count: i % 1000,
  active: i % 2 === 0,
}));

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function measure(work: () => void, runs = 9): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    work();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

const baseline = measure(() => void JSON.stringify(objects));
const model = new ResultsModel();
let n = 0;
const ours = measure(() => {
  const runId = `r${n++}`;
  model.start({ runId, title: 'bench', endpoint: '/open/api/flush/mxql/text', startedAt: 0 });
  model.complete(runId, objects, 0, 0);
  void model.messagesFor(runId).length;
});
console.log(`rows: ${ROWS}`);
console.log(`baseline JSON.stringify: ${baseline.toFixed(1)} ms`);
console.log(`tabulate + chunk:        ${ours.toFixed(1)} ms (${(ours / baseline).toFixed(2)}x baseline)`);
