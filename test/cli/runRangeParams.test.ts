// `mxql run` on a dashboard query that reads `$etime`: the spawned CLI fills it from the run's range
// and the demo backend (over a loopback socket) answers with the rows of that window. A value given
// with --param or -- @param wins; a path run never sends a param.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoServer, type DemoServer, type MxqlRequest } from '../../demo/index';
import { defaultMxqlExecutorFactory } from '../../demo/defaultMxqlExecutor';
import { runCli, runRows } from '../support/cliProcess';
import { startFaultServer, type FaultServer } from '../support/faultServer';

const QUERY = 'TIME-RANGE {duration:15s, etime:$etime}\nCATEGORY app_counter\nTAGLOAD\n';

let dir: string;
let demo: DemoServer;
let fault: FaultServer;
/** Every MXQL request the demo backend received, as its executor saw it. */
const received: MxqlRequest[] = [];

const file = async (name: string, text: string) => {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
};

function apm(): { pcode: number; token: string } {
  const project = demo.projects.find((p) => p.productType === 'APM');
  assert.ok(project, 'the demo has an APM project');
  return project;
}

async function runOnDemo(args: readonly string[]) {
  const { pcode, token } = apm();
  return runCli(['run', ...args, '--base-url', demo.baseUrl, '--pcode', String(pcode), '--format', 'json'], {
    MXQL_PROJECT_TOKEN: token,
  });
}

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mxql-range-params-'));
  demo = await startDemoServer({
    mxqlExecutor: (data) => {
      const engine = defaultMxqlExecutorFactory(data);
      return (req, signal) => {
        received.push(req);
        return engine(req, signal);
      };
    },
  });
  fault = await startFaultServer();
});
after(async () => {
  await demo.close();
  await fault.close();
  await rm(dir, { recursive: true, force: true });
});

void describe('mxql run: $etime and $stime come from the time range', () => {
  void test('an unset $etime is sent as the range end and the demo answers with that window', async () => {
    const q = await file('dashboard.mxql', `-- @range 30m\n${QUERY}`);
    const r = await runOnDemo([q]);
    assert.equal(r.code, 0, r.stderr);
    const req = received.at(-1);
    assert.ok(req, 'the demo received no MXQL request');
    assert.equal(req.etime - req.stime, 30 * 60_000);
    assert.deepEqual(req.param, { $etime: String(req.etime) });
    assert.equal(req.mql, QUERY);
    const rows = runRows<{ time: number }>(r.stdout);
    assert.ok(rows.length > 0, 'no rows');
    for (const row of rows)
      assert.ok(
        row.time >= req.etime - 15_000 && row.time < req.etime,
        `time ${row.time} outside the window`,
      );
    assert.match(
      r.stderr,
      new RegExp(
        `dashboard\\.mxql: ok \\d+ rows? \\(\\d+ ms\\) · \\$etime = ${req.etime} from the time range · range [^\\n]*\\n$`,
      ),
    );
  });

  void test('$stime too, alongside other params; a value given with --param or -- @param wins', async () => {
    const stime = 1_767_225_600_000;
    const etime = stime + 3_600_000;
    const q = await file(
      'both.mxql',
      '-- @param $oid = 1\nTIME-RANGE {stime:$stime, duration:15s}\nCATEGORY app_counter\nOID [$oid]\nTAGLOAD\nFILTER {key: time, value: $etime}\n',
    );
    const range = ['--stime', String(stime), '--etime', String(etime)];
    const filled = await runOnDemo([q, ...range]);
    assert.equal(filled.code, 0, filled.stderr);
    assert.deepEqual(received.at(-1)?.param, {
      $oid: '1',
      $stime: String(stime),
      $etime: String(etime),
    });
    assert.match(filled.stderr, /· \$stime = 1767225600000, \$etime = 1767229200000 from the time range/);

    const given = await runOnDemo([q, ...range, '--param', 'etime=1767229000000']);
    assert.equal(given.code, 0, given.stderr);
    assert.deepEqual(received.at(-1)?.param, { $oid: '1', $stime: String(stime), $etime: '1767229000000' });
    assert.match(given.stderr, /· \$stime = 1767225600000 from the time range/);
    assert.doesNotMatch(given.stderr, /\$etime = /);

    await writeFile(q, `-- @param $stime = 1767225000000\n-- @param $etime = 1767229000000\n${QUERY}`);
    const declared = await runOnDemo([q, ...range]);
    assert.equal(declared.code, 0, declared.stderr);
    assert.deepEqual(received.at(-1)?.param, { $stime: '1767225000000', $etime: '1767229000000' });
    assert.doesNotMatch(declared.stderr, /from the time range/);
  });

  void test('a @path run sends no param to /mxql/path, even when the file also holds such text', async () => {
    fault.respondWith({ kind: 'json', body: [] });
    const q = await file('path.mxql', `-- @path /app/act_tx/act_tx_oid\n-- @pcode 88\n${QUERY}`);
    const r = await runCli(['run', q, '--base-url', fault.url], { MXQL_PROJECT_TOKEN: 'path-token' });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(fault.requests.at(-1)?.url, '/open/api/flush/mxql/path');
    const body = JSON.parse(fault.requests.at(-1)?.body ?? '{}') as Record<string, unknown>;
    assert.deepEqual(body['param'], {});
    assert.doesNotMatch(r.stderr, /from the time range/);
  });
});
