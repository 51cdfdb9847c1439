// Serves the real results webview (dist/webview, built by esbuild.mjs) from a loopback server
// with the production HTML and CSP, and drives it in Chromium. The only stand-in is the VS Code
// host itself: a nonce'd script defines acquireVsCodeApi, records posted messages and CSP
// violations, and delivers host messages with window.postMessage as VS Code does.

import { spawnSync } from 'node:child_process';
import { after, before } from 'node:test';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, watch } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { dirname, extname, join } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { BOARD_TEXTS } from '../../common/boardMessages';
import { DASHBOARD_TEXTS } from '../../common/dashboardMessages';
import { translateTexts } from '../../common/l10n';
import { translateResultsTexts } from '../../common/resultsTexts';
import { dashboardCsp, dashboardHtml } from '../../client/src/dashboard/dashboardHtml';
import { resultsCsp, resultsHtml } from '../../client/src/views/resultsHtml';
import { newestMtime } from '../support/newestMtime';

import { launchChromium } from '../../scripts/vscode/chromium.mjs';

export { launchChromium };

// The repository root: the nearest folder upwards from the working directory with esbuild.mjs.
function findRoot(dir: string): string {
  if (existsSync(join(dir, 'esbuild.mjs')) && existsSync(join(dir, 'package.json'))) return dir;
  const parent = dirname(dir);
  if (parent === dir) throw new Error('Run the webview tests from inside the repository.');
  return findRoot(parent);
}
export const root = findRoot(process.cwd());
const distDir = join(root, 'dist', 'webview');
// The notebook renderer bundles the extension's l10n tables, so they are sources too.
const sourceDirs = [join(root, 'client', 'webview'), join(root, 'common'), join(root, 'l10n')];
const lockDir = join(root, 'dist', '.webview-build.lock');

function isFresh(): boolean {
  const outputs = ['results.js', 'results.css', 'codicon.css', 'board.js', 'board.css'].map((f) =>
    join(distDir, f),
  );
  if (!outputs.every((f) => existsSync(f))) return false;
  const built = Math.min(...outputs.map((f) => statSync(f).mtimeMs));
  return built >= Math.max(...sourceDirs.map(newestMtime));
}

function waitForUnlock(timeoutMs = 120_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const watcher = watch(dirname(lockDir), () => {
      if (!existsSync(lockDir)) finish();
    });
    const timer = setTimeout(() => {
      watcher.close();
      reject(new Error('Timed out waiting for another process to build dist/webview'));
    }, timeoutMs);
    function finish(): void {
      clearTimeout(timer);
      watcher.close();
      resolve();
    }
    if (!existsSync(lockDir)) finish();
  });
}

/** Runs `node esbuild.mjs` unless dist/webview is newer than the sources; one process builds at a time. */
export async function ensureBuilt(): Promise<void> {
  if (isFresh()) return;
  mkdirSync(dirname(lockDir), { recursive: true });
  if (existsSync(lockDir) && Date.now() - statSync(lockDir).mtimeMs > 120_000)
    rmSync(lockDir, { recursive: true });
  try {
    mkdirSync(lockDir);
  } catch {
    await waitForUnlock();
    return ensureBuilt();
  }
  try {
    const res = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: root, encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`node esbuild.mjs failed:\n${res.stderr}${res.stdout}`);
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

// The fake host, served as a nonce'd script before the webview's own script.
const hostScript = `(() => {
  const host = { posted: [], violations: [], send(message) { window.postMessage(message, '*'); } };
  window.__host = host;
  let state = JSON.parse(sessionStorage.getItem('mxql-test-state') || 'null');
  document.addEventListener('securitypolicyviolation', (e) => {
    host.violations.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample });
  });
  window.acquireVsCodeApi = () => ({
    postMessage(message) { host.posted.push(JSON.parse(JSON.stringify(message))); },
    getState() { return state; },
    setState(next) { state = next; sessionStorage.setItem('mxql-test-state', JSON.stringify(next)); },
  });
})();`;

const contentTypes: Readonly<Record<string, string>> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.ttf': 'font/ttf',
  '.map': 'application/json',
};

/** A loopback server for the webview page, recording CSP reports and unexpected requests. */
export interface WebviewServer {
  readonly origin: string;
  readonly cspReports: unknown[];
  readonly unexpected: string[];
  close(): Promise<void>;
}

/** Starts the loopback server serving the page at `/` and dist/webview at `/dist/`. */
export async function startServer(): Promise<WebviewServer> {
  const cspReports: unknown[] = [];
  const unexpected: string[] = [];
  let origin = '';
  const server: Server = createServer((req, res) => handle(req, res));
  function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === '/csp-report') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        cspReports.push(body);
        res.writeHead(204).end();
      });
      return;
    }
    if (url.pathname === '/') return page(res, url.searchParams.get('locale'));
    if (url.pathname === '/dashboard') return dashboardPage(res, url.searchParams.get('locale'));
    if (url.pathname === '/board') return boardPage(res, url.searchParams.get('locale'));
    if (url.pathname === '/host.js') return send(res, 200, 'text/javascript', hostScript);
    const file = url.pathname.startsWith('/dist/') ? join(distDir, url.pathname.slice(6)) : '';
    if (file && !file.includes('..') && existsSync(file)) {
      return send(res, 200, contentTypes[extname(file)] ?? 'application/octet-stream', readFileSync(file));
    }
    if (url.pathname !== '/favicon.ico') unexpected.push(url.pathname + url.search);
    send(res, 404, 'text/plain', 'not found');
  }
  // `/?locale=ko` serves the page with the texts table the extension builds from l10n/bundle.l10n.ko.json.
  function page(res: ServerResponse, locale: string | null): void {
    const nonce = randomBytes(16).toString('base64');
    const translate = translatorOf(locale);
    const html = resultsHtml({
      cspSource: origin,
      nonce,
      scriptUri: `${origin}/dist/results.js`,
      styleUri: `${origin}/dist/results.css`,
      codiconsUri: `${origin}/dist/codicon.css`,
      title: 'MXQL Results',
      ...(translate ? { texts: translateResultsTexts(translate) } : {}),
    });
    servePage(res, html, resultsCsp(origin, nonce), nonce);
  }
  // `/dashboard?locale=ko`: the live dashboard's page as the extension builds it, texts included.
  function dashboardPage(res: ServerResponse, locale: string | null): void {
    const nonce = randomBytes(16).toString('base64');
    const translate = translatorOf(locale);
    const html = dashboardHtml(
      { cspSource: origin, nonce, uri: (file) => `${origin}/dist/${file}` },
      'dashboard',
      'Live',
      translate ? translateTexts(DASHBOARD_TEXTS, translate) : undefined,
    );
    servePage(res, html, dashboardCsp(origin, nonce), nonce);
  }
  // `/board?locale=ko`: the dashboard preview's page as the extension builds it (the same shell as the live dashboard).
  function boardPage(res: ServerResponse, locale: string | null): void {
    const nonce = randomBytes(16).toString('base64');
    const translate = translatorOf(locale);
    const html = dashboardHtml(
      { cspSource: origin, nonce, uri: (file) => `${origin}/dist/${file}` },
      'board',
      'Dashboard preview',
      translate ? translateTexts(BOARD_TEXTS, translate) : undefined,
    );
    servePage(res, html, dashboardCsp(origin, nonce), nonce);
  }
  // The page with the fake host's script before its own, under its CSP plus a report address.
  function servePage(res: ServerResponse, html: string, csp: string, nonce: string): void {
    const withHost = html.replace(
      '<script ',
      `<script nonce="${nonce}" src="${origin}/host.js"></script>\n<script `,
    );
    res.setHeader('Content-Security-Policy', `${csp}; report-uri ${origin}/csp-report`);
    send(res, 200, 'text/html; charset=utf-8', withHost);
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    cspReports,
    unexpected,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** vscode.l10n.t over the extension's bundle of `locale` (l10n/bundle.l10n.<locale>.json); undefined for English. */
function translatorOf(locale: string | null): ((message: string) => string) | undefined {
  if (!locale) return undefined;
  const file = join(root, 'l10n', `bundle.l10n.${locale}.json`);
  const bundle = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  return (message) => bundle[message] ?? message;
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(body);
}

/** Opens the webview page and waits for its `ready` message. */
export async function openWebview(browser: Browser, server: WebviewServer, query = ''): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.origin}/${query}`);
  await waitFor(page, 'window.__host && window.__host.posted.some((m) => m.type === "ready")');
  if (errors.length) throw new Error(`Page errors: ${errors.join('\n')}`);
  return page;
}

/** Posts host messages to the page (as the extension's webview.postMessage would). */
export async function sendToWebview(page: Page, messages: readonly unknown[]): Promise<void> {
  // Typed arrays (the columns of `columnsChunk`) cross into the page as tagged lists and are
  // rebuilt there, so the page receives what VS Code's postMessage delivers: real typed arrays.
  const text = JSON.stringify(messages, (_key, value: unknown) =>
    ArrayBuffer.isView(value) && !(value instanceof DataView)
      ? { __typed: value.constructor.name, values: Array.from(value as unknown as ArrayLike<number>) }
      : value,
  );
  await page.evaluate(`JSON.parse(${JSON.stringify(text)}, (key, value) =>
    value && typeof value === 'object' && typeof value.__typed === 'string'
      ? new globalThis[value.__typed](value.values)
      : value,
  ).forEach((m) => window.__host.send(m))`);
}

/** Messages the webview posted to the host so far. */
export function posted(page: Page): Promise<{ type: string; [key: string]: unknown }[]> {
  return page.evaluate('window.__host.posted');
}

/** CSP violations seen by the page. */
export function violations(page: Page): Promise<unknown[]> {
  return page.evaluate('window.__host.violations');
}

/**
 * Waits until the page expression `expr` is truthy, checking once per animation frame.
 * (Playwright's waitForFunction evaluates strings with eval, which the webview's CSP forbids.)
 */
export async function waitFor(page: Page, expr: string, timeoutMs = 20_000): Promise<void> {
  await page.evaluate(`new Promise((resolve, reject) => {
    const started = performance.now();
    const tick = () => {
      let ok = false;
      try { ok = Boolean(${expr}); } catch { ok = false; }
      if (ok) resolve(true);
      else if (performance.now() - started > ${timeoutMs}) reject(new Error('Timed out waiting for: ' + ${JSON.stringify(expr)}));
      else requestAnimationFrame(tick);
    };
    tick();
  })`);
}

/** Waits until the panel shows `rows` rows in phase `phase`, painted in the grid. */
export async function waitForRows(page: Page, rows: number, phase = 'done'): Promise<void> {
  await waitFor(
    page,
    `document.getElementById('app').dataset.rows === '${rows}' && document.getElementById('app').dataset.phase === '${phase}' && (${rows} === 0 || document.querySelector('.slick-row') !== null)`,
  );
}

/** The built webview's server and a Chromium, shared by the tests of one file. */
export interface WebviewRig {
  server: WebviewServer;
  browser: Browser;
}

/**
 * Builds the webview, starts its server and Chromium before the file's tests and closes both after them,
 * so every webview test file sets up the same way. Read the fields inside tests and hooks only.
 */
export function useWebviewRig(): WebviewRig {
  const rig = {} as WebviewRig;
  before(async () => {
    await ensureBuilt();
    rig.server = await startServer();
    rig.browser = await launchChromium();
  });
  after(async () => {
    await rig.browser?.close();
    await rig.server?.close();
  });
  return rig;
}
