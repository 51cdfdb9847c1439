// The dashboard preview page in real Chromium, served with the production HTML and CSP: widgets placed
// by their layout on the 52-column grid (checked on the element boxes), Markdown rendered with raw HTML
// off and inert links, a series chart, a grid, hostile values shown as text, nothing loaded or run.
// The example board on the demo's own data is also drawn here; MXQL_UPDATE_MEDIA=1 saves it as
// media/dashboard-preview.png for the README.
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type Page } from 'playwright-core';
import {
  BOARD_PROTOCOL_VERSION as v,
  type BoardMessage,
  type QueryMessage,
  type WidgetReport,
} from '../../common/boardMessages';
import type { Cell, ColumnInfo } from '../../common/resultsMessages';
import { createOpenApiClient, type OpenApiClient } from '../../api/index';
import { demoClientOptions, startDemoServer, type DemoServer } from '../../demo/index';
import { boardOf, boardWidgetViews, planBoardQuery, type BoardModel } from '../../server/core/index';
import { tabulate } from '../../common/rowFacts';
import { openWebview, posted, root, sendToWebview, useWebviewRig, violations, waitFor } from './harness';
import { payloads } from './xssPayloads';

const rig = useWebviewRig();
const BASE = 1_767_225_600_000;

const MARKDOWN = [
  '# Board heading',
  '',
  '## Second level',
  '',
  'Some **bold** text and `code`.',
  '',
  '<script>window.__xss = "markdown"</script>',
  '',
  '<img src=x onerror="window.__xss=\'img\'">',
  '',
  '[a link](javascript:window.__xss=1) and [another](https://example.com/x)',
  '',
  '![remote image](https://example.com/remote.png)',
].join('\n');

function boardMessage(widgets: BoardMessage['widgets'], rows = 24): BoardMessage {
  return {
    type: 'board',
    v,
    generation: 1,
    name: payloads[0] ?? 'board',
    columns: 52,
    rows,
    widgets,
    problems: [payloads[1] ?? 'problem'],
    target: payloads[2] ?? 'target',
    presets: ['5m', '1h'],
    preset: '1h',
  };
}

const WIDGETS: BoardMessage['widgets'] = [
  {
    index: 0,
    id: 'md',
    title: 'Notes',
    kind: 'markdown',
    place: { x: 0, y: 0, w: 20, h: 8 },
    stacked: false,
    markdown: MARKDOWN,
    queries: [],
  },
  {
    index: 1,
    id: 'chart',
    title: payloads[3] ?? 'chart',
    kind: 'series',
    place: { x: 20, y: 0, w: 32, h: 8 },
    stacked: false,
    queries: ['tps'],
  },
  {
    index: 2,
    id: 'grid',
    title: 'Grid',
    kind: 'grid',
    place: { x: 0, y: 8, w: 52, h: 6 },
    stacked: false,
    queries: ['rows'],
  },
  {
    index: 3,
    id: 'needs',
    title: 'Needs',
    kind: 'grid',
    place: { x: 0, y: 14, w: 13, h: 4 },
    stacked: false,
    queries: ['q'],
  },
  {
    index: 4,
    id: 'fails',
    title: 'Fails',
    kind: 'series',
    place: { x: 13, y: 14, w: 13, h: 4 },
    stacked: true,
    queries: ['q'],
  },
];

function seriesResult(): { columns: ColumnInfo[]; rows: Cell[][] } {
  const rows: Cell[][] = [];
  for (let i = 0; i < 30; i++)
    for (const [oid, oname] of [
      [1, 'agent-a'],
      [2, payloads[4] ?? 'agent-b'],
      [3, 'agent-c'],
    ] as const)
      rows.push([BASE + i * 60_000, oid, oname, 10 + oid * 5 + (i % 7)]);
  return { columns: ['time', 'oid', 'oname', 'tps'].map((name) => ({ name })), rows };
}

function gridResult(): { columns: ColumnInfo[]; rows: Cell[][] } {
  const columns = [{ name: 'oname' }, { name: payloads[5] ?? 'col' }, { name: 'cpu' }];
  const rows: Cell[][] = payloads.map((p, i) => [p, payloads[(i + 1) % payloads.length] ?? '', i * 1.5]);
  return { columns, rows };
}

function query(
  widget: number,
  status: QueryMessage['status'],
  extra: Partial<QueryMessage> = {},
): QueryMessage {
  return { type: 'query', v, generation: 1, widget, query: 0, status, ...extra };
}

/** The page's last report for generation `generation` once no widget is running. */
async function settledReport(page: Page, generation = 1): Promise<WidgetReport[]> {
  await waitFor(
    page,
    `(() => { const r = window.__host.posted.filter((m) => m.type === 'rendered' && m.generation === ${generation}).pop(); return r && r.widgets.every((w) => w.status !== 'running'); })()`,
  );
  const messages = await posted(page);
  const last = messages.filter((m) => m.type === 'rendered' && m.generation === generation).pop();
  return (last?.widgets ?? []) as WidgetReport[];
}

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Each widget's box, and where its layout says it should be from the grid's own tracks and gaps. */
async function boxes(page: Page): Promise<{ actual: Box; expected: Box; id: string }[]> {
  return page.evaluate(`(() => {
    const grid = document.querySelector('.board-grid');
    const style = getComputedStyle(grid);
    const cols = style.gridTemplateColumns.split(' ').map(parseFloat);
    const rows = style.gridTemplateRows.split(' ').map(parseFloat);
    const colGap = parseFloat(style.columnGap);
    const rowGap = parseFloat(style.rowGap);
    const g = grid.getBoundingClientRect();
    const span = (tracks, gap, from, n) => tracks.slice(from, from + n).reduce((a, b) => a + b, 0) + (n - 1) * gap;
    const offset = (tracks, gap, n) => tracks.slice(0, n).reduce((a, b) => a + b, 0) + n * gap;
    return [...document.querySelectorAll('.widget')].map((el) => {
      const r = el.getBoundingClientRect();
      const [x, w] = el.style.gridColumn.split('/').map((s) => parseInt(s.replace('span', ''), 10));
      const [y, h] = el.style.gridRow.split('/').map((s) => parseInt(s.replace('span', ''), 10));
      return {
        id: el.dataset.id,
        actual: { left: r.left - g.left, top: r.top - g.top, width: r.width, height: r.height },
        expected: { left: offset(cols, colGap, x - 1), top: offset(rows, rowGap, y - 1), width: span(cols, colGap, x - 1, w), height: span(rows, rowGap, y - 1, h) },
      };
    });
  })()`);
}

void describe('the dashboard preview page', () => {
  void it('places widgets by layout, renders Markdown safely, draws the chart and the grid, and shows every value as text', async () => {
    const page = await openWebview(rig.browser, rig.server, 'board');
    const csp: string = await page.evaluate(
      `document.querySelector('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')`,
    );
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'nonce-[^']+'/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);

    const series = seriesResult();
    const grid = gridResult();
    await sendToWebview(page, [
      boardMessage(WIDGETS),
      query(1, 'done', { ...series, total: series.rows.length }),
      query(2, 'done', { ...grid, rows: grid.rows.slice(0, 20), total: grid.rows.length }),
      query(3, 'needs', { message: '$field' }),
      query(4, 'error', { message: payloads[6] ?? 'error' }),
    ]);
    const report = await settledReport(page);
    assert.deepEqual(
      report.map((w) => [w.index, w.kind, w.status, w.rows, w.series]),
      [
        [0, 'markdown', 'shown', 0, 0],
        [1, 'series', 'done', 90, 3],
        [2, 'grid', 'done', 20, 0],
        [3, 'grid', 'needs', 0, 0],
        [4, 'series', 'error', 0, 0],
      ],
    );
    assert.equal(report[3]?.message, 'needs $field');
    assert.equal(report[4]?.message, payloads[6]);

    // Placement: every box is where its layout puts it on the grid's tracks (to the pixel).
    for (const { id, actual, expected } of await boxes(page))
      for (const side of ['left', 'top', 'width', 'height'] as const)
        assert.ok(
          Math.abs(actual[side] - expected[side]) <= 1,
          `${id} ${side}: ${actual[side]} vs ${expected[side]}`,
        );
    const placed = await boxes(page);
    const [md, chart, table] = placed.map((b) => b.actual);
    assert.ok(md && chart && table);
    assert.equal(Math.round(md.top), Math.round(chart.top), 'the first row shares its top');
    assert.ok(md.left + md.width < chart.left, 'Markdown left of the chart');
    assert.ok(table.top > md.top + md.height, 'the grid widget below both');
    assert.ok(Math.abs(md.width / chart.width - 20 / 32) < 0.03, 'widths follow w');

    // Markdown: headings as elements, raw HTML and link targets as text only.
    const markdown: {
      h1: string;
      h2: string;
      text: string;
      links: number;
      strong: string;
      titles: string[];
    } = await page.evaluate(`(() => {
        const body = document.querySelector('.widget[data-id="md"] .widget-body');
        return {
          h1: body.querySelector('h1')?.textContent,
          h2: body.querySelector('h2')?.textContent,
          strong: body.querySelector('strong')?.textContent,
          text: body.textContent,
          links: body.querySelectorAll('a').length,
          titles: [...body.querySelectorAll('.md-link')].map((l) => l.title),
        };
      })()`);
    assert.equal(markdown.h1, 'Board heading');
    assert.equal(markdown.h2, 'Second level');
    assert.equal(markdown.strong, 'bold');
    assert.ok(
      markdown.text.includes('<script>window.__xss = "markdown"</script>'),
      'the script tag shows as text',
    );
    assert.ok(markdown.text.includes('<img src=x onerror='), 'raw HTML shows as text');
    assert.ok(markdown.text.includes('remote image'), 'an image shows its alt text');
    assert.equal(markdown.links, 0, 'no link element: nothing navigates');
    // markdown-it refuses a javascript: target, so that link stays as its text; the other is inert.
    assert.ok(markdown.text.includes('[a link](javascript:window.__xss=1)'));
    assert.deepEqual(markdown.titles, ['Link (not opened from the preview): https://example.com/x']);

    // The chart: one line per agent, drawn on a canvas; the hostile agent name is a legend text.
    const legend: string = await page.evaluate(
      `document.querySelector('.widget[data-id="chart"] .u-legend')?.textContent ?? ''`,
    );
    assert.ok(legend.includes(payloads[4] ?? ''), 'the agent name is in the legend as text');
    assert.equal(
      await page.evaluate(`document.querySelectorAll('.widget[data-id="chart"] canvas').length`),
      1,
    );

    // The grid: values and column names as text, and how many rows it shows of how many.
    const cells: string[] = await page.evaluate(
      `[...document.querySelectorAll('.widget[data-id="grid"] td:first-child')].map((td) => td.textContent)`,
    );
    assert.deepEqual(cells, payloads.slice(0, 20));
    assert.equal(
      await page.evaluate(`document.querySelector('.widget[data-id="grid"] .widget-note').textContent`),
      `First 20 of ${payloads.length} rows`,
    );
    assert.equal(await page.evaluate(`document.querySelector('.board-title').textContent`), payloads[0]);

    // Nothing ran, nothing loaded, nothing became markup.
    assert.equal(await page.evaluate('window.__xss'), undefined);
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(rig.server.cspReports, []);
    assert.deepEqual(rig.server.unexpected, []);
    const injected: number = await page.evaluate(
      `document.querySelectorAll('#app img, #app script, #app iframe, #app a, #app object, #app style, #app link').length`,
    );
    assert.equal(injected, 0);
    const handlers: number = await page.evaluate(
      `[...document.querySelectorAll('*')].filter((e) => [...e.attributes].some((a) => a.name.startsWith('on'))).length`,
    );
    assert.equal(handlers, 0);
    await page.close();
  });

  void it("draws a rule's threshold band on the widget that charts its field, and reports it; other fields' rules are not drawn", async () => {
    const page = await openWebview(rig.browser, rig.server, 'board');
    const series = seriesResult();
    await sendToWebview(page, [
      boardMessage(WIDGETS.slice(1, 2)),
      query(1, 'done', {
        ...series,
        total: series.rows.length,
        units: { tps: '#' },
        thresholds: [
          { field: 'tps', op: '>', value: 30, label: 'tps > 30 (Busy)' },
          { field: 'resp_time', op: '>', value: 3000, label: 'resp_time > 3000 (Slow)' },
        ],
      }),
    ]);
    const report = await settledReport(page);
    assert.deepEqual(report[0]?.bands, ['tps > 30 (Busy)']);
    await page.waitForFunction(
      `document.querySelector('.widget[data-id="chart"] [data-marks]')?.dataset.marks`,
    );
    const drawn = JSON.parse(
      await page.evaluate<string>(
        `document.querySelector('.widget[data-id="chart"] [data-marks]').dataset.marks`,
      ),
    ) as { bands: { label: string; top: number; line: number }[] };
    assert.deepEqual(
      drawn.bands.map((b) => b.label),
      ['tps > 30 (Busy)'],
    );
    assert.ok((drawn.bands[0]?.top ?? 0) < (drawn.bands[0]?.line ?? 0), 'the band lies above its line');
    await page.close();
  });

  void it('drops answers of an older render, and asks the host for a new range and a refresh', async () => {
    const page = await openWebview(rig.browser, rig.server, 'board');
    await sendToWebview(page, [
      boardMessage(WIDGETS.slice(1, 2)),
      { ...boardMessage(WIDGETS.slice(1, 2)), generation: 2 },
      query(1, 'error', { message: 'old' }),
      { ...query(1, 'done', seriesResult()), generation: 2 },
    ]);
    const report = await settledReport(page, 2);
    assert.deepEqual(
      report.map((w) => [w.status, w.series]),
      [['done', 3]],
    );
    await page.selectOption('.board-range', '5m');
    await page.click('.board-refresh');
    const sent = (await posted(page)).filter((m) => m.type === 'range' || m.type === 'refresh');
    assert.deepEqual(sent, [{ type: 'range', preset: '5m' }, { type: 'refresh' }]);
    await page.close();
  });

  void it('speaks Korean with the bundle the extension sends', async () => {
    const page = await openWebview(rig.browser, rig.server, 'board?locale=ko');
    await sendToWebview(page, [boardMessage(WIDGETS.slice(3, 4)), query(3, 'needs', { message: '$oid' })]);
    const report = await settledReport(page);
    assert.equal(report[0]?.message, '$oid 값이 필요합니다');
    assert.equal(await page.evaluate(`document.querySelector('.board-refresh').textContent`), '새로 고침');
    await page.close();
  });
});

void describe('the example board on the demo data', () => {
  let demo: DemoServer;
  let client: OpenApiClient;
  before(async () => {
    demo = await startDemoServer();
    client = createOpenApiClient({ ...demoClientOptions(demo), retry: { attempts: 1 } });
  });
  after(async () => {
    await client.close();
    await demo.close();
  });

  /** The example's board as the extension posts it, and its answers from the demo. */
  async function exampleMessages(board: BoardModel): Promise<(BoardMessage | QueryMessage)[]> {
    const pcode = demo.projects.find((p) => p.productType === 'APM')?.pcode;
    const messages: (BoardMessage | QueryMessage)[] = [
      {
        ...boardMessage(boardWidgetViews(board), board.rows),
        name: board.name,
        problems: [],
        target: 'Demo · storefront',
      },
    ];
    for (const widget of board.widgets)
      for (const [index, q] of widget.queries.entries()) {
        const plan = planBoardQuery({
          query: q,
          range: { kind: 'relative', ms: 3_600_000 },
          now: Date.now(),
          timezone: 0,
        });
        assert.ok(plan.request, q.pointer);
        const answer = await client.mxqlText({ ...plan.request.body }, pcode === undefined ? {} : { pcode });
        const { columns, rows } = tabulate(answer);
        messages.push(query(widget.index, 'done', { query: index, columns, rows, total: rows.length }));
      }
    return messages;
  }

  void it('draws every widget of examples/demo-dashboard.json with the demo rows', async () => {
    const board = boardOf(readFileSync(join(root, 'examples', 'demo-dashboard.json'), 'utf8'));
    const page = await openWebview(rig.browser, rig.server, 'board');
    await page.setViewportSize({ width: 1400, height: 930 });
    // A dark theme's colours, as VS Code sets them on the page (through the CSSOM, as the CSP allows).
    await page.evaluate(`(() => {
      const theme = {
        '--vscode-font-family': 'system-ui, sans-serif', '--vscode-font-size': '13px',
        '--vscode-foreground': '#cccccc', '--vscode-editor-background': '#1f1f1f',
        '--vscode-sideBar-background': '#181818', '--vscode-panel-border': '#2b2b2b',
        '--vscode-descriptionForeground': '#9d9d9d', '--vscode-button-background': '#0078d4',
        '--vscode-button-foreground': '#ffffff', '--vscode-dropdown-background': '#313131',
        '--vscode-dropdown-foreground': '#cccccc', '--vscode-textLink-foreground': '#4daafc',
        '--vscode-editorWidget-border': '#313131', '--vscode-textCodeBlock-background': '#2b2b2b',
        '--vscode-charts-blue': '#3794ff', '--vscode-charts-orange': '#d18616', '--vscode-charts-green': '#89d185',
        '--vscode-charts-red': '#f14c4c', '--vscode-charts-purple': '#b180d7', '--vscode-charts-yellow': '#cca700',
      };
      for (const [name, value] of Object.entries(theme)) document.body.style.setProperty(name, value);
    })()`);
    await sendToWebview(page, await exampleMessages(board));
    const report = await settledReport(page);
    assert.deepEqual(
      report.map((w) => [w.kind, w.status]),
      [
        ['markdown', 'shown'],
        ['series', 'done'],
        ['series', 'done'],
        ['series', 'done'],
        ['grid', 'done'],
      ],
    );
    for (const w of report.filter((r) => r.kind === 'series'))
      assert.ok(w.series >= 2, `widget ${w.index} draws a line per agent`);
    assert.ok((report[4]?.rows ?? 0) >= 2, 'the table has a row per agent');
    assert.deepEqual(await violations(page), []);
    const shot = join(tmpdir(), 'mxql-dashboard-preview.png');
    mkdirSync(tmpdir(), { recursive: true });
    await page.screenshot({ path: shot });
    if (process.env.MXQL_UPDATE_MEDIA === '1')
      copyFileSync(shot, join(root, 'media', 'dashboard-preview.png'));
    await page.close();
  });
});
