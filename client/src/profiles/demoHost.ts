// The built-in "Demo" profile: the demo backend runs inside the extension host, started on first use
// and stopped on deactivate. No settings and no secrets are involved: its tokens come from the
// running server and stay in memory.
import type * as vscode from 'vscode';
import { startDemoServer, type DemoServer } from '../../../demo/index';

export class DemoHost implements vscode.Disposable {
  private starting: Promise<DemoServer> | undefined;
  private onStart: ((server: DemoServer) => void) | undefined;

  /** `onStart` sees each started server once (the log registers its tokens for redaction). */
  constructor(onStart?: (server: DemoServer) => void) {
    this.onStart = onStart;
  }

  /** The running demo server; starts it on the first call. A failed start is retried next time. */
  server(): Promise<DemoServer> {
    if (!this.starting) {
      this.starting = startDemoServer().then((server) => {
        this.onStart?.(server);
        return server;
      });
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

  async stop(): Promise<void> {
    const starting = this.starting;
    this.starting = undefined;
    this.onStart = undefined;
    if (!starting) return;
    try {
      await (await starting).close();
    } catch {
      // A server that failed to start has nothing to close.
    }
  }

  dispose(): void {
    void this.stop();
  }
}
