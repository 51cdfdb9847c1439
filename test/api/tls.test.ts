// HTTPS over real sockets with a self-signed loopback certificate (test/api/fixtures, valid for
// 127.0.0.1 and localhost; a test-only key): strict SSL refuses it with a clear error, strictSSL
// false accepts it, and an HTTPS request through the proxy travels in a CONNECT tunnel end to end.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { once } from 'node:events';
import { join } from 'node:path';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { createOpenApiClient, OpenApiError } from '../../api/index';
import { startProxyServer, type ProxyServer } from '../support/proxyServer';

const TOKEN = 'tls-project-token-4411';
const fixtures = join(__dirname, 'fixtures');
let server: Server;
let url: string;
let proxy: ProxyServer;
const seenTokens: (string | undefined)[] = [];

before(async () => {
  server = createServer(
    {
      key: readFileSync(join(fixtures, 'loopback-key.pem')),
      cert: readFileSync(join(fixtures, 'loopback-cert.pem')),
    },
    (req, res) => {
      seenTokens.push(req.headers['x-service-token'] as string | undefined);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name: 'secure project' }));
    },
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy = await startProxyServer();
});
after(async () => {
  server.closeAllConnections();
  server.close();
  await Promise.all([once(server, 'close'), proxy.close()]);
});

const clientFor = (strictSSL: boolean, proxyUrl?: string) =>
  createOpenApiClient({
    baseUrl: url,
    projectToken: TOKEN,
    pcode: 5,
    retry: { attempts: 1 },
    proxy: { strictSSL, env: {}, ...(proxyUrl ? { url: proxyUrl } : {}) },
  });

void describe('HTTPS', () => {
  void test('a TLS handshake that never completes hits the connect timeout', async () => {
    // A TCP listener that accepts and stays silent: the connection opens but TLS never does.
    const accepted: Socket[] = [];
    const silent = createNetServer((socket) => void accepted.push(socket));
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const client = createOpenApiClient({
      baseUrl: `https://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      projectToken: TOKEN,
      pcode: 5,
      retry: { attempts: 1 },
      timeouts: { connectMs: 200 },
      proxy: { env: {} },
    });
    await assert.rejects(
      client.project(),
      (e: unknown) =>
        e instanceof OpenApiError &&
        e.kind === 'timeout' &&
        /could not connect within 200 ms/.test(e.message),
    );
    await client.close();
    accepted.forEach((socket) => socket.destroy());
    silent.close();
    await once(silent, 'close');
  });

  void test('strict SSL refuses an untrusted certificate with a clear error', async () => {
    const client = clientFor(true);
    await assert.rejects(
      client.project(),
      (e: unknown) =>
        e instanceof OpenApiError &&
        e.kind === 'network' &&
        /TLS certificate was not accepted/.test(e.message),
    );
    await client.close();
  });

  void test('strictSSL false accepts it and the token travels encrypted', async () => {
    const client = clientFor(false);
    assert.deepEqual(await client.project(), { name: 'secure project' });
    assert.equal(seenTokens.at(-1), TOKEN);
    await client.close();
  });

  void test('an HTTPS request goes through the proxy in a CONNECT tunnel', async () => {
    const before = proxy.seen.length;
    const client = clientFor(false, proxy.url);
    assert.deepEqual(await client.project(), { name: 'secure project' });
    assert.deepEqual(proxy.seen.slice(before), [`CONNECT ${new URL(url).host}`]);
    await client.close();
  });
});
