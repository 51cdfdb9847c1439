// mxql_alert_draft over MCP as an assistant host calls it: `mxql mcp --demo` as a real stdio child, its
// demo playing the incident scenario (MXQL_DEMO_INCIDENT), spoken to by the SDK's own client (which checks
// the structured result against the tool's output schema). The drafted response-time rule fires on the
// degraded agent only, the tool is listed read-only, and a bad threshold is refused with its code.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createDemoData } from '../../demo/data/index';
import { incidentMcpClient } from '../support/incidentMcp';
import { DEGRADED, INCIDENT_PROJECT, PER_MINUTE } from '../support/incidentScenario';

let client: Client;
const pcode = createDemoData(1).projects.find((p) => p.name === INCIDENT_PROJECT)?.pcode;

before(async () => {
  client = await incidentMcpClient('mcp-alert-test');
});

after(async () => {
  await client.close();
});

const textOf = (result: Record<string, unknown>): string =>
  ((result['content'] ?? []) as { text?: string }[]).map((c) => c.text ?? '').join('\n');

void test('mxql_alert_draft is listed read-only, reading the service', async () => {
  const { tools } = await client.listTools();
  const tool = tools.find((t) => t.name === 'mxql_alert_draft');
  assert.ok(tool);
  assert.equal(tool.annotations?.readOnlyHint, true);
  assert.equal(tool.annotations?.destructiveHint, false);
  assert.equal(tool.annotations?.openWorldHint, true);
});

void test('the response-time rule replayed over 6 hours fires on the degraded agent only', async () => {
  const result = await client.callTool({
    name: 'mxql_alert_draft',
    arguments: { mql: PER_MINUTE, field: 'resp_time', over: '6h', duration: '10m', pcode },
  });
  const text = textOf(result);
  assert.equal(result.isError, undefined, text);
  const s = result.structuredContent as {
    written: boolean;
    rule: { rule: string; eventMessage: string };
    threshold: number;
    window: { stime: number; etime: number };
    backtest: { count: number; firings: { agent: string; start: number; end: number; peak: number }[] };
  };
  assert.equal(s.written, false);
  assert.equal(s.window.etime - s.window.stime, 6 * 3_600_000);
  assert.equal(s.rule.rule, `resp_time > ${s.threshold}`);
  assert.match(s.rule.eventMessage, /\$\{resp_time\} ms on \$\{oname\}/);
  assert.equal(s.backtest.count, 1, text);
  const [firing] = s.backtest.firings;
  assert.equal(firing?.agent, DEGRADED);
  assert.ok((firing?.peak ?? 0) > s.threshold);
  // The incident covers the last 30 minutes: the breach starts there and lasts to the window's end.
  assert.ok(s.window.etime - (firing?.start ?? 0) <= 32 * 60_000, text);
  assert.equal(firing?.end, s.window.etime);
  assert.match(text, new RegExp(`\\n\`\`\`\\n${DEGRADED} \\S+ → \\S+ \\(fired `));
  assert.match(text, /Nothing was written/);
});

void test('a threshold in the wrong unit is refused with its code, and nothing drafted', async () => {
  const result = await client.callTool({
    name: 'mxql_alert_draft',
    arguments: { mql: PER_MINUTE, field: 'resp_time', threshold: '90%', over: '1h', pcode },
  });
  assert.equal(result.isError, true);
  const text = textOf(result);
  assert.match(
    text,
    /No rule was drafted: The threshold '90%' is a percentage, but resp_time is a time \(ms\)/,
  );
});
