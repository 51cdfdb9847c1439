// The notebook renderer builds an output's grid only once the output comes near the view: a notebook
// renders the saved outputs of many cells when it opens, and building every grid at once held up the
// first screen. The output keeps its height either way, so nothing moves when the grid is built.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Browser, type Page } from 'playwright-core';
import type { CellOutput } from '../../common/notebookOutput';
import { BASE_TIME } from './fixtures';
import { ensureBuilt, launchChromium, waitFor } from './harness';
import { openRendererPage, renderOutput, startRendererServer, type RendererServer } from './notebookHarness';

const output: CellOutput = {
  type: 'result',
  run: { title: 'Below the fold', profile: 'Demo', rows: 3, ms: 7, ranAt: BASE_TIME },
  columns: ['time', 'oname', 'tps'],
  rows: [0, 1, 2].map((i) => [BASE_TIME + i * 60_000, `web-0${i}`, i * 10]),
};

void describe('notebook renderer, outputs out of view', () => {
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

  void it('builds the grid of an output far below the view only when it is scrolled near', async () => {
    // Far below the 900 px viewport, as the outputs of the later cells of a long notebook are.
    await page.evaluate(
      `(() => { const spacer = document.createElement('div'); spacer.style.height = '6000px'; document.body.append(spacer); })()`,
    );
    await renderOutput(page, 'far', output);
    // Two frames and a pause: long enough for an IntersectionObserver, or a grid built at once, to act.
    await page.evaluate(
      `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300))))`,
    );
    const before = await page.evaluate<{ children: number; height: number }>(`(() => {
      const frame = document.querySelector('#out-far .mxql-nb-result');
      return { children: frame.querySelector('.mxql-app').childElementCount, height: frame.getBoundingClientRect().height };
    })()`);
    assert.equal(before.children, 0, 'the grid of an output out of view was built at once');
    assert.ok(
      (await page.evaluate(`document.querySelector('#out-far .mxql-nb-open') !== null`)) === true,
      'the output bar is there at once',
    );
    await page.evaluate(`document.getElementById('out-far').scrollIntoView()`);
    await waitFor(page, `document.querySelectorAll('#out-far .slick-row').length === 3`);
    const after = Number(
      await page.evaluate(
        `document.querySelector('#out-far .mxql-nb-result').getBoundingClientRect().height`,
      ),
    );
    assert.equal(after, before.height, 'the output keeps its height when its grid is built');
  });
});
