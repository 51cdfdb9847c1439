/**
 * Starts the MXQL language server (dist/server.js) over IPC and returns its client. The composition
 * root (extension.ts) owns the returned client: it is pushed to `context.subscriptions`, so the server
 * stops with the extension. `mxql.trace.server` is read by vscode-languageclient itself (the client id
 * is `mxql`), and changes of the `mxql` section are forwarded so the server pulls its settings again.
 */
import * as path from 'node:path';
import type * as vscode from 'vscode';
import {
  LanguageClient,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';

/** The client id: also the prefix of the `mxql.trace.server` setting. */
export const LANGUAGE_CLIENT_ID = 'mxql';

function serverOptions(serverModule: string): ServerOptions {
  return {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: {
      module: serverModule,
      transport: TransportKind.ipc,
      options: { execArgv: ['--nolazy', '--inspect=6009'] },
    },
  };
}

function clientOptions(outputChannel: vscode.LogOutputChannel | undefined): LanguageClientOptions {
  const options: LanguageClientOptions = {
    // MXQL cells of notebooks are synced as the notebook's cells, so they get every feature too. JSON
    // files on disk (and unsaved ones) are synced for the MXQL strings of dashboards and the fields of
    // event rules; the server ignores a JSON document with neither, and leaves its formatting to JSON.
    documentSelector: [
      { language: 'mxql' },
      { notebook: 'mxql-notebook', language: 'mxql' },
      ...['json', 'jsonc'].flatMap((language) => [
        { language, scheme: 'file' },
        { language, scheme: 'untitled' },
      ]),
    ],
    synchronize: { configurationSection: 'mxql' },
  };
  if (outputChannel) options.outputChannel = outputChannel;
  return options;
}

/**
 * Creates the language client for `.mxql` documents, starts it, and registers it for disposal.
 * A server that fails to start is reported through `onStartFailure` (default: the client's own
 * output channel); running queries keeps working without it.
 */
export function startLanguageClient(
  context: vscode.ExtensionContext,
  outputChannel?: vscode.LogOutputChannel,
  onStartFailure?: (error: unknown) => void,
): LanguageClient {
  const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
  const client = new LanguageClient(
    LANGUAGE_CLIENT_ID,
    'MXQL Language Server',
    serverOptions(serverModule),
    clientOptions(outputChannel),
  );
  context.subscriptions.push(client);
  client.start().catch((error: unknown) => {
    if (onStartFailure) onStartFailure(error);
    else client.outputChannel.appendLine(`The MXQL language server did not start: ${String(error)}`);
  });
  return client;
}
