// The live dashboard's pure parts: its message parsers (both directions drop anything malformed),
// sparkline geometry, the history behind the sparklines, and the strict CSP of its page.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addToHistory, SPARK_POINTS } from '../../client/src/dashboard/dashboardHistory';
import { dashboardCsp, dashboardHtml } from '../../client/src/dashboard/dashboardHtml';
import {
  DASHBOARD_PROTOCOL_VERSION as v,
  parseDashboardToExtension,
  parseExtensionToDashboard,
  sparklinePoints,
} from '../../common/dashboardMessages';
import { liveValues } from '../../client/src/explorer/explorerData';
import { englishOf } from '../../common/templateText';

/** The live values of a spot answer with their labels in English, as the dashboard sends them. */
const saidValues = (spot: unknown) =>
  liveValues(spot).map((value) => ({ ...value, label: englishOf(value.label) }));

void test('values messages are parsed; bad fields are dropped; other versions and shapes are refused', () => {
  const message = parseExtensionToDashboard({
    type: 'values',
    v,
    title: 'Live: Web',
    updatedAt: 5,
    fields: [
      { key: 'tps', label: 'TPS', value: '3', history: [1, 'x', 2, Infinity] },
      { key: 'bad', label: 3, value: '1' },
    ],
  });
  assert.deepEqual(message, {
    type: 'values',
    v,
    title: 'Live: Web',
    updatedAt: 5,
    fields: [{ key: 'tps', label: 'TPS', value: '3', history: [1, 2] }],
  });
  assert.equal(
    parseExtensionToDashboard({ type: 'values', v: v + 1, title: 't', updatedAt: 1, fields: [] }),
    undefined,
  );
  assert.equal(parseExtensionToDashboard('<img src=x>'), undefined);
  assert.deepEqual(parseExtensionToDashboard({ type: 'error', v, message: 'down' }), {
    type: 'error',
    v,
    message: 'down',
  });
  assert.deepEqual(parseDashboardToExtension({ type: 'refresh' }), { type: 'refresh' });
  assert.equal(parseDashboardToExtension({ type: 'eval' }), undefined);
});

void test('sparklines span the box, oldest left; a flat line sits in the middle', () => {
  assert.equal(sparklinePoints([0, 5, 10], 100, 20), '0,20 50,10 100,0');
  assert.equal(sparklinePoints([3, 3], 100, 20), '0,10 100,10');
  assert.equal(sparklinePoints([7], 100, 20), '0,10');
  assert.equal(sparklinePoints([], 100, 20), '');
});

void test('the history keeps numbers only, at most SPARK_POINTS per field', () => {
  const history = new Map<string, number[]>();
  let fields = addToHistory(history, saidValues({ tps: '1' }));
  for (let i = 2; i <= SPARK_POINTS + 5; i++) fields = addToHistory(history, saidValues({ tps: String(i) }));
  const tps = fields.find((f) => f.key === 'tps');
  assert.equal(tps?.history.length, SPARK_POINTS);
  assert.equal(tps?.history.at(-1), SPARK_POINTS + 5);
  assert.deepEqual(fields.find((f) => f.key === 'apdex')?.history, [], "'-' values add no point");
});

void test('the page has a nonce-only CSP, no inline code, and escapes what it embeds', () => {
  const csp = dashboardCsp('vscode-resource:', 'abc');
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /script-src 'nonce-abc'/);
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
  const page = { cspSource: 'vscode-resource:', nonce: 'abc', uri: (file: string) => `r/${file}` };
  const html = dashboardHtml(page, 'dashboard', '<b>x</b>');
  assert.match(html, /<script nonce="abc" src="r\/dashboard.js"><\/script>/);
  assert.match(html, /<link rel="stylesheet" nonce="abc" href="r\/dashboard.css">/);
  assert.ok(html.includes('&lt;b&gt;x&lt;/b&gt;'));
  assert.equal((html.match(/<script/g) ?? []).length, 1);
});
