// The HTML shell every webview of the extension shares: a strict Content-Security-Policy with a
// per-render nonce, stylesheets and one script from dist/webview, and every value escaped. Pure (no
// vscode import) so tests check the exact page the panels serve.

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
 * A Content-Security-Policy that allows nothing but the extension's own stylesheets and fonts and
 * scripts carrying the nonce; `images` also allows the extension's and `data:` images. No
 * 'unsafe-inline' anywhere.
 */
export function nonceCsp(cspSource: string, nonce: string, options: { images?: boolean } = {}): string {
  return [
    "default-src 'none'",
    ...(options.images === true ? [`img-src ${cspSource} data:`] : []),
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `font-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
}

/** What a page builder needs of its panel: its CSP source, a fresh nonce and the URI of a dist/webview file. */
export interface PageAssets {
  readonly cspSource: string;
  readonly nonce: string;
  uri(file: string): string;
}

/** What a webview page consists of; every string is raw and escaped by {@link webviewDocument}. */
export interface WebviewPage {
  readonly csp: string;
  readonly nonce: string;
  /** Stylesheet URIs, linked in this order with the nonce. */
  readonly styleUris: readonly string[];
  readonly scriptUri: string;
  readonly title: string;
  /** Publishes the nonce in a `csp-nonce` meta for scripts that create <style> elements. */
  readonly exposeNonce?: boolean;
  /** Class of the `#app` element the script renders into. */
  readonly appClass?: string;
  /** The page's texts in the user's language, published as JSON in a `mxql-texts` meta. */
  readonly texts?: Readonly<Record<string, string>>;
}

/** The complete HTML document of a webview page. */
export function webviewDocument(page: WebviewPage): string {
  const nonce = escapeHtml(page.nonce);
  const nonceMeta = page.exposeNonce === true ? `<meta name="csp-nonce" content="${nonce}">\n` : '';
  const styles = page.styleUris
    .map((uri) => `<link rel="stylesheet" nonce="${nonce}" href="${escapeHtml(uri)}">\n`)
    .join('');
  const textsMeta =
    page.texts === undefined
      ? ''
      : `<meta name="mxql-texts" content="${escapeHtml(JSON.stringify(page.texts))}">\n`;
  const appClass = page.appClass === undefined ? '' : ` class="${escapeHtml(page.appClass)}"`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(page.csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
${nonceMeta}${textsMeta}${styles}<title>${escapeHtml(page.title)}</title>
</head>
<body>
<div id="app"${appClass}></div>
<script nonce="${nonce}" src="${escapeHtml(page.scriptUri)}"></script>
</body>
</html>
`;
}
