// The extension host's share of the 50,000-row end-to-end figure, stage by stage, in one process so each
// stage can be timed alone (endToEnd.bench.ts times the whole in code-server): the demo's answer (to its
// headers, then the body), decoding it with the API client's decoder, tabulating the rows, encoding
// them as typed-column messages, and what a remote window's connection spends on their bytes: VS Code
// compresses every message to the window (permessage-deflate, zlib's default level), so the bytes
// posted cost time on the way. Baseline in the same run: the same cells as Float64 values and 32-bit
// codes, the encoding before numbers travelled as scaled integers.
//   node --import tsx test/bench/endToEndStages.bench.ts [rounds]
import { deflateRawSync } from 'node:zlib';
import { decodeJson } from '../../api/decode';
import { ResultsModel } from '../../client/src/views/resultsModel';
import { validColumnChunk } from '../../common/columnChunks';
import { type ExtensionToResults } from '../../common/resultsMessages';
import { startDemoServer, type DemoServer } from '../../demo/index';
import { postFiftyThousand } from '../support/fiftyThousandRows';

const ROUNDS = Number(process.argv[2] ?? 7);

function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

function timed<T>(work: () => T): [T, number] {
  const started = performance.now();
  const value = work();
  return [value, performance.now() - started];
}

/** The typed arrays of the data messages, and the same cells as Float64 values and 32-bit codes. */
function payloads(messages: readonly ExtensionToResults[]): { compact: Buffer; float64: Buffer } {
  const compact: Uint8Array[] = [];
  const float64: Uint8Array[] = [];
  const bytes = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  for (const m of messages) {
    if (m.type !== 'columnsChunk') continue;
    for (const column of m.chunk.columns) {
      const wide = validColumnChunk(column, m.chunk.rowCount);
      if (column.kind === 'string') {
        compact.push(bytes(column.codes));
        float64.push(bytes(Uint32Array.from(column.codes)));
      } else if (column.kind === 'number' || column.kind === 'scaled') {
        compact.push(bytes(column.values));
        if (wide.kind === 'number') float64.push(bytes(wide.values));
      }
    }
  }
  return { compact: Buffer.concat(compact), float64: Buffer.concat(float64) };
}

interface Round {
  headersMs: number;
  bodyMs: number;
  decodeMs: number;
  tabulateMs: number;
  encodeMs: number;
  deflateMs: number;
  deflateFloat64Ms: number;
  rows: number;
  bodyBytes: number;
  compactBytes: number;
  float64Bytes: number;
  messages: number;
}

async function round(server: DemoServer, model: ResultsModel, i: number): Promise<Round> {
  const started = performance.now();
  const res = await postFiftyThousand(server);
  const headersMs = performance.now() - started;
  const body = Buffer.from(await res.arrayBuffer());
  const bodyMs = performance.now() - started - headersMs;
  const [decoded, decodeMs] = timed(() => decodeJson(body, 'application/json'));
  if (!decoded.ok || !Array.isArray(decoded.value)) throw new Error('the demo did not answer rows');
  const rows = decoded.value as unknown[];
  const runId = `r${i}`;
  model.start({ runId, title: 'bench', endpoint: '/open/api/flush/mxql/text', startedAt: 0 });
  const [, tabulateMs] = timed(() => model.complete(runId, rows, 0, body.length));
  const [messages, encodeMs] = timed(() => model.messagesFor(runId));
  const { compact, float64 } = payloads(messages);
  const [, deflateMs] = timed(() => deflateRawSync(compact, { windowBits: 15 }));
  const [, deflateFloat64Ms] = timed(() => deflateRawSync(float64, { windowBits: 15 }));
  return {
    headersMs,
    bodyMs,
    decodeMs,
    tabulateMs,
    encodeMs,
    deflateMs,
    deflateFloat64Ms,
    rows: rows.length,
    bodyBytes: body.length,
    compactBytes: compact.length,
    float64Bytes: float64.length,
    messages: messages.filter((m) => m.type === 'columnsChunk').length,
  };
}

async function main(): Promise<void> {
  const server = await startDemoServer();
  try {
    const model = new ResultsModel();
    await round(server, model, -1);
    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push(await round(server, model, i));
    const first = rounds[0];
    if (!first) return;
    const p50 = (key: keyof Round) => median(rounds.map((r) => r[key])).toFixed(1);
    console.log(
      `${first.rows.toLocaleString('en-US')}-row demo query, extension-host stages (${ROUNDS} rounds, p50)`,
    );
    console.log(`  demo answers (to headers):      ${p50('headersMs')} ms`);
    console.log(`  body (${(first.bodyBytes / 1e6).toFixed(1)} MB):                 ${p50('bodyMs')} ms`);
    console.log(`  decode (api/decode.ts):         ${p50('decodeMs')} ms`);
    console.log(`  tabulate (resultsModel):        ${p50('tabulateMs')} ms`);
    console.log(`  columnar encode, ${first.messages} messages:   ${p50('encodeMs')} ms`);
    console.log(
      `  bytes posted: ${(first.compactBytes / 1e6).toFixed(2)} MB; deflated as the window's connection does: ${p50('deflateMs')} ms`,
    );
    console.log(
      `  baseline, the same cells as Float64 and 32-bit codes: ${(first.float64Bytes / 1e6).toFixed(2)} MB; deflate ${p50('deflateFloat64Ms')} ms`,
    );
  } finally {
    await server.close();
  }
}

void main();
