// `mxql run FILE --compare` as a user runs it, against `--demo` playing the incident scenario
// (MXQL_DEMO_INCIDENT): both windows are printed, and the degraded agent's fields rank first in the table
// and in JSON; a wrong baseline, --compare over several files and a bad incident are usage errors.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createDemoData } from '../../demo/data/index';
import { runCli } from '../support/cliProcess';
import { DEGRADED, INCIDENT, INCIDENT_PROJECT, PER_MINUTE } from '../support/incidentScenario';

let dir = '';
let file = '';
const pcode = String(createDemoData(1).projects.find((p) => p.name === INCIDENT_PROJECT)?.pcode);
const env = { MXQL_DEMO_INCIDENT: INCIDENT };

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mxql-compare-'));
  file = join(dir, 'per-minute.mxql');
  await writeFile(file, PER_MINUTE);
});

after(async () => {
  await rm(dir, { recursive: true, force: true });
});

void test('--compare prev prints both windows and ranks the degraded agent first', async () => {
  const { code, stdout, stderr } = await runCli(
    ['run', file, '--demo', '--pcode', pcode, '--compare', 'prev'],
    env,
  );
  assert.equal(code, 0, stderr);
  const lines = stdout.split('\n');
  assert.match(lines[0] ?? '', /^window\s+\S+ \S+ → \S+ .* · \d+ rows · demo project \d+ Order Service/);
  assert.match(lines[1] ?? '', /^baseline .* · \d+ rows \(prev\)$/);
  const header = lines.findIndex((l) =>
    /^rank\s+agent\s+field\s+baseline\s+window\s+change\s+relative\s+score/.test(l),
  );
  assert.ok(header > 0, stdout);
  const first = lines[header + 2] ?? '';
  const second = lines[header + 3] ?? '';
  assert.match(first, new RegExp(`^\\s+1\\s+${DEGRADED}\\s+(resp_time|tps)\\s`));
  assert.match(second, new RegExp(`^\\s+2\\s+${DEGRADED}\\s+(resp_time|tps)\\s`));
  assert.match(stderr, /compared \d+ agent fields · \d+ rows vs \d+ rows \(prev\)/);
});

void test('--compare 1d --format json states both windows and the ranking', async () => {
  const { code, stdout, stderr } = await runCli(
    ['run', file, '--demo', '--pcode', pcode, '--compare', '1d', '--format', 'json'],
    env,
  );
  assert.equal(code, 0, stderr);
  const json = JSON.parse(stdout) as {
    baseline: string;
    shiftMs: number;
    window: { range: { stime: number; etime: number }; rowCount: number };
    baselineWindow: { range: { stime: number; etime: number }; rowCount: number };
    changes: { agent: string; field: string; relative: number; score: number }[];
  };
  assert.equal(json.baseline, '1d');
  assert.equal(json.shiftMs, 86_400_000);
  assert.equal(json.window.range.stime - json.baselineWindow.range.stime, 86_400_000);
  assert.equal(json.window.range.etime - json.window.range.stime, 30 * 60_000);
  assert.ok(json.window.rowCount > 0 && json.baselineWindow.rowCount > 0);
  // On the wall clock a day-old baseline is the demo's coarser roll-up at another level each run: the
  // degraded agent's fields are ranked in the incident's direction; the first test holds the strict
  // order against the window before, and test/demo/incident.test.ts every baseline on a fixed clock.
  const top = json.changes.slice(0, 5);
  const resp = top.find((c) => c.agent === DEGRADED && c.field === 'resp_time');
  const tps = top.find((c) => c.agent === DEGRADED && c.field === 'tps');
  assert.ok((resp?.relative ?? 0) > 0, `response time went up: ${stdout}`);
  assert.ok((tps?.relative ?? 0) < 0, `throughput went down: ${stdout}`);
});

void test('a baseline it does not know, --compare over several files and a bad incident are usage errors', async () => {
  const bad = await runCli(['run', file, '--demo', '--compare', 'yesterday']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--compare must be one of prev, 1d, 7d \(got 'yesterday'\)/);
  const many = await runCli(['run', file, file, '--demo', '--compare', 'prev']);
  assert.equal(many.code, 2);
  assert.match(many.stderr, /--compare compares one query; give one file/);
  const nobody = await runCli(['run', file, '--demo', '--compare', 'prev'], {
    MXQL_DEMO_INCIDENT: 'nobody-99',
  });
  assert.equal(nobody.code, 2);
  assert.match(nobody.stderr, /MXQL_DEMO_INCIDENT: no demo agent is named 'nobody-99'/);
});

void test('a window the row limit cut says only part of it was compared, and the limit that returns it all', async () => {
  const cutFile = join(dir, 'raw.mxql');
  await writeFile(cutFile, 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, oname, tps, resp_time]\n');
  const { code, stdout, stderr } = await runCli(
    ['run', cutFile, '--demo', '--pcode', pcode, '--range', '1h', '--limit', '100', '--compare', 'prev'],
    env,
  );
  assert.equal(code, 0, stderr);
  const [window = '', baseline = ''] = stdout.split('\n');
  for (const line of [window, baseline])
    assert.match(
      line,
      /· 100 rows · limit 100 reached, only part of the window compared: --limit \d+ returns it all/,
    );
});
