// Failures name the call in words ("Running the query failed") rather than an endpoint id and path,
// which stay on the error for the log. Real requests to a loopback fault server.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createOpenApiClient, endpoints, isOpenApiError } from '../../api/index';
import { endpointActivity } from '../../api/endpointActivity';
import { startFaultServer, type FaultServer } from '../support/faultServer';

let fault: FaultServer;
before(async () => {
  fault = await startFaultServer();
});
after(() => fault.close());

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => assert.fail('expected a failure'),
    (e: unknown) => e,
  );
  assert.ok(isOpenApiError(error), String(error));
  return error;
}

void test('a 401 while running a query says "Running the query failed", the path only on the error', async () => {
  fault.respondWith({ kind: 'status', status: 401, body: '{"error":"unauthorized"}' });
  const client = createOpenApiClient({
    baseUrl: fault.url,
    projectToken: 'tok-1234',
    pcode: 7,
    retry: { attempts: 1 },
  });
  const now = Date.now();
  const error = await failureOf(
    client.mxqlText({ mql: 'CATEGORY x', stime: now - 60_000, etime: now, limit: 5 }),
  );
  assert.match(error.message, /^Running the query failed: HTTP 401\b/);
  assert.doesNotMatch(error.message, /mxqlText|\/open\//);
  assert.equal(error.endpointId, 'mxqlText');
  assert.equal(error.path, '/open/api/flush/mxql/text');
  await client.close();
});

void test('listing projects and other calls are named in words', async () => {
  fault.respondWith({ kind: 'status', status: 500 });
  const client = createOpenApiClient({
    baseUrl: fault.url,
    accountToken: 'acct-1234',
    retry: { attempts: 1 },
  });
  const error = await failureOf(client.projects());
  assert.match(error.message, /^Listing projects failed: HTTP 500/);
  await client.close();
});

void test('every endpoint has words: its own, or its title', () => {
  for (const spec of endpoints) {
    const words = endpointActivity(spec);
    assert.ok(words.length > 0 && !words.includes('/open/'), spec.id);
  }
  assert.equal(endpointActivity({ id: 'unknown', title: 'Heap usage' }), 'requesting "Heap usage"');
});
