// A drafted rule proposed as an edit of a rule file: appended in the file's own layout (two or four
// spaces, tabs, CRLF, one-line objects, rules under a key, an empty array), every other byte kept, the
// result still JSON with one more rule that passes the check; a file that is not a rule file gives no text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import { proposeRuleFileEdit, unifiedDiff, type RuleFileEdit } from '../../../server/core/alerts/index';
import { checkEventRules, findEventRules } from '../../../server/core/embedded/eventRules';
import { bundledCategoryCatalog as catalog } from '../../../server/core/catalog/bundledCatalog';
import { englishOf } from '../../../common/templateText';

const RULE = {
  category: 'server_base',
  rule: 'cpu > 90',
  eventTitle: 'cpu above 90%',
  eventMessage: 'cpu is ${cpu}% on ${oname}: above 90% for 5m',
  eventLevelText: 'Warning',
  silentSec: 300,
  repeatDuration: 300,
  repeatCount: 60,
  enabled: true,
};

function edited(before: string | undefined): Extract<RuleFileEdit, { ok: true }> {
  const r = proposeRuleFileEdit(before, RULE);
  assert.ok(r.ok, r.ok ? '' : englishOf(r.problem.text));
  // Still JSON, one more rule, the new one last and equal to the draft, nothing the check refuses.
  const value: unknown = JSON.parse(r.text);
  assert.ok(value !== null);
  const count = before?.trim() ? findEventRules(before).rules.length : 0;
  assert.equal(findEventRules(r.text).rules.length, count + 1);
  assert.equal(r.ruleCount, count + 1);
  const pointer = r.pointer.split('/').slice(1);
  let at: unknown = value;
  for (const step of pointer) at = (at as Record<string, unknown>)[step];
  assert.deepEqual(at, RULE);
  const serious = checkEventRules(r.text, catalog).filter(
    (d) => d.pointer.startsWith(`${r.pointer}/`) && d.severity !== 'information' && d.severity !== 'hint',
  );
  assert.deepEqual(serious, []);
  return r;
}

void test('no file, or an empty one: a new file holding the rule', () => {
  for (const before of [undefined, '', '  \n']) {
    const r = edited(before);
    assert.equal(r.created, true);
    assert.equal(r.pointer, '/0');
    assert.equal(r.text, `[\n  ${JSON.stringify(RULE, null, 2).split('\n').join('\n  ')}\n]\n`);
  }
});

void test('the project sample rule file: appended after the last rule, two-space layout, the rest kept', () => {
  const before = readFileSync('test/integration/workspace/alerts/rules.json', 'utf8');
  const r = edited(before);
  assert.equal(r.created, false);
  assert.equal(r.pointer, '/1');
  const lastClose = before.lastIndexOf('}');
  assert.ok(r.text.startsWith(before.slice(0, lastClose + 1)));
  assert.ok(r.text.endsWith(before.slice(lastClose + 1)));
  assert.match(r.text, /\n {2}},\n {2}\{\n {4}"category": "server_base",\n {4}"rule": "cpu > 90",\n/);
  assert.match(r.text, /\n {4}"enabled": true\n {2}}\n]\n$/);
});

void test('four spaces, tabs and CRLF line ends are kept', () => {
  const four = '[\n    {\n        "category": "app_counter",\n        "rule": "tps > 1"\n    }\n]\n';
  assert.match(edited(four).text, /\n {4}},\n {4}\{\n {8}"category": "server_base",\n/);
  const tabs = '[\n\t{\n\t\t"category": "app_counter",\n\t\t"rule": "tps > 1"\n\t}\n]';
  const t = edited(tabs);
  assert.match(t.text, /\n\t},\n\t\{\n\t\t"category": "server_base",\n/);
  assert.ok(t.text.endsWith('\n\t}\n]'));
  const crlf = '[\r\n  {\r\n    "category": "app_counter",\r\n    "rule": "tps > 1"\r\n  }\r\n]\r\n';
  const c = edited(crlf);
  assert.ok(c.text.startsWith(crlf.slice(0, crlf.lastIndexOf('}'))));
  assert.equal(c.text.split('\n').length, c.text.split('\r\n').length);
  assert.equal(c.text.split('\r\n').length, 18);
});

void test('rules under a key, one-line objects, one-line arrays and an empty rules array', () => {
  const keyed =
    '{\n  "version": 2,\n  "rules": [\n    { "category": "app_counter", "rule": "tps > 1" }\n  ]\n}\n';
  const k = edited(keyed);
  assert.equal(k.pointer, '/rules/1');
  assert.match(
    k.text,
    /\n {4}\{ "category": "app_counter", "rule": "tps > 1" \},\n {4}\{ "category": "server_base", "rule": "cpu > 90", /,
  );
  assert.ok(k.text.startsWith('{\n  "version": 2,\n'));
  const inline =
    '{ "rules": [ { "category": "app_counter", "rule": "tps > 1", "eventMessage": "${tps}" } ] }\n';
  const i = edited(inline);
  assert.equal(i.text.split('\n').length, 2);
  assert.match(i.text, /"\$\{tps\}" \}, \{ "category": "server_base"/);
  const empty = '{\n  "rules": []\n}\n';
  const e = edited(empty);
  assert.equal(e.pointer, '/rules/0');
  assert.match(e.text, /^\{\n {2}"rules": \[\n {4}\{\n {6}"category": "server_base",/);
  assert.match(e.text, /\n {4}}\n {2}]\n}\n$/);
  assert.equal(edited('[]').text.startsWith('[\n  {\n    "category"'), true);
});

void test('a file that is not a rule file: a clear problem and no text', () => {
  const cases: [string, RegExp][] = [
    ['{ "theme": "dark" }\n', /its object holds no array of rules/],
    ['[ {"name": "x"} ]', /its array holds no rule objects/],
    ['"just a string"', /its top value is a string/],
    ['42', /its top value is a literal/],
    ['[ {"category": "a", "rule": "x > 1"} ', /it is not JSON/],
    ['SELECT [time]', /it is not JSON/],
  ];
  for (const [text, why] of cases) {
    const r = proposeRuleFileEdit(text, RULE);
    assert.equal(r.ok, false, text);
    if (r.ok) continue;
    assert.equal(r.problem.code, 'alert/not-a-rule-file');
    assert.match(englishOf(r.problem.text), why);
    assert.match(englishOf(r.problem.text), /Nothing was changed\.$/);
    assert.equal('text' in r, false);
  }
});

void test('the unified diff of an appended rule: one hunk with three lines of context', () => {
  const before = readFileSync('test/integration/workspace/alerts/rules.json', 'utf8');
  const r = edited(before);
  const diff = unifiedDiff(before, r.text, 'alerts/rules.json');
  const lines = diff.trimEnd().split('\n');
  assert.equal(lines[0], '--- a/alerts/rules.json');
  assert.equal(lines[1], '+++ b/alerts/rules.json');
  // The rule goes in after the old rule's last line; its closing brace and the bracket are context.
  assert.equal(lines[2], '@@ -7,5 +7,16 @@');
  assert.deepEqual(lines.slice(3, 8), [
    '     "eventLevelText": "Warning",',
    '     "silentSec": 300,',
    '     "enabled": true',
    '+  },',
    '+  {',
  ]);
  assert.deepEqual(lines.slice(-2), ['   }', ' ]']);
  const body = lines.slice(3);
  assert.equal(body.filter((l) => l.startsWith('+')).length, 11);
  assert.equal(body.filter((l) => l.startsWith('-')).length, 0);
  // Context and removed lines are the old text at the hunk; context and added lines the new.
  const old = before.split('\n').slice(6, 11);
  const now = r.text.split('\n').slice(6, 22);
  assert.deepEqual(
    body.filter((l) => !l.startsWith('+')).map((l) => l.slice(1)),
    old,
  );
  assert.deepEqual(
    body.filter((l) => !l.startsWith('-')).map((l) => l.slice(1)),
    now,
  );
  assert.equal(unifiedDiff(before, before, 'x'), '');
  const created = unifiedDiff(undefined, '[\n]\n', 'new.json').split('\n');
  assert.deepEqual(created.slice(0, 5), ['--- /dev/null', '+++ b/new.json', '@@ -0,0 +1,2 @@', '+[', '+]']);
});
