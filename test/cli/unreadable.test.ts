// `mxql check` and `mxql run` refuse what they cannot read, through the one reader in cli/files.ts:
// link loops end, FIFOs and devices are never opened, dangling links, non-UTF-8 and oversized files
// get a line on stderr with the reason, and the exit code says something was not done.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_FILE_BYTES } from '../../cli/files';
import { runCli } from '../support/cliProcess';

const GOOD = 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps]\n';
let dir: string;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'mxql-unreadable-'));
  const tree = join(dir, 'tree');
  mkdirSync(join(tree, 'sub'), { recursive: true });
  writeFileSync(join(tree, 'good.mxql'), GOOD);
  symlinkSync('..', join(tree, 'sub', 'up')); // a loop back to tree/
  symlinkSync('missing.mxql', join(tree, 'dangling.mxql'));
  symlinkSync('self.mxql', join(tree, 'self.mxql'));
  execFileSync('mkfifo', [join(tree, 'pipe.mxql')]);
  writeFileSync(join(dir, 'latin1.mxql'), Buffer.from('CATEGORY app_counter -- caf\xe9\n', 'latin1'));
  writeFileSync(join(dir, 'huge.mxql'), '');
  truncateSync(join(dir, 'huge.mxql'), MAX_FILE_BYTES + 1);
  writeFileSync(join(dir, 'good.mxql'), GOOD);
});
after(() => rmSync(dir, { recursive: true, force: true }));

const check = (...paths: string[]) => runCli(['check', ...paths.map((p) => join(dir, p))]);

void describe('mxql check refuses what it cannot read', () => {
  void test('a tree with a link loop, a dangling link, a self-link and a FIFO ends, names each and exits 1', async () => {
    const r = await check('tree');
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /1 file checked: 0 errors/);
    assert.match(
      r.stderr,
      /tree\/sub\/up: not checked: a symbolic link loop \(it leads back to a parent directory\)/,
    );
    assert.match(r.stderr, /tree\/dangling\.mxql: not checked: a dangling symbolic link/);
    assert.match(r.stderr, /tree\/self\.mxql: not checked: a symbolic link loop/);
    assert.match(r.stderr, /tree\/pipe\.mxql: not checked: a FIFO \(named pipe\), not a regular file/);
  });

  void test('a FIFO given directly is refused with its reason', async () => {
    const r = await check('tree/pipe.mxql');
    assert.equal(r.code, 1);
    assert.match(r.stderr, /pipe\.mxql: not checked: a FIFO \(named pipe\), not a regular file/);
    assert.doesNotMatch(r.stderr, /no \.mxql files match/);
  });

  void test('a device is refused', async () => {
    const r = await runCli(['check', '/dev/null']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /\/dev\/null: not checked: a device, not a regular file/);
  });

  void test('a non-UTF-8 file says so', async () => {
    const r = await check('latin1.mxql', 'good.mxql');
    assert.equal(r.code, 1);
    assert.match(r.stderr, /latin1\.mxql: not checked: the file is not UTF-8/);
    assert.match(r.stdout, /1 file checked/);
  });

  void test('a file over the size limit is refused without reading it', async () => {
    const r = await check('huge.mxql');
    assert.equal(r.code, 1);
    assert.match(
      r.stderr,
      /huge\.mxql: not checked: the file is 10 MB, over the 10 MB limit for query files/,
    );
  });
});

void describe('mxql run refuses the same files and out-of-range numbers', () => {
  for (const [file, reason] of [
    ['tree/pipe.mxql', /a FIFO \(named pipe\), not a regular file/],
    ['tree/dangling.mxql', /a dangling symbolic link/],
    ['tree/self.mxql', /a symbolic link loop/],
    ['latin1.mxql', /the file is not UTF-8/],
    ['huge.mxql', /over the 10 MB limit/],
  ] as const) {
    void test(`${file}: one line, exit 1`, async () => {
      const r = await runCli(['run', join(dir, file), '--demo']);
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stderr, reason);
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    });
  }

  for (const args of [
    ['--limit', '99999999999999999999'],
    ['--limit', '0'],
    ['--limit', '1000001'],
    ['--pcode', '99999999999999999999'],
    ['--timeout-ms', '5'],
    ['--range', '99999999999999999999d'],
    ['--range', '400d'],
    ['--stime', '99999999999999999999', '--etime', 'now'],
  ]) {
    void test(`${args.join(' ')} is a usage error (exit 2)`, async () => {
      const r = await runCli(['run', join(dir, 'good.mxql'), '--demo', ...args]);
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /usage: .*(must be|out of range)/);
    });
  }
});
