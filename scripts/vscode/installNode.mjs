// Installs the Node that code-server needs (newer than the system Node) into `<repo>/.cache/` from npm's
// `node-linux-<cpu>` package: one registry download with its headers, no nodejs.org or GitHub access.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CODE_SERVER_NODE_VERSION,
  nodeBin,
  nodeHome,
  nodeInstalledMarker,
  nodePackageName,
  runLogged,
} from './codeServer.mjs';

/**
 * Installs Node CODE_SERVER_NODE_VERSION unless it is already there, and returns the path of its binary.
 * Like code-server's install, it runs in a staging folder that is moved into place only when complete.
 * @param {{ log?: (line: string) => void, logFile?: string }} [options]
 */
export async function ensureNode({ log = (line) => console.log(line), logFile } = {}) {
  if (existsSync(nodeInstalledMarker) && existsSync(nodeBin())) return nodeBin();
  const pkg = `${nodePackageName()}@${CODE_SERVER_NODE_VERSION}`;
  const staging = `${nodeHome}.staging-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  writeFileSync(
    join(staging, 'package.json'),
    `${JSON.stringify({ name: 'mxql-code-server-node', private: true, description: 'the Node code-server runs on' }, null, 2)}\n`,
  );
  const started = Date.now();
  log(`Installing Node ${CODE_SERVER_NODE_VERSION} for code-server (${pkg}) into ${nodeHome}...`);
  const args = ['install', '--no-audit', '--no-fund', '--ignore-scripts', pkg];
  const { code, output } = await runLogged('npm', args, { cwd: staging, env: process.env, logFile });
  const installed = join(staging, 'node_modules', pkg.split('@')[0], 'bin', 'node');
  if (code !== 0 || !existsSync(installed)) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(
      `installing ${pkg} failed (npm exit ${code}${code === 0 ? `, but ${installed} is missing` : ''})` +
        `${logFile ? `. Full log: ${logFile}` : ''}\n${output.slice(-4000)}`,
    );
  }
  writeFileSync(join(staging, `installed-${CODE_SERVER_NODE_VERSION}`), `${new Date().toISOString()}\n`);
  rmSync(nodeHome, { recursive: true, force: true });
  renameSync(staging, nodeHome);
  log(`Node ${CODE_SERVER_NODE_VERSION} installed in ${Math.round((Date.now() - started) / 1000)} s`);
  return nodeBin();
}
