// The notebook renderer in real Chromium: results in the results app's grid, errors with their
// buttons, hostile values everywhere shown as text, nothing run, nothing loaded, no CSP violation; an
// output's grid is built only once the output comes near the view.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Browser, type Page } from 'playwright-core';
import type { CellOutput } from '../../common/notebookOutput';
import { BASE_TIME } from './fixtures';
import { ensureBuilt, launchChromium, waitFor } from './harness';
import { openRendererPage, renderOutput, startRendererServer, type RendererServer } from './notebookHarness';
import { payloads } from './xssPayloads';

const belowTheFold: CellOutput = {
  type: 'result',
  run: { title: 'Below the fold', profile: 'Demo', rows: 3, ms: 7, ranAt: BASE_TIME },
  columns: ['time', 'oname', 'tps'],
  rows: [0, 1, 2].map((i) => [BASE_TIME + i * 60_000, `web-0${i}`, i * 10]),
};

void describe('notebook renderer', () => {
  let browser: Browser;
  let server: RendererServer;
  let page: Page;

  before(async () => {
    await ensureBuilt();
    server = await startRendererServer();
    browser = await launchChromium();
    page = await openRendererPage(browser, server);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  void it('shows a result in the grid with its controls, and asks the extension to open the panel', async () => {
    const output: CellOutput = {
      type: 'result',
      run: { title: 'TPS', profile: 'Demo', rows: 3, ms: 7, ranAt: BASE_TIME },
      columns: ['time', 'oname', 'tps'],
      rows: [0, 1, 2].map((i) => [BASE_TIME + i * 60_000, `web-0${i}`, i * 10]),
    };
    await renderOutput(page, 'plain', output);
    await waitFor(page, `document.querySelectorAll('#out-plain .slick-row').length === 3`);
    const text = await page.evaluate(`document.getElementById('out-plain').textContent`);
    assert.match(String(text), /web-01/);
    await page.click('#out-plain .mxql-nb-open');
    await waitFor(page, `window.__host.posted.some((m) => m.type === 'openInPanel')`);
    const posted = await page.evaluate<{ type: string; output?: unknown }[]>('window.__host.posted');
    assert.deepEqual(posted.find((m) => m.type === 'openInPanel')?.output, output);
  });

  void it('the Chart tab draws the time series of a result', async () => {
    await page.click('#out-plain .mxql-tab[data-tab="chart"]');
    await waitFor(page, `document.querySelector('#out-plain .mxql-chart canvas') !== null`);
  });

  void it('shows every payload as text in column names, cells, titles, errors and buttons', async () => {
    const columns = ['time', ...payloads.slice(0, 12)];
    const rows = payloads.map((p, i) => [
      BASE_TIME + i * 1000,
      ...columns.slice(1).map((_, j) => payloads[(i + j) % payloads.length] ?? p),
    ]);
    const result: CellOutput = {
      type: 'result',
      run: { title: payloads[0] ?? '', endpoint: payloads[1] ?? '' },
      columns,
      rows,
    };
    await renderOutput(page, 'xss', result);
    await waitFor(page, `document.querySelectorAll('#out-xss .slick-row').length > 0`);
    const error: CellOutput = {
      type: 'error',
      run: { title: payloads[2] ?? '' },
      message: payloads.join('\n'),
      code: payloads[3] ?? '',
      actions: payloads.slice(0, 5).map((label, i) => ({ id: `a${i}`, label })),
    };
    await renderOutput(page, 'err', error);
    const errorText = String(await page.evaluate(`document.getElementById('out-err').textContent`));
    for (const payload of payloads.slice(0, 20)) assert.ok(errorText.includes(payload), payload.slice(0, 40));
    await page.click('#out-err [data-action-id="a1"]');
    await waitFor(page, `window.__host.posted.some((m) => m.type === 'action' && m.actionId === 'a1')`);
    const action = (
      await page.evaluate<{ type: string; actionId?: string; run?: unknown }[]>('window.__host.posted')
    ).find((m) => m.type === 'action');
    assert.deepEqual(action?.run, error.run, 'the action names its output, so Re-run finds the cell');
    // Give any injected markup the chance to act, then check that none did.
    await page.evaluate(
      'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
    );
    assert.equal(await page.evaluate('window.__xss'), undefined);
    const injected = await page.evaluate(
      `document.querySelectorAll('#out-xss img, #out-xss iframe, #out-xss script, #out-xss svg[onload], #out-err img, #out-err iframe, #out-err script, #out-err a[href]').length`,
    );
    assert.equal(injected, 0);
    const headers = String(
      await page.evaluate(`document.querySelector('#out-xss .slick-header').textContent`),
    );
    assert.ok(headers.includes(payloads[0] ?? ''), 'column names are shown as text');
    assert.deepEqual(await page.evaluate('window.__host.violations'), []);
    assert.deepEqual(server.unexpected, []);
  });

  void it('a malformed output shows a readable problem instead of throwing', async () => {
    await renderOutput(page, 'bad', { type: 'result', columns: 'nope' });
    const text = String(await page.evaluate(`document.getElementById('out-bad').textContent`));
    assert.match(text, /cannot be shown: output\.columns must be an array/);
  });

  // A notebook renders the saved outputs of many cells when it opens, and building every grid at once held
  // up the first screen; the output keeps its height either way, so nothing moves when the grid is built.
  void it('builds the grid of an output far below the view only when it is scrolled near', async () => {
    // Far below the 900 px viewport, as the outputs of the later cells of a long notebook are.
    await page.evaluate(
      `(() => { const spacer = document.createElement('div'); spacer.style.height = '6000px'; document.body.append(spacer); })()`,
    );
    await renderOutput(page, 'far', belowTheFold);
    // Two frames and a pause past the idle timeout: long enough for an IntersectionObserver, an idle
    // callback or a grid built at once to act.
    await page.evaluate(
      `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 2500))))`,
    );
    const outOfView = await page.evaluate<{ grid: number; previewRows: number; height: number }>(`(() => {
      const frame = document.querySelector('#out-far .mxql-nb-result');
      return {
        grid: frame.querySelectorAll('.mxql-grid').length,
        previewRows: frame.querySelectorAll('.mxql-nb-preview tbody tr').length,
        height: frame.getBoundingClientRect().height,
      };
    })()`);
    assert.equal(outOfView.grid, 0, 'the grid of an output out of view was built at once');
    assert.equal(outOfView.previewRows, 3, 'the light view shows the rows at once');
    assert.ok(
      (await page.evaluate(`document.querySelector('#out-far .mxql-nb-open') !== null`)) === true,
      'the output bar is there at once',
    );
    await page.evaluate(`document.getElementById('out-far').scrollIntoView()`);
    await waitFor(page, `document.querySelectorAll('#out-far .slick-row').length === 3`);
    const inView = await page.evaluate<{ preview: number; height: number }>(`(() => {
      const frame = document.querySelector('#out-far .mxql-nb-result');
      return { preview: frame.querySelectorAll('.mxql-nb-preview').length, height: frame.getBoundingClientRect().height };
    })()`);
    assert.equal(inView.preview, 0, 'the grid replaces the light view');
    assert.equal(inView.height, outOfView.height, 'the output keeps its height when its grid is built');
  });

  // The first screen of a notebook shows each output as a plain table of its first rows, without the
  // grid's code; the grid takes its place when the user reaches for the output or the page is idle.
  void it('shows the first rows as text at once, as the grid shows them, and upgrades on a reach', async () => {
    await page.evaluate(`document.body.replaceChildren()`);
    // Out of view, so only a reach (not an idle moment) builds the grid.
    await page.evaluate(
      `(() => { const spacer = document.createElement('div'); spacer.style.height = '6000px'; document.body.append(spacer); })()`,
    );
    const columns = ['time', 'oname', 'tps', 'oid', ...payloads.slice(0, 3)];
    const output: CellOutput = {
      type: 'result',
      run: { title: payloads[0] ?? '', rows: 40 },
      columns,
      rows: Array.from({ length: 40 }, (_, i) => [
        BASE_TIME + i * 60_000,
        payloads[i % payloads.length] ?? '',
        i * 1000.5,
        1600292156 + i,
        ...payloads.slice(0, 3),
      ]),
    };
    await renderOutput(page, 'light', output);
    const preview = await page.evaluate<{
      headers: string[];
      rows: string[][];
      grid: number;
      stats: string;
    }>(`(() => {
      const frame = document.querySelector('#out-light .mxql-nb-result');
      return {
        headers: [...frame.querySelectorAll('.mxql-nb-preview th')].map((n) => n.textContent),
        rows: [...frame.querySelectorAll('.mxql-nb-preview tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent)),
        grid: frame.querySelectorAll('.mxql-grid').length,
        stats: frame.querySelector('.mxql-nb-preview .mxql-stats').textContent,
      };
    })()`);
    assert.equal(preview.grid, 0);
    assert.deepEqual(preview.headers, columns, 'column names are shown as text');
    assert.equal(preview.rows.length, 16, 'the first rows that fill the frame, not all 40');
    assert.deepEqual(
      preview.rows.map((r) => r[1]),
      output.rows.slice(0, 16).map((r) => r[1]),
      'values are shown as text',
    );
    assert.match(preview.stats, /^40 rows$/);
    await page.evaluate(
      'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
    );
    assert.equal(await page.evaluate('window.__xss'), undefined);
    assert.equal(
      await page.evaluate(
        `document.querySelectorAll('#out-light img, #out-light iframe, #out-light script').length`,
      ),
      0,
    );
    // A reach for the output (still out of view, so no idle moment builds it) builds the grid in its
    // place, with the same texts in the same places.
    await page.dispatchEvent('#out-light .mxql-nb-preview td', 'pointerover');
    await waitFor(page, `document.querySelectorAll('#out-light .slick-row').length > 0`);
    const grid = await page.evaluate<string[][]>(`(() => {
      const rows = [...document.querySelectorAll('#out-light .slick-row')].sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
      return rows.slice(0, 3).map((row) => [...row.querySelectorAll('.slick-cell')].map((c) => c.textContent));
    })()`);
    assert.deepEqual(grid, preview.rows.slice(0, 3), 'the light view shows what the grid shows');
    assert.equal(await page.evaluate(`document.querySelectorAll('#out-light .mxql-nb-preview').length`), 0);
    assert.deepEqual(await page.evaluate('window.__host.violations'), []);
    assert.deepEqual(server.unexpected, []);
  });
});
