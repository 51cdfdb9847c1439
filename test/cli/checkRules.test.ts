// `mxql check` on event-rule JSON as a user runs it: a real child process over files in a temporary
// folder. Each rule's fields are checked against its category and reported at path:line:col of the JSON
// file; --format json adds the pointer of the string (`/1/rule`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mxqlCheck } from '../support/checkProcess';

interface Finding {
  line: number;
  column: number;
  severity: string;
  code: string;
  pointer?: string;
}

// Line 4 holds a misspelt field of app_counter (whose fields are catalogued completely) after an escaped
// quote; line 5 a placeholder of the message with a misspelt field; line 8 an unknown category.
const RULES = String.raw`[
  {
    "category": "app_counter",
    "rule": "type == \"web\" && tpss > 100",
    "eventMessage": "TPS \${tpss} on \${oname}",
    "eventLevelText": "Warning", "silentSec": 300, "enabled": true
  },
  { "category": "app_countr", "rule": "tps > 1", "eventTitle": "t" }
]
`.replace(/\\\$/g, '$');

const dir = mkdtempSync(join(tmpdir(), 'mxql-check-rules-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, 'alerts'));
writeFileSync(join(dir, 'alerts', 'rules.json'), RULES);
writeFileSync(
  join(dir, 'alerts', 'clean.json'),
  '{ "rules": [ { "category": "app_counter", "rule": "tps > 1", "eventMessage": "${tps}" } ] }\n',
);
writeFileSync(join(dir, 'alerts', 'settings.json'), '{ "theme": "dark" }\n');

void test('rule findings are printed at path:line:col of the JSON file; warnings alone exit 0', () => {
  const r = mxqlCheck(dir, 'alerts/rules.json');
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.split('\n');
  assert.match(
    lines[0] ?? '',
    /^alerts\/rules\.json:4:33: warning rule\/unknown-field 'tpss' is not a field of category 'app_counter'.*Did you mean 'tps'\?$/,
  );
  assert.match(lines[1] ?? '', /^alerts\/rules\.json:5:28: warning rule\/unknown-field 'tpss'/);
  assert.match(
    lines[2] ?? '',
    /^alerts\/rules\.json:8:18: information rule\/unknown-category .*'app_countr'.*Did you mean 'app_counter'/,
  );
  assert.equal(lines[3], '1 file checked: 0 errors, 2 warnings, 1 information, 0 hints');
  // The columns are the very characters of the JSON text.
  const text = RULES.split('\n');
  assert.equal(text[3]?.slice(33 - 1, 33 - 1 + 4), 'tpss');
  assert.equal(text[4]?.slice(28 - 1, 28 - 1 + 4), 'tpss');
  assert.equal(text[7]?.slice(18 - 1, 18 - 1 + 10), 'app_countr');
});

void test('--format json gives each rule finding the pointer of its string', () => {
  const r = mxqlCheck(dir, 'alerts/rules.json', '--format', 'json');
  const out = JSON.parse(r.stdout) as { files: { diagnostics: Finding[] }[] };
  assert.deepEqual(
    out.files[0]?.diagnostics.map((d) => [d.line, d.column, d.code, d.pointer]),
    [
      [4, 33, 'rule/unknown-field', '/0/rule'],
      [5, 28, 'rule/unknown-field', '/0/eventMessage'],
      [8, 18, 'rule/unknown-category', '/1/category'],
    ],
  );
});

void test('a directory walk checks rule files, even without MXQL, and leaves other JSON alone', () => {
  const r = mxqlCheck(dir, 'alerts', '--format', 'json', '--locale', 'ko');
  const out = JSON.parse(r.stdout) as {
    files: { path: string; diagnostics: (Finding & { message: string })[] }[];
  };
  assert.deepEqual(
    out.files.map((f) => [f.path, f.diagnostics.length]),
    [
      ['alerts/clean.json', 0],
      ['alerts/rules.json', 3],
    ],
  );
  assert.match(out.files[1]?.diagnostics[0]?.message ?? '', /카테고리 'app_counter'의 필드가 아니므로/);
});
