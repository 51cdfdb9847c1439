// `mxql api` as a user runs it: listing, help, calls against the demo and a loopback server,
// formats, exit codes, and tokens kept out of the output.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { endpoints } from '../../api/index';
import { assertOneLine, runCli } from '../support/cliProcess';
import { startFaultServer, type FaultServer } from '../support/faultServer';

const PROJECT = 'cli-api-project-token-51d2';
const ACCOUNT = 'cli-api-account-token-93e0';

/** Runs `mxql api` with these arguments. */
const mxql = (args: string[], env: Record<string, string> = {}) => runCli(['api', ...args], env);

let fault: FaultServer;
before(async () => {
  fault = await startFaultServer();
});
after(async () => {
  await fault.close();
});
const tokens = { MXQL_PROJECT_TOKEN: PROJECT, MXQL_ACCOUNT_TOKEN: ACCOUNT };
const remote = () => ['--base-url', fault.url, '--pcode', '31'];

void describe('mxql api: listing and help', () => {
  void test('--list shows every endpoint of the table', async () => {
    const r = await mxql(['--list', '--format', 'json']);
    assert.equal(r.code, 0);
    const list = JSON.parse(r.stdout) as { id: string; path: string }[];
    assert.deepEqual(
      list.map((e) => e.id),
      endpoints.map((e) => e.id),
    );
    const table = await mxql(['--list']);
    assert.match(table.stdout, /^id +method +host +path/);
    assert.match(table.stdout, /sqlStatTopN +GET +base +\/open\/api\/json\/db\/statistics\/sql/);
  });

  void test('--help and per-endpoint help', async () => {
    const r = await mxql(['--help']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /Usage: mxql api <endpoint>/);
    const e = await mxql(['sqlStatTopN', '--help']);
    assert.equal(e.code, 0);
    assert.match(e.stdout, /GET \{base_url\}\/open\/api\/json\/db\/statistics\/sql/);
    assert.match(e.stdout, /topN +optional +Top N \(1 to 1000\) \[default 10\]/);
    assert.match(e.stdout, /order +optional .*\(sql_execute_cnt\|sql_elapse\|sql_elapse_max\)/);
  });
});

void describe('mxql api against the demo', () => {
  void test('spot as JSON', async () => {
    const r = await mxql(['spot', '--demo', '--format', 'json']);
    assert.equal(r.code, 0, r.stderr);
    const spot = JSON.parse(r.stdout) as Record<string, unknown>;
    assert.equal(typeof spot['pcode'], 'number');
    assert.equal(typeof spot['tps'], 'string');
  });

  void test('agents as a table and projects as CSV (account token)', async () => {
    const r = await mxql(['agents', '--demo']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^host_ip +oname +active\n/);
    const p = await mxql(['projects', '--demo', '--format', 'csv']);
    assert.equal(p.code, 0, p.stderr);
    assert.match(p.stdout, /^groupName,projectCode,projectName,/);
  });

  void test('parameters from key=value, with relative times; a bare number prints as a value', async () => {
    const r = await mxql([
      'exception',
      'stime=now-30m',
      'etime=now',
      'filter=m5',
      '--demo',
      '--format',
      'json',
    ]);
    assert.equal(r.code, 0, r.stderr);
    const v = JSON.parse(r.stdout) as { records: unknown[]; total: number };
    assert.equal(v.records.length, v.total);
    const tps = await mxql(['spotTps', '--demo']);
    assert.equal(tps.code, 0, tps.stderr);
    assert.match(tps.stdout, /^value\n-+\n *\d+(\.\d+)?\n$/);
  });

  void test('a per-agent series prints one row per point, as the results grid shows it', async () => {
    const r = await mxql(['metricSeries', 'metric=tps', 'stime=now-30m', 'etime=now', '--demo']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^time +oid +oname +value\n/);
    assert.ok(r.stdout.trim().split('\n').length > 3, r.stdout);
  });

  void test('MXQL through api with a JSON param object', async () => {
    const r = await mxql([
      'mxqlText',
      'mql=CATEGORY app_counter\nOID [$oid]\nTAGLOAD',
      'limit=5',
      'param={"$oid":"1"}',
      '--demo',
      '--format',
      'json',
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), []);
  });
});

void describe('mxql api: wire and errors', () => {
  void test('a project endpoint on a given base URL sends the env token and pcode, never prints it', async () => {
    fault.respondWith({ kind: 'json', body: { records: [], total: 0 } });
    const r = await mxql(['sql', 'stime=1700000000000', 'etime=1700000300000', ...remote()], tokens);
    assert.equal(r.code, 0, r.stderr);
    const req = fault.requests.at(-1);
    assert.equal(req?.url, '/open/api/json/sql/1700000000000/1700000300000');
    assert.equal(req?.headers['x-service-token'], PROJECT);
    assert.equal(req?.headers['x-service-pcode'], '31');
    assert.ok(!r.stdout.includes(PROJECT));
  });

  void test('--service-url routes the second-host endpoints; --example-path picks the example path', async () => {
    fault.respondWith({ kind: 'json', body: { pname: 'p', values: { a: 1 } } });
    const r = await mxql(
      ['infraCpu', '--base-url', 'http://127.0.0.1:9', '--service-url', fault.url, '--pcode', '3'],
      tokens,
    );
    assert.equal(r.code, 0, r.stderr);
    assert.equal(fault.requests.at(-1)?.url, '/open/json/infra_cpu');
    fault.respondWith({ kind: 'json', body: { data: [], total: 0 } });
    const g = await mxql(['groups', '--base-url', fault.url, '--example-path'], tokens);
    assert.equal(g.code, 0, g.stderr);
    assert.equal(fault.requests.at(-1)?.url, '/open/api/v2/json/groups');
    assert.equal(fault.requests.at(-1)?.headers['x-service-token'], ACCOUNT);
  });

  void test('an HTTP error exits 1 with one redacted line', async () => {
    fault.respondWith({ kind: 'echoToken', status: 403 });
    const r = await mxql(['spot', ...remote()], tokens);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /^mxql api: error: Reading the live values failed: HTTP 403.*Wrong kind of token/);
    assert.ok(!r.stderr.includes(PROJECT));
    assertOneLine(r.stderr);
  });

  const usage: [string, string[], Record<string, string>, RegExp][] = [
    ['no endpoint', [], {}, /name an endpoint/],
    ['an unknown endpoint', ['nope', '--demo'], {}, /unknown endpoint 'nope'/],
    ['an unknown parameter', ['spot', 'x=1', '--demo'], {}, /spot has no parameter 'x'/],
    ['a malformed pair', ['exception', 'stime', '--demo'], {}, /parameters are name=value/],
    ['a limit', ['heapUse', 'stime=now-2h', 'etime=now', '--demo'], {}, /heap_use range of at most 1 hour/],
    [
      'topN out of range',
      ['sqlStatTopN', 'oids=1', 'period=day', 'date=20261101', 'topN=5000', '--demo'],
      {},
      /topN limit: must be 1 to 1000/,
    ],
    [
      'a missing required parameter',
      ['dbParams', 'oid=1', '--demo'],
      {},
      /missing required parameter baseTime, comparisonTime/,
    ],
    ['an unknown demo project', ['spot', '--demo', '--pcode', '99999'], {}, /the demo has no project 99999/],
    [
      'no account token',
      ['projects', '--base-url', 'http://127.0.0.1:9'],
      { MXQL_PROJECT_TOKEN: PROJECT },
      /set MXQL_ACCOUNT_TOKEN/,
    ],
    ['no pcode', ['spot', '--base-url', 'http://127.0.0.1:9'], tokens, /needs --pcode N/],
    ['bad JSON for inject', ['mxqlText', 'mql=x', 'inject={', '--demo'], {}, /inject takes a JSON object/],
  ];
  for (const [name, args, env, expected] of usage) {
    void test(`usage error: ${name}`, async () => {
      const r = await mxql(args, env);
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, expected);
      assertOneLine(r.stderr);
    });
  }
});
