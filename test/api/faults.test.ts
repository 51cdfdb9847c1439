// The client against a misbehaving loopback server: every failure becomes its typed error, and
// nothing leaks an unhandled rejection.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createOpenApiClient,
  OpenApiError,
  type OpenApiClientOptions,
  type RequestEvent,
} from '../../api/index';
import { refusedPort, startFaultServer, type FaultServer } from '../support/faultServer';
import { recordUnhandledRejections } from '../support/unhandledRejections';

const TOKEN = 'project-token-SECRET-1234';
const unhandled = recordUnhandledRejections();

let fault: FaultServer;
before(async () => {
  fault = await startFaultServer();
});
after(async () => {
  await fault.close();
  unhandled.assertNone();
});

function clientFor(overrides: Partial<OpenApiClientOptions> = {}) {
  return createOpenApiClient({
    baseUrl: fault.url,
    projectToken: TOKEN,
    pcode: 42,
    retry: { attempts: 1 },
    timeouts: { connectMs: 1000, headersMs: 2000, bodyMs: 2000, totalMs: 5000 },
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<OpenApiError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof OpenApiError, `expected OpenApiError, got ${String(error)}`);
    assert.ok(!error.message.includes(TOKEN), 'token redacted');
    return error;
  }
  assert.fail('expected a failure');
}

void describe('transport failures', () => {
  void test('connection refused is a network error', async () => {
    const client = createOpenApiClient({
      baseUrl: `http://127.0.0.1:${await refusedPort()}`,
      projectToken: TOKEN,
      pcode: 1,
      retry: { attempts: 1 },
    });
    const error = await failure(client.project());
    assert.equal(error.kind, 'network');
    assert.match(error.message, /refused/);
    await client.close();
  });

  void test('a reset in the middle of the body is a network error', async () => {
    fault.respondWith({ kind: 'resetMidBody' });
    const client = clientFor();
    const error = await failure(client.project());
    assert.ok(error.kind === 'network' || error.kind === 'truncated', error.kind);
    await client.close();
  });

  void test('no headers in time is a timeout', async () => {
    fault.respondWith({ kind: 'hang' });
    const client = clientFor({ timeouts: { headersMs: 200 } });
    const error = await failure(client.project());
    assert.equal(error.kind, 'timeout');
    assert.match(error.message, /headers within 200 ms/);
    await client.close();
  });

  void test('a slow drip that never goes silent hits the total timeout', async () => {
    fault.respondWith({ kind: 'drip', everyMs: 20 });
    const client = clientFor({ timeouts: { bodyMs: 1000, totalMs: 300 } });
    const error = await failure(client.project());
    assert.equal(error.kind, 'timeout');
    assert.match(error.message, /within 300 ms/);
    await client.close();
  });

  void test('truncated JSON and a short content-length are named truncated', async () => {
    const client = clientFor();
    fault.respondWith({ kind: 'truncatedJson' });
    assert.equal((await failure(client.project())).kind, 'truncated');
    fault.respondWith({ kind: 'shortContentLength' });
    assert.equal((await failure(client.project())).kind, 'truncated');
    await client.close();
  });

  void test('an oversized body is too-large, declared or streamed', async () => {
    const client = clientFor({ maxResponseBytes: 100_000 });
    fault.respondWith({ kind: 'oversized', bytes: 1_000_000, declareLength: true });
    const declared = await failure(client.project());
    assert.equal(declared.kind, 'too-large');
    assert.match(declared.message, /100000 bytes/);
    fault.respondWith({ kind: 'oversized', bytes: 1_000_000, declareLength: false });
    assert.equal((await failure(client.project())).kind, 'too-large');
    await client.close();
  });

  void test('invalid JSON that is not cut is invalid-json', async () => {
    fault.respondWith({ kind: 'text', body: '{"a": nope}', contentType: 'application/json' });
    const client = clientFor();
    assert.equal((await failure(client.project())).kind, 'invalid-json');
    await client.close();
  });
});

void describe('HTTP statuses and bodies', () => {
  const cases: [number, RegExp][] = [
    [401, /token is wrong or expired/],
    [403, /Wrong kind of token/],
    [404, /base URL/],
    [429, /Rate limited/],
    [500, /service has a problem/],
    [502, /service has a problem/],
    [503, /service has a problem/],
  ];
  for (const [status, hint] of cases) {
    void test(`${status} is an http error with its hint`, async () => {
      fault.respondWith({ kind: 'status', status, ...(status === 429 ? { retryAfter: '7' } : {}) });
      const client = clientFor();
      const error = await failure(client.project());
      assert.equal(error.kind, 'http');
      assert.equal(error.status, status);
      assert.equal(error.endpointId, 'project');
      assert.equal(error.path, '/open/api/json/project');
      assert.match(error.hint ?? '', hint);
      if (status === 429) assert.match(error.message, /Retry after 7 s/);
      await client.close();
    });
  }

  void test('an HTML error page is named as such', async () => {
    const client = clientFor();
    fault.respondWith({ kind: 'html', status: 502 });
    const gateway = await failure(client.project());
    assert.equal(gateway.kind, 'http');
    assert.match(gateway.message, /HTML error page/);
    fault.respondWith({ kind: 'html', status: 200 });
    const page = await failure(client.project());
    assert.equal(page.kind, 'not-json');
    assert.match(page.message, /HTML page/);
    await client.close();
  });

  void test('a wrong content type is not-json', async () => {
    fault.respondWith({ kind: 'text', body: 'hello', contentType: 'text/plain' });
    const client = clientFor();
    const error = await failure(client.project());
    assert.equal(error.kind, 'not-json');
    assert.match(error.message, /text\/plain/);
    await client.close();
  });

  void test('bare-number bodies decode; other text is invalid-number', async () => {
    const client = clientFor();
    fault.respondWith({ kind: 'text', body: '12.5', contentType: 'application/json' });
    assert.equal(await client.spotTps(), 12.5);
    fault.respondWith({ kind: 'text', body: ' 7\n', contentType: 'text/plain' });
    assert.equal(await client.spotActAgent(), 7);
    fault.respondWith({ kind: 'text', body: 'n/a', contentType: 'text/plain' });
    assert.equal((await failure(client.spotTps())).kind, 'invalid-number');
    await client.close();
  });

  void test('tokens echoed by the service are redacted in errors and in the log', async () => {
    const events: RequestEvent[] = [];
    fault.respondWith({ kind: 'echoToken', status: 401 });
    const client = clientFor({ onRequest: (e) => events.push(e) });
    const error = await failure(client.project());
    assert.match(error.message, /token \*\*\* rejected/);
    assert.ok(!(error.bodyExcerpt ?? '').includes(TOKEN));
    assert.equal(events.length, 1);
    assert.ok(!JSON.stringify(events).includes(TOKEN));
    assert.equal(events[0]?.status, 401);
    await client.close();
  });
});

void describe('cancellation', () => {
  void test('aborting while waiting for headers closes the socket', async () => {
    fault.respondWith({ kind: 'hang' });
    const client = clientFor();
    const controller = new AbortController();
    const pending = failure(client.project(undefined, { signal: controller.signal }));
    await fault.nextRequest();
    const closed = fault.nextSocketClose();
    controller.abort();
    assert.equal((await pending).kind, 'aborted');
    await closed;
    await client.close();
  });

  void test('aborting mid-body closes the socket', async () => {
    fault.respondWith({ kind: 'drip', everyMs: 10 });
    const client = clientFor();
    const controller = new AbortController();
    const pending = failure(client.project(undefined, { signal: controller.signal }));
    await fault.nextRequest();
    const closed = fault.nextSocketClose();
    setImmediate(() => controller.abort());
    assert.equal((await pending).kind, 'aborted');
    await closed;
    await client.close();
  });

  void test('an already aborted signal sends nothing', async () => {
    const before = fault.requests.length;
    const client = clientFor();
    const error = await failure(client.project(undefined, { signal: AbortSignal.abort() }));
    assert.equal(error.kind, 'aborted');
    assert.equal(fault.requests.length, before);
    await client.close();
  });
});
