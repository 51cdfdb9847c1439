// The Open API client's cost over a bare undici.request to the same loopback endpoint, measured in
// the same run (goal: at most 1.1x), beside the lowest floor (undici's dispatcher API, which the
// client's transport calls), and the time to fetch and decode a 50,000-row MXQL result.
// Run: node --import tsx test/bench/client.bench.ts
// The client is measured as it ships: bundled by esbuild as esbuild.mjs bundles the extension and the
// CLI. Loaded through tsx it would pay tsx's keepNames helper on every closure it creates (3-7% of a
// small call that the product never runs); undici stays one shared module for all sides.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
import { Agent, request } from 'undici';
import { startFaultServer, type FaultServer } from '../support/faultServer';
import type * as ApiIndex from '../../api/index';
import type * as ApiDecode from '../../api/decode';

type Api = typeof ApiIndex & typeof ApiDecode;

const root = join(__dirname, '..', '..');

async function shippedApi(): Promise<Api> {
  const outfile = join(root, 'dist', 'bench', 'api.cjs');
  mkdirSync(join(root, 'dist', 'bench'), { recursive: true });
  await build({
    stdin: {
      contents:
        "export { createOpenApiClient } from './api/index'; export { decodeJson } from './api/decode';",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['undici'],
    outfile,
    logLevel: 'warning',
  });
  return createRequire(__filename)(outfile) as Api;
}

const SMALL_CALLS = 50;
const SMALL_ROUNDS = 400;
const ROUNDS = 9;
const BIG_ROWS = 50_000;
const TOKEN = 'bench-token-0000';

function mxqlRows(count: number): object[] {
  const rows: object[] = [];
  for (let i = 0; i < count; i++) {
    rows.push({
      time: 1_795_234_800_000 + (i % 288) * 300_000,
      pcode: 10458,
      pname: 'Storefront Web',
      oid: 1_600_292_156 + (i % 40),
      oname: `storefront-ssr-${i % 40}:8080`,
      okindName: 'storefront-ssr',
      onodeName: `node-${i % 8}`,
      host_ip: `10.68.1.${i % 250}`,
      tx_count: 100 + (i % 1000),
      tx_error: i % 7,
      tx_time: 30_000 + i,
      apdex_satisfied: 120,
      apdex_tolerated: 15,
      sql_count: 675,
      sql_time: 13_984,
      httpc_count: 406,
      tps: 0.51 + (i % 100) / 100,
      resp_time: 222,
      arrival_rate: 0.52,
      metering: 300_000,
    });
  }
  return rows;
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

async function timeIt(label: string, n: number, fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < n; i++) await fn();
  const ms = performance.now() - started;
  void label;
  return ms;
}

async function smallOverhead({ createOpenApiClient }: Api, server: FaultServer): Promise<void> {
  server.respondWith({ kind: 'json', body: { pcode: 10458, tps: '13.7', act_agent: '6', apdex: '0.918' } });
  const agent = new Agent({ keepAliveTimeout: 10_000 });
  const url = `${server.url}/open/api/json/spot`;
  const client = createOpenApiClient({
    baseUrl: server.url,
    projectToken: TOKEN,
    pcode: 10458,
    proxy: { env: {} },
  });
  const viaClient = () => client.spot();
  // The bare side sends the very headers the client sends (token, pcode, accept, user agent,
  // accepted encodings): the same request on the wire, so the ratio is the client's own code
  // and not the server parsing two more header lines (the server runs in this process).
  await viaClient();
  const sent = server.requests.at(-1)?.headers ?? {};
  const headers = Object.fromEntries(
    Object.entries(sent).filter(
      (entry): entry is [string, string] =>
        typeof entry[1] === 'string' && !['host', 'connection'].includes(entry[0]),
    ),
  );
  const bare = async () => {
    const res = await request(url, { dispatcher: agent, headers });
    return res.body.json();
  };
  await timeIt('warm-up', 300, bare);
  await timeIt('warm-up', 300, viaClient);
  // Many short interleaved rounds, so that load from other processes hits both sides alike; the
  // median of the paired ratios is robust against drift, the best round shows the floor.
  // The lowest-level baseline: the dispatcher's own request(), as the client's transport calls it,
  // reading the body as a Buffer and parsing it once.
  const target = new URL(url);
  const dispatcherBare = async () => {
    const res = await agent.request({ origin: target.origin, path: target.pathname, method: 'GET', headers });
    const chunks: Buffer[] = [];
    for await (const chunk of res.body) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  };
  await timeIt('warm-up', 300, dispatcherBare);
  const sides = [
    { name: 'bare undici.request + body.json()', call: bare, times: [] as number[] },
    { name: 'bare Agent.request (dispatcher) + JSON.parse', call: dispatcherBare, times: [] as number[] },
    { name: 'OpenApiClient.spot()', call: viaClient, times: [] as number[] },
  ];
  // Short rounds, each side in turn and the order rotating every round: load from other processes
  // and whatever the previous side left behind (garbage, a busier event loop) weigh on all alike.
  // Rounds of 200 calls (8 ms) let one burst of load decide a round: medians then wandered 0.88-1.26x.
  for (let round = 0; round < SMALL_ROUNDS; round++) {
    for (let k = 0; k < sides.length; k++) {
      const side = sides[(round + k) % sides.length];
      side?.times.push(await timeIt(side.name, SMALL_CALLS, side.call));
    }
  }
  const us = (ms: number) => `${((ms / SMALL_CALLS) * 1000).toFixed(1)} µs/call`;
  const [viaUndici, viaDispatcher, viaOurs] = sides as [
    (typeof sides)[0],
    (typeof sides)[0],
    (typeof sides)[0],
  ];
  const best = (times: number[]) => Math.min(...times);
  console.log(`small JSON request (${SMALL_ROUNDS} interleaved rounds of ${SMALL_CALLS} sequential calls)`);
  for (const side of sides)
    console.log(
      `  ${side.name.padEnd(46)} ${us(best(side.times))} (best round), ${us(median(side.times))} (median)`,
    );
  for (const base of [viaUndici, viaDispatcher]) {
    const ratios = viaOurs.times.map((c, i) => c / (base.times[i] ?? NaN));
    console.log(
      `  ratio client / ${base.name}: ${median(ratios).toFixed(3)}x median of rounds, ${(best(viaOurs.times) / best(base.times)).toFixed(3)}x best rounds (goal <= 1.1x)`,
    );
  }
  await client.close();
  await agent.close();
}

interface BigTimes {
  bare: number[];
  client: number[];
  decode: number[];
}

/** Interleaved rounds: bare request, client request, and decodeJson alone on the same bytes. */
async function bigRounds(
  decodeJson: Api['decodeJson'],
  bare: () => Promise<unknown>,
  viaClient: () => Promise<void>,
  buffer: Buffer,
): Promise<BigTimes> {
  const times: BigTimes = { bare: [], client: [], decode: [] };
  for (let round = 0; round < ROUNDS; round++) {
    times.bare.push(await timeIt('bare', 1, bare));
    times.client.push(await timeIt('client', 1, viaClient));
    const started = performance.now();
    const decoded = decodeJson(buffer, 'application/json');
    times.decode.push(performance.now() - started);
    if (!decoded.ok) throw new Error('decode failed');
  }
  return times;
}

function reportBig(times: BigTimes, bytes: number): void {
  const best = (xs: number[]) => Math.min(...xs).toFixed(1);
  const paired = times.client.map((c, i) => c / (times.bare[i] ?? NaN));
  console.log(
    `\n${BIG_ROWS.toLocaleString('en')}-row MXQL result (${(bytes / 1e6).toFixed(1)} MB, ${ROUNDS} rounds)`,
  );
  console.log(`  bare undici.request + body.json(): ${best(times.bare)} ms (best)`);
  console.log(`  OpenApiClient.mxqlText():           ${best(times.client)} ms (best)`);
  console.log(`  decode alone (decodeJson):          ${best(times.decode)} ms (best)`);
  console.log(`  ratio client/bare:                  ${median(paired).toFixed(3)}x median of rounds`);
}

async function bigResult({ createOpenApiClient, decodeJson }: Api, server: FaultServer): Promise<void> {
  const body = JSON.stringify(mxqlRows(BIG_ROWS));
  server.respondWith({ kind: 'text', body, contentType: 'application/json' });
  const agent = new Agent();
  const client = createOpenApiClient({
    baseUrl: server.url,
    projectToken: TOKEN,
    pcode: 10458,
    proxy: { env: {} },
  });
  const params = {
    stime: 1_795_234_800_000,
    etime: 1_795_238_400_000,
    mql: 'CATEGORY app_counter',
    limit: BIG_ROWS,
  };
  const bare = async () => {
    const res = await request(`${server.url}/open/api/flush/mxql/text`, {
      dispatcher: agent,
      method: 'POST',
      body: JSON.stringify(params),
      headers: { 'content-type': 'application/json' },
    });
    return res.body.json();
  };
  const buffer = Buffer.from(body);
  const viaClient = async () => {
    const rows = (await client.mxqlText(params)).length;
    if (rows !== BIG_ROWS) throw new Error(`expected ${BIG_ROWS} rows, got ${rows}`);
  };
  reportBig(await bigRounds(decodeJson, bare, viaClient, buffer), buffer.length);
  await client.close();
  await agent.close();
}

async function main(): Promise<void> {
  const api = await shippedApi();
  const server = await startFaultServer();
  try {
    await smallOverhead(api, server);
    await bigResult(api, server);
  } finally {
    await server.close();
  }
}

void main();
