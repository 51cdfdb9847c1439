// Builds the results webview's HTML. Pure (no vscode import) so tests serve the very same page
// from a loopback server in Chromium; the panel code passes webview.asWebviewUri() strings.
import type { ResultsTexts } from '../../../common/resultsTexts';
import { nonceCsp, webviewDocument } from './webviewHtml';

/** Inputs of {@link resultsHtml}; every URI is already converted with `webview.asWebviewUri`. */
export interface ResultsHtmlInput {
  /** `webview.cspSource`. */
  readonly cspSource: string;
  /** A fresh random nonce per render (base64 or hex, no quotes). */
  readonly nonce: string;
  /** URI of dist/webview/results.js. */
  readonly scriptUri: string;
  /** URI of dist/webview/results.css. */
  readonly styleUri: string;
  /** URI of dist/webview/codicon.css. */
  readonly codiconsUri: string;
  /** Document title in the user's language; escaped here. */
  readonly title: string;
  /** The panel's texts in the user's language; without it the page shows English. */
  readonly texts?: ResultsTexts;
}

/**
 * The Content-Security-Policy of the results webview. No 'unsafe-inline': SlickGrid's dynamic
 * <style> element receives the nonce (read from the `csp-nonce` meta), and uPlot only sets
 * element.style properties, which CSP allows.
 */
export function resultsCsp(cspSource: string, nonce: string): string {
  return nonceCsp(cspSource, nonce, { images: true });
}

/** The complete HTML document of the results panel. */
export function resultsHtml(input: ResultsHtmlInput): string {
  return webviewDocument({
    csp: resultsCsp(input.cspSource, input.nonce),
    nonce: input.nonce,
    styleUris: [input.codiconsUri, input.styleUri],
    scriptUri: input.scriptUri,
    title: input.title,
    exposeNonce: true,
    appClass: 'mxql-app',
    ...(input.texts ? { texts: input.texts } : {}),
  });
}
