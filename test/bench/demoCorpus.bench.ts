// The demo engine over every corpus query without a template marker, as a user pasting dashboard
// queries would run them: each in a project of its kind, $params bound to a real agent's values,
// INJECT fragments empty, over one hour. Prints the share with rows, the share empty, errors by code,
// and the median and p99 time per query (targets: ≥ 90 % rows, ≥ 95 % of the queries without $params,
// median ≤ 100 ms, p99 ≤ 500 ms).
// It then measures how long a 31-day query keeps other requests waiting (target: ≤ 200 ms).
// Run: MXQL_CORPUS=<dir> node --import tsx test/bench/demoCorpus.bench.ts
import { existsSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { runMxqlRequest } from '../../demo/mxql/index';
import { corpusDir, corpusSetting } from '../support/corpus';
import {
  CORPUS_NOW,
  corpusData,
  isParameterFree,
  runCorpusQuery,
  runnableCorpus,
  summarise,
} from '../support/demoCorpus';

if (!existsSync(corpusDir)) {
  console.log(`demo corpus bench skipped: no corpus at ${corpusDir}`);
  process.exit(corpusSetting === 'required' ? 1 : 0);
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** The longest the event loop stayed busy while a 31-day GROUP ran (a timer asks every few ms). */
async function longestBlock(): Promise<{ blockMs: number; totalMs: number }> {
  const data = corpusData();
  const project = data.projects.find((p) => p.platform === 'JAVA') ?? data.projects[0];
  if (!project) throw new Error('no project');
  let last = performance.now();
  let longest = 0;
  let running = true;
  const tick = async () => {
    while (running) {
      await nextTurn();
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }
  };
  const ticking = tick();
  const start = performance.now();
  await runMxqlRequest(
    data,
    {
      pcode: project.pcode,
      mql: 'CATEGORY app_counter\nTAGLOAD\nGROUP {timeunit: 1d, pk: oid, merge: [tps]}',
      kind: 'text',
      stime: CORPUS_NOW - 31 * 86_400_000,
      etime: CORPUS_NOW,
      limit: 10_000,
      param: {},
      inject: {},
    },
    new AbortController().signal,
  );
  const totalMs = performance.now() - start;
  running = false;
  await ticking;
  return { blockMs: longest, totalMs };
}

async function main(): Promise<void> {
  const data = corpusData();
  const queries = runnableCorpus();
  // One warm-up pass so the figures are steady-state, then the measured pass.
  for (const { file, text } of queries.slice(0, 20)) await runCorpusQuery(data, file, text);
  const outcomes = [];
  const free = [];
  for (const { file, text } of queries) {
    const outcome = await runCorpusQuery(data, file, text);
    outcomes.push(outcome);
    if (isParameterFree(text)) free.push(outcome);
  }
  const s = summarise(outcomes);
  const f = summarise(free);
  console.log(`corpus queries run: ${s.queries}`);
  console.log(`with rows: ${pct(s.withRows)}   empty: ${pct(s.empty)}   errors: ${JSON.stringify(s.errors)}`);
  console.log(`parameter-free queries: ${f.queries}, with rows: ${pct(f.withRows)} (target ≥ 95 %)`);
  console.log(`time per query: median ${s.medianMs.toFixed(1)} ms, p99 ${s.p99Ms.toFixed(1)} ms`);
  const slowest = [...outcomes].sort((a, b) => b.ms - a.ms).slice(0, 3);
  console.log(`slowest: ${slowest.map((o) => `${o.file} ${o.ms.toFixed(0)} ms`).join(', ')}`);
  const block = await longestBlock();
  console.log(
    `31-day query: ${block.totalMs.toFixed(0)} ms in all, longest block of the event loop ${block.blockMs.toFixed(1)} ms`,
  );
}

void main();
