// `mxql alert draft` as a user runs it, against `--demo` playing the incident scenario: the per-minute
// query's response time becomes a rule whose replay fires on the degraded agent only; --format json is one
// envelope whose rule passes `mxql check`'s rule check; --rules prints the diff and leaves the file as it
// was; a query without a numeric field, a threshold in the wrong unit and a file that is not a rule file
// are each a clear message, an exit code and no file change.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createDemoData } from '../../demo/data/index';
import { checkEventRules } from '../../server/core/embedded/eventRules';
import { bundledCategoryCatalog } from '../../server/core/catalog/bundledCatalog';
import { runCli } from '../support/cliProcess';
import { DEGRADED, INCIDENT, INCIDENT_PROJECT, PER_MINUTE } from '../support/incidentScenario';

let dir = '';
let query = '';
let rules = '';
let settings = '';
const pcode = String(createDemoData(1).projects.find((p) => p.name === INCIDENT_PROJECT)?.pcode);
const env = { MXQL_DEMO_INCIDENT: INCIDENT };
const RULES = `[\n    {\n        "category": "app_counter",\n        "rule": "tps > 100",\n        "enabled": true\n    }\n]\n`;
const SETTINGS = '{ "theme": "dark" }\n';
const base = (...more: string[]) => [
  'alert',
  'draft',
  query,
  '--demo',
  '--pcode',
  pcode,
  '--over',
  '6h',
  ...more,
];

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mxql-alert-'));
  query = join(dir, 'per-minute.mxql');
  rules = join(dir, 'rules.json');
  settings = join(dir, 'settings.json');
  await writeFile(query, PER_MINUTE);
  await writeFile(rules, RULES);
  await writeFile(settings, SETTINGS);
});

after(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Envelope {
  written: boolean;
  rule: Record<string, unknown> & { rule: string; category: string };
  draft: { field: string; unit?: string; threshold: number; comparator: string; durationMs: number };
  basis: { kind: string; percentile?: number; value?: number; samples: number };
  run: { rowCount: number; range: { stime: number; etime: number } };
  backtest: {
    count: number;
    totalMs: number;
    longestMs: number;
    share: number;
    firings: { agent: string; start: number; firedAt: number; end: number; peak: number }[];
    agents: { agent: string; count: number }[];
  };
  rules?: { path: string; created: boolean; pointer: string; diff: string };
}

void test('the response time becomes a rule at its p95 and the replay fires on the degraded agent only', async () => {
  const { code, stdout, stderr } = await runCli(base('--field', 'resp_time', '--duration', '10m'), env);
  assert.equal(code, 0, stderr);
  assert.match(stdout, /^rule for app_counter · resp_time \(nothing is written/);
  assert.match(stdout, /"rule": "resp_time > \d+"/);
  assert.match(
    stdout,
    /"eventMessage": "resp_time is \$\{resp_time\} ms on \$\{oname\}: above \d+ ms for 10m"/,
  );
  assert.match(stdout, /"repeatDuration": 600,/);
  assert.match(stdout, /\nthreshold \d+ ms \(p95 of \d+ values is [\d.]+, rounded; over the window min/);
  assert.match(stdout, /\nbacktest .* · \d+ rows · \d+ agents: fired once, total \d+m/);
  const table = stdout.split('\n').filter((l) => l.includes(':808'));
  assert.equal(table.length, 1, stdout);
  assert.match(table[0] ?? '', new RegExp(`^${DEGRADED}\\s+\\d{4}-`));
  assert.match(
    stderr,
    /drafted 'resp_time > \d+' on app_counter; fired once over 6h · \d+ rows · demo project/,
  );
});

void test('--format json is one envelope; its rule passes the event-rule check and its numbers agree', async () => {
  const { code, stdout, stderr } = await runCli(
    base('--field', 'resp_time', '--duration', '10m', '--format', 'json'),
    env,
  );
  assert.equal(code, 0, stderr);
  const json = JSON.parse(stdout) as Envelope;
  assert.equal(json.written, false);
  assert.equal(json.rule.category, 'app_counter');
  assert.equal(json.rule.rule, `resp_time > ${json.draft.threshold}`);
  assert.equal(json.draft.unit, 'ms');
  assert.equal(json.basis.kind, 'percentile');
  assert.equal(json.basis.percentile, 95);
  assert.ok(json.draft.threshold >= (json.basis.value ?? Infinity));
  const findings = checkEventRules(JSON.stringify([json.rule]), bundledCategoryCatalog);
  assert.deepEqual(
    findings.filter((f) => f.severity === 'error' || f.severity === 'warning'),
    [],
  );
  const bt = json.backtest;
  assert.equal(bt.count, 1);
  const [firing] = bt.firings;
  assert.equal(firing?.agent, DEGRADED);
  assert.ok((firing?.peak ?? 0) > json.draft.threshold);
  assert.equal((firing?.firedAt ?? 0) - (firing?.start ?? 0), 600_000);
  // The incident began 30 minutes before the run's end; the firing covers it to the end.
  assert.ok((firing?.end ?? 0) <= json.run.range.etime);
  assert.ok(json.run.range.etime - (firing?.start ?? 0) <= 32 * 60_000, JSON.stringify(firing));
  assert.equal(bt.totalMs, bt.longestMs);
  assert.ok(bt.share > 0 && bt.share < 0.05);
  assert.ok(bt.agents.filter((a) => a.count === 0).length >= 2);
  assert.ok(json.basis.samples === json.run.rowCount);
});

void test('--rules prints the unified diff in the file layout and leaves the file untouched', async () => {
  const before = await stat(rules);
  const { code, stdout, stderr } = await runCli(
    base('--field', 'resp_time', '--threshold', '1s', '--duration', '0', '--rules', rules),
    env,
  );
  assert.equal(code, 0, stderr);
  assert.match(stdout, /"rule": "resp_time > 1000"/);
  assert.match(stdout, /threshold 1000 ms \(given as 1s;/);
  // The demo's wall-clock data may or may not cross 1 s in the window; the backtest line is there either way.
  assert.match(stdout, /\nbacktest .* · \d+ rows · \d+ agents: fired /);
  const diff = stdout.slice(stdout.indexOf('\n--- '));
  assert.match(diff, /\n--- a\/\S*rules\.json\n\+\+\+ b\/\S*rules\.json\n@@ -3,5 \+3,16 @@\n/);
  assert.match(
    diff,
    /\n\+ {4}},\n\+ {4}\{\n\+ {8}"category": "app_counter",\n\+ {8}"rule": "resp_time > 1000",\n/,
  );
  assert.equal(await readFile(rules, 'utf8'), RULES);
  assert.equal((await stat(rules)).mtimeMs, before.mtimeMs);
  const created = await runCli(
    base('--field', 'tps', '--rules', join(dir, 'new-rules.json'), '--format', 'json'),
    env,
  );
  assert.equal(created.code, 0, created.stderr);
  const json = JSON.parse(created.stdout) as Envelope;
  assert.equal(json.rules?.created, true);
  assert.match(
    json.rules?.diff ?? '',
    /^--- \/dev\/null\n\+\+\+ b\/\S*new-rules\.json\n@@ -0,0 \+1,13 @@\n\+\[\n/,
  );
  await assert.rejects(stat(join(dir, 'new-rules.json')));
});

void test('bad input: no numeric field, a threshold in the wrong unit, a file that is not a rule file', async () => {
  const names = join(dir, 'names.mxql');
  await writeFile(names, 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, oid, oname]\n');
  const noNumber = await runCli(['alert', 'draft', names, '--demo', '--pcode', pcode, '--over', '1h'], env);
  assert.equal(noNumber.code, 1, noNumber.stderr);
  assert.equal(noNumber.stdout, '');
  assert.match(
    noNumber.stderr,
    /^mxql alert: error: alert\/no-numeric-field The query returns no numeric field to alert on \(only time, oid, oname\)/,
  );

  const unit = await runCli(base('--field', 'resp_time', '--threshold', '80%', '--rules', rules), env);
  assert.equal(unit.code, 2);
  assert.equal(unit.stdout, '');
  assert.match(
    unit.stderr,
    /alert\/unit-mismatch The threshold '80%' is a percentage, but resp_time is a time \(ms\)/,
  );
  assert.match(unit.stderr, /see 'mxql alert --help'/);

  const notRules = await runCli(base('--rules', settings), env);
  assert.equal(notRules.code, 1);
  assert.equal(notRules.stdout, '');
  assert.match(
    notRules.stderr,
    /alert\/not-a-rule-file This file is not an event-rule file \(its object holds no array of rules\)/,
  );
  const notJson = await runCli(base('--rules', query), env);
  assert.equal(notJson.code, 1);
  assert.match(notJson.stderr, /alert\/not-a-rule-file This file is not an event-rule file \(it is not JSON/);
  assert.equal(await readFile(settings, 'utf8'), SETTINGS);
  assert.equal(await readFile(rules, 'utf8'), RULES);
  assert.equal(await readFile(query, 'utf8'), PER_MINUTE);

  const unknown = await runCli(base('--field', 'nosuch'), env);
  assert.equal(unknown.code, 2);
  assert.match(
    unknown.stderr,
    /alert\/unknown-field The result has no field 'nosuch'; numeric fields of the result: resp_time, tps/,
  );
});

void test('usage: help, a missing verb or file, wrong flags exit as usage errors', async () => {
  const help = await runCli(['alert', '--help']);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^Usage: mxql alert draft <file.mxql> \[options\]/);
  assert.match(help.stdout, /--threshold T/);
  for (const args of [
    ['alert'],
    ['alert', 'save', query, '--demo'],
    ['alert', 'draft', '--demo'],
    ['alert', 'draft', query, '--demo', '--comparator', '=>'],
    ['alert', 'draft', query, '--demo', '--duration', '-5m'],
    ['alert', 'draft', query, '--demo', '--range', '1h'],
    ['alert', 'draft', join(dir, 'missing.mxql'), '--demo'],
  ]) {
    const r = await runCli(args);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, /^mxql alert: usage: .*\(see 'mxql alert --help'\)\n$/, args.join(' '));
  }
});
