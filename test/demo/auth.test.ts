import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDemoServer, type DemoServer } from '../../demo/index';
import { FIXED_NOW, call, errorOf, projectOf } from './demoClient';

void describe('demo server authentication', () => {
  let server: DemoServer;
  before(async () => {
    server = await startDemoServer({ seed: 7, now: () => FIXED_NOW });
  });
  after(() => server.close());

  void it('issues clearly fake tokens', () => {
    assert.match(server.accountToken, /^demo-account-[0-9a-f]+$/);
    for (const p of server.projects) assert.match(p.token, new RegExp(`^demo-project-${p.pcode}-[0-9a-f]+$`));
  });

  void it('401 without a token and with an unknown token', async () => {
    const none = await call(`${server.baseUrl}/open/api/json/spot`, {});
    assert.equal(none.status, 401);
    assert.equal(errorOf(none).code, 'auth/missing-token');
    const wrong = await call(`${server.baseUrl}/open/api/json/groups`, { token: 'demo-account-nope' });
    assert.equal(wrong.status, 401);
    assert.equal(errorOf(wrong).code, 'auth/invalid-token');
  });

  void it('403 for a project token on an account endpoint and vice versa', async () => {
    const apm = projectOf(server, 'APM');
    const r1 = await call(`${server.baseUrl}/open/api/json/groups`, apm);
    assert.equal(r1.status, 403);
    assert.equal(errorOf(r1).code, 'auth/needs-account-token');
    const r2 = await call(`${server.baseUrl}/open/api/json/spot`, { token: server.accountToken });
    assert.equal(r2.status, 403);
    assert.equal(errorOf(r2).code, 'auth/needs-project-token');
  });

  void it('403 when x-service-pcode is missing or not the token project', async () => {
    const apm = projectOf(server, 'APM');
    const other = server.projects.find((p) => p.pcode !== apm.pcode);
    assert.ok(other);
    const missing = await call(`${server.baseUrl}/open/api/tps`, { token: apm.token });
    assert.equal(missing.status, 403);
    assert.equal(errorOf(missing).code, 'auth/missing-pcode');
    const mismatch = await call(`${server.baseUrl}/open/api/tps`, { token: apm.token, pcode: other.pcode });
    assert.equal(mismatch.status, 403);
    assert.equal(errorOf(mismatch).code, 'auth/pcode-mismatch');
  });

  void it('accepts the right token and pcode', async () => {
    const apm = projectOf(server, 'APM');
    const ok = await call(`${server.baseUrl}/open/api/tps`, apm);
    assert.equal(ok.status, 200);
    assert.equal(typeof ok.body, 'number');
  });

  void it('never echoes a token in an error', async () => {
    const apm = projectOf(server, 'APM');
    const r = await call(`${server.baseUrl}/open/api/json/groups`, apm);
    assert.ok(!r.text.includes(apm.token));
  });
});
