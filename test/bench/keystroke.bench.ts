// Keystroke latency over stdio against dist/server.js (issue: speed that does not depend on size).
// Figures, each beside baselines measured in the same run:
// - keystroke → completion, 2,000-line vs 1-line document (300 rounds: insert a character at the end
//   of the last line, at once request completion at the new cursor, delete it, complete again; each
//   timed from sending the change to receiving the completion), in interleaved turns of 50 rounds,
//   latency and the server's CPU per keystroke (the diagnostics the keystrokes scheduled included); baseline: the same keystrokes sent as whole-text changes (a full re-analysis
//   per keystroke) and a bare regex tokenizer over the 2,000-line text;
// - completion on the unchanged 2,000-line document;
// - keystroke → diagnostics published for the edited version (2,000 lines), and with whole-text changes.
// Goals: on 2,000 lines p50, p99 and server CPU per keystroke ≤ 2× the 1-line figures and p99 ≤ 10 ms;
// unchanged p99 ≤ 5 ms; diagnostics p99 ≤ 20 ms. test/lsp/keystrokeFloor.test.ts holds the CPU ratio.
// Run: node --import tsx test/bench/keystroke.bench.ts [rounds]
import { performance } from 'node:perf_hooks';
import {
  documentOf,
  EditedDocument,
  interleavedKeystrokes,
  keystrokeToCompletion,
  keystrokeToDiagnostics,
  measureKeystrokes,
  quantile,
  startEditorSession,
  serverCpuMs,
  unchangedCompletion,
} from '../lsp/keystroke';
import { loadavg } from 'node:os';

const rounds = Number(process.argv[2] ?? 300);
const fmt = (samples: readonly number[]): string =>
  `p50 ${quantile(samples, 0.5).toFixed(2)} ms  p99 ${quantile(samples, 0.99).toFixed(2)} ms  (${samples.length} samples)`;

/** A bare regex tokenizer over the text: the least any per-keystroke pass over the document costs. */
function regexTokenize(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(/[A-Za-z_$][\w$.-]*|'[^'\n]*'|"[^"\n]*"|[{}[\],:]|\S/g)) n++;
  return n;
}

async function main(): Promise<void> {
  const session = await startEditorSession();
  const long = documentOf(2000);
  console.log(
    `documents: ${long.split('\n').length} lines (${long.length} chars) and 1 line; ${rounds} rounds`,
  );
  const big = new EditedDocument(session, 'file:///bench/long.mxql', long);
  const small = new EditedDocument(session, 'file:///bench/one.mxql', documentOf(1));
  const bigFull = new EditedDocument(session, 'file:///bench/long-full.mxql', long);
  for (const d of [big, small, bigFull]) await d.open();
  // Warm-up: the JIT and the catalog, as in a long-lived server.
  await keystrokeToCompletion(big, 100, 'incremental');
  await keystrokeToCompletion(small, 100, 'incremental');
  await keystrokeToCompletion(bigFull, 10, 'full');

  /** Server CPU ms per sample of `run`, or null where /proc is missing. */
  const cpu = async (run: () => Promise<number[]>): Promise<{ samples: number[]; cpu: number | null }> => {
    const before = serverCpuMs(session);
    const samples = await run();
    const after = serverCpuMs(session);
    return { samples, cpu: before === null || after === null ? null : (after - before) / samples.length };
  };
  // The 1-line and the 2,000-line document in turns of 50 rounds, so that load changes hit both alike
  // (each turn ends when the diagnostics of its last keystroke are published: they are part of its cost).
  const turns = Math.max(1, Math.round(rounds / 50));
  const pair = await interleavedKeystrokes(
    session,
    [
      [small, 'incremental'],
      [big, 'incremental'],
    ],
    turns,
    Math.ceil(rounds / turns),
  );
  const oneRun = { samples: pair.samples[0] ?? [], cpu: pair.cpu?.[0] ?? null };
  const bigRun = { samples: pair.samples[1] ?? [], cpu: pair.cpu?.[1] ?? null };
  const fullRun = await measureKeystrokes(session, bigFull, Math.min(rounds, 100), 'full');
  const [one, incremental, full] = [oneRun.samples, bigRun.samples, fullRun.samples];
  const unchangedRun = await cpu(() => unchangedCompletion(big, rounds));
  const unchanged = unchangedRun.samples;
  const regex: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    regexTokenize(long);
    regex.push(performance.now() - started);
  }
  const diagnostics = await keystrokeToDiagnostics(session, big, Math.min(rounds, 150), 'incremental');
  const diagnosticsFull = await keystrokeToDiagnostics(session, bigFull, 50, 'full');

  const perRound = (c: number | null): string =>
    c === null ? '' : `  server CPU ${c.toFixed(2)} ms/keystroke`;
  console.log(
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (2 cores)`,
  );
  console.log(`keystroke → completion, 1 line:                ${fmt(one)}${perRound(oneRun.cpu)}`);
  console.log(`keystroke → completion, 2,000 lines:           ${fmt(incremental)}${perRound(bigRun.cpu)}`);
  console.log(`  baseline: whole-text change (full analysis): ${fmt(full)}${perRound(fullRun.cpu)}`);
  console.log(`  baseline: bare regex tokenizer, in process:  ${fmt(regex)}`);
  const times = (a: number | null, b: number | null): string =>
    a === null || b === null ? '?' : `${(a / Math.max(b, 0.001)).toFixed(2)}x`;
  console.log(
    `  2,000 lines ÷ 1 line: p50 ${times(quantile(incremental, 0.5), quantile(one, 0.5))}, p99 ${times(quantile(incremental, 0.99), quantile(one, 0.99))}, server CPU ${times(bigRun.cpu, oneRun.cpu)} (goals ≤ 2x each; p99 ≤ 10 ms)`,
  );
  console.log(
    `unchanged-document completion, 2,000 lines:   ${fmt(unchanged)}${perRound(unchangedRun.cpu).replace('keystroke', 'request')} (goal p99 ≤ 5 ms)`,
  );
  console.log(`keystroke → diagnostics published, 2,000 lines: ${fmt(diagnostics)} (goal p99 ≤ 20 ms)`);
  console.log(`  baseline: whole-text change (full analysis): ${fmt(diagnosticsFull)}`);
  await session.stop();
}

void main();
