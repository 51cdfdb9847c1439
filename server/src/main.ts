/**
 * Entry point of dist/server.js. `createConnection()` picks the transport from the command line:
 * `--stdio`, `--node-ipc` or `--socket=<port>`, so any LSP client can start it.
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { catalogDirectory, loadCatalogs } from './catalogLoader';
import { startServer } from './server';

const connection = createConnection(ProposedFeatures.all);
const catalogs = loadCatalogs(catalogDirectory(), (message) => connection.console.error(message));
startServer(connection, { catalogs, version: __MXQL_VERSION__ });
