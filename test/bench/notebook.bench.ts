// MXQL notebooks. Prints figures; not a timed test.
//   node --import tsx test/bench/notebook.bench.ts
// 1. Opening a 50-cell notebook (each MXQL cell with a 200-row output): the serializer's parse of the
//    file, beside JSON.parse of the same text as the baseline. Goal: ≤ 1 s.
// 2. A 50,000-row output rendered in a notebook cell by the renderer in Chromium: from
//    renderOutputItem to the first grid rows on screen, beside JSON.parse of the same output in the
//    page as the baseline. Goal: ≤ 500 ms.
import { performance } from 'node:perf_hooks';
import type { CellOutput } from '../../common/notebookOutput';
import { parseNotebook, printNotebook, type FileCell } from '../../client/src/notebook/notebookFile';
import { ensureBuilt, launchChromium, waitFor } from '../webview/harness';
import { openRendererPage, startRendererServer } from '../webview/notebookHarness';

const BASE = Date.UTC(2026, 10, 1);

function result(rows: number): CellOutput {
  return {
    type: 'result',
    run: { title: 'bench', profile: 'Demo', rows, ms: 10, ranAt: BASE },
    columns: ['time', 'oid', 'oname', 'tps', 'resp_time', 'active_tx_count'],
    rows: Array.from({ length: rows }, (_, r) => [
      BASE + r * 1000,
      1000 + (r % 50),
      `agent-${r % 50}`,
      (r % 97) / 3,
      r % 1000,
      r % 17,
    ]),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function openFigures(): void {
  const cells: FileCell[] = Array.from({ length: 50 }, (_, i) =>
    i % 2 === 0
      ? { kind: 'markdown', source: `## Step ${i}\n\nWhat this step looks for.` }
      : {
          kind: 'mxql',
          source: `-- @name Step ${i}\nCATEGORY app_counter\nTAGLOAD\nSELECT [time, oid, oname, tps]`,
          outputs: [result(200)],
        },
  );
  const text = printNotebook({ header: { profile: 'Demo', range: '1h' }, cells }, true);
  const parse: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < 15; i++) {
    let t = performance.now();
    parseNotebook(text);
    parse.push(performance.now() - t);
    t = performance.now();
    JSON.parse(text);
    baseline.push(performance.now() - t);
  }
  console.log(
    `50-cell notebook (${(text.length / 1024).toFixed(0)} KB): parse ${median(parse).toFixed(1)} ms (goal ≤ 1000 ms); JSON.parse baseline ${median(baseline).toFixed(1)} ms`,
  );
}

async function renderFigures(): Promise<void> {
  await ensureBuilt();
  const server = await startRendererServer();
  const browser = await launchChromium();
  try {
    const page = await openRendererPage(browser, server);
    const output = JSON.stringify(result(50_000));
    await page.evaluate(`window.__output = ${JSON.stringify(output)}`);
    const firstRows: number[] = [];
    const parseBaseline: number[] = [];
    for (let i = 0; i < 5; i++) {
      const ms = await page.evaluate(`new Promise((resolve) => {
        const started = performance.now();
        window.__render('r${i}', JSON.parse(window.__output));
        const tick = () => document.querySelector('#out-r${i} .slick-row') ? resolve(performance.now() - started) : requestAnimationFrame(tick);
        tick();
      })`);
      firstRows.push(Number(ms));
      parseBaseline.push(
        Number(
          await page.evaluate(
            `(() => { const t = performance.now(); JSON.parse(window.__output); return performance.now() - t; })()`,
          ),
        ),
      );
      await page.evaluate(`document.getElementById('out-r${i}').remove()`);
    }
    await waitFor(page, 'true');
    console.log(
      `50,000-row output in a cell: first rows on screen ${median(firstRows).toFixed(0)} ms (goal ≤ 500 ms); JSON.parse of the output baseline ${median(parseBaseline).toFixed(0)} ms`,
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

openFigures();
renderFigures().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
