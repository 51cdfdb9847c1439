// Builds the results webview's HTML. Pure (no vscode import) so tests serve the very same page
// from a loopback server in Chromium; the panel code passes webview.asWebviewUri() strings.

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
  /** Document title; escaped here. */
  readonly title?: string;
}

const htmlEscapes: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for an HTML attribute or text node. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => htmlEscapes[ch] ?? ch);
}

/**
 * The Content-Security-Policy of the results webview. No 'unsafe-inline': SlickGrid's dynamic
 * <style> element receives the nonce (read from the `csp-nonce` meta), and uPlot only sets
 * element.style properties, which CSP allows.
 */
export function resultsCsp(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `img-src ${cspSource} data:`,
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `font-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
}

/** The complete HTML document of the results panel. */
export function resultsHtml(input: ResultsHtmlInput): string {
  const nonce = escapeHtml(input.nonce);
  const csp = escapeHtml(resultsCsp(input.cspSource, input.nonce));
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<meta name="csp-nonce" content="${nonce}">
<link rel="stylesheet" nonce="${nonce}" href="${escapeHtml(input.codiconsUri)}">
<link rel="stylesheet" nonce="${nonce}" href="${escapeHtml(input.styleUri)}">
<title>${escapeHtml(input.title ?? 'MXQL Results')}</title>
</head>
<body>
<div id="app" class="mxql-app"></div>
<script nonce="${nonce}" src="${escapeHtml(input.scriptUri)}"></script>
</body>
</html>
`;
}
