// Formatting a 20,000-line document (every command line rewritten), beside parsing the same text in the
// same run. Three views:
// - the first call in a fresh process, as a user meets it (open a long file, format it once): each
//   sample a new process (test/support/coldCall.ts), formats and parses in turns, median and max;
// - the first formatting request to a freshly started bundled server (`node dist/server.js --stdio`),
//   sent right after initialize and the didOpen of the text, as an editor formatting on open sends it:
//   from sending the request to its answer, and when the open's diagnostics arrived (the server
//   analyses and publishes an opened document first, so this answer waits behind that analysis);
// - in this process: the first call, then the median of the next ones and their mean CPU time (garbage
//   collection included), which other work on the machine disturbs less.
// Formatting lexes and parses the text, lays it out, and proves the output keeps the tokens and the tree
// (lexed and parsed again, chunk by chunk): a few parses is its floor.
// Goal: first call in a fresh process ≤ 250 ms; ≤ 6× a parse in CPU time.
// Run: node --import tsx test/bench/format.bench.ts [runs] [cold samples]
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { format, parse } from '../../server/core/syntax/index';
import { startSession } from '../lsp/lspClient';
import { interleavedColdCalls, median, type ColdCall } from '../support/coldCall';
import { largeDocument } from '../support/largeDocument';

const runs = Number(process.argv[2] ?? 9);
const coldSamples = Number(process.argv[3] ?? 7);
const text = largeDocument();

interface Figures {
  readonly first: number;
  readonly median: number;
  readonly cpuMean: number;
}

function measure(work: () => unknown): Figures {
  const started = performance.now();
  work();
  const first = performance.now() - started;
  const walls: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const wall = performance.now();
    work();
    walls.push(performance.now() - wall);
  }
  const used = process.cpuUsage(cpu);
  return { first, median: median(walls), cpuMean: (used.user + used.system) / 1000 / runs };
}

const ms = (x: number): string => `${x.toFixed(0).padStart(4)} ms`;
const load = (): string => `load ${loadavg()[0]?.toFixed(1)}`;

function showCold(name: string, calls: readonly ColdCall[]): string {
  const walls = calls.map((c) => c.wallMs);
  return `${name.padEnd(8)} first call median ${ms(median(walls))}, max ${ms(Math.max(...walls))}; CPU median ${ms(median(calls.map((c) => c.cpuMs)))}`;
}

/** One fresh server: initialize, didOpen of the text and at once a formatting request. */
async function firstFormatOverStdio(): Promise<{ answer: number; diagnostics: number }> {
  const session = await startSession();
  try {
    const uri = 'file:///bench/long.mxql';
    const published = session.diagnostics(uri);
    const opened = performance.now();
    void session.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'mxql', version: 1, text },
    });
    const sent = performance.now();
    const edits = await session.connection.sendRequest<unknown[]>('textDocument/formatting', {
      textDocument: { uri },
      options: { tabSize: 2, insertSpaces: true },
    });
    const answer = performance.now() - sent;
    if (edits.length !== 1) throw new Error(`expected one edit, got ${edits.length}`);
    await published;
    return { answer, diagnostics: performance.now() - opened };
  } finally {
    await session.stop();
  }
}

async function main(): Promise<void> {
  console.log(`document: ${text.split('\n').length} lines (${text.length} chars); ${load()}`);

  const cold = interleavedColdCalls(coldSamples);
  console.log(`\nfresh processes, ${coldSamples} samples each, in turns (${load()}):`);
  console.log(showCold('parse', cold.parse));
  console.log(showCold('format', cold.format));
  const ratio = (k: keyof ColdCall): number =>
    median(cold.format.map((f, i) => f[k] / (cold.parse[i]?.[k] ?? NaN)));
  console.log(
    `format / parse per pair: wall ${ratio('wallMs').toFixed(2)}×, CPU ${ratio('cpuMs').toFixed(2)}×`,
  );

  const stdio: { answer: number; diagnostics: number }[] = [];
  for (let i = 0; i < Math.max(3, Math.ceil(coldSamples / 2)); i++) stdio.push(await firstFormatOverStdio());
  const answers = stdio.map((s) => s.answer);
  console.log(
    `\nfresh server over stdio, didOpen then formatting at once, ${stdio.length} samples (${load()}):`,
  );
  console.log(
    `first formatting answered in median ${ms(median(answers))}, max ${ms(Math.max(...answers))}; the open's diagnostics after ${ms(median(stdio.map((s) => s.diagnostics)))} (median)`,
  );

  console.log(`\nin this process, ${runs} runs after the first (${load()}):`);
  const parsing = measure(() => parse(text));
  const formatting = measure(() => format(text));
  const show = (name: string, f: Figures): string =>
    `${name.padEnd(8)} first ${ms(f.first)}  median ${ms(f.median)}  CPU mean ${ms(f.cpuMean)}`;
  console.log(show('parse', parsing));
  console.log(show('format', formatting));
  console.log(
    `format / parse: median ${(formatting.median / parsing.median).toFixed(1)}×, CPU ${(formatting.cpuMean / parsing.cpuMean).toFixed(1)}×`,
  );
  console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
