/**
 * The language-server fuzzer: mutated real queries (from the shared corpus) sent to `dist/server.js`
 * over stdio, each followed by the requests an editor makes (completion, hover, symbols, folding,
 * formatting, semantic tokens). Reports crashes, timeouts, p99 and max latency. A seeded sample runs
 * in the lsp stage (fuzz.test.ts); `npm run fuzz` runs the full 100,000 inputs:
 *   node --import tsx test/lsp/fuzzRunner.ts [--count 100000] [--seed 1]
 */
import { performance } from 'node:perf_hooks';
import { corpusTexts } from '../support/corpus';
import { mutate } from '../support/mutations';
import { seededRandom } from '../support/seededTexts';
import { startSession, type LspSession } from './lspClient';

/** No request may take the server longer than this, formatting included. */
export const LATENCY_LIMIT_MS = 250;
/** A request unanswered this long counts as a timeout. */
const TIMEOUT_MS = 5000;

/** What one fuzz run found. */
export interface FuzzReport {
  readonly inputs: number;
  readonly requests: number;
  readonly crashes: number;
  readonly timeouts: number;
  readonly p99: number;
  readonly max: number;
  /** Inputs whose request stayed over {@link LATENCY_LIMIT_MS} when repeated (so not machine noise). */
  readonly slow: readonly { text: string; method: string; ms: number }[];
}

function positionAt(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset).split(/\r\n|\r|\n/);
  return { line: before.length - 1, character: (before.at(-1) ?? '').length };
}

async function timed<T>(session: LspSession, method: string, params: unknown): Promise<number> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), TIMEOUT_MS);
  });
  const answer = await Promise.race([session.connection.sendRequest<T>(method, params), timeout]);
  clearTimeout(timer);
  return answer === 'timeout' ? Number.POSITIVE_INFINITY : performance.now() - started;
}

/** The requests an editor sends after a change, each with its round-trip time. */
async function probe(session: LspSession, uri: string, text: string, rnd: (n: number) => number) {
  const textDocument = { uri };
  const position = positionAt(text, rnd(text.length + 1));
  const requests: [string, unknown][] = [
    ['textDocument/completion', { textDocument, position }],
    ['textDocument/hover', { textDocument, position }],
    ['textDocument/documentSymbol', { textDocument }],
    ['textDocument/foldingRange', { textDocument }],
    ['textDocument/semanticTokens/full', { textDocument }],
    ['textDocument/formatting', { textDocument, options: { tabSize: 2, insertSpaces: true } }],
  ];
  const out: { method: string; ms: number }[] = [];
  for (const [method, params] of requests) out.push({ method, ms: await timed(session, method, params) });
  return out;
}

/** What a fuzzed document is: a `.mxql` file, or a dashboard JSON holding the mutated query in a string. */
export type FuzzShape = 'mxql' | 'json';

/**
 * A dashboard holding `query` in an `mql` string; every other one has its JSON mutated too (quotes,
 * brackets and escapes cut or doubled), so malformed JSON and broken escapes reach the server.
 */
function dashboardOf(query: string, rnd: (n: number) => number): string {
  const board = `{ "widgets": [ { "title": "w", "metrics": [ { "mql": ${JSON.stringify(query)} } ] }, { "query": "TAGLOAD" } ] }`;
  return rnd(2) === 0 ? board : mutate(board, rnd);
}

/** Runs `count` mutated inputs through one server (restarted after a crash). Never throws on a finding. */
export async function runFuzz(count: number, seed: number, shape: FuzzShape = 'mxql'): Promise<FuzzReport> {
  const texts = corpusTexts([
    'CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps]\nJOIN {query: q}\nSUB q\nTAGLOAD\nEND\n',
  ]);
  const rnd = seededRandom(seed);
  let session = await startSession();
  let crashed = false;
  const watch = (s: LspSession): void => {
    s.child.once('exit', () => {
      crashed = true;
    });
  };
  watch(session);
  const latencies: number[] = [];
  const slow: { text: string; method: string; ms: number }[] = [];
  let crashes = 0;
  let timeouts = 0;
  const uri = shape === 'json' ? 'file:///fuzz.json' : 'file:///fuzz.mxql';
  const languageId = shape;
  let version = 1;
  await session.connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId, version, text: '' },
  });
  for (let i = 0; i < count; i++) {
    const query = mutate(texts[rnd(texts.length)] as string, rnd);
    const text = shape === 'json' ? dashboardOf(query, rnd) : query;
    await session.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: ++version },
      contentChanges: [{ text }],
    });
    const results = await probe(session, uri, text, rnd);
    for (const r of results) {
      if (!Number.isFinite(r.ms)) timeouts++;
      else latencies.push(r.ms);
      if (r.ms > LATENCY_LIMIT_MS) {
        // Confirm on a second try, so a busy machine's pause is not taken for a slow input.
        const again = await timed(session, r.method, {
          textDocument: { uri },
          position: { line: 0, character: 0 },
          options: { tabSize: 2, insertSpaces: true },
        });
        if (again > LATENCY_LIMIT_MS) slow.push({ text, method: r.method, ms: Math.min(r.ms, again) });
      }
    }
    if (crashed) {
      crashes++;
      crashed = false;
      session = await startSession();
      watch(session);
      await session.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId, version: ++version, text: '' },
      });
    }
  }
  await session.stop();
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
  return {
    inputs: count,
    requests: latencies.length + timeouts,
    crashes,
    timeouts,
    p99,
    max: latencies.at(-1) ?? 0,
    slow,
  };
}

/** `npm run fuzz`: the full run, printed; exits 1 on any crash, timeout or confirmed slow input. */
async function main(): Promise<void> {
  const arg = (name: string, fallback: number): number => {
    const i = process.argv.indexOf(name);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const count = arg('--count', 100000);
  const seed = arg('--seed', 1);
  const started = performance.now();
  const r = await runFuzz(count, seed);
  console.log(
    `${r.inputs} mutated queries, ${r.requests} requests in ${((performance.now() - started) / 1000).toFixed(0)} s: ${r.crashes} crashes, ${r.timeouts} timeouts, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms, ${r.slow.length} inputs over ${LATENCY_LIMIT_MS} ms`,
  );
  for (const s of r.slow.slice(0, 5))
    console.log(`slow ${s.method} ${s.ms.toFixed(0)} ms: ${JSON.stringify(s.text).slice(0, 300)}`);
  process.exitCode = r.crashes + r.timeouts + r.slow.length > 0 ? 1 : 0;
}

if (require.main === module) void main();
