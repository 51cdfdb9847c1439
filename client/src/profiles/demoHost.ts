// The built-in "Demo" profile: the demo backend runs in a child process (`dist/cli.js demo-server`
// over IPC), started on first use and stopped on deactivate, so nothing a request makes it do can
// take the extension host down. A crash is remembered until the user restarts it (the notification's
// button, or Retry/Refresh in the explorer), so every view shows why the demo is gone instead of
// silently starting another. No settings and no secrets are involved: its tokens come from the
// running process and stay in memory.
import { fork, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type * as vscode from 'vscode';
import {
  isDemoChildMessage,
  type DemoChildMessage,
  type DemoInfo,
  type DemoServerStats,
} from '../../../common/demoProtocol';
import { t } from '../l10n';

/** A running demo backend as the extension sees it. */
export interface DemoConnection extends DemoInfo {
  /** Request counters, updated as the child reports them. */
  readonly stats: DemoServerStats;
  /** Re-emits the child's 'slowQueryStarted' and 'requestAborted' with `{ path }`. */
  readonly events: EventEmitter;
  /** The child's process id (tests end it to check that a crash is reported). */
  readonly pid: number | undefined;
}

export interface DemoHostOptions {
  /** The bundled CLI that serves the demo (`dist/cli.js`). */
  cliPath: string;
  /** Node options of the child (tests run the CLI from source with a loader); none by default. */
  execArgv?: string[];
  /** Sees each started server once (the log registers its tokens for redaction). */
  onStart?: (server: DemoConnection) => void;
  /** Told when the demo stops unexpectedly, with a sentence for the user. */
  onCrash?: (message: string, detail: string) => void;
}

const START_TIMEOUT_MS = 20_000;
const STOP_GRACE_MS = 3_000;
const STDERR_KEPT = 2_000;

export class DemoHost implements vscode.Disposable {
  private starting: Promise<DemoConnection> | undefined;
  private child: ChildProcess | undefined;
  private crash: string | undefined;
  private readonly changeListeners = new Set<() => void>();

  constructor(private readonly options: DemoHostOptions) {}

  /** Calls `listener` when the demo crashes or restarts, so views can refresh. */
  onDidChange(listener: () => void): vscode.Disposable {
    this.changeListeners.add(listener);
    return { dispose: () => this.changeListeners.delete(listener) };
  }

  private changed(): void {
    for (const listener of this.changeListeners) {
      try {
        listener();
      } catch {
        // A view that fails to refresh must not stop the others.
      }
    }
  }

  /** The running demo; starts it on the first call. After a crash it rejects until restart(). */
  server(): Promise<DemoConnection> {
    if (this.crash !== undefined) return Promise.reject(new Error(this.crash));
    if (!this.starting) {
      this.starting = this.start();
      this.starting.catch(() => {
        this.starting = undefined;
      });
    }
    return this.starting;
  }

  /** True once a start was requested (tests and the status bar use it without starting one). */
  get started(): boolean {
    return this.starting !== undefined;
  }

  /** True while a crash waits for a restart. */
  get crashed(): boolean {
    return this.crash !== undefined;
  }

  /** Forgets a crash (or stops a running demo) and starts a fresh one. */
  async restart(): Promise<DemoConnection> {
    await this.stopChild();
    this.crash = undefined;
    const server = this.server();
    this.changed();
    return server;
  }

  /** Restarts only when a crash is waiting for it (the explorer's Retry and Refresh). */
  async restartIfCrashed(): Promise<void> {
    if (this.crash !== undefined) await this.restart();
  }

  private start(): Promise<DemoConnection> {
    const child = fork(this.options.cliPath, ['demo-server'], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      execArgv: this.options.execArgv ?? [],
      // In desktop VS Code the extension host's executable is Electron; run it as plain Node.
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    });
    this.child = child;
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-STDERR_KEPT)));
    const stats: DemoServerStats = { requests: 0, abortedRequests: 0, slowQueriesStarted: 0 };
    const events = new EventEmitter();
    return new Promise<DemoConnection>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(t('The demo backend did not start within {0} s.', START_TIMEOUT_MS / 1000)));
        child.kill('SIGKILL');
      }, START_TIMEOUT_MS);
      let connection: DemoConnection | undefined;
      child.on('message', (message: unknown) => {
        if (!isDemoChildMessage(message)) return;
        Object.assign(stats, message.stats);
        if (message.type === 'ready' && !connection) {
          clearTimeout(timer);
          connection = { ...message.info, stats, events, pid: child.pid };
          this.options.onStart?.(connection);
          resolve(connection);
        } else if (message.type === 'event') {
          emitSafely(events, message);
        }
      });
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(new Error(t('The demo backend could not be started: {0}', error.message)));
      });
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        const how = signal ? t('signal {0}', signal) : t('exit code {0}', String(code));
        if (!connection) {
          reject(
            new Error(
              t('The demo backend exited before it was ready ({0}). {1}', how, lastLine(stderr)).trim(),
            ),
          );
          return;
        }
        if (this.child !== child) return; // stopped on purpose
        this.child = undefined;
        this.starting = undefined;
        this.crash = t(
          'The demo backend stopped unexpectedly ({0}). Restart it: choose Restart Demo, or Retry in the MXQL explorer.',
          how,
        );
        this.options.onCrash?.(this.crash, stderr);
        this.changed();
      });
    });
  }

  private async stopChild(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    this.starting = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  }

  async stop(): Promise<void> {
    this.options.onStart = undefined;
    this.options.onCrash = undefined;
    this.changeListeners.clear();
    await this.stopChild();
  }

  dispose(): void {
    void this.stop();
  }
}

/** Emits a child's event; a listener that throws belongs to a watcher and must not reach the host. */
function emitSafely(events: EventEmitter, message: DemoChildMessage & { type: 'event' }): void {
  try {
    events.emit(message.name, message.detail);
  } catch {
    // Ignored on purpose, as in the demo server itself.
  }
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1) ?? '';
}
