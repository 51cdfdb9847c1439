// Compare with… in the results webview, in real Chromium with the production HTML and CSP: the toolbar
// asks the host, the Changes tab names both windows and lists what moved in the host's rank order as
// text, says plainly when the baseline has no rows or nothing numeric moved, and the chart draws the
// baseline dashed beside the window's series on the window's own time axis.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Page } from 'playwright-core';
import { encodeColumns } from '../../common/columnChunks';
import {
  RESULTS_PROTOCOL_VERSION as v,
  type Cell,
  type ComparedField,
  type ComparisonInfo,
} from '../../common/resultsMessages';
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
import { textOf } from './pageQueries';

const rig = useWebviewRig();
const DAY = 86_400_000;
const ROWS = 400;

/** The same rows a day earlier: the baseline of a comparison with yesterday. */
function dayEarlier(rows: readonly (readonly Cell[])[]): Cell[][] {
  return rows.map((r) => [(r[0] as number) - DAY, ...r.slice(1)]);
}

const change = (agent: string, field: string, score: number): ComparedField => ({
  agent,
  field,
  window: 300 + score,
  baseline: 100,
  change: 200 + score,
  relative: (200 + score) / 100,
  score,
});

function comparison(extra: Partial<ComparisonInfo> = {}, baseRows = dayEarlier(testRows(ROWS))) {
  const info: ComparisonInfo = {
    baseline: '1d',
    name: 'yesterday',
    window: { stime: BASE_TIME, etime: BASE_TIME + 3_600_000 },
    baselineWindow: { stime: BASE_TIME - DAY, etime: BASE_TIME + 3_600_000 - DAY },
    shiftMs: DAY,
    baselineColumns: testColumns,
    baselineRows: encodeColumns(baseRows, testColumns.length, 0, baseRows.length),
    // Not in name order: the table must keep the host's rank order.
    changes: [change('agent-2', 'resp_time', 9.5), change('agent-0', 'tps', -4), change('agent-3', 'tps', 1)],
    onlyInWindow: [],
    onlyInBaseline: [],
    ...extra,
  };
  return { type: 'comparison', v, runId: 'run-1', comparison: info };
}

async function comparedPage(message: ReturnType<typeof comparison>): Promise<Page> {
  const page = await openWebview(rig.browser, rig.server);
  await sendToWebview(page, runMessages(testRun('run-1'), testColumns, testRows(ROWS), 250));
  await waitForRows(page, ROWS);
  await sendToWebview(page, [message]);
  await waitFor(
    page,
    `document.querySelector('.mxql-compare-pane:not([hidden]) .mxql-compare-windows') !== null`,
  );
  return page;
}

async function assertClean(page: Page): Promise<void> {
  assert.deepEqual(await violations(page), []);
  assert.deepEqual(rig.server.cspReports, []);
}

void describe('Compare with… in the results webview', () => {
  void it('the toolbar asks the host to compare the shown run', async () => {
    const page = await openWebview(rig.browser, rig.server);
    await sendToWebview(page, runMessages(testRun('run-1'), testColumns, testRows(8)));
    await waitForRows(page, 8);
    assert.equal(
      await page.isHidden('.mxql-tab[data-tab="compare"]'),
      true,
      'no Changes tab before a comparison',
    );
    await page.click('button[data-action="diff"]');
    await waitFor(page, `window.__host.posted.some((m) => m.type === 'compare')`);
    const sent = (await posted(page)).filter((m) => m.type === 'compare');
    assert.deepEqual(sent, [{ type: 'compare', runId: 'run-1', v }]);
    await page.close();
  });

  void it('lists what moved in rank order and names both windows', async () => {
    const page = await comparedPage(comparison());
    const rows: string[][] = await page.evaluate(
      `[...document.querySelectorAll('.mxql-compare-table tbody tr')].map((tr) => [...tr.cells].map((c) => c.textContent))`,
    );
    assert.deepEqual(
      rows.map((r) => r.slice(0, 3)),
      [
        ['1', 'agent-2', 'resp_time'],
        ['2', 'agent-0', 'tps'],
        ['3', 'agent-3', 'tps'],
      ],
    );
    assert.deepEqual(rows[0]?.slice(3), ['309.5', '100', '+209.5', '+209.5%', '+9.5']);
    assert.deepEqual(rows[1]?.slice(5), ['+196', '+196.0%', '-4.0']);
    const windowLine = (await textOf(page, '.mxql-compare-window')) ?? '';
    const baselineLine = (await textOf(page, '.mxql-compare-baseline')) ?? '';
    assert.match(
      windowLine,
      /^Window: 2026-1[01]-\d\d \d\d:\d\d:\d\d → 2026-1[01]-\d\d \d\d:\d\d:\d\d \(400 rows\)$/,
    );
    assert.match(baselineLine, /^Baseline, yesterday: 2026-10-3[01] \d\d:\d\d:\d\d → .* \(400 rows\)$/);
    // In UTC, the windows are the exact hours.
    await page.selectOption('.mxql-time-mode', 'utc');
    await waitFor(page, `document.querySelector('.mxql-compare-window').textContent.includes('Z')`);
    assert.equal(
      await textOf(page, '.mxql-compare-window'),
      'Window: 2026-11-01 00:00:00Z → 2026-11-01 01:00:00Z (400 rows)',
    );
    assert.equal(
      await textOf(page, '.mxql-compare-baseline'),
      'Baseline, yesterday: 2026-10-31 00:00:00Z → 2026-10-31 01:00:00Z (400 rows)',
    );
    await assertClean(page);
    await page.close();
  });

  void it('shows an agent or field name that holds HTML as text', async () => {
    const agent = '<img src=x onerror="window.__pwned=1">';
    const field = '<b>resp_time</b>';
    const page = await comparedPage(
      comparison({ changes: [change(agent, field, 3)], onlyInWindow: ['<script>window.__pwned=2</script>'] }),
    );
    const cells: string[] = await page.evaluate(
      `[...document.querySelectorAll('.mxql-compare-table tbody td')].map((c) => c.textContent)`,
    );
    assert.equal(cells[1], agent);
    assert.equal(cells[2], field);
    assert.equal(
      await textOf(page, '.mxql-compare-only'),
      'Only in the window: <script>window.__pwned=2</script>',
    );
    assert.equal(
      await page.evaluate(
        `document.querySelectorAll('.mxql-compare-pane img, .mxql-compare-pane b, .mxql-compare-pane script').length`,
      ),
      0,
    );
    assert.equal(await page.evaluate('window.__pwned'), undefined);
    await assertClean(page);
    await page.close();
  });

  void it('says so when the baseline has no rows, and when nothing numeric was compared', async () => {
    const empty = await comparedPage(comparison({ changes: [] }, []));
    assert.equal(
      await textOf(empty, '.mxql-compare-message'),
      'The baseline has no rows, so nothing moved against it: compare with another window.',
    );
    assert.match((await textOf(empty, '.mxql-compare-baseline')) ?? '', /\(no rows\)$|\(0 rows\)$/);
    assert.equal(await empty.evaluate(`document.querySelector('.mxql-compare-table')`), null);
    await empty.close();
    const flat = await comparedPage(comparison({ changes: [] }));
    assert.equal(
      await textOf(flat, '.mxql-compare-message'),
      'Nothing to compare: the query returns no numeric field for the same agent in both windows.',
    );
    await flat.close();
  });

  void it("draws the baseline dashed beside each series, on the window's time axis", async () => {
    const page = await comparedPage(comparison());
    await page.click('.mxql-tab[data-tab="chart"]');
    await waitFor(page, `document.querySelectorAll('.mxql-chart .u-legend .u-series').length === 9`);
    const legend: { label: string; dash: string }[] = await page.evaluate(
      `[...document.querySelectorAll('.mxql-chart .u-legend .u-series')].slice(1).map((s) => ({ label: s.querySelector('.u-label').textContent, dash: s.querySelector('.u-marker').style.borderStyle }))`,
    );
    assert.deepEqual(legend, [
      ...[0, 1, 2, 3].map((i) => ({ label: `agent-${i}`, dash: 'solid' })),
      ...[0, 1, 2, 3].map((i) => ({ label: `agent-${i} (baseline: yesterday)`, dash: 'dashed' })),
    ]);
    // Shifted by a day, the baseline's points fall on the window's own times: still 100 points, and the
    // x axis spans the window, not the two days between them.
    assert.equal(await textOf(page, '.mxql-chart-note'), '8 series, 100 points each');
    const [min = 0, max = 0]: number[] = await page.evaluate(
      `document.querySelector('.mxql-chart').dataset.xRange.split('..').map(Number)`,
    );
    assert.equal(min, BASE_TIME);
    assert.equal(max, BASE_TIME + 99 * 5000);
    await assertClean(page);
    await page.close();
  });

  void it('a new run that was not compared leaves the Changes tab', async () => {
    const page = await comparedPage(comparison());
    await sendToWebview(page, runMessages(testRun('run-2'), testColumns, testRows(8)));
    await waitForRows(page, 8);
    assert.equal(await page.isHidden('.mxql-tab[data-tab="compare"]'), true);
    assert.equal(await page.isHidden('.mxql-compare-pane'), true);
    await page.close();
  });
});
