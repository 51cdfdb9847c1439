// The Open API client's cost over a bare undici.request to the same loopback endpoint, measured in
// the same run (goal: at most 1.1x), and the time to fetch and decode a 50,000-row MXQL result.
// Run: node --import tsx test/bench/client.bench.ts
import { Agent, request } from 'undici';
import { createOpenApiClient } from '../../api/index';
import { decodeJson } from '../../api/decode';
import { startFaultServer, type FaultServer } from '../support/faultServer';

const SMALL_CALLS = 200;
const SMALL_ROUNDS = 30;
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

async function smallOverhead(server: FaultServer): Promise<void> {
  server.respondWith({ kind: 'json', body: { pcode: 10458, tps: '13.7', act_agent: '6', apdex: '0.918' } });
  const agent = new Agent({ keepAliveTimeout: 10_000 });
  const url = `${server.url}/open/api/json/spot`;
  const headers = { 'x-service-token': TOKEN, 'x-service-pcode': '10458', accept: 'application/json' };
  const bare = async () => {
    const res = await request(url, { dispatcher: agent, headers });
    return res.body.json();
  };
  const client = createOpenApiClient({
    baseUrl: server.url,
    projectToken: TOKEN,
    pcode: 10458,
    proxy: { env: {} },
  });
  const viaClient = () => client.spot();
  await timeIt('warm-up', 300, bare);
  await timeIt('warm-up', 300, viaClient);
  // Many short interleaved rounds, so that load from other processes hits both sides alike; the
  // median of the paired ratios is robust against drift, the best round shows the floor.
  const ratios: number[] = [];
  let bareBest = Infinity;
  let clientBest = Infinity;
  // Each side goes first in every other round: whatever the first of a pair leaves behind (garbage,
  // a busier event loop) then weighs on both alike.
  for (let round = 0; round < SMALL_ROUNDS; round++) {
    const clientFirst = round % 2 === 1;
    const c0 = clientFirst ? await timeIt('client', SMALL_CALLS, viaClient) : 0;
    const b = await timeIt('bare', SMALL_CALLS, bare);
    const c = clientFirst ? c0 : await timeIt('client', SMALL_CALLS, viaClient);
    ratios.push(c / b);
    bareBest = Math.min(bareBest, b);
    clientBest = Math.min(clientBest, c);
  }
  const us = (ms: number) => ((ms / SMALL_CALLS) * 1000).toFixed(1);
  console.log(`small JSON request (${SMALL_ROUNDS} interleaved rounds of ${SMALL_CALLS} sequential calls)`);
  console.log(`  bare undici.request + body.json(): ${us(bareBest)} µs/call (best round)`);
  console.log(`  OpenApiClient.spot():               ${us(clientBest)} µs/call (best round)`);
  console.log(
    `  ratio client/bare:                  ${median(ratios).toFixed(3)}x median of rounds, ${(clientBest / bareBest).toFixed(3)}x best rounds (goal <= 1.1x)`,
  );
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

async function bigResult(server: FaultServer): Promise<void> {
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
  reportBig(await bigRounds(bare, viaClient, buffer), buffer.length);
  await client.close();
  await agent.close();
}

async function main(): Promise<void> {
  const server = await startFaultServer();
  try {
    await smallOverhead(server);
    await bigResult(server);
  } finally {
    await server.close();
  }
}

void main();
