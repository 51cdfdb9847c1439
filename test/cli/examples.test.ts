// The sample workspace as a user meets it: every file in examples/ passes `mxql check` without an
// error and, except the deliberately slow one, runs against the demo backend with at least one row.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runRows } from '../support/cliProcess';

const root = join(__dirname, '..', '..');
const examplesDir = join(root, 'examples');
const examples = readdirSync(examplesDir)
  .filter((name) => name.endsWith('.mxql'))
  .sort();
/** The dashboards of the examples: `mxql check` reads the MXQL inside them too. */
const boards = readdirSync(examplesDir)
  .filter((name) => name.endsWith('.json'))
  .sort();
const SLOW_EXAMPLE = 'slow-query.mxql';

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI from source in a child process, as `mxql <args>` would. */
function mxql(args: string[]): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', ...args], {
      cwd: root,
      env: {
        ...process.env,
        MXQL_PROJECT_TOKEN: '',
        MXQL_ACCOUNT_TOKEN: '',
        HTTP_PROXY: '',
        HTTPS_PROXY: '',
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

interface CheckReport {
  files: { path: string; diagnostics: { severity: string; code: string; message: string }[] }[];
}

void describe('examples/', () => {
  void test('holds at least 12 queries, each listed in the README', () => {
    assert.ok(examples.length >= 12, `only ${examples.length} examples`);
    const readme = readFileSync(join(examplesDir, 'README.md'), 'utf8');
    for (const name of examples) assert.ok(readme.includes(`\`${name}\``), `README does not list ${name}`);
  });

  void test('mxql check reports no error in any example', async () => {
    const result = await mxql(['check', 'examples', '--format', 'json']);
    assert.equal(result.code, 0, result.stderr || result.stdout);
    const report = JSON.parse(result.stdout) as CheckReport;
    assert.ok(boards.length > 0, 'examples/ has a dashboard');
    assert.deepEqual(
      report.files.map((f) => f.path.replace(/^.*examples\//, '')).sort(),
      [...examples, ...boards].sort(),
    );
    const errors = report.files.flatMap((f) =>
      f.diagnostics.filter((d) => d.severity === 'error').map((d) => `${f.path}: ${d.code} ${d.message}`),
    );
    assert.deepEqual(errors, []);
  });

  void test('the slow example reads the demo slow category', () => {
    assert.match(readFileSync(join(examplesDir, SLOW_EXAMPLE), 'utf8'), /^CATEGORY demo_slow$/m);
  });

  for (const name of examples.filter((n) => n !== SLOW_EXAMPLE)) {
    void test(`${name} runs against the demo and returns rows`, async () => {
      const result = await mxql(['run', join('examples', name), '--demo', '--format', 'json']);
      assert.equal(result.code, 0, result.stderr);
      const rows = runRows(result.stdout);
      assert.ok(Array.isArray(rows) && rows.length >= 1, `${name}: no rows (${result.stderr.trim()})`);
      assert.equal(typeof rows[0], 'object');
    });
  }
});
