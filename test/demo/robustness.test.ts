import assert from 'node:assert/strict';
import { once } from 'node:events';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { startDemoServer, type DemoServer } from '../../demo/index';
import { FIXED_NOW, call, errorOf, projectOf } from './demoClient';

void describe('demo server robustness', () => {
  let server: DemoServer;
  let apm: { token: string; pcode: number };
  const mxql = () => `${server.baseUrl}/open/api/flush/mxql/text`;
  before(async () => {
    server = await startDemoServer({ seed: 23, now: () => FIXED_NOW });
    apm = projectOf(server, 'APM', 'Order');
  });
  after(() => server.close());

  void it('404 JSON for an unknown path', async () => {
    const reply = await call(`${server.baseUrl}/open/api/json/nothing`, apm);
    assert.equal(reply.status, 404);
    assert.match(reply.headers.get('content-type') ?? '', /application\/json/);
    assert.equal(errorOf(reply).code, 'not-found/path');
  });

  void it('405 JSON with Allow for a wrong method', async () => {
    const reply = await call(mxql(), apm, { method: 'GET' });
    assert.equal(reply.status, 405);
    assert.equal(reply.headers.get('allow'), 'POST');
    assert.equal(errorOf(reply).code, 'method-not-allowed');
    const del = await call(`${server.baseUrl}/open/api/json/spot`, apm, { method: 'DELETE' });
    assert.equal(del.status, 405);
  });

  void it('400 JSON for a malformed JSON body', async () => {
    const reply = await call(mxql(), apm, { rawBody: '{"stime": 1,' });
    assert.equal(reply.status, 400);
    assert.equal(errorOf(reply).code, 'body/malformed-json');
  });

  void it('400 for a body that is not an object, 415 for a non-JSON content type', async () => {
    assert.equal(errorOf(await call(mxql(), apm, { rawBody: '[1,2]' })).code, 'body/missing');
    assert.equal(errorOf(await call(mxql(), apm, { rawBody: '' })).code, 'body/missing');
    const form = await call(mxql(), apm, {
      rawBody: 'a=1',
      contentType: 'application/x-www-form-urlencoded',
    });
    assert.equal(form.status, 415);
  });

  void it('413 JSON for a huge body', async () => {
    const huge = JSON.stringify({ mql: 'x'.repeat(2 * 1024 * 1024) });
    const reply = await call(mxql(), apm, { rawBody: huge });
    assert.equal(reply.status, 413);
    assert.equal(errorOf(reply).code, 'body/too-large');
  });

  void it('413 for a chunked body that grows past the cap', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(mxql(), {
        method: 'POST',
        headers: {
          'x-service-token': apm.token,
          'x-service-pcode': String(apm.pcode),
          'content-type': 'application/json',
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      const chunk = Buffer.alloc(256 * 1024, 0x20);
      for (let i = 0; i < 6; i++) req.write(chunk);
      req.end();
    });
    assert.equal(status, 413);
  });

  void it('survives a bad percent-encoding in the path', async () => {
    const reply = await call(`${server.baseUrl}/open/api/json/group/%E0%A4%A/members`, {
      token: server.accountToken,
    });
    assert.equal(reply.status, 404);
    const after_ = await call(`${server.baseUrl}/open/api/tps`, apm);
    assert.equal(after_.status, 200);
  });

  void it('serves two independent servers side by side and closes keep-alive connections', async () => {
    const other = await startDemoServer({ seed: 23, now: () => FIXED_NOW });
    assert.notEqual(other.baseUrl, server.baseUrl);
    // fetch keeps the connection alive; close() must still resolve promptly.
    const reply = await call(`${other.baseUrl}/open/api/tps`, projectOf(other, 'APM', 'Order'));
    assert.equal(reply.status, 200);
    await other.close();
    await assert.rejects(fetch(`${other.baseUrl}/open/api/tps`));
  });

  void it('fails to start on a taken port without leaving a listener behind', async () => {
    const port = Number(new URL(server.baseUrl).port);
    await assert.rejects(startDemoServer({ port }), /EADDRINUSE/);
  });

  void it('close() ends an in-flight slow query instead of waiting for it', async () => {
    const slow = await startDemoServer({ seed: 23, now: () => FIXED_NOW, slowMs: 600_000 });
    const slowApm = projectOf(slow, 'APM', 'Order');
    const started = once(slow.events, 'slowQueryStarted');
    const aborted = once(slow.events, 'requestAborted');
    const pending = call(`${slow.baseUrl}/open/api/flush/mxql/text`, slowApm, {
      body: {
        stime: FIXED_NOW - 60_000,
        etime: FIXED_NOW,
        mql: 'CATEGORY demo_slow',
        limit: 1,
        pageKey: 'mxql',
      },
    });
    await started;
    await slow.close();
    await assert.rejects(pending);
    await aborted;
    assert.equal(slow.stats.abortedRequests, 1);
  });

  void it('keeps serving when an event listener throws', async () => {
    const noisy = await startDemoServer({ seed: 23, now: () => FIXED_NOW, slowMs: 1 });
    try {
      noisy.events.on('slowQueryStarted', () => {
        throw new Error('listener failure');
      });
      const noisyApm = projectOf(noisy, 'APM', 'Order');
      const reply = await call(`${noisy.baseUrl}/open/api/flush/mxql/path`, noisyApm, {
        body: { stime: FIXED_NOW - 60_000, etime: FIXED_NOW, mql: '/demo/slow', limit: 1, pageKey: 'mxql' },
      });
      assert.equal(reply.status, 200);
    } finally {
      await noisy.close();
    }
  });

  void it('answers the same bytes for the same seed and clock', async () => {
    const twin = await startDemoServer({ seed: 23, now: () => FIXED_NOW });
    try {
      const twinApm = projectOf(twin, 'APM', 'Order');
      assert.deepEqual(twinApm, apm);
      const S = FIXED_NOW - 3_600_000;
      for (const path of [
        '/open/api/json/spot',
        `/open/api/json/sql/${S}/${FIXED_NOW}`,
        `/open/api/json/tps/${S}/${FIXED_NOW}`,
      ]) {
        const a = await call(`${server.baseUrl}${path}`, apm);
        const b = await call(`${twin.baseUrl}${path}`, twinApm);
        assert.equal(a.text, b.text, path);
      }
    } finally {
      await twin.close();
    }
  });
});
