// `mxql run` over many files as CI runs it: a spawned CLI against the in-process demo, one line per
// file (ok N rows / empty with its reason / the error at path:line:col), text and JSON, exit codes.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, runRows } from '../support/cliProcess';

let dir: string;
const write = async (name: string, text: string) => {
  await mkdir(join(dir, name, '..'), { recursive: true });
  await writeFile(join(dir, name), text);
};

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mxql-run-many-'));
  await write('queries/tps.mxql', '-- @name TPS\n-- @range 30m\nCATEGORY app_counter\nTAGLOAD\n');
  await write('queries/more/unknown.mxql', 'CATEGORY no_such_category\nTAGLOAD\n');
  await write(
    'queries/more/broken.mxql',
    '-- @name broken\n-- @limit 5\nCATEGORY app_counter\nTAGLOAD\nFROBNICATE\n',
  );
  await write('clean/one.mxql', 'CATEGORY app_counter\nTAGLOAD\nLIMIT 3\n');
});
after(() => rm(dir, { recursive: true, force: true }));

const cli = ([files, ...flags]: string[]) => runCli(['run', join(dir, files ?? ''), ...flags]);

void describe('mxql run over many files', () => {
  void test('reports each file of a glob as ok, empty with the reason, or the error at path:line:col, and exits 1', async () => {
    const r = await cli(['queries/**/*.mxql', '--demo']);
    assert.equal(r.code, 1, r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.equal(lines.length, 4, r.stdout);
    assert.match(
      lines[0] ?? '',
      /more\/broken\.mxql:5:1: error mxql\/unsupported-command Unknown command FROBNICATE \(line 5\)/,
    );
    assert.match(
      lines[1] ?? '',
      /more\/unknown\.mxql: empty \(no rows: the demo has no data for category no_such_category\) · demo project \d+ Storefront Web \(the default: /,
    );
    assert.match(lines[2] ?? '', /tps\.mxql: ok 1000 rows \(\d+ ms\) · demo project \d+ Storefront Web/);
    assert.equal(lines[3], '3 files run: 1 ok, 1 empty, 1 error');
  });

  void test('exits 0 when every file runs, and a directory means every .mxql below it', async () => {
    const r = await cli(['clean', '--demo']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /one\.mxql: ok 3 rows/);
    assert.match(r.stdout, /1 file run: 1 ok, 0 empty, 0 errors/);
  });

  void test('prints JSON in the shape of mxql check', async () => {
    const r = await cli(['queries', '--demo', '--format', 'json']);
    assert.equal(r.code, 1);
    const out = JSON.parse(r.stdout) as {
      files: {
        path: string;
        status: string;
        rows: number;
        notice?: string;
        error?: { line: number; code: string };
      }[];
      summary: Record<string, number>;
    };
    assert.deepEqual(out.summary, { files: 3, ok: 1, empty: 1, errors: 1 });
    const broken = out.files.find((f) => f.path.endsWith('broken.mxql'));
    assert.deepEqual(
      [broken?.status, broken?.error?.line, broken?.error?.code],
      ['error', 5, 'mxql/unsupported-command'],
    );
    assert.match(out.files.find((f) => f.status === 'empty')?.notice ?? '', /no_such_category/);
  });

  void test('names a pattern that matches nothing and refuses a table format', async () => {
    const none = await cli(['nothing/**/*.mxql', '--demo']);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /no \.mxql or \.json files match/);
    const csv = await cli(['queries', '--demo', '--format', 'csv']);
    assert.equal(csv.code, 2);
    assert.match(csv.stderr, /--format must be text or json/);
  });

  void test('a single file still runs as before and prints why it is empty', async () => {
    const r = await cli(['queries/more/unknown.mxql', '--demo', '--format', 'json']);
    assert.equal(r.code, 0);
    assert.deepEqual(runRows(r.stdout), []);
    assert.equal((JSON.parse(r.stdout) as { complete: boolean }).complete, true);
    assert.match(r.stderr, /no rows: the demo has no data for category no_such_category/);
  });
});

void test('the value of an option is not taken for a second file', async () => {
  const r = await runCli(['run', join(dir, 'clean/one.mxql'), '--line', '1', '--demo', '--format', 'json']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(runRows(r.stdout).length, 3);
});
