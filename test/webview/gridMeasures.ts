// Page scripts that build and measure a large result in the results webview: shared by the
// benchmark (test/bench/webview.bench.ts, figures) and the floor test (gridFloor.test.ts, generous
// limits). Each is a string evaluated in the page: the webview's CSP forbids eval, not the driver.
import { FIRST_CHUNK_ROWS, RESULTS_PROTOCOL_VERSION, ROWS_PER_CHUNK } from '../../common/resultsMessages';

/** Columns of the generated result. */
export const COLUMNS = 40;

// Builds the run's messages inside the page (shipping 8M cells through the test driver would
// measure the driver), in the protocol's columnar form: a Float64Array per number or time column,
// a string table plus Uint32Array codes per text column. Strings come from a small pool, as
// repeated names do in real results.
export function generate(rows: number): string {
  return `(() => {
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
  for (let start = 0; start < ${rows}; seq++) {
    const n = Math.min(${rows} - start, seq === 0 ? ${FIRST_CHUNK_ROWS} : ${ROWS_PER_CHUNK});
    const cols = [
      number((r) => base + r * 1000, start, n),
      number((r) => 1000 + (r % 50), start, n),
      text(agents, (r) => r % 50, start, n),
      text(services, (r) => (r * 7) % 200, start, n),
    ];
    for (let c = 4; c < ${COLUMNS}; c++) cols.push(number((r) => (c % 3 === 0 ? (r * c) % 100003 : ((r * 31 + c) % 10007) / 7), start, n));
    messages.push({ type: 'columnsChunk', v, runId: 'bench', seq, chunk: { rowCount: n, columns: cols }, ...(seq === 0 ? { paintNow: true } : {}) });
    start += n;
  }
  messages.push({ type: 'done', v, runId: 'bench', totalRows: ${rows}, elapsedMs: 1000, bytes: 123456789 });
  window.__bench = { messages };
  return messages.length;
})()`;
}

/** Posts every message to a no-op listener: the cost of message delivery alone. */
export const deliveryBaseline = `new Promise((resolve) => {
  const { messages } = window.__bench;
  const channel = new MessageChannel();
  let received = 0;
  const started = performance.now();
  channel.port2.onmessage = () => { if (++received === messages.length) { channel.port1.close(); resolve(performance.now() - started); } };
  for (const m of messages) channel.port1.postMessage(m);
})`;

/** Posts the run to the webview and times the first rows and the complete grid on screen. */
export function firstPaint(rows: number): string {
  return `new Promise((resolve, reject) => {
  const app = document.getElementById('app');
  let started = performance.now();
  let firstRows = 0;
  const tick = () => {
    const now = performance.now();
    const painted = document.querySelector('.mxql-grid .slick-row') !== null;
    if (painted && !firstRows) firstRows = now - started;
    if (painted && app.dataset.rows === '${rows}' && app.dataset.phase === 'done') {
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
}

/** Frame intervals over `count` frames, scrolling `step` px per frame (0 = idle). */
export function frames(step: number, count: number): string {
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
export function sortBy(column: string): string {
  return `new Promise((resolve) => {
    const header = [...document.querySelectorAll('.slick-header-column')].find((h) => h.querySelector('.slick-column-name').textContent === ${JSON.stringify(column)});
    const started = performance.now();
    header.click();
    requestAnimationFrame(() => resolve(performance.now() - started));
  })`;
}

/** The floor: sorting the row indexes by a numeric column's values with a plain comparer. */
export const rawSort = `(() => {
  const chunks = window.__bench.messages.filter((m) => m.type === 'columnsChunk').map((m) => m.chunk.columns[4].values);
  const values = new Float64Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) { values.set(c, at); at += c.length; }
  const order = Array.from(values, (_, i) => i);
  const started = performance.now();
  order.sort((a, b) => values[a] - values[b]);
  return performance.now() - started;
})()`;

export function p(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

/**
 * The grid's own work per scroll step, `count` steps of `step` px: script, style and layout of the
 * rows a step brings in (scroll handler run synchronously, then a forced layout). Paint is left
 * out, so the figure says what the grid costs a frame even when other processes load the machine.
 */
export function renderWork(step: number, count: number): string {
  return `(() => {
    const viewport = document.querySelector('.mxql-grid .slick-viewport');
    const max = viewport.scrollHeight - viewport.clientHeight;
    let top = viewport.scrollTop;
    const times = [];
    for (let i = 0; i < ${count}; i++) {
      top = (top + ${step}) % max;
      const started = performance.now();
      viewport.scrollTop = top;
      viewport.dispatchEvent(new Event('scroll'));
      void document.querySelector('.mxql-grid .grid-canvas').getBoundingClientRect().height;
      void document.querySelector('.mxql-grid .slick-row:last-child')?.offsetWidth;
      times.push(performance.now() - started);
    }
    return times;
  })()`;
}
