// Drafting a rule from a query's rows: the field, the category, the threshold from the data (p95, rounded)
// or as typed with its unit, the duration keys, and the rule passing the project's event-rule check with
// the bundled catalog; each bad input is a problem with a code and nothing drafted.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  ALERT_ROW_LIMIT,
  DEFAULT_BACKTEST_MS,
  planAlertWindow,
  backtestDraft,
  draftAlertRule,
  percentileOf,
  readableThreshold,
  type DraftOptions,
  type DraftResult,
} from '../../../server/core/alerts/index';
import { checkEventRules } from '../../../server/core/embedded/eventRules';
import { bundledCategoryCatalog as catalog } from '../../../server/core/catalog/bundledCatalog';
import { englishOf } from '../../../common/templateText';
import type { CompareRow } from '../../../server/core/run/compare';

const QUERY = 'CATEGORY server_base\nTAGLOAD\nSELECT [time, oid, oname, cpu, memory_pused]\n';

/** Two agents every 5 s: cpu 1..100 on web-01 (one value each), a flat 20 on web-02. */
function rows(): CompareRow[] {
  const out: CompareRow[] = [];
  for (let i = 0; i < 100; i++) {
    out.push({ time: i * 5000, oid: 1, oname: 'web-01', cpu: i + 1, memory_pused: 40 });
    out.push({ time: i * 5000, oid: 2, oname: 'web-02', cpu: 20, memory_pused: 41 });
  }
  return out;
}

function drafted(options: DraftOptions = {}, data: readonly CompareRow[] = rows(), query = QUERY) {
  const r: DraftResult = draftAlertRule({ queryText: query, rows: data, catalog, options });
  assert.ok(r.ok, r.ok ? '' : englishOf(r.problem.text));
  return r.draft;
}

function refused(options: DraftOptions, data: readonly CompareRow[] = rows(), query = QUERY) {
  const r = draftAlertRule({ queryText: query, rows: data, catalog, options });
  assert.equal(r.ok, false);
  return r.ok ? undefined : { code: r.problem.code, message: englishOf(r.problem.text) };
}

void test('the first numeric field, the query category and p95 of the data rounded up make the rule', () => {
  const d = drafted();
  assert.equal(d.field, 'cpu');
  assert.equal(d.category, 'server_base');
  assert.equal(d.unit, 'pct');
  assert.deepEqual(d.numericFields, ['cpu', 'memory_pused']);
  // 200 values: 100 of 20 and 1..100; the 190th smallest is 90.
  assert.equal(d.basis.kind, 'percentile');
  if (d.basis.kind === 'percentile') {
    assert.equal(d.basis.percentile, 95);
    assert.equal(d.basis.value, 90);
  }
  assert.equal(d.threshold, 90);
  assert.equal(d.basis.samples, 200);
  assert.equal(d.basis.min, 1);
  assert.equal(d.basis.max, 100);
  assert.equal(d.basis.shareBreaching, 10 / 200);
  assert.equal(d.stepMs, 5000);
  assert.deepEqual(d.rule, {
    category: 'server_base',
    rule: 'cpu > 90',
    eventTitle: 'cpu above 90%',
    eventMessage: 'cpu is ${cpu}% on ${oname}: above 90% for 5m',
    eventLevelText: 'Warning',
    silentSec: 300,
    repeatDuration: 300,
    repeatCount: 60,
    enabled: true,
  });
});

void test('the drafted rule passes the event-rule check with the bundled catalog', () => {
  for (const options of [{}, { field: 'memory_pused' }, { threshold: '75%', comparator: '<=' as const }]) {
    const d = drafted(options);
    const findings = checkEventRules(JSON.stringify([d.rule], null, 2), catalog);
    assert.deepEqual(
      findings.filter((f) => f.severity === 'error' || f.severity === 'warning'),
      [],
    );
  }
});

void test('an asked field, a typed threshold with its unit, a duration, a level and a below rule', () => {
  const d = drafted({ field: 'memory_pused', threshold: '85%', durationMs: 60_000, level: 'Critical' });
  assert.equal(d.rule.rule, 'memory_pused > 85');
  assert.equal(d.rule.eventLevelText, 'Critical');
  assert.equal(d.rule.repeatDuration, 60);
  assert.equal(d.rule.repeatCount, 12);
  assert.equal(d.basis.kind, 'given');
  assert.equal(d.basis.shareBreaching, 0);
  const below = drafted({ comparator: '<' });
  // p5 of the values: the 10th smallest is 10, rounded down.
  assert.equal(below.rule.rule, 'cpu < 10');
  const now = drafted({ durationMs: 0 });
  assert.equal(now.rule.repeatDuration, 0);
  assert.equal(now.rule.repeatCount, 0);
  assert.equal(now.rule.eventMessage, 'cpu is ${cpu}% on ${oname}: above 90%');
});

void test('the draft replays over its rows: web-01 breaches from 90 on; web-02 never', () => {
  const d = drafted({ durationMs: 30_000 });
  const r = backtestDraft(d, rows());
  assert.equal(r.count, 1);
  assert.equal(r.firings[0]?.agent, 'web-01');
  // cpu 91..100 at 450..495 s: from 450 s to 500 s.
  assert.equal(r.firings[0]?.start, 450_000);
  assert.equal(r.firings[0]?.end, 500_000);
  assert.equal(r.firings[0]?.peak, 100);
  assert.deepEqual(
    r.agents.map((a) => [a.agent, a.count]),
    [
      ['web-01', 1],
      ['web-02', 0],
    ],
  );
});

void test('percentiles by nearest rank and thresholds rounded to two significant digits', () => {
  assert.equal(percentileOf([1, 2, 3, 4], 50), 2);
  assert.equal(percentileOf([1, 2, 3, 4], 95), 4);
  assert.equal(percentileOf([7], 95), 7);
  assert.equal(readableThreshold(87.3, true), 88);
  assert.equal(readableThreshold(87.3, false), 87);
  assert.equal(readableThreshold(1234, true), 1300);
  assert.equal(readableThreshold(0.04561, true), 0.046);
  assert.equal(readableThreshold(90, true), 90);
  assert.equal(readableThreshold(0, true), 0);
  assert.equal(readableThreshold(-12.5, true), -12);
});

void test('bad input: each is a problem with a code and a message that says what to do', () => {
  assert.deepEqual(refused({}, [])?.code, 'alert/empty-result');
  const names = rows().map((r) => ({ time: r['time'], oname: r['oname'], host: 'h' }));
  const noNumber = refused({}, names);
  assert.equal(noNumber?.code, 'alert/no-numeric-field');
  assert.match(noNumber?.message ?? '', /no numeric field to alert on \(only time, oname, host\)/);
  assert.equal(refused({ field: 'oname' })?.code, 'alert/no-numeric-field');
  const unknown = refused({ field: 'cpuu' });
  assert.equal(unknown?.code, 'alert/unknown-field');
  assert.match(unknown?.message ?? '', /numeric fields of the result: cpu, memory_pused/);
  const mismatch = refused({ threshold: '250ms' });
  assert.equal(mismatch?.code, 'alert/unit-mismatch');
  assert.match(mismatch?.message ?? '', /'250ms' is a time, but cpu is a percentage \(pct\)/);
  assert.equal(refused({ threshold: 'lots' })?.code, 'alert/bad-threshold');
  assert.equal(refused({}, rows(), 'SELECT [time, cpu]')?.code, 'alert/no-category');
  assert.equal(refused({ percentile: 0 })?.code, 'alert/bad-option');
  assert.equal(refused({ durationMs: -1 })?.code, 'alert/bad-option');
});

void test('a computed field unknown to a completely catalogued category fails the rule check', () => {
  const query =
    'CATEGORY app_counter\nTAGLOAD\nCREATE {key: busy, expr: "tps * 2"}\nSELECT [time, oid, busy]\n';
  const data = rows().map((r) => ({ time: r['time'], oid: r['oid'], busy: r['cpu'] }));
  const r = refused({}, data, query);
  assert.equal(r?.code, 'alert/rule-check');
  assert.match(r?.message ?? '', /'busy' is not a field of category 'app_counter'/);
});

void test('the alert window: the query over the last day by default, with room for its rows', () => {
  const base = {
    fileText: '-- @range 5m\nCATEGORY server_base\nTAGLOAD\n',
    select: { kind: 'file' as const },
    now: 1_800_000_000_000,
    timezone: 0,
    catalog,
  };
  const day = planAlertWindow(base);
  assert.deepEqual(
    [day.range.stime, day.range.etime],
    [1_800_000_000_000 - DEFAULT_BACKTEST_MS, 1_800_000_000_000],
  );
  assert.equal(day.request?.body.limit, ALERT_ROW_LIMIT);
  const hour = planAlertWindow({ ...base, overrides: { limit: 500 } }, 3_600_000);
  assert.equal(hour.range.etime - hour.range.stime, 3_600_000);
  assert.equal(hour.request?.body.limit, 500);
  const fileLimit = planAlertWindow({ ...base, fileText: `-- @limit 20\n${base.fileText}` });
  assert.equal(fileLimit.request?.body.limit, 20);
});
