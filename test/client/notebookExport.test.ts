// Notebook reports: Markdown tables and SVG charts, and a self-contained HTML file with every value escaped.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chartSvg } from '../../client/src/notebook/chartSvg';
import { htmlReport, markdownReport } from '../../client/src/notebook/notebookExport';
import { englishOf } from '../../common/templateText';
import type { NotebookFile } from '../../client/src/notebook/notebookFile';

const xss = '<img src=x onerror=alert(1)>';
const rows = [0, 1, 2].flatMap((i) => [
  [1_700_000_000_000 + i * 60_000, 'web-01', 10 + i],
  [1_700_000_000_000 + i * 60_000, xss, 20 - i],
]);
const notebook: NotebookFile = {
  header: {},
  cells: [
    { kind: 'markdown', source: `# Report ${xss}\n\nA *note* with \`tps\`.` },
    {
      kind: 'mxql',
      source: `CATEGORY app_counter -- ${xss}`,
      outputs: [
        {
          type: 'result',
          run: { title: `TPS ${xss}`, profile: 'Demo', rows: 6, ms: 5 },
          columns: ['time', 'oname', 'tps'],
          rows,
        },
      ],
    },
    {
      kind: 'mxql',
      source: 'CATEGORY x',
      outputs: [{ type: 'error', run: { title: 'x' }, message: `bad | ${xss}` }],
    },
  ],
};

void test('Markdown: tables with escaped pipes, a chart image file per time series, errors as quotes', () => {
  const { markdown, images } = markdownReport(notebook, 'report', englishOf);
  assert.match(markdown, /\| time \| oname \| tps \|/);
  assert.match(markdown, /!\[TPS .*\]\(report-cell2\.svg\)/);
  assert.match(markdown, /> \*\*Error:\*\* bad \\\| /);
  assert.equal(images.length, 1);
  assert.equal(images[0]?.name, 'report-cell2.svg');
  assert.ok(!images[0]?.svg.includes('<img'), 'the SVG escapes labels');
  assert.ok(images[0]?.svg.includes('&#60;img'), 'the label is still there, as text');
});

void test('HTML: no raw markup from values, no script, no remote content', () => {
  const html = htmlReport(notebook, `Notebook ${xss}`, englishOf);
  assert.ok(!html.includes('<img'), 'no value becomes markup');
  assert.ok(!/<script/i.test(html));
  assert.ok(!/(src|href)\s*=\s*["']?https?:/i.test(html), 'nothing remote');
  assert.match(html, /Content-Security-Policy" content="default-src 'none'/);
  assert.match(html, /<svg /);
  assert.match(html, /<code>tps<\/code>/);
});

void test('a result without a time axis has no chart', () => {
  assert.equal(chartSvg(['oname'], [['a'], ['b']], 't'), undefined);
});
