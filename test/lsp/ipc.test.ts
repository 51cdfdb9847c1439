/**
 * The same bundle over Node IPC (`--node-ipc`), the transport the VS Code client uses: initialize,
 * open, completion, the server-status request and a clean shutdown.
 */
import assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  createProtocolConnection,
  IPCMessageReader,
  IPCMessageWriter,
  type CompletionList,
} from 'vscode-languageserver-protocol/node';
import { ServerStatusRequest } from '../../common/lspMethods';
import { ensureBundle, root, withCursor } from './lspClient';

void test('the server speaks LSP over Node IPC', async () => {
  ensureBundle();
  const child = fork(join(root, 'dist', 'server.js'), ['--node-ipc'], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const connection = createProtocolConnection(new IPCMessageReader(child), new IPCMessageWriter(child));
  connection.listen();
  const init = await connection.sendRequest<{ serverInfo?: { name: string } }>('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: {},
  });
  assert.equal(init.serverInfo?.name, 'mxql-language-server');
  await connection.sendNotification('initialized', {});
  const uri = 'file:///ipc.mxql';
  const { text, position } = withCursor('CATEGORY app_counter\nTAGLOAD\nSELECT [$0');
  await connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'mxql', version: 1, text },
  });
  const list = await connection.sendRequest<CompletionList>('textDocument/completion', {
    textDocument: { uri },
    position,
  });
  assert.ok(list.items.some((i) => i.label === 'tps'));
  const status = await connection.sendRequest(ServerStatusRequest);
  assert.equal(status.openDocuments, 1);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  assert.equal(await exited, 0);
  connection.dispose();
});
