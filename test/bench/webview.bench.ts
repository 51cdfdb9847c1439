// Results webview at 200,000 rows × 40 columns in Chromium. Prints figures; not a timed test.
//   node --import tsx test/bench/webview.bench.ts [rows]
// Each figure is printed beside a baseline measured in the same run on the same page:
//   first paint  vs  delivering the same chunk messages to a listener that does nothing;
//   scroll frame vs  idle frames (no scrolling): the display's own frame interval;
//   sort         vs  Array.prototype.sort of the row indexes by one column's numbers.
// Goals: first paint ≤ 150 ms, scroll frame p95 ≤ 16.7 ms (a fast flick included), sort ≤ 150 ms.
import { type Page } from 'playwright-core';
import { FIRST_CHUNK_ROWS, RESULTS_PROTOCOL_VERSION, ROWS_PER_CHUNK } from '../../common/resultsMessages';
import { ensureBuilt, launchChromium, openWebview, startServer, waitFor } from '../webview/harness';

const ROWS = Number(process.argv[2] ?? 200_000);
const COLUMNS = 40;

// Builds the run's messages inside the page (shipping 8M cells through the test driver would
// measure the driver), in the protocol's columnar form: a Float64Array per number or time column,
// a string table plus Uint32Array codes per text column. Strings come from a small pool, as
// repeated names do in real results.
const generate = `(() => {
  const v = ${RESULTS_PROTOCOL_VERSION};
  const names = ['time', 'oid', 'oname', 'service', 'tps', 'resp_time', 'cpu', 'mem', 'error_count', 'sql_count'];
  for (let i = names.length; i < ${COLUMNS}; i++) names.push('metric_' + i);
  const columns = names.map((name) => ({ name }));
  const agents = Array.from({ length: 50 }, (_, i) => 'agent-' + i);
  const services = Array.from({ length: 200 }, (_, i) => '/api/v1/service/' + i + '/endpoint');
  const messages = [{ type: 'init', v, run: { runId: 'bench', title: 'bench', endpoint: '/open/api/flush/mxql/text', startedAt: Date.now(), limit: 500000 }, columns }];
  const base = Date.UTC(2026, 10, 1);
  const text = (pool, pick, start, n) => {
    const table = [];
    const index = new Map();
    const codes = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      const s = pool[pick(start + i)];
      let code = index.get(s);
      if (code === undefined) { code = table.push(s); index.set(s, code); }
      codes[i] = code;
    }
    return { kind: 'string', table, codes };
  };
  const number = (value, start, n) => {
    const values = new Float64Array(n);
    for (let i = 0; i < n; i++) values[i] = value(start + i);
    return { kind: 'number', values };
  };
  let seq = 0;
  for (let start = 0; start < ${ROWS}; seq++) {
    const n = Math.min(${ROWS} - start, seq === 0 ? ${FIRST_CHUNK_ROWS} : ${ROWS_PER_CHUNK});
    const cols = [
      number((r) => base + r * 1000, start, n),
      number((r) => 1000 + (r % 50), start, n),
      text(agents, (r) => r % 50, start, n),
      text(services, (r) => (r * 7) % 200, start, n),
    ];
    for (let c = 4; c < ${COLUMNS}; c++) cols.push(number((r) => (c % 3 === 0 ? (r * c) % 100003 : ((r * 31 + c) % 10007) / 7), start, n));
    messages.push({ type: 'columnsChunk', v, runId: 'bench', seq, chunk: { rowCount: n, columns: cols } });
    start += n;
  }
  messages.push({ type: 'done', v, runId: 'bench', totalRows: ${ROWS}, elapsedMs: 1000, bytes: 123456789 });
  window.__bench = { messages };
  return messages.length;
})()`;

/** Posts every message to a no-op listener: the cost of message delivery alone. */
const deliveryBaseline = `new Promise((resolve) => {
  const { messages } = window.__bench;
  const channel = new MessageChannel();
  let received = 0;
  const started = performance.now();
  channel.port2.onmessage = () => { if (++received === messages.length) { channel.port1.close(); resolve(performance.now() - started); } };
  for (const m of messages) channel.port1.postMessage(m);
})`;

/** Posts the run to the webview and times the first rows and the complete grid on screen. */
const firstPaint = `new Promise((resolve, reject) => {
  const app = document.getElementById('app');
  let started = performance.now();
  let firstRows = 0;
  const tick = () => {
    const now = performance.now();
    const painted = document.querySelector('.mxql-grid .slick-row') !== null;
    if (painted && !firstRows) firstRows = now - started;
    if (painted && app.dataset.rows === '${ROWS}' && app.dataset.phase === 'done') {
      requestAnimationFrame(() => resolve({ firstRows, allRows: performance.now() - started }));
    } else if (now - started > 60000) reject(new Error('first paint timed out'));
    else requestAnimationFrame(tick);
  };
  // Posting serializes every message on this thread; in VS Code the extension host does that
  // in its own process, so the clock starts when the last message is in flight.
  for (const m of window.__bench.messages) window.postMessage(m, '*');
  // The webview keeps only what it received, as in VS Code: drop the generator's copy.
  window.__bench.messages = [];
  started = performance.now();
  requestAnimationFrame(tick);
})`;

/** Frame intervals over `count` frames, scrolling `step` px per frame (0 = idle). */
function frames(step: number, count: number): string {
  return `new Promise((resolve) => {
    const viewport = document.querySelector('.mxql-grid .slick-viewport');
    // Read once: reading scroll sizes inside the loop would force a layout per frame.
    const max = viewport.scrollHeight - viewport.clientHeight;
    let top = viewport.scrollTop;
    const intervals = [];
    let last = 0;
    let n = 0;
    const frame = (now) => {
      if (last) intervals.push(now - last);
      last = now;
      if (${step}) {
        top = (top + ${step}) % max;
        viewport.scrollTop = top;
      }
      if (++n < ${count}) requestAnimationFrame(frame);
      else resolve(intervals);
    };
    requestAnimationFrame(frame);
  })`;
}

/** Clicks a header and waits until the sorted rows are painted. */
function sortBy(column: string): string {
  return `new Promise((resolve) => {
    const header = [...document.querySelectorAll('.slick-header-column')].find((h) => h.querySelector('.slick-column-name').textContent === ${JSON.stringify(column)});
    const started = performance.now();
    header.click();
    requestAnimationFrame(() => resolve(performance.now() - started));
  })`;
}

/** The floor: sorting the row indexes by a numeric column's values with a plain comparer. */
const rawSort = `(() => {
  const chunks = window.__bench.messages.filter((m) => m.type === 'columnsChunk').map((m) => m.chunk.columns[4].values);
  const values = new Float64Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) { values.set(c, at); at += c.length; }
  const order = Array.from(values, (_, i) => i);
  const started = performance.now();
  order.sort((a, b) => values[a] - values[b]);
  return performance.now() - started;
})()`;

function p(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

const ms = (n: number): string => `${n.toFixed(1)} ms`;

async function measureScroll(page: Page): Promise<void> {
  const idle: number[] = await page.evaluate(frames(0, 120));
  console.log(`idle frame interval p95 ${ms(p(idle, 0.95))} (baseline)`);
  // 220 px ≈ 10 new rows per frame (steady wheel scrolling), 660 px ≈ 30 (a fast flick),
  // 4,400 px replaces every row each frame (dragging the scrollbar).
  for (const step of [220, 660, 4400]) {
    const scroll: number[] = await page.evaluate(frames(step, 240));
    console.log(
      `scroll ${step} px/frame: frame interval p50 ${ms(p(scroll, 0.5))}, p95 ${ms(p(scroll, 0.95))}` +
        `  (goal p95 ≤ 16.7 ms; idle p95 ${ms(p(idle, 0.95))})`,
    );
  }
}

async function main(): Promise<void> {
  await ensureBuilt();
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const page = await openWebview(browser, server);
    const messages: number = await page.evaluate(generate);
    console.log(
      `results webview: ${ROWS.toLocaleString()} rows × ${COLUMNS} columns in ${messages} messages`,
    );
    const delivery: number = await page.evaluate(deliveryBaseline);
    const raw: number = await page.evaluate(rawSort);
    const paint: { firstRows: number; allRows: number } = await page.evaluate(firstPaint);
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
