// The fault table (test/support/faultCases.ts) against the client over real loopback sockets: every
// fault becomes its typed error with an actionable sentence, gzip and deflate bodies decode, and a
// redirect never carries the token to another host. Plus the one case only HTTPS can show: a
// same-host HTTPS redirect is followed.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createOpenApiClient, OpenApiError, timeoutsFor } from '../../api/index';
import { FAULT_CASES, FAULT_TIMEOUT_MS } from '../support/faultCases';
import { refusedPort, startFaultServer, type FaultServer } from '../support/faultServer';
import { recordUnhandledRejections } from '../support/unhandledRejections';

const TOKEN = 'fault-table-token-5521';
const unhandled = recordUnhandledRejections();
let fault: FaultServer;
let other: FaultServer;

before(async () => {
  [fault, other] = await Promise.all([startFaultServer(), startFaultServer()]);
});
after(async () => {
  await Promise.all([fault.close(), other.close()]);
  unhandled.assertNone();
});

const request = { stime: Date.now() - 3_600_000, etime: Date.now(), mql: 'CATEGORY app_counter', limit: 10 };

function clientFor(baseUrl: string, extra: { strictSSL?: boolean } = {}) {
  return createOpenApiClient({
    baseUrl,
    projectToken: TOKEN,
    pcode: 42,
    retry: { attempts: 1 },
    timeouts: timeoutsFor(FAULT_TIMEOUT_MS),
    proxy: { env: {}, ...extra },
  });
}

void describe('the fault table against the client', () => {
  for (const c of FAULT_CASES) {
    void test(c.name, async () => {
      fault.respondWith(...c.faults({ self: fault.url, other: `http://localhost:${other.port}` }));
      const seenByOther = other.requests.length;
      const baseUrl = c.refused ? `http://127.0.0.1:${await refusedPort()}` : fault.url;
      const client = clientFor(baseUrl);
      try {
        const outcome = await client.mxqlText(request).then(
          (rows) => ({ rows }),
          (error: unknown) => ({ error }),
        );
        if ('rows' in c.expect) {
          assert.ok('rows' in outcome, `expected rows, got ${String((outcome as { error: unknown }).error)}`);
          assert.equal(outcome.rows.length, c.expect.rows);
          assert.equal(fault.requests.at(-1)?.headers['accept-encoding'], 'gzip, deflate');
          return;
        }
        assert.ok('error' in outcome, 'expected a failure');
        const error = outcome.error;
        assert.ok(error instanceof OpenApiError, String(error));
        assert.equal(error.kind, c.expect.kind, error.message);
        if (c.expect.status !== undefined) assert.equal(error.status, c.expect.status);
        assert.match(error.message, c.expect.message);
        assert.ok(error.hint, 'every fault says what to do');
        assert.ok(!error.message.includes(TOKEN));
        if (c.otherUntouched)
          assert.equal(other.requests.length, seenByOther, 'the other host got a request');
      } finally {
        await client.close();
      }
    });
  }
});

void describe('redirects over HTTPS', () => {
  let secure: FaultServer;
  before(async () => {
    secure = await startFaultServer({ tls: true });
  });
  after(() => secure.close());

  void test('a same-host HTTPS redirect is followed, with the token, keeping the method', async () => {
    secure.respondWith(
      { kind: 'redirect', status: 307, location: '/moved/mxql' },
      { kind: 'json', body: [{ time: 1 }] },
    );
    const client = clientFor(secure.url, { strictSSL: false });
    const rows = await client.mxqlText(request);
    assert.equal(rows.length, 1);
    const [first, second] = secure.requests.slice(-2);
    assert.equal(second?.url, '/moved/mxql');
    assert.equal(second?.method, 'POST');
    assert.equal(second?.body, first?.body);
    assert.equal(second?.headers['x-service-token'], TOKEN);
    await client.close();
  });

  void test('an HTTPS redirect to another host or down to HTTP is refused and names the target', async () => {
    const client = clientFor(secure.url, { strictSSL: false });
    const seen = other.requests.length;
    secure.respondWith({ kind: 'redirect', status: 301, location: `https://localhost:${other.port}/x` });
    const away = await client.mxqlText(request).catch((e: unknown) => e);
    assert.ok(away instanceof OpenApiError && away.kind === 'redirect', String(away));
    assert.match(away.message, /another host, https:\/\/localhost:\d+\/x/);
    secure.respondWith({
      kind: 'redirect',
      status: 308,
      location: secure.url.replace('https:', 'http:') + '/y',
    });
    const down = await client.mxqlText(request).catch((e: unknown) => e);
    assert.ok(down instanceof OpenApiError && down.kind === 'redirect', String(down));
    assert.match(down.message, /only between HTTPS addresses/);
    assert.equal(other.requests.length, seen);
    await client.close();
  });

  void test('a redirect loop stops after a few hops', async () => {
    secure.respondWith({ kind: 'redirect', status: 302, location: '/again' });
    const client = clientFor(secure.url, { strictSSL: false });
    const error = await client.project().catch((e: unknown) => e);
    assert.ok(error instanceof OpenApiError && error.kind === 'redirect', String(error));
    assert.match(error.message, /more than 3 redirects/);
    await client.close();
  });
});

void describe('content encodings the client cannot use', () => {
  const expectFailure = async (
    client: ReturnType<typeof clientFor>,
    kind: string,
    message: RegExp,
  ): Promise<void> => {
    const error = await client.mxqlText(request).catch((e: unknown) => e);
    assert.ok(error instanceof OpenApiError, String(error));
    assert.equal(error.kind, kind, error.message);
    assert.match(error.message, message);
  };

  const unusable: [string, string, string, RegExp][] = [
    [
      'a corrupt gzip body',
      'not gzip at all',
      'gzip',
      /gzip-encoded response could not be decoded.*check the proxy/,
    ],
    [
      'an encoding not asked for',
      '[]',
      'compress',
      /content encoding 'compress', which the client did not ask for/,
    ],
  ];
  for (const [name, body, encoding, message] of unusable) {
    void test(`${name} is invalid-encoding`, async () => {
      const headers = { 'content-encoding': encoding };
      fault.respondWith({ kind: 'text', body, contentType: 'application/json', headers });
      const client = clientFor(fault.url);
      await expectFailure(client, 'invalid-encoding', message);
      await client.close();
    });
  }

  void test('a gzip body that expands past the size cap is too-large (no zip bomb)', async () => {
    fault.respondWith({ kind: 'encoded', body: [{ text: 'x'.repeat(2_000_000) }], encoding: 'gzip' });
    const client = createOpenApiClient({
      baseUrl: fault.url,
      projectToken: TOKEN,
      pcode: 42,
      retry: { attempts: 1 },
      maxResponseBytes: 100_000,
    });
    await expectFailure(client, 'too-large', /gzip response expands beyond the size cap of 100000 bytes/);
    await client.close();
  });
});
