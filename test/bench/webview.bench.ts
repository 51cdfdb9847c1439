// Results webview at 200,000 rows × 40 columns in Chromium. Prints figures; not a timed test.
//   node --import tsx test/bench/webview.bench.ts [rows]
// Each figure is printed beside a baseline measured in the same run on the same page:
//   first paint  vs  delivering the same chunk messages to a listener that does nothing;
//   scroll frame vs  idle frames (no scrolling): the display's own frame interval;
//   sort         vs  Array.prototype.sort of the row indexes by one column's numbers.
// Goals: first paint ≤ 150 ms, scroll frame p95 ≤ 16.7 ms (a fast flick included), sort ≤ 150 ms.
import { type Page } from 'playwright-core';
import {
  COLUMNS,
  deliveryBaseline,
  firstPaint,
  frames,
  generate,
  p,
  rawSort,
  renderWork,
  sortBy,
} from '../webview/gridMeasures';
import { ensureBuilt, launchChromium, openWebview, startServer, waitFor } from '../webview/harness';

const ROWS = Number(process.argv[2] ?? 200_000);

const ms = (n: number): string => `${n.toFixed(1)} ms`;

async function measureScroll(page: Page): Promise<void> {
  const idle: number[] = await page.evaluate(frames(0, 120));
  console.log(`idle frame interval p95 ${ms(p(idle, 0.95))} (baseline)`);
  // 220 px ≈ 10 new rows per frame (steady wheel scrolling), 660 px ≈ 30 (a fast flick),
  // 4,400 px replaces every row each frame (dragging the scrollbar).
  for (const step of [220, 660, 4400]) {
    const scroll: number[] = await page.evaluate(frames(step, 240));
    const work: number[] = await page.evaluate(renderWork(step, 240));
    console.log(
      `scroll ${step} px/frame: frame interval p50 ${ms(p(scroll, 0.5))}, p95 ${ms(p(scroll, 0.95))}` +
        `  (goal p95 ≤ 16.7 ms; idle p95 ${ms(p(idle, 0.95))}); grid work per step (script, style, layout)` +
        ` p50 ${ms(p(work, 0.5))}, p95 ${ms(p(work, 0.95))}`,
    );
  }
}

async function main(): Promise<void> {
  await ensureBuilt();
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const page = await openWebview(browser, server);
    const messages: number = await page.evaluate(generate(ROWS));
    console.log(
      `results webview: ${ROWS.toLocaleString()} rows × ${COLUMNS} columns in ${messages} messages`,
    );
    const delivery: number = await page.evaluate(deliveryBaseline);
    const raw: number = await page.evaluate(rawSort);
    const paint: { firstRows: number; allRows: number } = await page.evaluate(firstPaint(ROWS));
    console.log(
      `data received → first rows painted ${ms(paint.firstRows)}; all rows in the grid ${ms(paint.allRows)}` +
        `  (baseline: delivery alone ${ms(delivery)}; goal ≤ 150 ms)`,
    );
    await measureScroll(page);
    for (const column of ['tps', 'service', 'time']) {
      const asc: number = await page.evaluate(sortBy(column));
      const desc: number = await page.evaluate(sortBy(column));
      console.log(
        `sort by ${column}: ascending ${ms(asc)}, descending ${ms(desc)}  (baseline raw Array.sort ${ms(raw)}; goal ≤ 150 ms)`,
      );
    }
    await page.fill('.mxql-filter', 'agent-7 endpoint');
    const filterMs: number = await page.evaluate(`(() => {
      const input = document.querySelector('.mxql-filter');
      const started = performance.now();
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
      return performance.now() - started;
    })()`);
    await waitFor(page, `document.querySelector('.mxql-filter-count').textContent !== ''`);
    console.log(
      `quick filter over all cells: ${ms(filterMs)} (${await page.textContent('.mxql-filter-count')} rows)`,
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
