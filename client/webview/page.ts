// What every webview page does first: find where it renders, post to the host and hear it (its texts:
// pageTexts.ts).

/** The element the page renders into. */
export function appRoot(): HTMLElement {
  return document.getElementById('app') ?? document.body;
}

/** Calls `receive` with every message the host sends; the protocol's parser judges them. */
export function listenToHost(receive: (data: unknown) => void): void {
  window.addEventListener('message', (event: MessageEvent<unknown>) => receive(event.data));
}

/** Sends a message of the page's protocol to the host (acquires the VS Code API, which a page may do once). */
export function hostPoster<Message>(): (message: Message) => void {
  const host = acquireVsCodeApi();
  return (message) => host.postMessage(message);
}
