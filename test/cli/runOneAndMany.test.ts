// A file run alone (`mxql run file`) and the same file run in a folder (`mxql run folder/`) go through
// one preparation and one send: against a loopback recording server, the requests of the two forms are
// the same bytes (URL, headers, body) for files with every directive (and for the lookup of the values a
// refused file's tag value could take), and each file's outcome (rows, error code, file line, message,
// exit code) is the same.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, type CliResult, runRows } from '../support/cliProcess';
import { startFaultServer, type FaultServer, type RecordedRequest } from '../support/faultServer';

const TOKEN = 'one-and-many-token-51c2';

/**
 * Files in name order; each sends one request: its query, or for the file refused for a value compared
 * with a column, the lookup of that column's values its refusal lists.
 */
const FILES: Record<string, string> = {
  'a-range-limit.mxql': '-- @name TPS\n-- @range 2h\n-- @limit 50\nCATEGORY app_counter\nTAGLOAD\n',
  'b-param-inject.mxql':
    '-- @param $oid = 5\n-- @inject default = ORDER {key:[tps]}\n-- @inject default = LIMIT 3\nCATEGORY app_counter\nOID [$oid]\nTAGLOAD\nINJECT default\n',
  'c-path-pcode.mxql':
    '-- @path /app/act_tx/act_tx_oid\n-- @pcode 88\n-- @inject default = CREATE {key:_pk_, from:oid}\n',
  'd-absolute.mxql':
    '-- @stime 2026-11-20 10:00\n-- @etime 2026-11-20 11:00\n-- @pcode 99\nCATEGORY server_base\nTAGLOAD\n',
  // The recording server rejects the last request it gets, as the service rejects a bad query.
  'e-rejected.mxql': '-- @name broken\n-- @limit 5\nCATEGORY app_counter\nTAGLOAD\nFROBNICATE\n',
  'f-missing-param.mxql': 'CATEGORY app_counter\nTAGLOAD\nFILTER {key: oid, value: $unset}\n',
};
const SENDING = Object.keys(FILES);
/** The files whose range ends when the command runs: their stime and etime differ by the run's moment. */
const RELATIVE = new Set([
  'a-range-limit.mxql',
  'b-param-inject.mxql',
  'c-path-pcode.mxql',
  'e-rejected.mxql',
  'f-missing-param.mxql',
]);

const REJECTION = {
  kind: 'json',
  status: 400,
  body: { status: 400, code: 'mxql/unsupported-command', message: 'Unknown command FROBNICATE (line 3).' },
} as const;

let dir: string;
let server: FaultServer;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mxql-one-and-many-'));
  await mkdir(join(dir, 'set'));
  for (const [name, text] of Object.entries(FILES)) await writeFile(join(dir, 'set', name), text);
  server = await startFaultServer();
});
after(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const ROWS = { kind: 'json', body: [{ a: 1 }, { a: 2 }] } as const;

/** Runs `args` (the server answering `names`' requests in turn) and returns what the server recorded. */
async function recorded(
  args: string[],
  names: readonly string[] = SENDING,
): Promise<{ r: CliResult; requests: RecordedRequest[] }> {
  server.respondWith(...names.map((name) => (name === 'e-rejected.mxql' ? REJECTION : ROWS)));
  const from = server.requests.length;
  const r = await runCli(['run', ...args, '--base-url', server.url, '--pcode', '77', '--format', 'json'], {
    MXQL_PROJECT_TOKEN: TOKEN,
  });
  return { r, requests: server.requests.slice(from) };
}

type Comparable = Pick<RecordedRequest, 'method' | 'url' | 'headers' | 'body'>;

/** The request as bytes to compare; a relative range keeps its span, since "now" moves between runs. */
function comparable(request: RecordedRequest, relative: boolean): Comparable {
  const { method, url, headers, body } = request;
  if (!relative) return { method, url, headers, body };
  const parsed = JSON.parse(body) as { stime: number; etime: number };
  const span = { ...parsed, stime: 'etime - ' + String(parsed.etime - parsed.stime), etime: 'now' };
  return {
    method,
    url,
    headers: { ...headers, 'content-length': 'of the body' },
    body: JSON.stringify(span),
  };
}

interface FolderReport {
  files: {
    path: string;
    status: string;
    rows: number;
    error?: { line: number; column: number; code: string; message: string };
  }[];
}

async function compareForms(flags: string[], relative: (name: string) => boolean): Promise<void> {
  const folder = await recorded([join(dir, 'set'), ...flags]);
  assert.equal(folder.r.code, 1, folder.r.stderr);
  const report = JSON.parse(folder.r.stdout) as FolderReport;
  assert.deepEqual(
    folder.requests.map((q) => comparable(q, false).url),
    SENDING.map((name) =>
      name.startsWith('c-') ? '/open/api/flush/mxql/path' : '/open/api/flush/mxql/text',
    ),
  );
  for (const [name, index] of Object.keys(FILES).map((n, i) => [n, i] as const)) {
    const alone = await recorded([join(dir, 'set', name), ...flags], [name]);
    const inFolder = report.files[index];
    if (!inFolder?.path.endsWith(name)) assert.fail(`${name} is reported in name order`);
    const sent = SENDING.indexOf(name);
    assert.equal(alone.requests.length, 1, `${name} sends one request`);
    const [one, many] = [alone.requests[0], folder.requests[sent]];
    assert.ok(one && many);
    assert.deepEqual(
      comparable(one, relative(name)),
      comparable(many, relative(name)),
      `${name}: the same request`,
    );
    if (inFolder.error) {
      const e = inFolder.error;
      assert.equal(alone.r.code, name.startsWith('f-') ? 2 : 1, alone.r.stderr);
      assert.ok(
        alone.r.stderr.includes(`${name}:${e.line}:${e.column}: ${e.code} ${e.message}`),
        `${name}: the same error alone\n${alone.r.stderr}\n${JSON.stringify(e)}`,
      );
    } else {
      assert.equal(alone.r.code, 0, alone.r.stderr);
      assert.equal(runRows(alone.r.stdout).length, inFolder.rows, `${name}: the same rows`);
      assert.match(alone.r.stderr, new RegExp(`${name}: ok ${inFolder.rows} rows`));
    }
  }
}

void describe('mxql run sends the same request for a file alone and in a folder', () => {
  void test("with the files' own directives", async () => {
    await compareForms([], (name) => RELATIVE.has(name));
  });

  void test('with every query option given on the command line, byte for byte', async () => {
    const flags = [
      '--stime',
      '1700000000000',
      '--etime',
      '1700000600000',
      '--param',
      'oid=9',
      '--inject',
      'default=LIMIT 1',
      '--limit',
      '7',
    ];
    await compareForms(flags, () => false);
  });

  void test('the directives reach the request, and a rejected query names its line in the file', async () => {
    const { r, requests } = await recorded([join(dir, 'set')]);
    const body = (name: string) =>
      JSON.parse(requests[SENDING.indexOf(name)]?.body ?? '{}') as Record<string, unknown>;
    assert.equal(
      Number(body('a-range-limit.mxql')['etime']) - Number(body('a-range-limit.mxql')['stime']),
      2 * 3_600_000,
    );
    assert.equal(body('a-range-limit.mxql')['limit'], 50);
    assert.deepEqual(body('b-param-inject.mxql')['param'], { $oid: '5' });
    assert.deepEqual(body('b-param-inject.mxql')['inject'], { default: 'ORDER {key:[tps]}\nLIMIT 3' });
    assert.equal(body('c-path-pcode.mxql')['mql'], '/app/act_tx/act_tx_oid');
    // --pcode wins over the file's -- @pcode.
    assert.deepEqual(
      requests.map((q) => q.headers['x-service-pcode']),
      SENDING.map(() => '77'),
    );
    assert.equal(body('d-absolute.mxql')['etime'], new Date(2026, 10, 20, 11, 0).getTime());
    const report = JSON.parse(r.stdout) as FolderReport;
    // The server counted line 3 of the text it got; line 5 of the file, below two directive lines.
    assert.deepEqual(report.files[4]?.error, {
      line: 5,
      column: 1,
      code: 'mxql/unsupported-command',
      message: 'Unknown command FROBNICATE (line 5).',
    });
    assert.equal(report.files[5]?.error?.code, 'run/missing-param');
  });
});
