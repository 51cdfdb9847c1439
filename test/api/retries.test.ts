// Retry policy over real sockets: bounded attempts, exponential backoff, Retry-After, which
// statuses and methods are repeated.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createOpenApiClient, endpoints, OpenApiError, type OpenApiClientOptions } from '../../api/index';
import { startFaultServer, type FaultServer } from '../support/faultServer';
import { recordUnhandledRejections } from '../support/unhandledRejections';
import { backoffDelay, defaultRetry } from '../../api/retry';

const unhandled = recordUnhandledRejections();
let fault: FaultServer;
before(async () => {
  fault = await startFaultServer();
});
after(async () => {
  await fault.close();
  unhandled.assertNone();
});

const ok = { kind: 'json', body: [{ tps: 1 }] } as const;
function clientFor(retry: OpenApiClientOptions['retry']) {
  return createOpenApiClient({ baseUrl: fault.url, projectToken: 'tok-abcdef', pcode: 7, retry });
}
const gaps = (from: number) =>
  fault.requests
    .slice(from)
    .map((r, i, all) => (i === 0 ? 0 : r.at - (all[i - 1]?.at ?? 0)))
    .slice(1);
const mxql = { stime: 1_000_000, etime: 2_000_000, mql: 'CATEGORY app_counter', limit: 10 };

void describe('retries', () => {
  void test('429/502/503/504 are retried until success', async () => {
    const from = fault.requests.length;
    fault.respondWith(
      { kind: 'status', status: 502 },
      { kind: 'status', status: 503 },
      { kind: 'status', status: 504 },
      { kind: 'status', status: 429 },
      ok,
    );
    const client = clientFor({ attempts: 5, baseDelayMs: 5 });
    assert.deepEqual(await client.mxqlText(mxql), [{ tps: 1 }]);
    assert.equal(fault.requests.length - from, 5);
    await client.close();
  });

  void test('attempts are bounded and the last error is returned', async () => {
    const from = fault.requests.length;
    fault.respondWith({ kind: 'status', status: 503 });
    const client = clientFor({ attempts: 3, baseDelayMs: 5 });
    await assert.rejects(client.project(), (e: unknown) => e instanceof OpenApiError && e.status === 503);
    assert.equal(fault.requests.length - from, 3);
    await client.close();
  });

  void test('backoff grows exponentially (jitter pinned to its maximum)', async () => {
    const from = fault.requests.length;
    fault.respondWith({ kind: 'status', status: 503 }, { kind: 'status', status: 503 }, ok);
    const client = clientFor({ attempts: 3, baseDelayMs: 100, random: () => 0.999 });
    await client.mxqlText(mxql);
    const [first = 0, second = 0] = gaps(from);
    assert.ok(first >= 95, `first wait ${first}`);
    assert.ok(second >= 195, `second wait ${second}`);
    await client.close();
  });

  void test('Retry-After is honoured', async () => {
    const from = fault.requests.length;
    fault.respondWith({ kind: 'status', status: 429, retryAfter: '1' }, ok);
    const client = clientFor({ attempts: 2, baseDelayMs: 1 });
    await client.mxqlText(mxql);
    const [wait = 0] = gaps(from);
    assert.ok(wait >= 990, `waited ${wait} ms`);
    await client.close();
  });

  void test('a Retry-After beyond the cap is not waited for', async () => {
    const from = fault.requests.length;
    fault.respondWith({ kind: 'status', status: 429, retryAfter: '3600' }, ok);
    const client = clientFor({ attempts: 3, maxRetryAfterMs: 1000 });
    await assert.rejects(
      client.project(),
      (e: unknown) => e instanceof OpenApiError && e.status === 429 && /Retry after 3600/.test(e.message),
    );
    assert.equal(fault.requests.length - from, 1);
    await client.close();
  });

  void test('500 and 4xx are not retried', async () => {
    for (const status of [500, 400, 401]) {
      const from = fault.requests.length;
      fault.respondWith({ kind: 'status', status }, ok);
      const client = clientFor({ attempts: 3, baseDelayMs: 1 });
      await assert.rejects(client.project());
      assert.equal(fault.requests.length - from, 1, `status ${status}`);
      await client.close();
    }
  });

  void test('a connection reset mid-body is retried', async () => {
    const from = fault.requests.length;
    fault.respondWith({ kind: 'resetMidBody' }, ok);
    const client = clientFor({ attempts: 2, baseDelayMs: 1 });
    assert.deepEqual(await client.mxqlText(mxql), [{ tps: 1 }]);
    assert.equal(fault.requests.length - from, 2);
    await client.close();
  });

  void test('the MXQL and search POSTs are retried; every POST of the API is read-only and marked so', async () => {
    const posts = endpoints.filter((e) => e.method === 'POST').map((e) => [e.id, e.retryable]);
    assert.deepEqual(posts, [
      ['agentList', true],
      ['ipSearch', true],
      ['mxqlText', true],
      ['mxqlPath', true],
    ]);
    const from = fault.requests.length;
    fault.respondWith({ kind: 'status', status: 502 }, { kind: 'json', body: { items: [] } });
    const client = clientFor({ attempts: 2, baseDelayMs: 1 });
    await client.ipSearch({ stime: 1_000_000, ip: '10.0.0.1' });
    assert.equal(fault.requests.length - from, 2);
    assert.equal(fault.requests.at(-1)?.method, 'POST');
    await client.close();
  });

  void test('cancelling during the backoff wait stops retrying', async () => {
    const from = fault.requests.length;
    fault.respondWith({ kind: 'status', status: 503, retryAfter: '20' });
    const client = clientFor({ attempts: 3 });
    const controller = new AbortController();
    const pending = client.project(undefined, { signal: controller.signal });
    await fault.nextRequest();
    setImmediate(() => controller.abort());
    await assert.rejects(pending, (e: unknown) => e instanceof OpenApiError && e.kind === 'aborted');
    assert.equal(fault.requests.length - from, 1);
    await client.close();
  });
});

void test('backoffDelay is half to all of base·2^(attempt-1), capped, exactly', () => {
  const at = (random: number, attempt: number, maxDelayMs = 5_000) =>
    backoffDelay({ ...defaultRetry, baseDelayMs: 100, maxDelayMs, random: () => random }, attempt);
  assert.deepEqual(
    [1, 2, 3, 4].map((attempt) => at(0, attempt)),
    [50, 100, 200, 400],
  );
  assert.deepEqual(
    [1, 2, 3, 4].map((attempt) => at(1, attempt)),
    [100, 200, 400, 800],
  );
  assert.equal(at(0.5, 3), 300);
  // The cap holds the delay at maxDelayMs however many attempts came before.
  assert.deepEqual(
    [6, 7, 30].map((attempt) => at(1, attempt, 1_000)),
    [1_000, 1_000, 1_000],
  );
  assert.equal(at(0, 30, 1_000), 500);
});
