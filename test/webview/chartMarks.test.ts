// The results chart draws a run's marks in real Chromium: a threshold as a band on the side where the
// rule fires, a span as a shaded time range, and the fields' unit as the y axis caption. The test reads
// the canvas pixels and the texts the chart drew, and compares with the same rows drawn without marks.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Page } from 'playwright-core';
import { BOARD_PROTOCOL_VERSION, type BoardMessage, type QueryMessage } from '../../common/boardMessages';
import type { ChartMarks } from '../../common/chartMarks';
import { BASE_TIME, runMessages, testColumns, testRows, testRun } from './fixtures';
import { openWebview, sendToWebview, violations, waitFor, useWebviewRig } from './harness';

const rig = useWebviewRig();

/** tps of the test rows lies in 1000..11006: a threshold at 12000 leaves an empty gap below its band. */
const marks: ChartMarks = {
  thresholds: [{ field: 'tps', op: '>', value: 12_000, label: 'tps > 12,000' }],
  spans: [{ start: BASE_TIME + 100_000, end: BASE_TIME + 200_000, label: 'fired 100 s' }],
  units: { tps: 'count', resp_time: 'ms' },
};

interface Drawn {
  bands: { label: string; top: number; bottom: number; left: number; right: number; line: number }[];
  spans: { label: string; left: number; right: number; top: number; bottom: number }[];
  unit?: string;
}

/** Records every text the page's canvases draw, so the axis caption can be read back. */
async function recordCanvasTexts(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.__texts = [];
    const fillText = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text, x, y, w) {
      window.__texts.push(String(text));
      return fillText.call(this, text, x, y, w);
    };
  })()`);
}

async function showChart(page: Page, runId: string, extra: Parameters<typeof testRun>[1]): Promise<void> {
  await page.evaluate('window.__texts = []');
  await sendToWebview(page, runMessages(testRun(runId, extra), testColumns, testRows(400), 250));
  await waitFor(page, `document.getElementById('app').dataset.phase === 'done'`);
  await page.click('.mxql-tab[data-tab="chart"]');
  await waitFor(page, `document.querySelector('.mxql-chart canvas') !== null`);
  // Two frames: uPlot draws on the frame after it is created.
  await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
}

/** RGBA of one canvas pixel (canvas pixels, as `data-marks` gives them). */
function pixel(page: Page, x: number, y: number): Promise<number[]> {
  return page.evaluate(
    `[...document.querySelector('.mxql-chart canvas').getContext('2d').getImageData(${Math.round(x)}, ${Math.round(y)}, 1, 1).data]`,
  );
}

const isRed = ([r = 0, g = 0, b = 0, a = 0]: number[]): boolean => a > 10 && r > g + 40 && r > b + 40;
const isOrange = ([r = 0, g = 0, b = 0, a = 0]: number[]): boolean => a > 10 && r > b + 40 && g > b;
const isEmpty = (rgba: number[]): boolean => (rgba[3] ?? 0) === 0;

void describe('chart marks in Chromium', () => {
  void it('draws the threshold band, the firing span and the unit caption, and nothing without marks', async () => {
    const page = await openWebview(rig.browser, rig.server);
    await page.evaluate(`document.body.style.setProperty('--vscode-charts-red', '#ff0000');
      document.body.style.setProperty('--vscode-charts-orange', '#ff9900');`);
    await recordCanvasTexts(page);
    await showChart(page, 'marked', { marks });
    await waitFor(page, `document.querySelector('.mxql-chart').dataset.marks !== undefined`);
    const drawn = JSON.parse(
      await page.evaluate<string>(`document.querySelector('.mxql-chart').dataset.marks`),
    ) as Drawn;
    assert.equal(drawn.unit, 'count');
    assert.ok(
      (await page.evaluate<string[]>('window.__texts')).includes('count'),
      'the y axis says its unit',
    );
    assert.ok(
      (await page.evaluate<string[]>('window.__texts')).includes('tps > 12,000'),
      'the band is captioned',
    );

    const [band] = drawn.bands;
    const [span] = drawn.spans;
    assert.ok(band && span, JSON.stringify(drawn));
    assert.equal(drawn.bands.length, 1);
    // `>`: the band runs from the threshold's line up to the top of the plot, which the scale widened to show it.
    assert.ok(Math.abs(band.bottom - band.line) < 1, `band ends at its line: ${JSON.stringify(band)}`);
    assert.ok(band.top < band.line && band.line > span.top, 'the threshold is inside the plot');
    const plotHeight = span.bottom - span.top;
    assert.ok(
      band.line - band.top < plotHeight / 2,
      `the band covers only the firing side: ${JSON.stringify(drawn)}`,
    );
    // The span covers 100 s of the rows' 495 s, a fifth of the plot's width, starting a fifth in.
    const plotWidth = band.right - band.left;
    const spanShare = (span.right - span.left) / plotWidth;
    assert.ok(spanShare > 0.15 && spanShare < 0.25, `span is ${spanShare} of the width`);

    // Pixels: inside the band (away from the span and the caption) red; just under the line, where no
    // data reaches (tps ≤ 11006, about 38 px lower), empty outside the span and orange inside it.
    const outsideX = band.left + plotWidth * 0.7;
    const spanX = (span.left + span.right) / 2;
    const inBand = (band.top + band.line) / 2;
    const gap = band.line + 15;
    assert.ok(
      isRed(await pixel(page, outsideX, inBand)),
      `band pixel ${String(await pixel(page, outsideX, inBand))}`,
    );
    assert.ok(
      isEmpty(await pixel(page, outsideX, gap)),
      `gap pixel ${String(await pixel(page, outsideX, gap))}`,
    );
    assert.ok(isOrange(await pixel(page, spanX, gap)), `span pixel ${String(await pixel(page, spanX, gap))}`);

    // Another y field brings its unit; a threshold of tps no longer applies to what is drawn.
    await page.evaluate('window.__texts = []');
    await page.check('.mxql-chart-y input[data-column="resp_time"]');
    await waitFor(
      page,
      `JSON.parse(document.querySelector('.mxql-chart').dataset.marks || '{}').unit === 'count · ms'`,
    );
    await page.uncheck('.mxql-chart-y input[data-column="tps"]');
    await waitFor(
      page,
      `JSON.parse(document.querySelector('.mxql-chart').dataset.marks || '{}').unit === 'ms'`,
    );
    const resp = JSON.parse(
      await page.evaluate<string>(`document.querySelector('.mxql-chart').dataset.marks`),
    ) as Drawn;
    assert.equal(resp.bands.length, 0);
    assert.equal(resp.spans.length, 1);
    assert.ok((await page.evaluate<string[]>('window.__texts')).includes('ms'));

    // The same rows without marks: no caption, no record, and the band's pixels stay empty.
    await showChart(page, 'plain', {});
    await page.uncheck('.mxql-chart-y input[data-column="resp_time"]').catch(() => undefined);
    await page.check('.mxql-chart-y input[data-column="tps"]');
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    assert.equal(await page.evaluate(`document.querySelector('.mxql-chart').dataset.marks`), undefined);
    assert.ok(!(await page.evaluate<string[]>('window.__texts')).includes('count'));
    assert.ok(!isRed(await pixel(page, outsideX, inBand)), 'no band without marks');
    assert.deepEqual(await violations(page), []);
    await page.close();
  });

  void it('the dashboard preview captions a series widget y axis with its field unit', async () => {
    const page = await openWebview(rig.browser, rig.server, 'board');
    await recordCanvasTexts(page);
    const v = BOARD_PROTOCOL_VERSION;
    const board: BoardMessage = {
      type: 'board',
      v,
      generation: 1,
      name: 'Units',
      columns: 52,
      rows: 12,
      widgets: [
        {
          index: 0,
          id: 'cpu',
          title: 'CPU',
          kind: 'series',
          place: { x: 0, y: 0, w: 26, h: 8 },
          stacked: false,
          queries: ['q'],
        },
        {
          index: 1,
          id: 'tps',
          title: 'TPS',
          kind: 'series',
          place: { x: 26, y: 0, w: 26, h: 8 },
          stacked: false,
          queries: ['q'],
        },
      ],
      problems: [],
      target: 'Demo',
      presets: ['1h'],
      preset: '1h',
    };
    const rows = Array.from({ length: 20 }, (_, i) => [BASE_TIME + i * 60_000, 'agent-a', 40 + (i % 5)]);
    const columns = ['time', 'oname', 'cpu'].map((name) => ({ name }));
    const query = (widget: number, extra: Partial<QueryMessage>): QueryMessage => ({
      type: 'query',
      v,
      generation: 1,
      widget,
      query: 0,
      status: 'done',
      columns,
      rows,
      total: rows.length,
      ...extra,
    });
    await sendToWebview(page, [board, query(0, { units: { cpu: 'pct' } }), query(1, {})]);
    await waitFor(page, `document.querySelectorAll('.widget-body canvas').length === 2`);
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    const units: (string | null)[] = await page.evaluate(
      `[...document.querySelectorAll('.widget-body')].map((b) => b.dataset.marks ? JSON.parse(b.dataset.marks).unit ?? null : null)`,
    );
    assert.deepEqual(units, ['%', null], 'only the widget whose query has a unit is captioned');
    assert.ok((await page.evaluate<string[]>('window.__texts')).includes('%'));
    assert.deepEqual(await violations(page), []);
    await page.close();
  });
});
