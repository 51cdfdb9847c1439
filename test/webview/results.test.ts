// The results webview in real Chromium, served with its production HTML and CSP.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Page } from 'playwright-core';
import { chunkColumns, RESULTS_PROTOCOL_VERSION as v } from '../../common/resultsMessages';
import { BASE_TIME, runMessages, testColumns, testRows, testRun } from './fixtures';
import {
  openWebview,
  posted,
  sendToWebview,
  violations,
  waitFor,
  waitForRows,
  useWebviewRig,
} from './harness';
import { computed, gridRows, headerNames, setTheme, textOf } from './pageQueries';

const rig = useWebviewRig();

async function pageWithRows(count: number, runExtra = {}): Promise<Page> {
  const page = await openWebview(rig.browser, rig.server);
  await sendToWebview(page, runMessages(testRun('run-1', runExtra), testColumns, testRows(count), 250));
  await waitForRows(page, count);
  return page;
}

async function lastPosted(page: Page, type: string): Promise<Record<string, unknown> | undefined> {
  await waitFor(page, `window.__host.posted.some((m) => m.type === ${JSON.stringify(type)})`);
  return (await posted(page)).filter((m) => m.type === type).at(-1);
}

async function assertClean(page: Page): Promise<void> {
  assert.deepEqual(await violations(page), []);
  assert.deepEqual(rig.server.cspReports, []);
  assert.deepEqual(rig.server.unexpected, []);
}

void describe('results webview in Chromium', () => {
  void it('announces itself, renders typed columns and the header figures', async () => {
    const page = await pageWithRows(1000);
    const ready = (await posted(page))[0];
    assert.deepEqual(ready, { type: 'ready', v });
    assert.deepEqual(await headerNames(page), ['time', 'oid', 'oname', 'tps', 'resp_time', 'service']);
    const [first, second] = await gridRows(page, 2);
    assert.ok(first && second);
    assert.match(first[0] ?? '', /^2026-1[01]-\d\d \d\d:\d\d:\d\d$/);
    assert.equal(first[1], '1000', 'identifiers have no separators');
    assert.equal(second[3], '8,919', 'numbers have thousands separators');
    assert.equal(second[4], '31', 'a *_time column of small numbers stays a number');
    assert.equal(await computed(page, '.slick-cell.mxql-num', 'text-align'), 'right');
    const figures = await textOf(page, '.mxql-figures');
    assert.equal(figures, '1,000 rows · 1,234 ms · 446.1 KB');
    assert.equal(await page.evaluate('document.querySelector(".mxql-sent").open'), false);
    assert.match((await textOf(page, '.mxql-sent')) ?? '', /\/open\/api\/flush\/mxql\/text.*\$oid = 1234/s);
    assert.ok(
      (await page.evaluate<number>('document.querySelectorAll(".mxql-grid .slick-row").length')) < 100,
      'rows are virtualized',
    );
    // SlickGrid's generated stylesheet carries the nonce, so its column rules apply under the CSP.
    assert.equal(
      await page.evaluate('[...document.querySelectorAll("style")].every((s) => s.nonce !== "")'),
      true,
    );
    await assertClean(page);
    await page.close();
  });

  void it('"what was sent" marks the $params the run filled from its time range', async () => {
    const etime = String(BASE_TIME + 3_600_000);
    const page = await pageWithRows(3, {
      params: { $oid: '1234', $etime: etime },
      paramsFromRange: ['$etime'],
    });
    const sent = (await textOf(page, '.mxql-sent')) ?? '';
    assert.ok(sent.includes(`$etime = ${etime} (from the time range)`), sent);
    assert.ok(!sent.includes('$oid = 1234 (from'), sent);
    await assertClean(page);
    await page.close();
  });

  void it('"what was sent" names where a dashboard query\'s values came from', async () => {
    const page = await pageWithRows(3, {
      params: { $TIME_MERGE_PLACE: 'max', $OBJECT_MERGE_PLACE: 'sum', $limit: '5', $oid: '7' },
      paramOrigins: {
        $TIME_MERGE_PLACE: {
          kind: 'field',
          pointer: '/widgets/0/metrics/0/fields/1',
          key: 'cpu',
          how: 'key',
          agreeing: 1,
          fields: 1,
        },
        $OBJECT_MERGE_PLACE: { kind: 'param', pointer: '/widgets/0/metrics/1/param' },
        $limit: { kind: 'default' },
        $oid: { kind: 'given' },
      },
    });
    const sent = (await textOf(page, '.mxql-sent')) ?? '';
    assert.ok(
      sent.includes(
        '$TIME_MERGE_PLACE = max (the timeMerge of the dashboard field cpu at /widgets/0/metrics/0/fields/1)',
      ),
      sent,
    );
    assert.ok(
      sent.includes('$OBJECT_MERGE_PLACE = sum (set by the dashboard at /widgets/0/metrics/1/param)'),
      sent,
    );
    assert.ok(sent.includes("$limit = 5 (the board's default merge)"), sent);
    assert.ok(sent.includes('$oid = 7') && !sent.includes('$oid = 7 ('), sent);
    await assertClean(page);
    await page.close();
  });

  void it('switches time display between local, UTC and raw', async () => {
    const page = await pageWithRows(8);
    await page.selectOption('.mxql-time-mode', 'utc');
    await waitFor(page, `document.querySelector('.slick-cell.l0').textContent.endsWith('Z')`);
    assert.equal((await gridRows(page, 1))[0]?.[0], '2026-11-01 00:00:00Z');
    await page.selectOption('.mxql-time-mode', 'raw');
    await waitFor(page, `/^\\d+$/.test(document.querySelector('.slick-cell.l0').textContent)`);
    assert.equal((await gridRows(page, 1))[0]?.[0], String(BASE_TIME));
    await page.close();
  });

  void it('sorts by a column, typed and stable, both directions', async () => {
    const page = await pageWithRows(1000);
    await page.click('.slick-header-column:has-text("tps")');
    await waitFor(page, `document.querySelector('.slick-sort-indicator-asc') !== null`);
    const asc = (await gridRows(page, 3)).map((r) => r[3]);
    const ascNumbers = asc.map((t) => Number(t?.replace(/,/g, '')));
    assert.equal(ascNumbers[0], 1000, 'the smallest tps first');
    assert.deepEqual(
      ascNumbers,
      [...ascNumbers].sort((a, b) => a - b),
    );
    await page.click('.slick-header-column:has-text("tps")');
    await waitFor(page, `document.querySelector('.slick-sort-indicator-desc') !== null`);
    const desc = (await gridRows(page, 1))[0]?.[3] ?? '';
    assert.ok(Number(desc.replace(/,/g, '')) > 10_000, desc);
    // Sorting is stable: after tps descending, sorting by oname keeps tps descending inside each group.
    await page.click('.slick-header-column:has-text("oname")');
    await waitFor(page, `document.querySelector('.slick-sort-indicator-asc') !== null`);
    const group = await gridRows(page, 6);
    assert.deepEqual(new Set(group.map((r) => r[2])), new Set(['agent-0']));
    const tps = group.map((r) => Number(r[3]?.replace(/,/g, '')));
    assert.deepEqual(
      tps,
      [...tps].sort((a, b) => b - a),
    );
    assert.ok(tps[0] !== tps[5]);
    await page.close();
  });

  void it('filters rows across cells and shows the count', async () => {
    const page = await pageWithRows(1000);
    await page.fill('.mxql-filter', 'agent-3 /api/service/7');
    await page.press('.mxql-filter', 'Enter');
    await waitFor(page, `document.querySelector('.mxql-filter-count').textContent !== ''`);
    const count = (await textOf(page, '.mxql-filter-count')) ?? '';
    assert.match(count, /^\d+ of 1,000$/);
    const rows = await gridRows(page, 50);
    assert.ok(rows.length > 0);
    for (const row of rows) {
      assert.equal(row[2], 'agent-3');
      assert.equal(row[5], '/api/service/7');
    }
    await page.fill('.mxql-filter', '');
    await page.press('.mxql-filter', 'Enter');
    await waitFor(page, `document.querySelector('.mxql-filter-count').textContent === ''`);
    await page.close();
  });

  void it('copies a cell with Ctrl+C, a row and a selection as TSV through the host', async () => {
    const page = await pageWithRows(20);
    await page.click('.slick-row:first-child .slick-cell.l2');
    await waitFor(page, `document.querySelector('.slick-cell.active') !== null`);
    const activeText = await textOf(page, '.slick-cell.active');
    await page.keyboard.press('Control+C');
    const cell = await lastPosted(page, 'copy');
    assert.equal(cell?.text, activeText);
    assert.equal(cell?.cells, 1);
    assert.match((await textOf(page, '.mxql-detail-column')) ?? '', /^oname$/);
    await page.click('button[aria-label="Copy the selected row as TSV"]');
    await waitFor(page, `window.__host.posted.filter((m) => m.type === 'copy').length === 2`);
    const row = await lastPosted(page, 'copy');
    assert.equal(String(row?.text).split('\t').length, 6);
    await page.click('.slick-row:first-child .slick-cell.l2');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowRight');
    await waitFor(page, `document.querySelectorAll('.slick-cell.selected').length === 4`);
    await page.click('button[aria-label="Copy the selection as TSV with a header"]');
    await waitFor(page, `window.__host.posted.filter((m) => m.type === 'copy').length === 3`);
    const selection = await lastPosted(page, 'copy');
    const lines = String(selection?.text).split('\n');
    assert.deepEqual(lines[0]?.split('\t'), ['oname', 'tps']);
    assert.equal(lines.length, 3);
    assert.equal(selection?.rows, 2);
    await page.close();
  });

  void it('asks the host to export, open JSON, rerun and cancel', async () => {
    const page = await pageWithRows(10);
    await page.click('button[aria-label="Export all rows to CSV"]');
    assert.deepEqual(await lastPosted(page, 'export'), { type: 'export', v, runId: 'run-1', format: 'csv' });
    await page.click('button[aria-label="Export all rows to JSON"]');
    await waitFor(page, `window.__host.posted.filter((m) => m.type === 'export').length === 2`);
    assert.equal((await lastPosted(page, 'export'))?.format, 'json');
    await page.click('button[aria-label^="Open the rows"]');
    assert.deepEqual(await lastPosted(page, 'openJson'), { type: 'openJson', v, runId: 'run-1' });
    await page.click('button[aria-label="Run again"]');
    assert.deepEqual(await lastPosted(page, 'rerun'), { type: 'rerun', v, runId: 'run-1' });
    assert.equal(
      await page.evaluate('document.querySelector("button[aria-label=\\"Cancel the query\\"]").disabled'),
      true,
    );
    await sendToWebview(page, [{ type: 'running', v, run: testRun('run-2') }]);
    await waitFor(page, `document.getElementById('app').dataset.phase === 'running'`);
    await page.click('button[aria-label="Cancel the query"]');
    assert.deepEqual(await lastPosted(page, 'cancel'), { type: 'cancel', v, runId: 'run-2' });
    await page.close();
  });

  void it('shows the limit banner only when rows === limit', async () => {
    const full = await pageWithRows(40, { limit: 40 });
    assert.match(
      (await textOf(full, '.mxql-limit')) ?? '',
      /Limit reached \(40 rows\) — the result may be truncated/,
    );
    assert.match(
      (await textOf(full, '.mxql-limit-coverage')) ?? '',
      /run from the start of the range to 2026-11-01 \d\d:00:45; the rest of the range is not shown/,
    );
    // 4 agents every 5 s over an hour: 2,880 rows, so the button offers a limit that returns them all.
    assert.equal(await textOf(full, '.mxql-limit-estimate'), 'About 2,880 rows are in the range.');
    await full.click('.mxql-limit-rerun');
    assert.deepEqual(await lastPosted(full, 'rerun'), { type: 'rerun', v, runId: 'run-1', limit: 4000 });
    await full.close();
    // Rows in descending time (a query that sorts newest first): the limit kept the newest rows.
    const sorted = await openWebview(rig.browser, rig.server);
    await sendToWebview(
      sorted,
      runMessages(testRun('run-o', { limit: 40 }), testColumns, testRows(40).reverse()),
    );
    await waitForRows(sorted, 40);
    assert.ok(await textOf(sorted, '.mxql-limit'));
    assert.match(
      (await textOf(sorted, '.mxql-limit-coverage')) ?? '',
      /run from 2026-11-01 \d\d:00:05 to the end of the range; the start of the range is not shown/,
    );
    await sorted.close();
    // Rows in no time order claim nothing about the range they cover.
    const mixed = await openWebview(rig.browser, rig.server);
    const shuffled = testRows(40);
    [shuffled[0], shuffled[39]] = [shuffled[39] ?? [], shuffled[0] ?? []];
    await sendToWebview(mixed, runMessages(testRun('run-m', { limit: 40 }), testColumns, shuffled));
    await waitForRows(mixed, 40);
    assert.ok(await textOf(mixed, '.mxql-limit'));
    assert.equal(await textOf(mixed, '.mxql-limit-coverage'), null);
    await mixed.close();
    const partial = await pageWithRows(39, { limit: 40 });
    assert.equal(await textOf(partial, '.mxql-limit'), null);
    await partial.close();
  });

  void it('renders errors with hint and action buttons that post `action`', async () => {
    const page = await openWebview(rig.browser, rig.server);
    await sendToWebview(page, [
      { type: 'running', v, run: testRun('run-e') },
      {
        type: 'error',
        v,
        runId: 'run-e',
        error: {
          message: 'The server refused the token (HTTP 401).',
          hint: 'Set the project token with "MXQL: Set Token".',
          code: 'http/401',
          actions: [
            { id: 'setToken', label: 'Set token' },
            { id: 'openSettings', label: 'Open settings' },
          ],
        },
      },
    ]);
    await waitFor(page, `document.querySelector('.mxql-error') !== null`);
    assert.match((await textOf(page, '.mxql-error')) ?? '', /refused the token.*http\/401.*MXQL: Set Token/s);
    await page.click('.mxql-error-action:has-text("Open settings")');
    assert.deepEqual(await lastPosted(page, 'action'), {
      type: 'action',
      v,
      actionId: 'openSettings',
      runId: 'run-e',
    });
    await assertClean(page);
    await page.close();
  });

  void it('a new run empties the grid; failure and cancel show their message in its place', async () => {
    const page = await pageWithRows(50);
    const visibleRows = `document.querySelector('.mxql-grid-area').dataset.covered === 'false' ? document.querySelectorAll('.mxql-grid .slick-row').length : 0`;
    const slickRows = `document.querySelectorAll('.mxql-grid .slick-row').length`;
    assert.ok((await page.evaluate<number>(visibleRows)) > 0);
    // Running: the previous rows are gone at once, not only hidden.
    await sendToWebview(page, [{ type: 'running', v, run: testRun('run-2', { title: 'Second' }) }]);
    await waitFor(page, `document.getElementById('app').dataset.phase === 'running'`);
    assert.equal(await page.evaluate<number>(slickRows), 0);
    assert.deepEqual(await headerNames(page), []);
    assert.match((await textOf(page, '.mxql-message')) ?? '', /Running the query/);
    // Failure: the error stands where the rows were; the header counts the failed run's rows.
    await sendToWebview(page, [
      { type: 'init', v, run: testRun('run-2', { title: 'Second' }), columns: [] },
      { type: 'error', v, runId: 'run-2', error: { message: 'HTTP 500 from the service', code: 'http/500' } },
    ]);
    await waitFor(page, `document.querySelector('.mxql-message .mxql-error') !== null`);
    assert.equal(await page.evaluate<number>(slickRows), 0);
    assert.equal(await textOf(page, '.mxql-figures'), '0 rows');
    assert.equal(await textOf(page, '.mxql-header .mxql-error'), null, 'the error is not above the grid');
    // Rows, then a cancelled run before any row: the message replaces the old rows.
    await sendToWebview(page, runMessages(testRun('run-3'), testColumns, testRows(30), 10));
    await waitForRows(page, 30);
    assert.equal(
      await page.evaluate<string>(`document.querySelector('.mxql-grid-area').dataset.covered`),
      'false',
    );
    await sendToWebview(page, [
      { type: 'running', v, run: testRun('run-4') },
      { type: 'cancelled', v, runId: 'run-4' },
    ]);
    await waitForRows(page, 0, 'cancelled');
    assert.equal(await page.evaluate<number>(slickRows), 0);
    assert.match((await textOf(page, '.mxql-message')) ?? '', /Cancelled before any rows arrived/);
    // An empty result says so in the grid's place too, and "1 row" is singular.
    await sendToWebview(page, runMessages(testRun('run-5'), testColumns, [], 10));
    await waitForRows(page, 0);
    assert.match((await textOf(page, '.mxql-message')) ?? '', /returned no rows/);
    await sendToWebview(page, runMessages(testRun('run-6'), testColumns, testRows(1), 10));
    await waitForRows(page, 1);
    assert.equal(await textOf(page, '.mxql-figures'), '1 row · 1,234 ms · 446.1 KB');
    await assertClean(page);
    await page.close();
  });

  void it('gives the grid the width: detail closed by default, beside or below, six columns readable', async () => {
    // About the width of a results panel beside the editor in a 1,600 px window.
    const page = await openWebview(rig.browser, rig.server);
    await page.setViewportSize({ width: 800, height: 700 });
    const columns = ['time', 'oid', 'oname', 'okind', 'tps', 'resp_time', 'service_count', 'tx_count'];
    const rows = Array.from({ length: 100 }, (_, i) => [
      BASE_TIME + i * 5000,
      1_234_567_890 + (i % 4),
      `web-server-${i % 4}`,
      8_000_001,
      12.5 + i,
      143.25,
      3,
      1200 + i,
    ]);
    const title = 'A long title that names the query of this run and keeps going for a while';
    await sendToWebview(
      page,
      runMessages(
        testRun('run-w', { title }),
        columns.map((name) => ({ name })),
        rows,
      ),
    );
    await waitForRows(page, 100);
    assert.equal(await page.evaluate('document.querySelector(".mxql-detail").hidden'), true);
    const readable: number = await page.evaluate(`(() => {
      const grid = document.querySelector('.mxql-grid .slick-viewport').getBoundingClientRect();
      const cells = [...document.querySelector('.mxql-grid .slick-row').querySelectorAll('.slick-cell')];
      return cells.filter((c) => {
        const box = c.getBoundingClientRect();
        return box.right <= grid.right && c.scrollWidth <= c.clientWidth;
      }).length;
    })()`);
    assert.ok(readable >= 6, `${readable} columns readable at 800 px`);
    // The status line stays one line, whatever the title.
    const oneLine: boolean = await page.evaluate(`(() => {
      const parts = [...document.querySelector('.mxql-stats').children].map((c) => c.getBoundingClientRect());
      const figures = document.querySelector('.mxql-figures').getBoundingClientRect();
      return parts.every((p) => Math.abs(p.top - figures.top) < 4) && figures.height < 24;
    })()`);
    assert.ok(oneLine, 'the status line stays on one line');
    // The detail pane opens below the grid when narrow, beside it when wide.
    await page.click('button[aria-label="Show the selected cell in full"]');
    await waitFor(page, `document.querySelector('.mxql-detail').hidden === false`);
    assert.equal(await computed(page, '.mxql-grid-pane', 'flex-direction'), 'column');
    await page.setViewportSize({ width: 1400, height: 700 });
    await waitFor(
      page,
      `getComputedStyle(document.querySelector('.mxql-grid-pane')).flexDirection === 'row'`,
    );
    await assertClean(page);
    await page.close();
  });

  void it('starts each new result at its first column and first row', async () => {
    const page = await openWebview(rig.browser, rig.server);
    await page.setViewportSize({ width: 500, height: 500 });
    const wide = Array.from({ length: 30 }, (_, i) => ({ name: `column_${i}` }));
    const rows = Array.from({ length: 200 }, (_, r) => wide.map((_, c) => r * 100 + c));
    await sendToWebview(page, runMessages(testRun('run-a'), wide, rows));
    await waitForRows(page, 200);
    await page.evaluate(
      `(() => { const v = document.querySelector('.mxql-grid .slick-viewport'); v.scrollLeft = 2000; v.scrollTop = 1500; })()`,
    );
    await waitFor(page, `document.querySelector('.mxql-grid .slick-viewport').scrollLeft > 0`);
    await sendToWebview(page, runMessages(testRun('run-b'), wide, rows));
    await waitForRows(page, 200);
    await waitFor(page, `document.querySelector('.mxql-grid .slick-row') !== null`);
    assert.deepEqual(
      await page.evaluate(
        `(() => { const v = document.querySelector('.mxql-grid .slick-viewport'); return [v.scrollLeft, v.scrollTop]; })()`,
      ),
      [0, 0],
    );
    assert.deepEqual((await headerNames(page)).slice(0, 2), ['column_0', 'column_1']);
    await page.close();
  });

  void it('shows the title of an HTML error page, never its markup', async () => {
    const page = await openWebview(rig.browser, rig.server);
    const html =
      '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>HTTP Status 500 – Internal Server Error</title>' +
      '<style>body{color:red}</style></head><body><h1>HTTP Status 500 – Internal Server Error</h1><hr/><p><b>Type</b> Exception Report</p></body></html>';
    await sendToWebview(page, [
      { type: 'running', v, run: testRun('run-h') },
      {
        type: 'error',
        v,
        runId: 'run-h',
        error: { message: `HTTP 500: ${html}`, hint: html, code: 'http/500' },
      },
    ]);
    await waitFor(page, `document.querySelector('.mxql-error-text') !== null`);
    assert.equal(await textOf(page, '.mxql-error-text'), 'HTTP 500: HTTP Status 500 – Internal Server Error');
    assert.equal(await textOf(page, '.mxql-error-hint'), 'HTTP Status 500 – Internal Server Error');
    assert.ok(!((await textOf(page, '.mxql-message')) ?? '').includes('<'));
    await assertClean(page);
    await page.close();
  });

  void it('charts time series split by oname, with zoom and a picker', async () => {
    const page = await pageWithRows(400);
    await page.click('.mxql-tab[data-tab="chart"]');
    await waitFor(page, `document.querySelector('.mxql-chart canvas') !== null`);
    const labels: string[] = await page.evaluate(
      `[...document.querySelectorAll('.mxql-chart .u-legend .u-series .u-label')].map((l) => l.textContent)`,
    );
    assert.deepEqual(labels, ['time', 'agent-0', 'agent-1', 'agent-2', 'agent-3']);
    assert.match((await textOf(page, '.mxql-chart-note')) ?? '', /^4 series, 100 points each$/);
    await page.selectOption('.mxql-chart-split', '-');
    await waitFor(page, `document.querySelectorAll('.mxql-chart .u-legend .u-series').length === 2`);
    await page.check('.mxql-chart-y input[data-column="resp_time"]');
    await waitFor(page, `document.querySelectorAll('.mxql-chart .u-legend .u-series').length === 3`);
    // Drag across the plot to zoom: the x scale narrows; a double click restores it.
    const box = await page.locator('.mxql-chart .u-over').boundingBox();
    assert.ok(box);
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await waitFor(page, `document.querySelector('.mxql-chart-tooltip.mxql-visible') !== null`);
    const range = (): Promise<number[]> =>
      page.evaluate(`document.querySelector('.mxql-chart').dataset.xRange.split('..').map(Number)`);
    const [fullMin = 0, fullMax = 0] = await range();
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await waitFor(page, `document.querySelector('.mxql-chart').dataset.xRange !== '${fullMin}..${fullMax}'`);
    const [zoomMin = 0, zoomMax = 0] = await range();
    assert.ok(zoomMin > fullMin && zoomMax < fullMax, `zoomed to ${zoomMin}..${zoomMax}`);
    await page.mouse.dblclick(box.x + box.width / 2, box.y + box.height / 2);
    await waitFor(page, `document.querySelector('.mxql-chart').dataset.xRange === '${fullMin}..${fullMax}'`);
    await assertClean(page);
    await page.close();
  });

  void it('follows theme changes through CSS variables only', async () => {
    const page = await pageWithRows(10);
    await setTheme(page, 'vscode-light', {
      '--vscode-editor-background': '#ffffff',
      '--vscode-foreground': '#1f1f1f',
      '--vscode-charts-blue': '#1a85ff',
    });
    const lightBg = await computed(page, 'body', 'background-color');
    const lightFg = await computed(page, '.slick-cell', 'color');
    await setTheme(page, 'vscode-dark', {
      '--vscode-editor-background': '#1e1e1e',
      '--vscode-foreground': '#cccccc',
      '--vscode-list-activeSelectionBackground': '#04395e',
      '--vscode-charts-blue': '#3794ff',
    });
    assert.equal(lightBg, 'rgb(255, 255, 255)');
    assert.equal(lightFg, 'rgb(31, 31, 31)');
    assert.equal(await computed(page, 'body', 'background-color'), 'rgb(30, 30, 30)');
    assert.equal(await computed(page, '.slick-cell', 'color'), 'rgb(204, 204, 204)');
    await page.click('.slick-row:first-child .slick-cell.l1');
    assert.equal(await computed(page, '.slick-cell.active', 'background-color'), 'rgb(4, 57, 94)');
    await setTheme(page, 'vscode-high-contrast', {
      '--vscode-editor-background': '#000000',
      '--vscode-contrastBorder': '#6fc3df',
    });
    assert.equal(await computed(page, '.slick-cell', 'border-bottom-color'), 'rgb(111, 195, 223)');
    // The chart reads --vscode-charts-* when drawn and redraws when the body class changes.
    await page.click('.mxql-tab[data-tab="chart"]');
    await waitFor(page, `document.querySelector('.mxql-chart .u-series:nth-child(2) .u-marker') !== null`);
    const marker = `.mxql-chart .u-series:nth-child(2) .u-marker`;
    assert.equal(await computed(page, marker, 'border-color'), 'rgb(55, 148, 255)');
    await setTheme(page, 'vscode-light', { '--vscode-charts-blue': '#1a85ff' });
    await waitFor(
      page,
      `getComputedStyle(document.querySelector('${marker}')).borderColor === 'rgb(26, 133, 255)'`,
    );
    await assertClean(page);
    await page.close();
  });

  void it('streams rows while running; a cancel keeps them; a missing chunk is reported', async () => {
    const page = await openWebview(rig.browser, rig.server);
    const messages = runMessages(testRun('run-s'), testColumns, testRows(30), 10);
    await sendToWebview(page, [{ type: 'running', v, run: testRun('run-s') }, ...messages.slice(0, 2)]);
    await waitForRows(page, 10, 'receiving');
    assert.match((await textOf(page, '.mxql-phase')) ?? '', /Receiving rows/);
    await sendToWebview(page, [{ type: 'cancelled', v, runId: 'run-s' }]);
    await waitForRows(page, 10, 'cancelled');
    assert.equal((await gridRows(page, 20)).length, 10);
    // A chunk that skips a sequence number is not shown; the panel says rows are missing.
    const next = runMessages(testRun('run-g'), testColumns, testRows(30), 10);
    await sendToWebview(page, [next[0], next[2]]);
    await waitFor(page, `document.querySelector('.mxql-problem') !== null`);
    assert.match((await textOf(page, '.mxql-problem')) ?? '', /expected part 0, received part 1/);
    assert.equal(await page.evaluate(`document.getElementById('app').dataset.rows`), '0');
    await page.close();
  });

  void it('paints a small result once, when its rows are in; the screenful of a large one at once', async () => {
    const page = await openWebview(rig.browser, rig.server);
    // What the panel shows as each message is handled (this listener runs after the app's).
    await page.evaluate(`window.__seen = [];
      window.addEventListener('message', (e) => {
        const app = document.getElementById('app');
        window.__seen.push([e.data.type, app.dataset.phase, app.dataset.rows].join(' '));
      })`);
    const seen = async (): Promise<string[]> => page.evaluate('window.__seen.splice(0)');
    const run = testRun('run-once');
    await sendToWebview(page, [{ type: 'running', v, run }]);
    await waitFor(page, `document.getElementById('app').dataset.phase === 'running'`);
    await seen();
    await sendToWebview(page, [
      { type: 'init', v, run, columns: testColumns },
      ...chunkColumns(run.runId, testRows(30), testColumns.length),
      { type: 'done', v, runId: run.runId, totalRows: 30, elapsedMs: 5, bytes: 100 },
    ]);
    await waitForRows(page, 30);
    // Neither init nor the rows render alone: the grid is built once, when the run is done.
    assert.deepEqual(await seen(), ['init running 0', 'columnsChunk running 0', 'done done 30']);
    // A large result's first screenful says paintNow: it is on screen before the rest arrives.
    const big = runMessages(testRun('run-big'), testColumns, testRows(30), 10, 5);
    await sendToWebview(page, big.slice(0, 2));
    assert.deepEqual(await seen(), ['init done 30', 'columnsChunk receiving 5']);
    // An init that nothing follows shows its header after a moment.
    const alone = testRun('run-alone');
    await sendToWebview(page, [{ type: 'init', v, run: alone, columns: testColumns }]);
    await waitFor(page, `document.getElementById('app').dataset.rows === '0'`);
    assert.deepEqual(await seen(), ['init receiving 5']);
    assert.match((await textOf(page, '.mxql-phase')) ?? '', /Receiving rows/);
    await assertClean(page);
    await page.close();
  });

  void it('downsamples a long time series and says so', async () => {
    const page = await pageWithRows(20_000);
    await page.click('.mxql-tab[data-tab="chart"]');
    await waitFor(page, `document.querySelector('.mxql-chart canvas') !== null`);
    assert.match(
      (await textOf(page, '.mxql-chart-note')) ?? '',
      /^4 series, [\d,]+ points each · downsampled: values averaged per time bucket$/,
    );
    await assertClean(page);
    await page.close();
  });

  void it('survives malformed host messages and keeps working', async () => {
    const page = await openWebview(rig.browser, rig.server);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await sendToWebview(page, [
      null,
      'init',
      { type: 'init', v: 999, run: testRun('bad'), columns: [] },
      { type: 'eval', v, code: 'window.__xss=1' },
      { type: 'init', v, run: testRun('odd'), columns: [{ name: 'a' }, null, { name: 5 }, { name: 'b' }] },
      {
        type: 'columnsChunk',
        v,
        runId: 'odd',
        seq: 0,
        chunk: {
          rowCount: 3,
          columns: [
            { kind: 'number', values: new Float64Array([1, 2, 3]) },
            { kind: 'string', table: ['x'], codes: new Uint32Array([1, 7, 0]) },
          ],
        },
      },
      { type: 'columnsChunk', v, runId: 'odd', seq: 1, chunk: 'nope' },
      { type: 'columnsChunk', v, runId: 'odd', seq: 1, rows: [[1, 2]] },
      { type: 'done', v, runId: 'odd', totalRows: 'many', elapsedMs: -5, bytes: null },
    ]);
    await waitForRows(page, 3);
    assert.deepEqual(await headerNames(page), ['a', 'b']);
    assert.deepEqual(errors, []);
    assert.equal(await page.evaluate('window.__xss'), undefined);
    await sendToWebview(page, runMessages(testRun('good'), testColumns, testRows(12), 5));
    await waitForRows(page, 12);
    await page.close();
  });

  void it('shows compact columns (scaled integers, 8-bit codes) exactly as the values sent', async () => {
    const page = await openWebview(rig.browser, rig.server);
    const columns = [{ name: 'small' }, { name: 'price' }, { name: 'odd' }, { name: 'label' }];
    const rows = [
      [-5, 3.17, 1e300, ''],
      [null, 0.01, 0.1 + 0.2, '서버 🚀'],
      [126, null, -(2 ** 53), null],
      [7, 29.49, Number.MIN_VALUE, 'ağent'],
    ];
    // Two rows per chunk: each chunk picks its own encoding (Int8 and Int16 integers, Float64).
    const messages = runMessages(testRun('compact'), columns, rows, 2);
    const kinds = messages.flatMap((m) =>
      m.type === 'columnsChunk' ? m.chunk.columns.map((c) => c.kind) : [],
    );
    assert.ok(kinds.includes('scaled') && kinds.includes('number'), kinds.join());
    await sendToWebview(page, messages);
    await waitForRows(page, 4);
    const copied: string[] = [];
    for (let row = 0; row < rows.length; row++) {
      await page.click(`.slick-row:nth-child(${row + 1}) .slick-cell.l0`);
      await page.click('button[aria-label="Copy the selected row as TSV"]');
      await waitFor(page, `window.__host.posted.filter((m) => m.type === 'copy').length === ${row + 1}`);
      copied.push(String((await lastPosted(page, 'copy'))?.text));
    }
    assert.deepEqual(copied, [
      '-5\t3.17\t1e+300\t',
      '\t0.01\t0.30000000000000004\t서버 🚀',
      '126\t\t-9007199254740992\t',
      '7\t29.49\t5e-324\tağent',
    ]);
    await page.click('.slick-header-column:has-text("price")');
    await waitFor(page, `document.querySelector('.slick-sort-indicator-asc') !== null`);
    assert.deepEqual(
      (await gridRows(page, 4)).map((r) => r[1]),
      ['0.01', '3.17', '29.49', ''],
    );
    await assertClean(page);
    await page.close();
  });

  void it('hides, resizes and reorders columns', async () => {
    const page = await pageWithRows(30);
    await page.click('.slick-header-column:has-text("service")', { button: 'right' });
    await waitFor(page, `document.querySelector('.slick-columnpicker')?.style.display === 'block'`);
    await page.click('.slick-columnpicker label:text-is("service")');
    await waitFor(
      page,
      `![...document.querySelectorAll('.slick-column-name')].some((n) => n.textContent === 'service')`,
    );
    assert.deepEqual(await headerNames(page), ['time', 'oid', 'oname', 'tps', 'resp_time']);
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    const width = (): Promise<number> =>
      page.evaluate(`document.querySelectorAll('.slick-header-column')[2].getBoundingClientRect().width`);
    const before = await width();
    const handle = await page
      .locator('.slick-header-column >> nth=2')
      .locator('.slick-resizable-handle')
      .boundingBox();
    assert.ok(handle);
    await page.mouse.move(handle.x + 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + 80, handle.y + handle.height / 2, { steps: 4 });
    await page.mouse.up();
    await waitFor(
      page,
      `document.querySelectorAll('.slick-header-column')[2].getBoundingClientRect().width > ${before + 40}`,
    );
    await page.dragAndDrop('.slick-header-column:has-text("tps")', '.slick-header-column:has-text("oid")');
    await waitFor(page, `document.querySelectorAll('.slick-column-name')[1].textContent === 'tps'`);
    const [row] = await gridRows(page, 1);
    assert.equal(row?.[1], '1,000', 'cells follow their column');
    await assertClean(page);
    await page.close();
  });

  void it('survives a reload: the view is restored and rows are asked for again', async () => {
    const page = await pageWithRows(50);
    await page.selectOption('.mxql-time-mode', 'utc');
    await page.click('.slick-header-column:has-text("resp_time")');
    await page.click('.slick-header-column:has-text("resp_time")');
    await waitFor(page, `document.querySelector('.slick-sort-indicator-desc') !== null`);
    await page.click('.slick-header-column:has-text("service")', { button: 'right' });
    await page.click('.slick-columnpicker label:text-is("service")');
    await waitFor(page, `document.querySelectorAll('.slick-column-name').length === 5`);
    await page.reload();
    await waitFor(page, `window.__host && window.__host.posted.some((m) => m.type === 'ready')`);
    assert.deepEqual((await posted(page))[0], { type: 'ready', v, resumeRunId: 'run-1' });
    await sendToWebview(page, runMessages(testRun('run-1'), testColumns, testRows(50), 20));
    await waitForRows(page, 50);
    assert.equal(await page.evaluate('document.querySelector(".mxql-time-mode").value'), 'utc');
    const first = (await gridRows(page, 1))[0];
    assert.ok(first?.[0]?.endsWith('Z'));
    assert.equal(first?.[4], String(Math.max(...testRows(50).map((r) => Number(r[4])))));
    assert.deepEqual(await headerNames(page), ['time', 'oid', 'oname', 'tps', 'resp_time']);
    await page.close();
  });
});
