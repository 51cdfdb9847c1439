// The HTML of the dashboard pages (the live dashboard and the dashboard preview): a strict CSP with a
// per-render nonce, no inline code, the program's bundle and stylesheet from dist/webview. Pure, so tests
// check the policy without VS Code.
import type { TextTable } from '../../../common/l10n';
import { nonceCsp, webviewDocument, type PageAssets } from '../views/webviewHtml';

/** The browser program of a dashboard page: `dashboard.js`/`.css` or `board.js`/`.css`. */
export type DashboardProgram = 'dashboard' | 'board';

/** The Content-Security-Policy of the dashboard: nothing but our own script and stylesheet. */
export function dashboardCsp(cspSource: string, nonce: string): string {
  return nonceCsp(cspSource, nonce);
}

/** The complete HTML document of a dashboard page; `texts` are the page's texts in the user's language. */
export function dashboardHtml(
  page: PageAssets,
  program: DashboardProgram,
  title: string,
  texts?: TextTable,
): string {
  return webviewDocument({
    csp: dashboardCsp(page.cspSource, page.nonce),
    nonce: page.nonce,
    styleUris: [page.uri(`${program}.css`)],
    scriptUri: page.uri(`${program}.js`),
    title,
    ...(texts ? { texts } : {}),
  });
}
