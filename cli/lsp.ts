// `mxql lsp [--stdio | --node-ipc | --socket=<port>]`: the MXQL language server for any editor. It runs
// the server bundle that sits beside this CLI (dist/server.js in the npm package and in the VSIX) in
// this process, so editors need one command and no path into the package.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Subcommand } from './main';

const HELP = `Usage: mxql lsp [--stdio | --node-ipc | --socket=<port>]

Starts the MXQL language server (diagnostics, completion, hover, rename, …) for an editor's LSP client;
--stdio is the default. Settings reach it through workspace/configuration or
workspace/didChangeConfiguration under the "mxql" section, e.g.
  { "mxql": { "diagnostics": { "enabled": true, "disabledCodes": ["inject/bare"] } } }
The same server is the mxql-language-server command.
`;

const TRANSPORTS = /^--(stdio|node-ipc|socket=\d+|pipe=.+)$/;

export const lsp: Subcommand = (args) => {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(HELP);
    return Promise.resolve(0);
  }
  const unknown = args.filter((a) => !TRANSPORTS.test(a) && !a.startsWith('--clientProcessId'));
  if (unknown.length > 0) {
    process.stderr.write(`mxql lsp: unknown option ${unknown.join(' ')}. Run 'mxql lsp --help'.\n`);
    return Promise.resolve(2);
  }
  const server = join(__dirname, 'server.js');
  if (!existsSync(server)) {
    process.stderr.write(`mxql lsp: ${server} is missing; build it with \`npm run build\`.\n`);
    return Promise.resolve(1);
  }
  // The server picks its transport from the command line, as when started directly.
  if (!args.some((a) => TRANSPORTS.test(a))) process.argv.push('--stdio');
  // The one load the layer rule cannot read: the built server bundle beside this file at run time, not a
  // source module (cli/ may not import server/src, and does not: esbuild never follows this path).
  // eslint-disable-next-line layers/imports -- a built bundle chosen at run time
  createRequire(__filename)(server);
  return Promise.resolve(0);
};
