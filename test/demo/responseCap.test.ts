// The demo's response-size cap: a handler whose answer would exceed CAPS.responseBytes (or the
// longest string V8 can build) gets a 400 that names the cap instead of a crash or a 64 MB+ body.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startDemoServer } from '../../demo/index';
import { CAPS } from '../../demo/http/caps';
import { call, mxqlBody } from './demoClient';

void test('a response over the byte cap is a 400 naming the cap, and the server keeps serving', async () => {
  const wide = 'x'.repeat(1024 * 1024);
  const rows = Math.ceil(CAPS.responseBytes / wide.length) + 1;
  const demo = await startDemoServer({
    mxqlExecutor: () => (req) =>
      Promise.resolve(req.mql.includes('huge') ? Array.from({ length: rows }, () => ({ wide })) : [{ a: 1 }]),
  });
  try {
    const project = demo.projects[0];
    assert.ok(project);
    const creds = { token: project.token, pcode: project.pcode };
    const url = `${demo.baseUrl}/open/api/flush/mxql/text`;
    const huge = await call(url, creds, { body: mxqlBody('CATEGORY huge') });
    assert.equal(huge.status, 400);
    assert.deepEqual(huge.body, {
      status: 400,
      code: 'limit/response-bytes',
      message:
        "The response would exceed the demo's cap of 67,108,864 bytes. Narrow the range or lower the limit.",
    });
    const small = await call(url, creds, { body: mxqlBody('CATEGORY small') });
    assert.equal(small.status, 200);
  } finally {
    await demo.close();
  }
});
