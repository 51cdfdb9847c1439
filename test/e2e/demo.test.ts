// `npm run demo` as a user runs it: the script installs a packaged VSIX into a fresh code-server, serves a
// copy of examples/ on loopback, and on Ctrl+C stops code-server and removes every temporary folder.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { packageCleanTree, repoRoot, type PackagedVsix } from '../package/buildVsix';

let vsix: PackagedVsix | undefined;

function startDemo(args: string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [join(repoRoot, 'scripts', 'demo.mjs'), ...args], { cwd: repoRoot });
}

/** Resolves with everything printed once `pattern` matches stdout; rejects if the script exits first. */
function waitForOutput(child: ChildProcessWithoutNullStreams, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (pattern.test(stdout)) resolve(stdout);
    });
    child.on('close', (code) => reject(new Error(`demo exited (${code}) early:\n${stdout}\n${stderr}`)));
  });
}

function exited(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => child.on('close', (code) => resolve(code)));
}

void describe('npm run demo', () => {
  before(
    () => {
      vsix = packageCleanTree();
    },
    { timeout: 300_000 },
  );
  after(() => vsix?.dispose());

  void test(
    'serves the packaged extension with a copy of examples/ and cleans up on Ctrl+C',
    { timeout: 300_000 },
    async () => {
      assert.ok(vsix);
      const child = startDemo(['--vsix', vsix.path]);
      const done = exited(child);
      try {
        const output = await waitForOutput(child, /Press Ctrl\+C to stop/);
        const url = /^\s+(http:\/\/127\.0\.0\.1:\d+\/\?folder=\S+)$/m.exec(output)?.[1];
        assert.ok(url, `no loopback URL in:\n${output}`);
        const folder = decodeURIComponent(new URL(url).searchParams.get('folder') ?? '');
        assert.ok(existsSync(join(folder, 'tps-per-agent.mxql')), `${folder} is not a copy of examples/`);
        const installed = readdirSync(join(dirname(folder), 'extensions'));
        assert.ok(
          installed.some((name) => name.startsWith('mxql-tools.mxql-')),
          installed.join(', '),
        );
        // The Demo profile is active from the start, so the first run needs no choice.
        const settings = JSON.parse(
          readFileSync(join(dirname(folder), 'user-data', 'User', 'settings.json'), 'utf8'),
        ) as Record<string, unknown>;
        assert.equal(settings['mxql.defaultProfile'], 'Demo');
        const page = await fetch(url);
        assert.equal(page.status, 200);
        assert.match(await page.text(), /<html/i);
        child.kill('SIGINT');
        assert.equal(await done, 0);
        assert.equal(existsSync(dirname(folder)), false, `${dirname(folder)} was left behind`);
        await assert.rejects(fetch(url), 'code-server still answers after Ctrl+C');
      } finally {
        child.kill('SIGKILL');
      }
    },
  );

  void test('refuses a port out of range with a clear message', async () => {
    const child = startDemo(['--port', '70000']);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    assert.equal(await exited(child), 1);
    assert.match(stderr, /--port needs a port number from 1 to 65535; got '70000'/);
  });

  void test('names an unknown option and points to --help', async () => {
    const child = startDemo(['--colour']);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    assert.equal(await exited(child), 2);
    assert.match(stderr, /Unknown option '--colour'/);
    assert.match(stderr, /npm run demo -- --help/);
  });
});
