// What every webview panel of the extension does the same way: it loads only from dist/webview, its page
// is written with a fresh nonce per render, messages come in through the protocol's parser, and a post
// that fails is logged, never thrown into the host. Every panel (results, live dashboard, dashboard
// preview) is a PanelHost; the two that open one panel per file or project keep them in a PanelsByKey.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { Ctx } from '../ctx';
import type { PageAssets } from './webviewHtml';

/** Where a new panel opens. */
export interface PanelPlacement {
  readonly viewColumn: vscode.ViewColumn;
  readonly preserveFocus: boolean;
}

/** dist/webview: the only folder a page may load from. */
export function webviewRoot(ctx: Ctx): vscode.Uri {
  return vscode.Uri.joinPath(ctx.extension.extensionUri, 'dist', 'webview');
}

/** A new panel running scripts from dist/webview only; a hidden panel keeps no state (the host replays it). */
export function createPanel(
  ctx: Ctx,
  viewType: string,
  title: string,
  placement: PanelPlacement,
): vscode.WebviewPanel {
  return vscode.window.createWebviewPanel(viewType, title, placement, {
    enableScripts: true,
    retainContextWhenHidden: false,
    localResourceRoots: [webviewRoot(ctx)],
  });
}

/** Writes the panel's page (a restored panel included) from `build` with a fresh nonce. */
export function writePage(ctx: Ctx, panel: vscode.WebviewPanel, build: (assets: PageAssets) => string): void {
  const root = webviewRoot(ctx);
  panel.webview.options = { enableScripts: true, localResourceRoots: [root] };
  panel.webview.html = build({
    cspSource: panel.webview.cspSource,
    nonce: randomBytes(16).toString('base64'),
    uri: (file) => panel.webview.asWebviewUri(vscode.Uri.joinPath(root, file)).toString(),
  });
}

/**
 * Listens to the panel: each message the page sends goes to `receive`, and `disposed` runs once when the
 * panel closes, after the listener is gone. The returned disposables end the listening early.
 */
function listenToPanel(
  panel: vscode.WebviewPanel,
  receive: (data: unknown) => void,
  disposed: () => void,
): vscode.Disposable[] {
  const listener = panel.webview.onDidReceiveMessage(receive);
  const closing = panel.onDidDispose(() => {
    listener.dispose();
    disposed();
  });
  return [listener, closing];
}

/**
 * The host of one webview panel: it hears the page (`receive`), posts to it (a failure logged as
 * `what`), reveals it, and when the panel closes disposes itself and calls `closed`, so its owner forgets
 * it. Subclasses hold their page's state and add their own disposables to `subscriptions`.
 */
export abstract class PanelHost<Message> implements vscode.Disposable {
  protected readonly subscriptions: vscode.Disposable[];

  protected constructor(
    protected readonly ctx: Ctx,
    protected readonly panel: vscode.WebviewPanel,
    private readonly what: string,
    closed: () => void,
  ) {
    this.subscriptions = listenToPanel(
      panel,
      (data) => this.receive(data),
      () => {
        this.dispose();
        closed();
      },
    );
  }

  /** A message from the page, not yet checked against the protocol. */
  protected abstract receive(data: unknown): void;

  protected post(message: Message): void {
    void this.deliver(message);
  }

  /** Posts `message`; resolves once the page took it or failed to (logged, never rejects). */
  protected deliver(message: Message): Promise<void> {
    return postToPanel(this.ctx, this.panel, this.what, message);
  }

  reveal(): void {
    this.panel.reveal(undefined, false);
  }

  /** Closes the panel; its closing disposes the host. */
  close(): void {
    this.panel.dispose();
  }

  dispose(): void {
    for (const s of this.subscriptions.splice(0)) s.dispose();
  }
}

/** Posts one message; resolves once the page took it or failed to (logged as `what`, never rejects). */
async function postToPanel(
  ctx: Ctx,
  panel: vscode.WebviewPanel,
  what: string,
  message: unknown,
): Promise<void> {
  try {
    await panel.webview.postMessage(message);
  } catch (error) {
    ctx.log.warn(`${what} did not take a message: ${String(error)}`);
  }
}

/**
 * The open panels of one kind, one per key (a file, a project): asking for a key that is open reveals its
 * panel rather than opening a second one, and a panel that closes is forgotten.
 */
export class PanelsByKey<Host extends { reveal(): void }> {
  private readonly hosts = new Map<string, Host>();

  /** The open host of `key`, revealed; undefined when none is open. */
  reveal(key: string): Host | undefined {
    const host = this.hosts.get(key);
    host?.reveal();
    return host;
  }

  /** Opens the host of `key` with `create`, which is handed the call that forgets it when its panel closes. */
  open(key: string, create: (closed: () => void) => Host): Host {
    const host = create(() => this.hosts.delete(key));
    this.hosts.set(key, host);
    return host;
  }

  /** Every open host. */
  all(): Host[] {
    return [...this.hosts.values()];
  }

  /** Forgets every host (their owner disposes them). */
  clear(): void {
    this.hosts.clear();
  }
}
