// What the code-server modules share: the pinned version and install paths, the process-group
// bookkeeping that ends every started process with the calling process, a logged command runner and
// code-server's config file. install / start / VSIX install / browser launch each have their own module:
// installCodeServer.mjs, startCodeServer.mjs, installVsix.mjs and chromium.mjs.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The newest code-server line that runs on Node 20 (VS Code 1.100.3). */
export const CODE_SERVER_VERSION = '4.100.3';
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
export const codeServerHome = join(repoRoot, '.cache', 'code-server');
export const codeServerBin = join(codeServerHome, 'node_modules', '.bin', 'code-server');

/** Processes to kill (by process group) when this process exits, however it exits. */
export const liveGroups = new Set();
process.on('exit', () => {
  for (const pid of liveGroups) killGroup(pid, 'SIGKILL');
});

export function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** Fails unless code-server is installed (see installCodeServer.mjs). */
export function assertCodeServerInstalled() {
  if (!existsSync(codeServerBin))
    throw new Error(`code-server is not installed at ${codeServerBin}; call ensureCodeServer() first`);
}

export /** Runs a command, teeing its output to `logFile`; resolves with the exit code and the output tail. */
function runLogged(cmd, args, { cwd, env, logFile }) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const sink = logFile ? createWriteStream(logFile) : undefined;
    let output = '';
    const collect = (chunk) => {
      sink?.write(chunk);
      output = (output + chunk.toString()).slice(-20000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', (err) => reject(new Error(`could not start ${cmd}: ${err.message}`)));
    child.on('close', (code) => {
      sink?.end();
      resolve({ code: code ?? 1, output });
    });
  });
}

export /** Writes a config file so code-server never creates ~/.config/code-server/config.yaml. */
function writeConfig(dir) {
  const file = join(dir, 'config.yaml');
  writeFileSync(file, 'auth: none\ncert: false\n');
  return file;
}
