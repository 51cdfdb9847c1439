/**
 * A plain LSP client over the stdio of `node dist/server.js --stdio`, as an editor other than VS Code
 * would start it. Rebuilds the bundle first when a server or core source is newer than it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type ProtocolConnection,
  type InitializeResult,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { newestMtime } from '../support/newestMtime';

export const root = join(__dirname, '..', '..');
const bundle = join(root, 'dist', 'server.js');

/** Runs `node esbuild.mjs` when dist/server.js is missing or older than server/ or common/. */
export function ensureBundle(): void {
  const built = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
  const sources = Math.max(newestMtime(join(root, 'server')), newestMtime(join(root, 'common')));
  if (built >= sources && existsSync(join(root, 'dist', 'catalog', 'categories.json'))) return;
  const res = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('node esbuild.mjs failed');
}

/** A started server and the connection to it. */
export interface LspSession {
  readonly connection: ProtocolConnection;
  readonly child: ChildProcess;
  /** Resolves with the first diagnostics for `uri` that satisfy `accept`. */
  diagnostics(
    uri: string,
    accept?: (p: PublishDiagnosticsParams) => boolean,
  ): Promise<PublishDiagnosticsParams>;
  /** Lines the server logged through window/logMessage. */
  readonly logs: string[];
  /** The server's answer to initialize. */
  readonly initializeResult: InitializeResult;
  stop(): Promise<void>;
}

/** How to start the server: `node dist/server.js --stdio` unless a test starts it as an editor would. */
export interface Launch {
  readonly command: string;
  readonly args: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
}

/** Spawns the bundled server over stdio and initializes it (with `workspace.configuration` when `settings` is given). */
export async function startSession(
  settings?: unknown,
  launch?: Launch,
  /** Extra initialize parameters, e.g. `{ locale: 'ko' }`. */
  initialize: Record<string, unknown> = {},
  /** How long the client takes to answer `workspace/configuration` (a slow editor). */
  configurationDelayMs = 0,
): Promise<LspSession> {
  ensureBundle();
  const { command, args, env } = launch ?? { command: process.execPath, args: [bundle, '--stdio'] };
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
    ...(env ? { env } : {}),
  });
  const connection = createProtocolConnection(
    new StreamMessageReader(child.stdout as NodeJS.ReadableStream),
    new StreamMessageWriter(child.stdin as NodeJS.WritableStream),
  );
  const received: PublishDiagnosticsParams[] = [];
  const waiters: {
    uri: string;
    accept: (p: PublishDiagnosticsParams) => boolean;
    resolve: (p: PublishDiagnosticsParams) => void;
  }[] = [];
  const logs: string[] = [];
  connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    received.push(p);
    for (const w of [...waiters]) {
      if (w.uri === p.uri && w.accept(p)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(p);
      }
    }
  });
  connection.onNotification('window/logMessage', (p: { message: string }) => {
    logs.push(p.message);
  });
  connection.onRequest('workspace/configuration', async (p: { items: unknown[] }) => {
    if (configurationDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, configurationDelayMs));
    return p.items.map(() => settings ?? null);
  });
  connection.onRequest('client/registerCapability', () => null);
  connection.listen();
  const initializeResult = await connection.sendRequest<InitializeResult>('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: { workspace: { configuration: settings !== undefined } },
    ...initialize,
  });
  await connection.sendNotification('initialized', {});
  return {
    connection,
    child,
    logs,
    initializeResult,
    diagnostics: (uri, accept = () => true) =>
      new Promise((resolve) => {
        const found = received.find((p) => p.uri === uri && accept(p));
        if (found) resolve(found);
        else waiters.push({ uri, accept, resolve });
      }),
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
      await exited;
      connection.dispose();
    },
  };
}

/** Text with a `$0` cursor marker → the text without it and the marker's LSP position. */
export function withCursor(marked: string): { text: string; position: { line: number; character: number } } {
  const at = marked.indexOf('$0');
  const before = marked.slice(0, at);
  const lines = before.split('\n');
  return {
    text: marked.slice(0, at) + marked.slice(at + 2),
    position: { line: lines.length - 1, character: (lines[lines.length - 1] as string).length },
  };
}
