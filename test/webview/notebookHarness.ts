// Serves the real notebook renderer (dist/webview/notebookRenderer.js) on a loopback page the way VS
// Code's notebook webview loads it: as an ES module whose `activate` gets a context with postMessage,
// under a CSP without remote sources. The page records what the renderer posts and CSP violations.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { NOTEBOOK_RESULT_MIME } from '../../common/notebookOutput';
import { root, waitFor } from './harness';

const distDir = join(root, 'dist', 'webview');
const types: Readonly<Record<string, string>> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.ttf': 'font/ttf',
};

function pageHtml(nonce: string): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>
<script type="module" nonce="${nonce}">
import { activate } from '/dist/notebookRenderer.js';
const host = { posted: [], violations: [] };
window.__host = host;
document.addEventListener('securitypolicyviolation', (e) => host.violations.push(e.violatedDirective + ' ' + e.blockedURI));
const api = activate({ postMessage: (m) => host.posted.push(JSON.parse(JSON.stringify(m))) });
window.__render = (id, json) => {
  const element = document.createElement('div');
  element.id = 'out-' + id;
  document.body.append(element);
  const started = performance.now();
  api.renderOutputItem({ id, mime: ${JSON.stringify(NOTEBOOK_RESULT_MIME)}, json: () => json, text: () => JSON.stringify(json) }, element);
  return performance.now() - started;
};
host.ready = true;
</script></body></html>`;
}

/** The loopback page server; `unexpected` lists requests for anything but the page and dist/webview. */
export interface RendererServer {
  readonly origin: string;
  readonly unexpected: string[];
  close(): Promise<void>;
}

export async function startRendererServer(): Promise<RendererServer> {
  const unexpected: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/') {
      const nonce = randomBytes(16).toString('base64');
      // Close to the notebook webview's policy: scripts from the page's origin, inline styles allowed.
      res.setHeader(
        'Content-Security-Policy',
        `default-src 'none'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'unsafe-inline'; font-src 'self'; img-src 'self' data:`,
      );
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(pageHtml(nonce));
      return;
    }
    const file = path.startsWith('/dist/') ? join(distDir, path.slice(6)) : '';
    if (file && !file.includes('..') && existsSync(file)) {
      res
        .writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' })
        .end(readFileSync(file));
      return;
    }
    if (path !== '/favicon.ico') unexpected.push(path);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    unexpected,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Opens the renderer page and waits until the renderer is activated. */
export async function openRendererPage(browser: Browser, server: RendererServer): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.origin}/`);
  await waitFor(page, 'window.__host && window.__host.ready');
  if (errors.length > 0) throw new Error(`Page errors: ${errors.join('\n')}`);
  return page;
}

/** Renders one output item; resolves with the synchronous render time in ms. */
export function renderOutput(page: Page, id: string, output: unknown): Promise<number> {
  return page.evaluate(`window.__render(${JSON.stringify(id)}, ${JSON.stringify(output)})`);
}
