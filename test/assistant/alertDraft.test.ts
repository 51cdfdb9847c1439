// mxql_alert_draft in process, through invokeTool as every shell calls it, against the demo backend on a
// real loopback socket with a fixed clock: the rule comes back in the checked format with its basis and
// its replay (whose numbers agree with each other and with the window), the result says nothing was
// written, and a query without a numeric field or a threshold in the wrong unit is refused with its code.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import Ajv2020 from 'ajv/dist/2020';
import { invokeTool, TOOLS, type ToolContext, type ToolResult } from '../../assistant/toolset';
import { checkEventRules } from '../../server/core/embedded/eventRules';
import { bundledCategoryCatalog } from '../../server/core/catalog/bundledCatalog';
import { NOW, startHarness, type DemoHarness } from './harness';

let h: DemoHarness;
before(async () => {
  h = await startHarness();
});
after(() => h.close());

const ajv = new Ajv2020({ allErrors: true, strict: false });
const tool = TOOLS.find((t) => t.name === 'mxql_alert_draft');
const validate = ajv.compile(tool?.outputSchema ?? {});

async function call(input: unknown, context: ToolContext = h.context()): Promise<ToolResult> {
  const result = await invokeTool('mxql_alert_draft', input, context, new AbortController().signal);
  if (!result.isError) assert.ok(validate(result.structured), ajv.errorsText(validate.errors));
  return result;
}

const PER_MINUTE = `CATEGORY app_counter
TAGLOAD
SELECT [time, oid, oname, resp_time, tps]
GROUP {timeunit:1m, pk:[oid, oname], merge:[resp_time, tps]}
`;

interface Drafted {
  written: boolean;
  rule: { category: string; rule: string; repeatDuration: number };
  field: string;
  unit?: string;
  threshold: number;
  durationMs: number;
  basis: { kind: string; percentile?: number; value?: number; samples: number; shareBreaching: number };
  window: { stime: number; etime: number; rowCount: number; complete: boolean };
  backtest: {
    count: number;
    totalMs: number;
    longestMs: number;
    share: number;
    agents: { agent: string; count: number; totalMs: number }[];
    firings: {
      agent: string;
      start: number;
      firedAt: number;
      end: number;
      durationMs: number;
      peak: number;
    }[];
  };
}

void test('the first numeric field at its p95 over the last day: the rule, its basis and a consistent replay', async () => {
  const r = await call({ mql: PER_MINUTE, duration: '3m' });
  assert.equal(r.isError, undefined, r.text);
  const s = r.structured as unknown as Drafted;
  assert.equal(s.written, false);
  assert.equal(s.field, 'resp_time');
  assert.equal(s.unit, 'ms');
  assert.equal(s.rule.category, 'app_counter');
  assert.equal(s.rule.rule, `resp_time > ${s.threshold}`);
  assert.equal(s.rule.repeatDuration, 180);
  assert.equal(s.basis.kind, 'percentile');
  assert.ok(s.threshold >= (s.basis.value ?? Infinity));
  assert.ok(s.basis.shareBreaching <= 0.05);
  assert.equal(s.window.etime, NOW);
  assert.equal(s.window.etime - s.window.stime, 86_400_000);
  assert.equal(s.basis.samples, s.window.rowCount);
  const findings = checkEventRules(JSON.stringify([s.rule]), bundledCategoryCatalog);
  assert.deepEqual(
    findings.filter((f) => f.severity === 'error' || f.severity === 'warning'),
    [],
  );
  const bt = s.backtest;
  assert.equal(bt.count, bt.firings.length);
  assert.equal(
    bt.totalMs,
    bt.firings.reduce((a, f) => a + f.durationMs, 0),
  );
  assert.equal(
    bt.count,
    bt.agents.reduce((a, x) => a + x.count, 0),
  );
  for (const f of bt.firings) {
    assert.ok(f.peak > s.threshold);
    assert.equal(f.firedAt - f.start, 180_000);
    assert.ok(f.durationMs >= 180_000 && f.end <= NOW && f.start >= s.window.stime);
  }
  assert.match(
    r.text,
    /^Drafted a rule on app_counter\.resp_time: resp_time > \d+ \(threshold p95 of \d+ values is [\d.]+, rounded\)\./,
  );
  assert.match(r.text, /\n```json\n\{\n {2}"category": "app_counter",/);
  assert.match(
    r.text,
    /\nReplayed over 2026-11-19T12:00:00\.000Z to 2026-11-20T12:00:00\.000Z \(\d+ rows, \d+ agents\): it would have fired \d+ times/,
  );
  assert.match(r.text, /\nNothing was written: show the user the rule/);
});

void test('a threshold every value meets fires once per agent for the whole window', async () => {
  const r = await call({
    mql: PER_MINUTE,
    field: 'tps',
    threshold: '0',
    comparator: '>=',
    duration: '0',
    over: '6h',
  });
  assert.equal(r.isError, undefined, r.text);
  const s = r.structured as unknown as Drafted;
  assert.equal(s.rule.rule, 'tps >= 0');
  assert.equal(s.basis.shareBreaching, 1);
  assert.ok(s.backtest.agents.length > 1);
  assert.equal(s.backtest.count, s.backtest.agents.length);
  for (const a of s.backtest.agents) assert.equal(a.count, 1, a.agent);
  assert.ok(s.backtest.share > 0.95, String(s.backtest.share));
});

void test('refusals: no numeric field, a threshold in the wrong unit, an unknown field; said in Korean too', async () => {
  const names = await call({ mql: 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, oid, oname]\n', over: '1h' });
  assert.equal(names.isError, true);
  assert.equal((names.structured as { error: { code: string } }).error.code, 'alert/no-numeric-field');
  assert.match(names.text, /^No rule was drafted: The query returns no numeric field to alert on/);
  const unit = await call({ mql: PER_MINUTE, threshold: '250ms', field: 'tps', over: '1h' });
  assert.equal((unit.structured as { error: { code: string } }).error.code, 'alert/unit-mismatch');
  assert.match(unit.text, /'250ms' is a time, but tps is measured in count/);
  const unknown = await call({ mql: PER_MINUTE, field: 'nosuch', over: '1h' });
  assert.equal((unknown.structured as { error: { code: string } }).error.code, 'alert/unknown-field');
  const ko = await call({ mql: PER_MINUTE, threshold: '80%', over: '1h' }, h.context('ko'));
  assert.match(ko.text, /^규칙 초안을 만들지 않았습니다: /);
  const drafted = await call({ mql: PER_MINUTE, over: '1h' }, h.context('ja'));
  assert.match(drafted.text, /^app_counter\.resp_time のルール案: /);
  assert.match(drafted.text, /何も書き込んでいません/);
});
