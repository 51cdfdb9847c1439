// The live dashboard's HTML: a strict CSP with a per-render nonce, no inline code, the bundle and
// its stylesheet from dist/webview. Pure, so tests check the policy without VS Code.
import { escapeHtml } from '../views/resultsHtml';

export interface DashboardHtmlInput {
  readonly cspSource: string;
  readonly nonce: string;
  readonly scriptUri: string;
  readonly styleUri: string;
  readonly title: string;
}

/** The Content-Security-Policy of the dashboard: nothing but our own script and stylesheet. */
export function dashboardCsp(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `font-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
}

/** The complete HTML document of the dashboard panel. */
export function dashboardHtml(input: DashboardHtmlInput): string {
  const nonce = escapeHtml(input.nonce);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(dashboardCsp(input.cspSource, input.nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" nonce="${nonce}" href="${escapeHtml(input.styleUri)}">
<title>${escapeHtml(input.title)}</title>
</head>
<body>
<div id="app"></div>
<script nonce="${nonce}" src="${escapeHtml(input.scriptUri)}"></script>
</body>
</html>
`;
}
