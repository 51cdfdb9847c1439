// The live dashboard's HTML: a strict CSP with a per-render nonce, no inline code, the bundle and
// its stylesheet from dist/webview. Pure, so tests check the policy without VS Code.
import type { TextTable } from '../../../common/l10n';
import { nonceCsp, webviewDocument } from '../views/webviewHtml';

export interface DashboardHtmlInput {
  readonly cspSource: string;
  readonly nonce: string;
  readonly scriptUri: string;
  readonly styleUri: string;
  readonly title: string;
  /** The page's texts in the user's language (DASHBOARD_TEXTS translated). */
  readonly texts?: TextTable;
}

/** The Content-Security-Policy of the dashboard: nothing but our own script and stylesheet. */
export function dashboardCsp(cspSource: string, nonce: string): string {
  return nonceCsp(cspSource, nonce);
}

/** The complete HTML document of the dashboard panel. */
export function dashboardHtml(input: DashboardHtmlInput): string {
  return webviewDocument({
    csp: dashboardCsp(input.cspSource, input.nonce),
    nonce: input.nonce,
    styleUris: [input.styleUri],
    scriptUri: input.scriptUri,
    title: input.title,
    ...(input.texts ? { texts: input.texts } : {}),
  });
}
