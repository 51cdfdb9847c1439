// A bare SlickGrid page: the same-run baseline of the results grid's scroll figures. It shows the
// rows `generate` builds (gridMeasures.ts) with SlickGrid's defaults and none of the product's code
// (no formatters, titles, theme, sorting, recycling, column picker), in a viewport of the results
// grid's size with its column widths, so the scroll drivers of gridMeasures.ts work on it unchanged
// (the container carries the `mxql-grid` class they look for). Where the results grid costs more
// per scroll step than this page in the same Chromium and the same minute, the product is why.
import { build } from 'esbuild';
import { type Browser, type Page } from 'playwright-core';
import { frames, generate, p, renderWork } from './gridMeasures';
import { root } from './harness';

/** The results grid's geometry the bare page copies. */
export interface GridLayout {
  readonly width: number;
  readonly height: number;
  /** Widths of the grid's columns, in display order. */
  readonly columnWidths: readonly number[];
}

/** Page expression: the results grid's viewport size and column widths. */
const gridLayout = `(() => {
  const grid = document.querySelector('.mxql-grid');
  const headers = [...document.querySelectorAll('.mxql-grid .slick-header-column')];
  return { width: grid.clientWidth, height: grid.clientHeight, columnWidths: headers.map((h) => h.offsetWidth) };
})()`;

// The page's script: SlickGrid and its own style sheet, the columns read from the generated
// messages through a value extractor (typed columns; text columns are codes into a string table).
const pageSource = `
import 'slickgrid/dist/styles/css/slick.grid.css';
import { SlickGrid } from 'slickgrid';
window.mountBareGrid = (layout) => {
  const chunks = window.__bench.messages.filter((m) => m.type === 'columnsChunk').map((m) => m.chunk);
  const init = window.__bench.messages.find((m) => m.type === 'init');
  const names = init.columns.map((c) => c.name);
  const rowCount = chunks.reduce((n, c) => n + c.rowCount, 0);
  const columns = names.map((_, i) => {
    const parts = chunks.map((c) => c.columns[i]);
    if (parts[0].kind === 'string') {
      // Each chunk has its own string table: one table over all chunks.
      const table = [];
      const index = new Map();
      const codes = new Uint32Array(rowCount);
      let at = 0;
      for (const p of parts) {
        const merged = p.table.map((s) => index.get(s) ?? (index.set(s, table.length), table.push(s) - 1));
        for (let r = 0; r < p.codes.length; r++) codes[at++] = merged[p.codes[r] - 1];
      }
      return (row) => table[codes[row]];
    }
    const values = new Float64Array(rowCount);
    let at = 0;
    for (const p of parts) { values.set(p.values, at); at += p.values.length; }
    return (row) => values[row];
  });
  window.__bench.messages = [];
  const container = document.getElementById('grid');
  container.style.width = layout.width + 'px';
  container.style.height = layout.height + 'px';
  const data = { getLength: () => rowCount, getItem: (i) => ({ id: i }), getItemMetadata: () => null };
  const defs = layout.columnWidths.map((width, i) => ({ id: 'c' + i, name: names[i], field: String(i), width }));
  new SlickGrid(container, data, defs, {
    rowHeight: 22,
    // Reordering needs Sortable.js, which scrolling never uses.
    enableColumnReorder: false,
    enableCellNavigation: true,
    dataItemColumnValueExtractor: (item, col) => columns[Number(col.field)](item.id),
  });
  return document.querySelectorAll('#grid .slick-row').length;
};
`;

let bundle: Promise<{ js: string; css: string }> | undefined;

// The page's script and style sheet, bundled once per process from node_modules.
function bareBundle(): Promise<{ js: string; css: string }> {
  bundle ??= build({
    stdin: { contents: pageSource, resolveDir: root, loader: 'js' },
    bundle: true,
    write: false,
    outdir: 'bare',
    platform: 'browser',
    target: 'chrome120',
    format: 'iife',
    logLevel: 'silent',
  }).then((result) => ({
    js: result.outputFiles.find((f) => f.path.endsWith('.js'))?.text ?? '',
    css: result.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '',
  }));
  return bundle;
}

/** Opens the bare grid over `rows` generated rows with the geometry of the results grid on `product`. */
export async function openBareGridBeside(browser: Browser, product: Page, rows: number): Promise<Page> {
  const layout: GridLayout = await product.evaluate(gridLayout);
  const { js, css } = await bareBundle();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Served from a made-up origin through the driver: no server, nothing inline to escape.
  const origin = 'http://bare-grid.invalid';
  await page.route(`${origin}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    const [contentType, body] =
      path === '/bare.js'
        ? ['text/javascript', js]
        : path === '/bare.css'
          ? ['text/css', css]
          : [
              'text/html',
              '<!doctype html><html><head><link rel="stylesheet" href="/bare.css"></head>' +
                '<body style="margin:0"><div id="grid" class="mxql-grid"></div><script src="/bare.js"></script></body></html>',
            ];
    void route.fulfill({ contentType, body });
  });
  await page.goto(`${origin}/`);
  await page.evaluate(generate(rows));
  const rendered: number = await page.evaluate(`window.mountBareGrid(${JSON.stringify(layout)})`);
  if (errors.length || rendered === 0)
    throw new Error(`The bare grid did not render: ${errors.join('\n') || 'no rows'}`);
  return page;
}

/**
 * Closes the bare grid and gives the results grid's page the front again, idle until it has painted
 * and the bare page's renderer is gone: a sort timed at once after the switch measured 100-360 ms
 * instead of 30.
 */
export async function closeBareGrid(pages: GridPages): Promise<void> {
  await pages.bare.close();
  await pages.product.bringToFront();
  await pages.product.evaluate(frames(0, 30));
}

/** The results grid's page and the bare grid's, in one Chromium. */
export interface GridPages {
  readonly product: Page;
  readonly bare: Page;
}

/**
 * Runs `measure` on the results grid and on the bare grid `rounds` times each, alternating which
 * goes first, so load on the machine falls on both alike. Returns each side's figures per round.
 */
export async function interleaved<T>(
  pages: GridPages,
  rounds: number,
  measure: (page: Page) => Promise<T>,
): Promise<{ product: T[]; bare: T[] }> {
  const product: T[] = [];
  const bare: T[] = [];
  for (let round = 0; round < rounds; round++) {
    const order: [Page, T[]][] = [
      [pages.product, product],
      [pages.bare, bare],
    ];
    if (round % 2 === 1) order.reverse();
    for (const [page, figures] of order) {
      // Only the front page gets animation frames at the display's rate.
      await page.bringToFront();
      figures.push(await measure(page));
    }
  }
  return { product, bare };
}

/**
 * The grid's own work per scroll step of `step` px on both pages (renderWork, `count` steps a round,
 * interleaved), with each round's results-grid median over the bare grid's median.
 */
export async function workPerStep(
  pages: GridPages,
  step: number,
  rounds: number,
  count: number,
): Promise<{ product: number[][]; bare: number[][]; ratios: number[] }> {
  const work = await interleaved(pages, rounds, (page) => page.evaluate<number[]>(renderWork(step, count)));
  const ratios = work.product.map((mine, i) => p(mine, 0.5) / p(work.bare[i] ?? [], 0.5));
  return { ...work, ratios };
}
