// `mxql check` run as a child process from the sources, in a folder of the test's choosing.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(__dirname, '..', '..');
/** The CLI's entry in the sources. */
export const cliMain = join(root, 'cli', 'main.ts');
/** The children run in a temporary folder, so tsx is named by its resolved URL rather than by package name. */
export const tsxImport = pathToFileURL(createRequire(join(root, 'package.json')).resolve('tsx')).href;

/** Runs `mxql check …args` in `cwd`; its exit code and output. */
export function mxqlCheck(
  cwd: string,
  ...args: string[]
): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', tsxImport, cliMain, 'check', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '', NO_COLOR: '' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
