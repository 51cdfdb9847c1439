// MXQL inside dashboard JSON over stdio against dist/server.js, each figure beside the same queries in a
// plain .mxql file measured in the same run:
// - didOpen → diagnostics published, a 200-widget dashboard vs a .mxql file of the same 200 queries
//   (goal: the dashboard within 200 ms);
// - keystroke → completion inside one string of the dashboard (didChange, then at once a completion
//   request) vs the same keystroke in the .mxql file (goal: p50 and p99 within 1.5×).
// The queries are the corpus's dashboard queries (a synthetic one when the corpus is absent).
// Run: node --import tsx test/bench/embeddedJson.bench.ts [rounds]
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeForJson } from '../../server/core/index';
import { corpusDir, corpusPresent } from '../support/corpus';
import { quantile, serverCpuMs } from '../lsp/keystroke';
import { startSession, type LspSession } from '../lsp/lspClient';

const rounds = Number(process.argv[2] ?? 200);
const WIDGETS = 200;
const TAIL = 'CATEGORY app_counter\nTAGLOAD\nSELECT [';

function queries(): string[] {
  const texts = corpusPresent
    ? readdirSync(corpusDir)
        .filter((f) => f.startsWith('whatap_feature__') && f.endsWith('.mxql'))
        .sort()
        .map((f) => readFileSync(join(corpusDir, f), 'utf8').trimEnd())
    : ['CATEGORY app_counter\nTAGLOAD\nSELECT [time, oid, tps]\nFILTER {key: tps, over: 1}'];
  return Array.from({ length: WIDGETS }, (_, i) => texts[i % texts.length] as string);
}

/** The dashboard, its last widget's query ending in {@link TAIL} (the completion site), and where that is. */
function dashboard(list: readonly string[]): { text: string; cursor: number } {
  const widget = (q: string, i: number): string =>
    `    { "id": ${i}, "title": "w${i}", "widgetType": "SERIES", "layout": { "x": 0, "y": ${i * 8}, "w": 26, "h": 8, "i": "${i}" }, "metrics": [ { "name": "m${i}", "mql": "${escapeForJson(q)}" } ] }`;
  const last = `${escapeForJson(`${list.at(-1) ?? ''}\n\n${TAIL}`)}`;
  const head = `{\n  "name": "bench",\n  "widgets": [\n${list.slice(0, -1).map(widget).join(',\n')},\n    { "id": ${WIDGETS - 1}, "metrics": [ { "mql": "${last}`;
  return { text: `${head}" } ] }\n  ]\n}\n`, cursor: head.length };
}

function positionAt(text: string, offset: number): { line: number; character: number } {
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length - 1, character: (lines.at(-1) ?? '').length };
}

const fmt = (s: readonly number[]): string =>
  `p50 ${quantile(s, 0.5).toFixed(2)} ms  p99 ${quantile(s, 0.99).toFixed(2)} ms  (${s.length} samples)`;

/** Milliseconds from didOpen to the first diagnostics of the document. */
async function openToDiagnostics(session: LspSession, uri: string, languageId: string, text: string) {
  const cpu = serverCpuMs(session);
  const started = performance.now();
  const published = session.diagnostics(uri);
  await session.connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId, version: 1, text },
  });
  const p = await published;
  const ms = performance.now() - started;
  const after = serverCpuMs(session);
  return { ms, cpu: cpu === null || after === null ? null : after - cpu, count: p.diagnostics.length };
}

/**
 * Keystroke → completion: type 't' at the cursor and complete, delete it and complete, `n` times. With
 * `settle`, each keystroke also waits for its diagnostics before the next one (their latency goes to
 * `diagnostics`), so the completion figure holds no leftover work of the keystroke before.
 */
async function keystrokes(
  session: LspSession,
  uri: string,
  text: string,
  cursor: number,
  n: number,
  settle?: { diagnostics: number[] },
) {
  const out: number[] = [];
  let version = 1;
  const at = positionAt(text, cursor);
  const after = { line: at.line, character: at.character + 1 };
  for (let i = 0; i < n; i++) {
    for (const typed of [true, false]) {
      const started = performance.now();
      await session.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: ++version },
        contentChanges: [
          typed
            ? { range: { start: at, end: at }, text: 't' }
            : { range: { start: at, end: after }, text: '' },
        ],
      });
      const list = await session.connection.sendRequest<{ items: unknown[] } | null>(
        'textDocument/completion',
        {
          textDocument: { uri },
          position: typed ? after : at,
        },
      );
      if (!list || list.items.length === 0) throw new Error(`completion answered nothing in ${uri}`);
      out.push(performance.now() - started);
      if (settle) {
        const published = version;
        await session.diagnostics(uri, (p) => p.version === published);
        settle.diagnostics.push(performance.now() - started);
      }
    }
  }
  return out;
}

async function main(): Promise<void> {
  const list = queries();
  const board = dashboard(list);
  const plain = `${list.join('\n\n')}\n\n${TAIL}`;
  console.log(
    `${WIDGETS} queries (${corpusPresent ? 'corpus dashboard queries' : 'synthetic'}): dashboard ${board.text.length} chars, .mxql ${plain.length} chars; ${rounds} rounds`,
  );
  const session = await startSession({ diagnostics: { enabled: true, disabledCodes: [] } });
  // Warm-up: the JIT and the catalog, as in a long-lived server (other URIs, so nothing is cached).
  await openToDiagnostics(session, 'file:///warm/board.json', 'json', board.text);
  await openToDiagnostics(session, 'file:///warm/plain.mxql', 'mxql', plain);
  await keystrokes(session, 'file:///warm/board.json', board.text, board.cursor, 20);
  await keystrokes(session, 'file:///warm/plain.mxql', plain, plain.length, 20);

  const opensJson: number[] = [];
  const opensPlain: number[] = [];
  const cpuJson: number[] = [];
  const cpuPlain: number[] = [];
  let counts = [0, 0];
  for (let i = 0; i < 5; i++) {
    const j = await openToDiagnostics(session, `file:///open/board${i}.json`, 'json', board.text);
    const p = await openToDiagnostics(session, `file:///open/plain${i}.mxql`, 'mxql', plain);
    opensJson.push(j.ms);
    opensPlain.push(p.ms);
    if (j.cpu !== null && p.cpu !== null) {
      cpuJson.push(j.cpu);
      cpuPlain.push(p.cpu);
    }
    counts = [j.count, p.count];
  }
  await openToDiagnostics(session, 'file:///keys/board.json', 'json', board.text);
  await openToDiagnostics(session, 'file:///keys/plain.mxql', 'mxql', plain);
  const plainKeys = await keystrokes(session, 'file:///keys/plain.mxql', plain, plain.length, rounds);
  const jsonKeys = await keystrokes(session, 'file:///keys/board.json', board.text, board.cursor, rounds);
  const settledPlain = { diagnostics: [] as number[] };
  const settledJson = { diagnostics: [] as number[] };
  const plainSettled = await keystrokes(
    session,
    'file:///keys/plain.mxql',
    plain,
    plain.length,
    rounds,
    settledPlain,
  );
  const jsonSettled = await keystrokes(
    session,
    'file:///keys/board.json',
    board.text,
    board.cursor,
    rounds,
    settledJson,
  );
  await session.stop();

  console.log(
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    `didOpen → diagnostics, 200-widget dashboard: ${fmt(opensJson)} (${counts[0]} diagnostics; goal ≤ 200 ms)`,
  );
  console.log(`  baseline: the same 200 queries as .mxql:    ${fmt(opensPlain)} (${counts[1]} diagnostics)`);
  if (cpuJson.length > 0)
    console.log(
      `  server CPU per open (median, 10 ms ticks): dashboard ${quantile(cpuJson, 0.5).toFixed(0)} ms, .mxql ${quantile(cpuPlain, 0.5).toFixed(0)} ms`,
    );
  console.log(`keystroke → completion inside a string:      ${fmt(jsonKeys)}`);
  console.log(`  baseline: the same keystroke in the .mxql: ${fmt(plainKeys)}`);
  const ratio = (q: number): string =>
    (quantile(jsonKeys, q) / Math.max(quantile(plainKeys, q), 0.001)).toFixed(2);
  console.log(`  dashboard / .mxql: p50 ${ratio(0.5)}x, p99 ${ratio(0.99)}x (goal ≤ 1.5x)`);
  console.log('each keystroke waiting for its diagnostics before the next:');
  console.log(`  keystroke → completion inside a string:    ${fmt(jsonSettled)}`);
  console.log(`    baseline: the same keystroke in .mxql:   ${fmt(plainSettled)}`);
  console.log(`  keystroke → diagnostics, dashboard:        ${fmt(settledJson.diagnostics)}`);
  console.log(`    baseline: the same keystroke in .mxql:   ${fmt(settledPlain.diagnostics)}`);
}

void main();
