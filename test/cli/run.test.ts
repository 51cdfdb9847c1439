// `mxql run` as a user runs it: a spawned CLI against the in-process demo (--demo) or a loopback
// server (--base-url), checking stdout formats, what was sent, exit codes and stderr.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertOneLine, runCli, runRows } from '../support/cliProcess';
import { startFaultServer, type Fault, type FaultServer } from '../support/faultServer';

const SECRET = 'cli-project-token-7f3a9c';

let dir: string;
let fault: FaultServer;
const file = async (name: string, text: string) => {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
};
const target = () => ['--base-url', fault.url, '--pcode', '77'];
const sent = () => JSON.parse(fault.requests.at(-1)?.body ?? '{}') as Record<string, unknown>;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mxql-run-'));
  fault = await startFaultServer();
});
after(async () => {
  await fault.close();
  await rm(dir, { recursive: true, force: true });
});

void describe('mxql run against the demo', () => {
  void test('--help prints usage and exits 0', async () => {
    const r = await runCli(['run', '--help']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /Usage: mxql run <file.mxql>/);
    assert.match(r.stdout, /--inject name=MXQL/);
  });

  void test('a result the limit cut says so, which end it kept and the --limit that returns all; JSON says it too', async () => {
    const q = await file(
      'cut.mxql',
      '-- @range 1h\nCATEGORY app_counter\nTAGLOAD\nSELECT [time, oname, tps, no_such_column]\n',
    );
    const r = await runCli(['run', q, '--demo', '--format', 'json']);
    assert.equal(r.code, 0, r.stderr);
    assertOneLine(r.stderr);
    assert.match(
      r.stderr,
      /ok 1000 rows \(\d+ ms\) · demo project \d+ .* · limit 1000 reached: kept the oldest rows \(complete up to \d\d:\d\d\); about \d+ rows in the range: --limit (\d+) returns them all · no row has no_such_column/,
    );
    const out = JSON.parse(r.stdout) as {
      rowCount: number;
      complete: boolean;
      cut: { kept: string; suggestedLimit: number };
      range: { stime: number; etime: number };
      pcode: number;
      missingColumns: string[];
      rows: unknown[];
    };
    assert.deepEqual(
      [out.rowCount, out.complete, out.cut.kept, out.missingColumns, out.rows.length],
      [1000, false, 'oldest', ['no_such_column'], 1000],
    );
    assert.equal(out.range.etime - out.range.stime, 3_600_000);
    assert.equal(typeof out.pcode, 'number');
    // The --limit it names does return every row.
    const all = await runCli([
      'run',
      q,
      '--demo',
      '--format',
      'json',
      '--limit',
      String(out.cut.suggestedLimit),
    ]);
    assert.equal((JSON.parse(all.stdout) as { complete: boolean }).complete, true, all.stderr);
    assert.doesNotMatch(all.stderr, /limit \d+ reached/);
  });

  void test('an empty result names its real cause: a FILTER that kept none, with the values that exist', async () => {
    const q = await file(
      'filtered.mxql',
      'CATEGORY app_counter\nTAGLOAD\nFILTER {key: oname, value: "nobody"}\n',
    );
    const r = await runCli(['run', q, '--demo']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stderr,
      /empty \(No rows: the FILTER on line 3 kept none of the rows before it\. oname holds: [^)]*:\d+/,
    );
    assert.doesNotMatch(r.stderr, /longer range/);
  });

  void test('a query prints rows as JSON, CSV and a table', async () => {
    const q = await file('tps.mxql', '-- @name TPS\n-- @range 30m\nCATEGORY app_counter\nTAGLOAD\n');
    const json = await runCli(['run', q, '--demo', '--format', 'json']);
    assert.equal(json.code, 0, json.stderr);
    const rows = runRows(json.stdout);
    assert.ok(rows.length > 0);
    assert.equal(typeof rows[0]?.['tps'], 'number');
    assert.match(
      json.stderr,
      /tps\.mxql: ok \d+ rows \(\d+ ms\) · demo project \d+ Storefront Web \(CATEGORY app_counter: /,
    );
    const csv = await runCli(['run', q, '--demo', '--format', 'csv']);
    assert.equal(csv.code, 0);
    const [header = '', first = ''] = csv.stdout.split('\n');
    assert.ok(header.split(',').includes('tps') && header.split(',').includes('oname'), header);
    assert.equal(first.split(',').length, header.split(',').length);
    const table = await runCli(['run', q, '--demo']);
    assert.equal(table.code, 0);
    assert.match(table.stdout.split('\n')[1] ?? '', /^-+( +-+)+$/);
  });

  void test("the file's @param restricts the query; a missing one is named", async () => {
    const q = await file('oid.mxql', 'CATEGORY app_counter\nOID [$oid]\nTAGLOAD\n');
    // Left unbound, an agent filter is skipped, as the service documents: every agent is read.
    const unbound = await runCli(['run', q, '--demo', '--format', 'json']);
    assert.equal(unbound.code, 0, unbound.stderr);
    const agents = new Set(runRows<{ oid: number }>(unbound.stdout).map((r) => r.oid));
    assert.ok(agents.size > 1, `${agents.size} agent`);
    // The same $oid in a FILTER is a value the query needs: refused, with the flag to type.
    const filtered = await file(
      'filtered.mxql',
      'CATEGORY app_counter\nTAGLOAD\nFILTER {key: oid, value: $oid}\n',
    );
    const missing = await runCli(['run', filtered, '--demo']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /missing value for \$oid.*--param '\$oid=value'/);
    assertOneLine(missing.stderr);
    const field = await file('field.mxql', 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, oname, $field]\n');
    const choices = await runCli(['run', field, '--demo']);
    assert.equal(choices.code, 2);
    assert.match(
      choices.stderr,
      /missing value for \$field; \$field \(column at that point\) such as \w+, \w+, \w+, \w+, \w+, … \(\d+ in all\)/,
    );
    assertOneLine(choices.stderr);
    const all = runRows<{ oid: number }>(
      (await runCli(['run', q.replace('oid.mxql', 'tps.mxql'), '--demo', '--format', 'json'])).stdout,
    );
    const oid = all[0]?.oid;
    assert.ok(oid !== undefined);
    await writeFile(q, `-- @param $oid = ${oid}\nCATEGORY app_counter\nOID [$oid]\nTAGLOAD\n`);
    const r = await runCli(['run', q, '--demo', '--format', 'json']);
    assert.equal(r.code, 0, r.stderr);
    const rows = runRows<{ oid: number }>(r.stdout);
    assert.ok(rows.length > 0 && rows.every((row) => row.oid === oid));
  });

  void test('a tag value is refused with the values its column holds, live; the first returns rows', async () => {
    const q = await file(
      'kind.mxql',
      'CATEGORY app_counter\nTAGLOAD\nFILTER {key: okindName, value: $kind}\n',
    );
    const refused = await runCli(['run', q, '--demo']);
    assert.equal(refused.code, 2);
    assertOneLine(refused.stderr);
    const listed = /\$kind \(value of okindName\) such as ([^:]+): add --param '\$kind=value'/.exec(
      refused.stderr,
    );
    assert.ok(listed, refused.stderr);
    const values = (listed[1] ?? '').replace(/, … \(\d+ in all\)$/, '').split(', ');
    // Independently: the values the same range's rows hold.
    const all = await file('all.mxql', 'CATEGORY app_counter\nTAGLOAD\n');
    const rows = runRows<{ okindName: string }>(
      (await runCli(['run', all, '--demo', '--format', 'json'])).stdout,
    );
    const held = new Set(rows.map((r) => r.okindName));
    assert.ok(
      values.length > 0 && values.every((v) => held.has(v)),
      `${values.join()} of ${[...held].join()}`,
    );
    const first = values[0] ?? '';
    const run = await runCli(['run', q, '--demo', '--format', 'json', '--param', `$kind=${first}`]);
    assert.equal(run.code, 0, run.stderr);
    const kept = runRows<{ okindName: string }>(run.stdout);
    assert.ok(kept.length > 0 && kept.every((r) => r.okindName === first));
  });

  void test('a query the service rejects exits 1 with one line', async () => {
    const q = await file('bad.mxql', 'CATEGORY app_counter\nTAGLOAD\nFROBNICATE\n');
    const r = await runCli(['run', q, '--demo']);
    assert.equal(r.code, 1);
    assert.match(
      r.stderr,
      /^mxql run: error: .*bad\.mxql:3:1: mxql\/unsupported-command Unknown command FROBNICATE \(line 3\)/,
    );
    assertOneLine(r.stderr);
  });
});

void describe('mxql run: what is sent', () => {
  void test('directives are applied and stripped; options override them', async () => {
    fault.respondWith({ kind: 'json', body: [{ a: 1 }] });
    const q = await file(
      'directives.mxql',
      '-- @name x\n-- @range 2h\n-- @limit 50\n-- @param $oid = 5\n-- @inject default = ORDER {key:[tps]}\n-- @inject default = LIMIT 3\nCATEGORY app_counter\nOID [$oid]\nTAGLOAD\n',
    );
    const r = await runCli(['run', q, ...target(), '--format', 'json'], { MXQL_PROJECT_TOKEN: SECRET });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(runRows(r.stdout), [{ a: 1 }]);
    const body = sent();
    assert.equal(fault.requests.at(-1)?.url, '/open/api/flush/mxql/text');
    assert.equal(fault.requests.at(-1)?.headers['x-service-pcode'], '77');
    assert.equal(body['mql'], 'CATEGORY app_counter\nOID [$oid]\nTAGLOAD\n');
    assert.equal(body['limit'], 50);
    assert.equal(body['pageKey'], 'mxql');
    assert.deepEqual(body['param'], { $oid: '5' });
    assert.deepEqual(body['inject'], { default: 'ORDER {key:[tps]}\nLIMIT 3' });
    assert.equal(Number(body['etime']) - Number(body['stime']), 2 * 3_600_000);

    const o = await runCli(
      [
        'run',
        q,
        ...target(),
        '--param',
        'oid=9',
        '--inject',
        'extra=LIMIT 1',
        '--limit',
        '7',
        '--stime',
        '1700000000000',
        '--etime',
        '1700000600000',
      ],
      { MXQL_PROJECT_TOKEN: SECRET },
    );
    assert.equal(o.code, 0, o.stderr);
    const b = sent();
    assert.deepEqual(b['param'], { $oid: '9' });
    assert.deepEqual(b['inject'], { default: 'ORDER {key:[tps]}\nLIMIT 3', extra: 'LIMIT 1' });
    assert.equal(b['limit'], 7);
    assert.equal(b['stime'], 1_700_000_000_000);
    assert.equal(b['etime'], 1_700_000_600_000);
  });

  void test('--line N sends only the query at that line, with the SUB it uses; a line past the end exits 2', async () => {
    fault.respondWith({ kind: 'json', body: [] });
    const q = await file(
      'two.mxql',
      [
        '-- @param $oid = 5',
        'CATEGORY app_counter',
        '',
        'TAGLOAD',
        '',
        'CATEGORY app_host',
        'OID [$oid]',
        'TAGLOAD',
        'JOIN {query: s, field: oid}',
        '',
        'SUB s',
        'CATEGORY app_counter',
        'TAGLOAD',
        'END',
        '',
      ].join('\n'),
    );
    const env = { MXQL_PROJECT_TOKEN: SECRET };
    const first = await runCli(['run', q, ...target(), '--line', '3'], env);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(sent()['mql'], 'CATEGORY app_counter\n\nTAGLOAD');
    const second = await runCli(['run', q, ...target(), '--line', '12'], env);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(
      sent()['mql'],
      'CATEGORY app_host\nOID [$oid]\nTAGLOAD\nJOIN {query: s, field: oid}\nSUB s\nCATEGORY app_counter\nTAGLOAD\nEND',
    );
    assert.deepEqual(sent()['param'], { $oid: '5' });
    const past = await runCli(['run', q, ...target(), '--line', '99'], env);
    assert.equal(past.code, 2);
    assert.match(past.stderr, /--line 99 is past the end/);
  });

  void test('a file with @path runs against /mxql/path with an empty param', async () => {
    fault.respondWith({ kind: 'json', body: [] });
    const q = await file(
      'path.mxql',
      '-- @path /app/act_tx/act_tx_oid\n-- @pcode 88\n-- @inject default = CREATE {key:_pk_, from:oid}\n',
    );
    const r = await runCli(['run', q, '--base-url', fault.url], { MXQL_PROJECT_TOKEN: SECRET });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, '(no rows)\n');
    assert.equal(fault.requests.at(-1)?.url, '/open/api/flush/mxql/path');
    assert.equal(fault.requests.at(-1)?.headers['x-service-pcode'], '88');
    const body = sent();
    assert.equal(body['mql'], '/app/act_tx/act_tx_oid');
    assert.deepEqual(body['param'], {});
    assert.deepEqual(body['inject'], { default: 'CREATE {key:_pk_, from:oid}' });
  });

  void test('an API error exits 1 and never prints the token', async () => {
    fault.respondWith({ kind: 'echoToken', status: 401 });
    const q = await file('plain.mxql', 'CATEGORY app_counter\n');
    const r = await runCli(['run', q, ...target()], { MXQL_PROJECT_TOKEN: SECRET });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /HTTP 401.*token is wrong or expired/);
    assert.ok(!r.stderr.includes(SECRET) && !r.stdout.includes(SECRET));
    assertOneLine(r.stderr);
  });

  void test('a lookup the service refuses leaves the refusal as planned: one line, no token', async () => {
    fault.respondWith({ kind: 'echoToken', status: 401 });
    const q = await file('lookup.mxql', 'CATEGORY app_counter\nTAGLOAD\nFILTER {key: type, value: $type}\n');
    const before = fault.requests.length;
    const r = await runCli(['run', q, ...target()], { MXQL_PROJECT_TOKEN: SECRET });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /missing value for \$type: add --param '\$type=value'/);
    assert.equal(fault.requests.length, before + 1, 'the lookup was asked of the service once');
    assert.match(fault.requests.at(-1)?.body ?? '', /GROUP \{pk: \\"type\\"\}/);
    assert.ok(!r.stderr.includes(SECRET));
    assertOneLine(r.stderr);
  });

  void test("a refused run says the service's words: its JSON message, a text body, or the status alone", async () => {
    const q = await file('refused.mxql', 'CATEGORY app_counter\n');
    const cases: [Fault, RegExp][] = [
      [
        { kind: 'json', status: 401, body: { code: 401, message: 'invalid token' } },
        /HTTP 401: invalid token\. The API token is wrong or expired/,
      ],
      [
        { kind: 'text', status: 403, body: 'Forbidden by the gateway policy.' },
        /HTTP 403: Forbidden by the gateway policy\. Wrong kind of token/,
      ],
      [{ kind: 'status', status: 401, body: '' }, /HTTP 401\. The API token is wrong or expired/],
    ];
    for (const [answer, said] of cases) {
      fault.respondWith(answer);
      const r = await runCli(['run', q, ...target()], { MXQL_PROJECT_TOKEN: SECRET });
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stderr, said);
      assert.doesNotMatch(r.stderr, /[{}]/);
      assert.ok(!r.stderr.includes(SECRET));
      assertOneLine(r.stderr);
    }
  });
});

void describe('mxql run: usage errors exit 2', () => {
  const cases: [string, string[], Record<string, string>, RegExp][] = [
    ['no file', ['run', '--demo'], {}, /give exactly one .mxql file/],
    ['a missing file', ['run', 'nope/missing.mxql', '--demo'], {}, /no such file/],
    ['an unknown option', ['run', 'x.mxql', '--frobnicate'], {}, /Unknown option '--frobnicate'/],
    [
      'a bad format',
      ['run', 'FILE', '--demo', '--format', 'xml'],
      {},
      /--format must be one of table, json, csv/,
    ],
    ['no target', ['run', 'FILE'], {}, /give a target/],
    [
      'no token',
      ['run', 'FILE', '--base-url', 'http://127.0.0.1:9', '--pcode', '1'],
      {},
      /set MXQL_PROJECT_TOKEN/,
    ],
    [
      'plain HTTP to a remote host',
      ['run', 'FILE', '--base-url', 'http://monitoring.example.com', '--pcode', '1'],
      { MXQL_PROJECT_TOKEN: SECRET },
      /refusing to send a token over plain HTTP/,
    ],
    [
      'a range beyond 31 days',
      ['run', 'FILE', '--demo', '--range', '40d'],
      {},
      /MXQL allows at most 31 days per request/,
    ],
    ['a bad range', ['run', 'FILE', '--demo', '--range', 'soon'], {}, /--range must be a duration/],
    [
      'a date that does not exist, refused as -- @stime refuses it',
      ['run', 'FILE', '--demo', '--stime', '2026-02-30 00:00', '--etime', '2026-03-02 00:00'],
      {},
      /--stime must be epoch ms, 'yyyy-MM-dd HH:mm' \(a real date\)/,
    ],
  ];
  for (const [name, args, env, expected] of cases) {
    void test(name, async () => {
      const q = await file('usage.mxql', 'CATEGORY app_counter\n');
      const r = await runCli(
        args.map((a) => (a === 'FILE' ? q : a)),
        env,
      );
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, expected);
      assertOneLine(r.stderr);
      assert.equal(r.stdout, '');
    });
  }
});

void test('an INJECT cycle is refused before sending, from the file or from --inject', async () => {
  const inFile = await file(
    'cycle.mxql',
    '-- @inject a = INJECT b\n-- @inject b = INJECT a\nCATEGORY app_counter\nTAGLOAD\nINJECT a\n',
  );
  const fromFile = await runCli(['run', inFile, ...target()]);
  assert.equal(fromFile.code, 1, fromFile.stderr);
  assert.match(fromFile.stderr, /a → b → a/);
  const plain = await file('plain.mxql', 'CATEGORY app_counter\nTAGLOAD\nINJECT default\n');
  const count = fault.requests.length;
  const fromFlag = await runCli(['run', plain, ...target(), '--inject', 'default=INJECT default']);
  assert.equal(fromFlag.code, 2, fromFlag.stderr);
  assert.match(fromFlag.stderr, /default → default/);
  assertOneLine(fromFlag.stderr);
  assert.equal(fault.requests.length, count, 'nothing was sent');
});
