// `mxql check` as a user runs it: a real child process over files written to a temporary folder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliMain, mxqlCheck, tsxImport } from '../support/checkProcess';

const main = cliMain;
const tsx = tsxImport;

const CLEAN =
  '-- @inject default = LIMIT 5\nCATEGORY app_counter\nTAGLOAD\nSELECT [time, tps]\nINJECT default\n';
const WARNS = 'CATEGORY app_countr\nTAGLOAD\n';
const BROKEN = 'CATEGORY app_counter\nTAGLOAD\nFILTER {key: tps, value: 5\n';

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mxql-check-'));
  mkdirSync(join(dir, 'queries', 'nested'), { recursive: true });
  writeFileSync(join(dir, 'queries', 'clean.mxql'), CLEAN);
  writeFileSync(join(dir, 'queries', 'warns.mxql'), WARNS);
  writeFileSync(join(dir, 'queries', 'nested', 'broken.mxql'), BROKEN);
  writeFileSync(join(dir, 'queries', 'notes.txt'), 'not a query');
  return dir;
}

const mxql = mxqlCheck;

const dir = workspace();
test.after(() => rmSync(dir, { recursive: true, force: true }));
const cwd = dir;

void test('a clean file exits 0 with a summary', () => {
  const r = mxql(cwd, 'queries/clean.mxql');
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '1 file checked: 0 errors, 0 warnings, 0 information, 0 hints\n');
});

void test('warnings alone exit 0 and print path:line:col: severity code message', () => {
  const r = mxql(cwd, 'queries/warns.mxql');
  assert.equal(r.code, 0, r.stderr);
  const [first] = r.stdout.split('\n');
  assert.match(
    first ?? '',
    /^queries\/warns\.mxql:1:10: warning category\/unknown Unknown category 'app_countr'.*app_counter/,
  );
  assert.ok(!r.stdout.includes('\u001b['), 'no colour when stdout is not a terminal');
});

void test('any error exits 1; directories recurse in a stable order', () => {
  const r = mxql(cwd, 'queries');
  assert.equal(r.code, 1, r.stderr);
  const paths = r.stdout
    .trim()
    .split('\n')
    .slice(0, -1)
    .map((l) => l.split(':')[0]);
  assert.deepEqual([...new Set(paths)], ['queries/nested/broken.mxql', 'queries/warns.mxql']);
  assert.match(r.stdout, /queries\/nested\/broken\.mxql:3:8: error syntax\/unclosed-bracket /);
  assert.match(r.stdout.trim().split('\n').at(-1) ?? '', /^3 files checked: 1 error, 1 warning/);
});

void test('globs with ** and * expand with node:fs', () => {
  const r = mxql(cwd, 'queries/**/*.mxql', '--format', 'json');
  assert.equal(r.code, 1, r.stderr);
  const report = JSON.parse(r.stdout) as {
    files: {
      path: string;
      diagnostics: { line: number; column: number; severity: string; code: string }[];
    }[];
    summary: Record<string, number>;
  };
  assert.deepEqual(
    report.files.map((f) => f.path),
    ['queries/clean.mxql', 'queries/nested/broken.mxql', 'queries/warns.mxql'],
  );
  assert.deepEqual(report.summary, { files: 3, error: 1, warning: 1, information: 0, hint: 0 });
  const broken = report.files[1]?.diagnostics[0];
  assert.deepEqual(
    { line: broken?.line, column: broken?.column, severity: broken?.severity, code: broken?.code },
    { line: 3, column: 8, severity: 'error', code: 'syntax/unclosed-bracket' },
  );
  const single = mxql(cwd, 'queries/*.mxql', '--format=json');
  assert.equal(single.code, 0);
  assert.equal((JSON.parse(single.stdout) as { files: unknown[] }).files.length, 2);
});

void test('usage errors exit 2 with a clear message', () => {
  const none = mxql(cwd, 'missing/*.mxql');
  assert.equal(none.code, 2);
  assert.match(none.stderr, /no \.mxql or \.json files match 'missing\/\*\.mxql'/);
  const format = mxql(cwd, 'queries', '--format', 'xml');
  assert.equal(format.code, 2);
  assert.match(format.stderr, /--format must be text or json/);
  const option = mxql(cwd, '--bogus');
  assert.equal(option.code, 2);
  assert.match(option.stderr, /bogus/);
});

void test('--locale ko|ja words the messages in that language; the environment never does', () => {
  const ko = mxql(cwd, 'queries/warns.mxql', '--locale', 'ko');
  assert.equal(ko.code, 0, ko.stderr);
  assert.match(
    ko.stdout,
    /^queries\/warns\.mxql:1:10: warning category\/unknown 알 수 없는 카테고리 'app_countr'/,
  );
  const ja = mxql(cwd, 'queries/warns.mxql', '--locale=ja-JP');
  assert.match(ja.stdout, /category\/unknown 不明なカテゴリ 'app_countr'/);
  const english = spawnSync(process.execPath, ['--import', tsx, main, 'check', 'queries/warns.mxql'], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '', LANG: 'ko_KR.UTF-8', LC_ALL: 'ja_JP.UTF-8' },
  });
  assert.match(english.stdout, /category\/unknown Unknown category 'app_countr'/);
  const bad = mxql(cwd, 'queries', '--locale', 'fr');
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--locale must be en, ko or ja \(got 'fr'\)/);
});

void test('--help exits 0', () => {
  const r = mxql(cwd, '--help');
  assert.equal(r.code, 0);
  assert.match(r.stdout, /Usage: mxql check/);
});

void test('check reports an INJECT cycle as an error naming it, and counts lone CR line breaks', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'mxql-check-'));
  writeFileSync(
    join(cwd, 'cycle.mxql'),
    '-- @inject a = INJECT b\n-- @inject b = INJECT a\nCATEGORY app_counter\nTAGLOAD\nINJECT a\n',
  );
  writeFileSync(join(cwd, 'cr.mxql'), 'CATEGORY app_counter\rTAGLOAD\rINJECT\r');
  const r = mxql(cwd, 'cycle.mxql', 'cr.mxql');
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /cycle\.mxql:1:\d+: error directive\/inject-cycle .*a → b → a/);
  assert.match(r.stdout, /cr\.mxql:3:1: \S+ inject\/bare/);
  assert.doesNotMatch(r.stdout + r.stderr, /Maximum call stack|missing-loader/);
  rmSync(cwd, { recursive: true, force: true });
});
