// The slice of VS Code's notebook renderer API this renderer uses (the API of
// `vscode-notebook-renderer`, written out so the webview program needs no extra package).

/** One output item as the renderer receives it. */
export interface OutputItem {
  readonly id: string;
  readonly mime: string;
  json(): unknown;
  text(): string;
}

/** What VS Code passes to `activate`. `postMessage` exists when the extension listens (requiresMessaging). */
export interface RendererContext {
  postMessage?(message: unknown): void;
}

/** What `activate` returns. */
export interface RendererApi {
  renderOutputItem(item: OutputItem, element: HTMLElement): void;
  disposeOutputItem?(id?: string): void;
}
