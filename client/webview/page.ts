// What every webview page does first: read its texts from the page the host wrote, post to the host and
// hear it. Typed without the DOM where node tests import it (through the results panel's texts).
import { textsFrom, type TextTable } from '../../common/l10n';

interface TextsPage {
  querySelector(selector: string): { getAttribute(name: string): string | null } | null;
}

/** The JSON of the page's texts (the `mxql-texts` meta the host writes); undefined outside a page. */
export function pageTextsJson(): string | null | undefined {
  const page = (globalThis as { document?: TextsPage }).document;
  return page?.querySelector('meta[name="mxql-texts"]')?.getAttribute('content');
}

/** The page's texts in the user's language, each falling back to the English of `table`. */
export function pageTexts<T extends TextTable>(table: T): Readonly<Record<keyof T, string>> {
  return textsFrom(table, pageTextsJson());
}

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
