import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, it } from 'node:test';

const root = join(__dirname, '..', '..');
const cli = join(root, 'cli', 'main.ts');

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function start(args: string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', 'tsx', cli, 'demo-server', ...args], { cwd: root });
}

async function finish(
  child: ChildProcessWithoutNullStreams,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}

void describe('mxql demo-server', () => {
  void it('prints one JSON line, serves the API, and stops cleanly on SIGTERM', async () => {
    const child = start(['--seed', '5']);
    const lines = createInterface({ input: child.stdout });
    const [first] = (await once(lines, 'line')) as [string];
    const info = JSON.parse(first) as {
      baseUrl: string;
      serviceUrl: string;
      accountToken: string;
      projects: { pcode: number; name: string; token: string }[];
    };
    assert.deepEqual(Object.keys(info), ['baseUrl', 'serviceUrl', 'accountToken', 'projects']);
    assert.match(info.baseUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.match(info.serviceUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.ok(info.projects.length >= 6);
    for (const p of info.projects) assert.deepEqual(Object.keys(p), ['pcode', 'name', 'token']);
    const project = info.projects[0]!;
    const res = await fetch(`${info.baseUrl}/open/api/tps`, {
      headers: { 'x-service-token': project.token, 'x-service-pcode': String(project.pcode) },
    });
    assert.equal(res.status, 200);
    await res.text();
    const more: string[] = [];
    lines.on('line', (l) => more.push(l));
    const closed = once(child, 'close') as Promise<[number | null, NodeJS.Signals | null]>;
    child.kill('SIGTERM');
    const [code] = await closed;
    assert.equal(code, 0);
    assert.deepEqual(more, []);
    await assert.rejects(fetch(`${info.baseUrl}/open/api/tps`));
  });

  void it('--incident degrades the agent it names and says so in its line; a bad spec is a usage error', async () => {
    const child = start(['--incident', 'order-worker-02:resp_time*3@1h']);
    const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
    const info = JSON.parse(line) as { incident?: { oids: number[]; since: number; effects: object } };
    assert.equal(info.incident?.oids.length, 1);
    assert.deepEqual(info.incident?.effects, { resp_time: 3 });
    assert.ok(Math.abs((info.incident?.since ?? 0) - (Date.now() - 3_600_000)) < 60_000);
    child.kill('SIGTERM');
    assert.equal((await once(child, 'close'))[0], 0);
    const nobody = await finish(start(['--incident', 'nobody-99']));
    assert.equal(nobody.code, 2);
    assert.match(nobody.stderr, /--incident: no demo agent is named 'nobody-99'/);
    const malformed = await finish(start(['--incident', 'a:tps+2']));
    assert.equal(malformed.code, 2);
    assert.match(malformed.stderr, /--incident: an incident effect is metric\*N or metric\/N/);
  });

  void it('uses the given port and seed deterministically', async () => {
    const port = await freePort();
    const servicePort = await freePort();
    const a = start(['--seed', '9', '--port', String(port), '--service-port', String(servicePort)]);
    const [lineA] = (await once(createInterface({ input: a.stdout }), 'line')) as [string];
    const urls = JSON.parse(lineA) as { baseUrl: string; serviceUrl: string };
    assert.equal(urls.baseUrl, `http://127.0.0.1:${port}`);
    assert.equal(urls.serviceUrl, `http://127.0.0.1:${servicePort}`);
    a.kill('SIGINT');
    assert.equal((await once(a, 'close'))[0], 0);
    const b = start(['--seed=9']);
    const [lineB] = (await once(createInterface({ input: b.stdout }), 'line')) as [string];
    b.kill('SIGTERM');
    await once(b, 'close');
    const strip = (line: string) => {
      const { baseUrl: _b, serviceUrl: _s, ...rest } = JSON.parse(line) as Record<string, unknown>;
      return rest;
    };
    assert.deepEqual(strip(lineA), strip(lineB));
  });

  void it('prints help with exit 0', async () => {
    const result = await finish(start(['--help']));
    assert.equal(result.code, 0);
    assert.match(result.stdout, /Usage: mxql demo-server/);
  });

  void it('exits 2 on usage errors with a message', async () => {
    for (const args of [
      ['--port', 'abc'],
      ['--seed'],
      ['--bogus'],
      ['--port', '70000'],
      ['--service-port', '-1'],
    ]) {
      const result = await finish(start(args));
      assert.equal(result.code, 2, args.join(' '));
      assert.match(result.stderr, /mxql demo-server: /);
      assert.equal(result.stdout, '');
    }
  });
});
