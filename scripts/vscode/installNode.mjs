// Installs the Node that code-server needs (newer than the system Node) into `<repo>/.cache/` from npm's
// `node-linux-<cpu>` package: one registry download with its headers, no nodejs.org or GitHub access.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  CODE_SERVER_NODE_VERSION,
  nodeBin,
  nodeHome,
  nodeInstalledMarker,
  nodePackageName,
} from './codeServer.mjs';
import { stagedInstall } from './stagedInstall.mjs';

/**
 * Installs Node CODE_SERVER_NODE_VERSION unless it is already there, and returns the path of its binary.
 * Like code-server's install, it runs in a staging folder that is moved into place only when complete.
 * @param {{ log?: (line: string) => void, logFile?: string }} [options]
 */
export async function ensureNode({ log = (line) => console.log(line), logFile } = {}) {
  if (existsSync(nodeInstalledMarker) && existsSync(nodeBin())) return nodeBin();
  const pkg = `${nodePackageName()}@${CODE_SERVER_NODE_VERSION}`;
  const installed = (staging) => join(staging, 'node_modules', pkg.split('@')[0], 'bin', 'node');
  log(`Installing Node ${CODE_SERVER_NODE_VERSION} for code-server (${pkg}) into ${nodeHome}...`);
  const seconds = await stagedInstall({
    home: nodeHome,
    name: 'mxql-code-server-node',
    description: 'the Node code-server runs on',
    args: ['--ignore-scripts', pkg],
    env: process.env,
    logFile,
    complete: (staging) => existsSync(installed(staging)),
    failure: (code) =>
      `installing ${pkg} failed (npm exit ${code}${code === 0 ? `, but ${installed(nodeHome)} is missing` : ''}).`,
    marker: { file: `installed-${CODE_SERVER_NODE_VERSION}`, text: `${new Date().toISOString()}\n` },
  });
  log(`Node ${CODE_SERVER_NODE_VERSION} installed in ${seconds} s`);
  return nodeBin();
}
