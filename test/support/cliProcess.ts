// Test helper: runs the `mxql` CLI from source in a child process, the way a user runs it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** The repository root, where the CLI's source is run from. */
export const REPO_ROOT = join(__dirname, '..', '..');

/** What a finished CLI run printed and how it exited. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI without blocking this process, so in-process servers keep answering. Token and
 * proxy variables of the outer environment are cleared so only `env` decides them.
 */
export function runCli(args: readonly string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', ...args], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        MXQL_PROJECT_TOKEN: '',
        MXQL_ACCOUNT_TOKEN: '',
        HTTP_PROXY: '',
        HTTPS_PROXY: '',
        ...env,
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

/** Asserts that `text` is a single line once trimmed (one-line errors and summaries). */
export function assertOneLine(text: string): void {
  assert.equal(text.trim().split('\n').length, 1, `one line: ${text}`);
}

/** The rows of `mxql run FILE --format json`, which prints them beside the facts of the run. */
export function runRows<T = Record<string, unknown>>(stdout: string): T[] {
  const out = JSON.parse(stdout) as { rowCount?: unknown; rows?: unknown };
  if (!Array.isArray(out.rows) || out.rowCount !== out.rows.length)
    throw new Error(`not the output of mxql run --format json: ${stdout.slice(0, 200)}`);
  return out.rows as T[];
}
