// Installs code-server into `<repo>/.cache/code-server` from npm, on the Node it needs (installNode.mjs),
// without GitHub or nodejs.org access.
import { existsSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import {
  CODE_SERVER_NODE_VERSION,
  CODE_SERVER_VERSION,
  codeServerHome,
  isCodeServerInstalled,
  nodePrefix,
} from './codeServer.mjs';
import { ensureNode } from './installNode.mjs';
import { stagedInstall } from './stagedInstall.mjs';

/**
 * Installs code-server into `<repo>/.cache/code-server` unless that version (and its Node) is already
 * there. The install runs in a staging folder with its own package.json (outside the project's dependency
 * tree) and is moved into place only when complete, so a broken run leaves nothing.
 * @param {{ log?: (line: string) => void, logFile?: string }} [options]
 */
export async function ensureCodeServer({ log = (line) => console.log(line), logFile } = {}) {
  if (isCodeServerInstalled()) return;
  const node = await ensureNode({ log, ...(logFile ? { logFile: `${logFile}.node` } : {}) });
  log(`Installing code-server ${CODE_SERVER_VERSION} into ${codeServerHome} (takes two minutes or so)...`);
  // Under `npm test` the outer npm (on the system Node) leaves its npm_* settings in the environment;
  // the inner npm would take them as its own config, and code-server's postinstall reads the Node major
  // from npm_config_user_agent, so it would see the outer Node and refuse. Start from a clean npm env.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  const env = {
    ...inherited,
    // npm (a `#!/usr/bin/env node` script) and every install script then run on code-server's Node:
    // its postinstall refuses any other major, and native modules are built for the Node that loads them.
    PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}`,
    // node-gyp takes the headers shipped in the Node package instead of downloading them.
    npm_config_nodedir: nodePrefix(),
    // node-pty's build runs `npx node-gyp`, which would wait for a confirmation nobody can give.
    npm_config_yes: 'true',
  };
  const seconds = await stagedInstall({
    home: codeServerHome,
    name: 'mxql-code-server-cache',
    description: 'code-server for the integration tests',
    args: [`code-server@${CODE_SERVER_VERSION}`],
    env,
    logFile,
    // The postinstall installs VS Code's own modules; without them code-server starts but cannot serve.
    complete: (staging) =>
      ['out/node/entry.js', 'lib/vscode/node_modules'].every((rel) =>
        existsSync(join(staging, 'node_modules', 'code-server', rel)),
      ),
    failure: (code) =>
      `code-server install failed (npm exit ${code}${code === 0 ? ', but the package is incomplete' : ''}). ` +
      `Its native modules need build packages: \`node scripts/provision.mjs\` checks them and names what is missing.`,
    marker: {
      file: `installed-${CODE_SERVER_VERSION}`,
      text: `${new Date().toISOString()} on Node ${CODE_SERVER_NODE_VERSION}\n`,
    },
  });
  log(`code-server ${CODE_SERVER_VERSION} installed in ${seconds} s`);
}
