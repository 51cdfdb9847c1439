// The demo backend as the extension runs it: a child process over IPC. Its connection, counters and
// events reach the host; a crash is reported once with a sentence, keeps failing until restarted
// (so views can show it), and a restart brings a working demo on new ports.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { join } from 'node:path';
import { DemoHost } from '../../client/src/profiles/demoHost';
import { REPO_ROOT } from '../support/cliProcess';

const crashes: string[] = [];
let changes = 0;
const host = new DemoHost({
  cliPath: join(REPO_ROOT, 'cli', 'main.ts'),
  execArgv: ['--import', 'tsx'],
  onCrash: (message) => crashes.push(message),
});
host.onDidChange(() => changes++);
after(() => host.stop());

async function projectStatus(baseUrl: string, token: string, pcode: number): Promise<number> {
  const res = await fetch(`${baseUrl}/open/api/json/project`, {
    headers: { 'x-service-token': token, 'x-service-pcode': String(pcode) },
  });
  await res.text();
  return res.status;
}

void describe('DemoHost', () => {
  void test('serves from a child process, with counters and events', async () => {
    const demo = await host.server();
    assert.notEqual(demo.pid, process.pid);
    assert.equal(await host.server(), demo, 'one process per host');
    const project = demo.projects[0];
    assert.ok(project);
    const before = demo.stats.requests;
    assert.equal(await projectStatus(demo.baseUrl, project.token, project.pcode), 200);
    const aborted = once(demo.events, 'requestAborted');
    const controller = new AbortController();
    const slow = fetch(`${demo.baseUrl}/open/api/flush/mxql/path`, {
      method: 'POST',
      headers: {
        'x-service-token': project.token,
        'x-service-pcode': String(project.pcode),
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        stime: 0,
        etime: 60_000,
        mql: '/demo/slow',
        limit: 1,
        pageKey: 'mxql',
        param: {},
      }),
      signal: controller.signal,
    }).catch(() => undefined);
    await once(demo.events, 'slowQueryStarted');
    controller.abort();
    await slow;
    await aborted;
    assert.ok(demo.stats.requests >= before + 2, JSON.stringify(demo.stats));
    assert.equal(demo.stats.abortedRequests, 1);
  });

  void test('a crash is reported, shown until restarted, and a restart serves again', async () => {
    const demo = await host.server();
    // A missing pid must fail here: process.kill(0) would signal this whole process group.
    assert.ok(demo.pid !== undefined && demo.pid > 0, 'the demo child has no pid');
    process.kill(demo.pid, 'SIGKILL');
    const deadline = Date.now() + 10_000;
    while (crashes.length === 0) {
      assert.ok(Date.now() < deadline, 'no crash reported within 10 s of SIGKILL');
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.match(crashes[0] ?? '', /^The demo backend stopped unexpectedly \(signal SIGKILL\)\. Restart it/);
    assert.ok(host.crashed);
    assert.ok(changes >= 1);
    await assert.rejects(host.server(), /stopped unexpectedly/);
    await assert.rejects(host.server(), /stopped unexpectedly/, 'stays visible until restarted');
    await host.restartIfCrashed();
    const again = await host.server();
    assert.notEqual(again.pid, demo.pid);
    const project = again.projects[0];
    assert.ok(project);
    assert.equal(await projectStatus(again.baseUrl, project.token, project.pcode), 200);
    assert.equal(crashes.length, 1);
  });

  void test('stop ends the child without reporting a crash', async () => {
    const demo = await host.server();
    const pid = demo.pid;
    assert.ok(pid !== undefined && pid > 0, 'the demo child has no pid');
    await host.stop();
    assert.throws(() => process.kill(pid, 0), /ESRCH/);
    assert.equal(crashes.length, 1);
  });
});
