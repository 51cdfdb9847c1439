// Floors under the grid's benchmark figures (test/bench/webview.bench.ts) at 200,000 rows × 40
// columns in Chromium, each against a baseline measured in the same run in the same Chromium, so a
// busy machine slows both sides: first paint against delivering the same messages to a listener that
// does nothing, flick frames against idle frames, the grid's work per flick step against a bare
// SlickGrid page (bareGrid.ts) scrolled in turn with it, sorting against a bare Array.sort of the row
// indexes. The bounds sit above what load gives; a return to JSON row arrays, to rendering whole extra
// viewports, to per-cell work that doubles a step's cost, or to sorting row objects fails them.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { type Page } from 'playwright-core';
import { closeBareGrid, openBareGridBeside, workPerStep } from './bareGrid';
import { deliveryBaseline, firstPaint, frames, generate, p, rawSort, sortBy } from './gridMeasures';
import { openWebview, useWebviewRig } from './harness';

const ROWS = 200_000;
/**
 * The grid's work per flick step over a bare SlickGrid's. Measured: 0.25-0.36x alone and 0.32-0.40x
 * with three copies of this file at once (load 7-8 on 2 cores). A formatter that builds an
 * Intl.NumberFormat per cell gives 0.67x and a style read per cell 4x; building rows per frame gives
 * 0.53x, which the recycling test fails instead.
 */
const WORK_RATIO_BOUND = 0.6;

const rig = useWebviewRig();
let page: Page;
let paint: { firstRows: number; allRows: number };
/** Same-run baselines: delivering the run's messages to a no-op listener, and Array.sort of the rows by a number. */
let delivery: number;
let raw: number;

void describe('results grid floors, 200,000 × 40', () => {
  // Inside the suite, so it runs after the rig has started Chromium.
  before(async () => {
    page = await openWebview(rig.browser, rig.server);
    await page.evaluate(generate(ROWS));
    delivery = await page.evaluate(deliveryBaseline);
    raw = await page.evaluate(rawSort);
    paint = await page.evaluate(firstPaint(ROWS));
  });

  void it('paints the first rows within a few times what delivering the data alone takes', () => {
    // Measured: first rows 0.3-1.4x delivery, all rows 0.5-3x (goal 150 ms for the first).
    const first = paint.firstRows / delivery;
    const all = paint.allRows / delivery;
    console.log(
      `first rows ${first.toFixed(2)}x delivery, all rows ${all.toFixed(2)}x (${delivery.toFixed(0)} ms)`,
    );
    assert.ok(
      first < 5,
      `first rows after ${paint.firstRows.toFixed(0)} ms, delivery ${delivery.toFixed(0)} ms`,
    );
    assert.ok(all < 15, `all rows after ${paint.allRows.toFixed(0)} ms, delivery ${delivery.toFixed(0)} ms`);
  });

  void it('builds only the cells around the visible ones while flicking', async () => {
    const cells = `document.querySelectorAll('.mxql-grid .slick-cell').length`;
    const visible: number = await page.evaluate(`(() => {
      const v = document.querySelector('.mxql-grid .slick-viewport');
      const row = document.querySelector('.mxql-grid .slick-row');
      const perRow = [...row.children].filter((c) => c.getBoundingClientRect().left < v.getBoundingClientRect().right).length;
      return Math.ceil(v.clientHeight / 22) * perRow;
    })()`);
    const idle: number[] = await page.evaluate(frames(0, 60));
    const intervals: number[] = await page.evaluate(frames(660, 60));
    const rendered: number = await page.evaluate(cells);
    // The band is a few rows and a few columns wide; SlickGrid's default renders 3× the cells.
    assert.ok(rendered < visible * 2.2, `${rendered} cells in the page for ${visible} visible`);
    // Measured: 1-5 idle frames at load 15-20 on 2 cores (goal: p95 one frame).
    assert.ok(
      p(intervals, 0.5) < 8 * p(idle, 0.5),
      `fast flick frame p50 ${p(intervals, 0.5).toFixed(1)} ms, idle ${p(idle, 0.5).toFixed(1)} ms`,
    );
  });

  void it('moves its own row and cell elements while flicking instead of building new ones', async () => {
    // Row elements are tagged before the flick; a grid that builds rows per frame leaves none of
    // them in the page and adds hundreds of elements every frame (30 rows × the visible columns).
    const result: { added: number; kept: number; rows: number; cells: number } = await page.evaluate(`
      new Promise((resolve) => {
        const canvas = document.querySelector('.mxql-grid .grid-canvas');
        const before = new Set(canvas.querySelectorAll('.slick-row'));
        let added = 0;
        const observer = new MutationObserver((records) => {
          for (const r of records) for (const n of r.addedNodes) if (n.nodeType === 1) added++;
        });
        observer.observe(canvas, { childList: true, subtree: true });
        ${frames(660, 60)}.then(() => {
          for (const r of observer.takeRecords()) for (const n of r.addedNodes) if (n.nodeType === 1) added++;
          observer.disconnect();
          const rows = [...canvas.querySelectorAll('.slick-row')];
          resolve({ added, kept: rows.filter((r) => before.has(r)).length, rows: rows.length, cells: canvas.querySelectorAll('.slick-cell').length });
        });
      })`);
    // 60 frames of a fast flick build ~27,000 elements without recycling; a screenful is generous.
    assert.ok(result.added < result.cells, `${result.added} elements added during the flick`);
    assert.ok(
      result.kept >= result.rows * 0.8,
      `${result.kept} of ${result.rows} rows are the ones from before`,
    );
  });

  void it('sorts by a number, a text and a time column within a few bare sorts of the row indexes', async () => {
    // Measured: 0.7-2.9x the bare sort (goal 150 ms).
    // A single timing on a shared machine can meet a collection pause (one CI run saw 9x): the first sort,
    // which also builds the column's sort keys, has a looser bound, and the better of the two directions
    // (each a full sort) the tight one.
    for (const column of ['tps', 'service', 'time']) {
      const first: number = await page.evaluate(sortBy(column));
      const second: number = await page.evaluate(sortBy(column));
      const took = Math.min(first, second);
      assert.ok(
        took < 8 * raw && first < 16 * raw,
        `sort by ${column} took ${first.toFixed(0)} and ${second.toFixed(0)} ms, a bare sort ${raw.toFixed(0)} ms`,
      );
    }
  });

  // Last: it opens a second page, and the first frames after switching back are slower.
  void it('costs a fraction of a bare SlickGrid per fast-flick step, measured in turn with it', async () => {
    const bare = await openBareGridBeside(rig.browser, page, ROWS);
    try {
      // A flick step (660 px, 30 new rows): at 220 px a step is 1-2 ms and load decides the ratio.
      const { ratios } = await workPerStep({ product: page, bare }, 660, 8, 40);
      const ratio = p(ratios, 0.5);
      const rounds = ratios.map((r) => r.toFixed(2)).join(' ');
      console.log(`grid work per flick step ${ratio.toFixed(2)}x bare SlickGrid (rounds ${rounds})`);
      assert.ok(
        ratio < WORK_RATIO_BOUND,
        `the grid's work per flick step is ${ratio.toFixed(2)}x a bare SlickGrid's (rounds ${rounds})`,
      );
    } finally {
      await closeBareGrid({ product: page, bare });
    }
  });
});
