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

  void it("a run carrying a rule's marks draws the threshold band, the firing span and the unit in the cell's chart", async () => {
    const rows = Array.from({ length: 20 }, (_, i) => [BASE_TIME + i * 60_000, 'web-01', 200 + i * 10]);
    const output: CellOutput = {
      type: 'result',
      run: {
        title: 'Response time',
        profile: 'Demo',
        rows: rows.length,
        ms: 7,
        ranAt: BASE_TIME,
        marks: {
          thresholds: [{ field: 'resp_time', op: '>', value: 300, label: 'resp_time > 300ms' }],
          spans: [{ start: BASE_TIME + 10 * 60_000, end: BASE_TIME + 19 * 60_000, label: 'web-01' }],
          units: { resp_time: 'ms' },
        },
      },
      columns: ['time', 'oname', 'resp_time'],
      rows,
    };
    await renderOutput(page, 'marked', output);
    await waitFor(page, `document.querySelectorAll('#out-marked .slick-row').length > 0`);
    await page.click('#out-marked .mxql-tab[data-tab="chart"]');
    await waitFor(page, `document.querySelector('#out-marked .mxql-chart')?.dataset.marks !== undefined`);
    const drawn = JSON.parse(
      await page.evaluate<string>(`document.querySelector('#out-marked .mxql-chart').dataset.marks`),
    ) as { bands: { label: string; top: number; line: number }[]; spans: unknown[]; unit?: string };
    assert.equal(drawn.bands.length, 1, JSON.stringify(drawn));
    assert.equal(drawn.bands[0]?.label, 'resp_time > 300ms');
    assert.ok((drawn.bands[0]?.top ?? 0) < (drawn.bands[0]?.line ?? 0), 'the band lies above its line');
    assert.equal(drawn.spans.length, 1);
    assert.equal(drawn.unit, 'ms');
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
    // Waits for the event the renderer decides on: the first intersection notice for the output (an
    // observer made after the renderer's gets its notices after the renderer's, in the same turn), then
    // a frame for anything it started; every element added to the app meanwhile is counted.
    const outOfView = await page.evaluate<{
      added: number;
      children: number;
      height: number;
      near: boolean;
    }>(`
      new Promise((resolve) => {
        const frame = document.querySelector('#out-far .mxql-nb-result');
        const app = frame.querySelector('.mxql-app');
        let added = app.childElementCount;
        const mutations = new MutationObserver((records) => { for (const r of records) added += r.addedNodes.length; });
        mutations.observe(app, { childList: true, subtree: true });
        const notices = new IntersectionObserver((entries) => {
          notices.disconnect();
          const near = entries.some((e) => e.isIntersecting);
          requestAnimationFrame(() => requestAnimationFrame(() => {
            for (const r of mutations.takeRecords()) added += r.addedNodes.length;
            mutations.disconnect();
            resolve({ added, children: app.childElementCount, height: frame.getBoundingClientRect().height, near });
          }));
        }, { rootMargin: '600px 0px' });
        notices.observe(frame);
      })`);
    assert.equal(outOfView.near, false, 'the output starts out of view');
    assert.equal(outOfView.added, 0, 'the grid of an output out of view was built at once');
    assert.equal(outOfView.children, 0, 'the grid of an output out of view was built at once');
    assert.ok(
      (await page.evaluate(`document.querySelector('#out-far .mxql-nb-open') !== null`)) === true,
      'the output bar is there at once',
    );
    await page.evaluate(`document.getElementById('out-far').scrollIntoView()`);
    await waitFor(page, `document.querySelectorAll('#out-far .slick-row').length === 3`);
    const inView = Number(
      await page.evaluate(
        `document.querySelector('#out-far .mxql-nb-result').getBoundingClientRect().height`,
      ),
    );
    assert.equal(inView, outOfView.height, 'the output keeps its height when its grid is built');
  });
});
