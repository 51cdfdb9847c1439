// An npm install into a cache folder that is never left half done: it runs in a staging folder beside the
// folder, with its own package.json (outside the project's dependency tree), and moves into place with a
// marker of what it holds only when complete; a failed run removes the staging folder.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runLogged } from './codeServer.mjs';

/**
 * Runs `npm install <args>` for `home` and returns the seconds it took; throws with the end of npm's
 * output when npm fails or `complete(staging)` says the result is unusable.
 * @param {{
 *   home: string, name: string, description: string, args: string[], env: NodeJS.ProcessEnv,
 *   logFile?: string, complete: (staging: string) => boolean, failure: (npmExit: number) => string,
 *   marker: { file: string, text: string },
 * }} install
 */
export async function stagedInstall({
  home,
  name,
  description,
  args,
  env,
  logFile,
  complete,
  failure,
  marker,
}) {
  const staging = `${home}.staging-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  writeFileSync(
    join(staging, 'package.json'),
    `${JSON.stringify({ name, private: true, description }, null, 2)}\n`,
  );
  const started = Date.now();
  const npmArgs = ['install', '--no-audit', '--no-fund', ...args];
  const { code, output } = await runLogged('npm', npmArgs, { cwd: staging, env, logFile });
  if (code !== 0 || !complete(staging)) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`${failure(code)}${logFile ? ` Full log: ${logFile}` : ''}\n${output.slice(-4000)}`);
  }
  writeFileSync(join(staging, marker.file), marker.text);
  rmSync(home, { recursive: true, force: true });
  renameSync(staging, home);
  return Math.round((Date.now() - started) / 1000);
}
