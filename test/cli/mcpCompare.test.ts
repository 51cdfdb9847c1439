// mxql_compare over MCP as an assistant host calls it: `mxql mcp --demo` as a real stdio child, its demo
// playing the incident scenario (MXQL_DEMO_INCIDENT), spoken to by the SDK's own client (which checks the
// structured result against the tool's output schema). The result states both windows and ranks the
// degraded agent's fields first.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createDemoData } from '../../demo/data/index';
import { incidentMcpClient } from '../support/incidentMcp';
import { DEGRADED, INCIDENT_PROJECT, PER_MINUTE } from '../support/incidentScenario';

let client: Client;
const pcode = createDemoData(1).projects.find((p) => p.name === INCIDENT_PROJECT)?.pcode;

before(async () => {
  client = await incidentMcpClient('mcp-compare-test');
});

after(async () => {
  await client.close();
});

interface Change {
  agent: string;
  field: string;
  relative: number | null;
  score: number;
}

for (const baseline of ['prev', '7d'] as const)
  void test(`mxql_compare against ${baseline} states both windows and ranks the degraded agent's fields`, async () => {
    const result = await client.callTool({
      name: 'mxql_compare',
      arguments: { mql: PER_MINUTE, baseline, pcode, top: 5 },
    });
    const text = ((result.content ?? []) as { text?: string }[]).map((c) => c.text ?? '').join('\n');
    assert.equal(result.isError, undefined, text);
    const structured = result.structuredContent as {
      baseline: string;
      window: { stime: number; etime: number; rowCount: number; complete: boolean };
      baselineWindow: { stime: number; etime: number; rowCount: number };
      changes: Change[];
      changeCount: number;
    };
    assert.equal(structured.baseline, baseline);
    const shift = baseline === 'prev' ? 30 * 60_000 : 7 * 86_400_000;
    assert.equal(structured.window.stime - structured.baselineWindow.stime, shift);
    assert.equal(structured.window.etime - structured.window.stime, 30 * 60_000);
    assert.ok(structured.window.rowCount > 0 && structured.baselineWindow.rowCount > 0);
    assert.equal(structured.changes.length, 5);
    assert.ok(structured.changeCount >= 5);
    assert.match(
      text,
      new RegExp(
        `^Window \\S+ to \\S+: \\d+ rows; baseline \\(${baseline}\\) \\S+ to \\S+: \\d+ rows; project ${pcode} on Demo\\.`,
      ),
    );
    // These tests run on the wall clock, and a week-old baseline is the demo's coarser roll-up at another
    // hour's level each run: there the degraded agent's two fields are among the top five, in the
    // direction of the incident; against the window before (same resolution) they are first and second.
    // test/demo/incident.test.ts holds the strict ranking for every baseline on a fixed clock.
    const degraded = new Map(structured.changes.filter((c) => c.agent === DEGRADED).map((c) => [c.field, c]));
    assert.ok((degraded.get('resp_time')?.relative ?? 0) > 0, text);
    assert.ok((degraded.get('tps')?.relative ?? 0) < 0, text);
    if (baseline !== 'prev') return;
    const [first, second] = structured.changes;
    assert.equal(first?.agent, DEGRADED, text);
    assert.equal(second?.agent, DEGRADED, text);
    assert.deepEqual(new Set([first?.field, second?.field]), new Set(['resp_time', 'tps']));
    // The prose states both windows, then the ranking fenced as data, the degraded agent first.
    assert.match(text, new RegExp(`\\n\`\`\`\\n1\\. ${DEGRADED} (resp_time|tps) `));
  });

void test('mxql_compare refuses a baseline it does not know, naming the choices', async () => {
  const result = await client.callTool({
    name: 'mxql_compare',
    arguments: { mql: PER_MINUTE, baseline: 'yesterday', pcode },
  });
  assert.equal(result.isError, true);
  const text = ((result.content ?? []) as { text?: string }[]).map((c) => c.text ?? '').join('\n');
  assert.match(text, /baseline must be equal to one of the allowed values/);
});
