// Hostile values everywhere the results panel shows host data: cell values, column names, chart
// labels, errors, notices and the "what was sent" block. Every payload tries to set window.__xss;
// the page must show each one as text, run none of them, and cause no CSP violation or request.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Page } from 'playwright-core';
import { type Cell, type ColumnInfo, RESULTS_PROTOCOL_VERSION as v } from '../../common/resultsMessages';
import { BASE_TIME, runMessages, testRun } from './fixtures';
import { readableErrorText } from '../../client/webview/results/errorText';
import {
  openWebview,
  posted,
  sendToWebview,
  violations,
  waitFor,
  waitForRows,
  useWebviewRig,
} from './harness';
import { headerNames, textOf } from './pageQueries';

import { payloads } from './xssPayloads';

export { payloads };

const rig = useWebviewRig();

function hostileResult(): { columns: ColumnInfo[]; rows: Cell[][] } {
  const columns: ColumnInfo[] = [
    { name: 'time' },
    { name: 'oname' },
    { name: 'tps' },
    ...payloads.map((name) => ({ name })),
  ];
  const rows: Cell[][] = [];
  for (let i = 0; i < payloads.length * 2; i++) {
    const values = payloads.map((_, j) => payloads[(i + j) % payloads.length] ?? null);
    rows.push([BASE_TIME + i * 1000, payloads[i % 6] ?? null, i, ...values]);
  }
  return { columns, rows };
}

async function settle(page: Page): Promise<void> {
  await waitFor(page, `document.readyState === 'complete'`);
  await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
}

async function assertNothingRan(page: Page): Promise<void> {
  await settle(page);
  assert.equal(await page.evaluate('window.__xss'), undefined, 'a payload executed');
  assert.deepEqual(await violations(page), [], 'a payload reached the CSP');
  assert.deepEqual(rig.server.cspReports, []);
  assert.deepEqual(rig.server.unexpected, [], 'a payload made a request');
  const injected: number = await page.evaluate(
    `document.querySelectorAll('#app img, #app svg, #app iframe, #app object, #app embed, #app script, #app style, #app a, #app form, #app video, #app link, #app meta, #app base, #app marquee').length`,
  );
  assert.equal(injected, 0, 'a payload became an element');
  const handlers: number = await page.evaluate(
    `[...document.querySelectorAll('*')].filter((e) => [...e.attributes].some((a) => a.name.startsWith('on'))).length`,
  );
  assert.equal(handlers, 0, 'an inline handler appeared');
}

void describe('hostile data in the results webview', () => {
  void it(`has at least 30 payloads (${payloads.length})`, () => {
    assert.ok(payloads.length >= 30);
  });

  void it('shows payloads in column names, cells, detail, tooltips, copy and column picker as text', async () => {
    const page = await openWebview(rig.browser, rig.server);
    const { columns, rows } = hostileResult();
    const run = testRun('run-x', {
      title: payloads[0],
      endpoint: payloads[1] ?? '',
      server: payloads[5],
      path: payloads[12],
      params: Object.fromEntries(payloads.slice(0, 10).map((p, i) => [`$p${i}`, p])),
      injects: { [payloads[3] ?? 'x']: payloads[4] ?? '' },
    });
    await sendToWebview(page, runMessages(run, columns, rows, 7));
    await waitForRows(page, rows.length);
    assert.deepEqual(
      await headerNames(page),
      columns.map((c) => c.name),
    );
    await page.click('.mxql-sent summary');
    const sent = (await textOf(page, '.mxql-sent')) ?? '';
    for (const p of payloads.slice(0, 10))
      assert.ok(sent.includes(p), `"what was sent" shows ${p.slice(0, 40)}`);
    assert.equal(await textOf(page, '.mxql-title'), payloads[0]);
    // Walk the payload columns with the keyboard (the grid scrolls them into view): the detail
    // panel shows the exact value and Ctrl+C copies it.
    await page.click('.slick-row:first-child .slick-cell.l2');
    let copies = 0;
    for (let c = 3; c < columns.length; c++) {
      await page.keyboard.press('ArrowRight');
      await waitFor(
        page,
        `document.querySelector('.mxql-detail-column')?.textContent === ${JSON.stringify(columns[c]?.name)}`,
      );
      const expected = String(rows.find((_, i) => i === 0)?.[c]);
      assert.equal(await textOf(page, '.mxql-detail-value'), expected);
      if (expected.length < 300) assert.equal(await textOf(page, '.slick-cell.active'), expected);
      if (c % 5 !== 0) continue;
      await page.keyboard.press('Control+C');
      copies++;
      await waitFor(page, `window.__host.posted.filter((m) => m.type === 'copy').length === ${copies}`);
      const copied = (await posted(page)).filter((m) => m.type === 'copy').at(-1);
      const tsv = /["\t\r\n]/.test(expected) ? `"${expected.replace(/"/g, '""')}"` : expected;
      assert.equal(copied?.text, tsv);
    }
    const titled: string[] = await page.evaluate(
      `[...document.querySelectorAll('.slick-cell[title]')].map((c) => c.getAttribute('title'))`,
    );
    assert.ok(
      titled.some((t) => t.startsWith('AAAA')),
      'long values carry a tooltip',
    );
    // The column picker lists the names as text.
    await page.click('.slick-header-column >> nth=3', { button: 'right' });
    await waitFor(page, `document.querySelector('.slick-columnpicker') !== null`);
    const pickerText = (await textOf(page, '.slick-columnpicker')) ?? '';
    for (const p of payloads.slice(0, 20))
      assert.ok(pickerText.includes(p), `picker shows ${p.slice(0, 40)}`);
    await page.keyboard.press('Escape');
    await assertNothingRan(page);
    await page.close();
  });

  void it('shows payloads in chart labels and pickers as text', async () => {
    const page = await openWebview(rig.browser, rig.server);
    const { columns, rows } = hostileResult();
    await sendToWebview(page, runMessages(testRun('run-c'), columns, rows, 50));
    await waitForRows(page, rows.length);
    await page.click('.mxql-tab[data-tab="chart"]');
    await waitFor(page, `document.querySelector('.mxql-chart canvas') !== null`);
    const legend = (await textOf(page, '.mxql-chart .u-legend')) ?? '';
    for (const p of payloads.slice(0, 6)) assert.ok(legend.includes(p), `legend shows ${p}`);
    const options: string[] = await page.evaluate(
      `[...document.querySelectorAll('.mxql-chart-split option')].map((o) => o.textContent)`,
    );
    assert.ok(options.includes(payloads[0] ?? ''));
    await assertNothingRan(page);
    await page.close();
  });

  void it('shows payloads in errors, hints, action labels and notices as text', async () => {
    const page = await openWebview(rig.browser, rig.server);
    for (const [i, p] of payloads.entries()) {
      await sendToWebview(page, [
        { type: 'running', v, run: testRun(`run-e${i}`, { title: p }) },
        {
          type: 'error',
          v,
          runId: `run-e${i}`,
          error: { message: p, hint: p, code: p, actions: [{ id: p, label: p }] },
        },
        { type: 'notice', v, level: 'error', text: p },
      ]);
      await waitFor(
        page,
        `document.querySelector('.mxql-error-action')?.dataset.actionId === ${JSON.stringify(p)}`,
      );
      // Error texts that are markup show their readable part (an HTML error page's title), as text.
      assert.equal(await textOf(page, '.mxql-error-message span:nth-child(2)'), readableErrorText(p));
      assert.equal(await textOf(page, '.mxql-error-hint'), readableErrorText(p));
      assert.equal(await textOf(page, '.mxql-error-action'), p);
      assert.equal(await textOf(page, '.mxql-notice'), p);
    }
    await page.click('.mxql-error-action');
    const action = (await posted(page)).filter((m) => m.type === 'action').at(-1);
    assert.equal(action?.actionId, payloads.at(-1));
    await assertNothingRan(page);
    await page.close();
  });
});
