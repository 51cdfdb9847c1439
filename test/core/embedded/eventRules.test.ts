// Event (alert) rules kept as JSON: the fields each rule names (in `rule`, in `${…}` placeholders and in
// alertLabel) are checked against its category's fields with the columns' severity policy, at the exact
// line and column of the JSON file, through every escape. JSON.parse is the oracle for what a string holds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  eventRuleCompletionsAt,
  eventRuleHoverAt,
  findEventRules,
  lineRangeOf,
  lineStartsOf,
  localizedMessage,
} from '../../../server/core/index';
import { checkEventRules, type EventRuleDiagnostic } from '../../../server/core/embedded/eventRules';
import { testFeatureCatalog } from '../features/validateCatalog';
import { mutate, PIECES } from '../../support/mutations';
import { seededRandom } from '../../support/seededTexts';

const catalog = testFeatureCatalog();

/** `code line:col-endCol pointer` of each finding (1-based, as `mxql check` prints them). */
function findings(json: string): string[] {
  const starts = lineStartsOf(json);
  return checkEventRules(json, catalog).map((d: EventRuleDiagnostic) => {
    const r = lineRangeOf(starts, d.range);
    return `${d.code} ${r.line}:${r.column}-${r.endColumn} ${d.pointer}`;
  });
}

/** The text of `json` a finding covers. */
function covered(json: string, code: string): string[] {
  return checkEventRules(json, catalog)
    .filter((d) => d.code === code)
    .map((d) => json.slice(d.range.start, d.range.end));
}

const rules = (...objects: string[]): string => `[\n${objects.map((o) => `  ${o}`).join(',\n')}\n]\n`;

interface Case {
  readonly name: string;
  readonly json: string;
  readonly expected: readonly string[];
}

// app_counter's fields are catalogued completely; server_base's list is incomplete; agent_list is a
// category real queries use without any field list.
const CASES: readonly Case[] = [
  {
    name: 'known fields of a completely catalogued category: nothing',
    json: rules('{"category": "app_counter", "rule": "tps > 100 && resp_time >= 3000 && oname != \'x\'"}'),
    expected: [],
  },
  {
    name: 'an unknown field of a completely catalogued category: a warning on the name',
    json: rules('{"category": "app_counter", "rule": "tps > 100 && tpss > 3"}'),
    expected: ['rule/unknown-field 2:53-57 /0/rule'],
  },
  {
    name: 'an unknown field where the list is incomplete: information',
    json: rules('{"category": "server_base", "rule": "cpuu > 90"}'),
    expected: ['rule/field-not-in-catalog 2:40-44 /0/rule'],
  },
  {
    name: 'a category known without fields: nothing to check',
    json: rules('{"category": "agent_list", "rule": "anything_at_all > 1"}'),
    expected: [],
  },
  {
    name: 'an unknown category: information on the name, no field checks',
    json: rules('{"category": "app_countr", "rule": "nosuch > 1", "eventMessage": "${nosuch}"}'),
    expected: ['rule/unknown-category 2:17-27 /0/category'],
  },
  {
    name: 'escapes before the field: \\", \\\\, \\u0041 and \\t are one character each',
    json: rules(String.raw`{"category": "app_counter", "rule": "type == \"a\\b\u0041\" &&\ttpss > 1"}`),
    expected: ['rule/unknown-field 2:67-71 /0/rule'],
  },
  {
    name: '${field} in eventMessage and eventTitle, after Korean text and an emoji escape',
    json: rules(
      '{"category": "app_counter", "rule": "tps > 1", "eventTitle": "TPS ${tps}", "eventMessage": "에러 \\uD83D\\uDE00 ${tpss} / ${ resp_time }"}',
    ),
    expected: ['rule/unknown-field 2:113-117 /0/eventMessage'],
  },
  {
    name: 'select placeholders and alertLabel names are fields too',
    json: rules(
      '{"category": "app_counter", "rule": "tps > 1", "select": "${host_ipp} == \'x\'", "alertLabel": ["oname", "hostip"]}',
    ),
    expected: ['rule/unknown-field 2:63-71 /0/select', 'rule/unknown-field 2:107-113 /0/alertLabel/1'],
  },
  {
    name: 'a rule that is not a string: a warning at its value (a null message means none)',
    json: rules(
      '{"category": "app_counter", "rule": 5, "eventMessage": null}',
      '{"category": ["app_counter"], "rule": "tps > 1"}',
    ),
    expected: ['rule/not-a-string 2:39-40 /0/rule', 'rule/not-a-string 3:16-31 /1/category'],
  },
  {
    name: 'a broken expression gets the formula warnings at its place',
    json: rules('{"category": "app_counter", "rule": "tps > (resp_time * 3"}'),
    expected: ['expression/unclosed-paren 2:46-60 /0/rule'],
  },
  {
    name: 'rules under a key are found; objects without both keys are not rules',
    json: '{\n  "rules": [\n    {"category": "app_counter", "rule": "tpss > 1"}\n  ],\n  "widgets": [{"category": "app_counter", "title": "${tpss}"}]\n}\n',
    expected: ['rule/unknown-field 3:42-46 /rules/0/rule'],
  },
  {
    name: 'a roll-up suffix names the same category',
    json: rules('{"category": "app_counter{m5}", "rule": "tps > 1 && tpss > 1"}'),
    expected: ['rule/unknown-field 2:55-59 /0/rule'],
  },
  {
    name: 'template categories and function names are never fields',
    json: rules(
      '{"category": "$category", "rule": "nosuch > 1"}',
      '{"category": "app_counter", "rule": "startsWith(oname, \'web\') && int(tps) > 1"}',
    ),
    expected: [],
  },
];

for (const c of CASES) {
  void test(`event rules: ${c.name}`, () => {
    JSON.parse(c.json);
    assert.deepEqual(findings(c.json), c.expected);
  });
}

void test('each finding covers exactly the name it is about', () => {
  const json = CASES[5]?.json ?? '';
  assert.deepEqual(covered(json, 'rule/unknown-field'), ['tpss']);
  const messages = CASES[6]?.json ?? '';
  assert.deepEqual(covered(messages, 'rule/unknown-field'), ['tpss']);
});

void test('an unknown field is a warning with its suggestion and a quick-fix replacement', () => {
  const [d] = checkEventRules(CASES[1]?.json ?? '', catalog);
  assert.equal(d?.severity, 'warning');
  assert.match(d?.message ?? '', /'tpss' is not a field of category 'app_counter'.*Did you mean 'tps'/);
  assert.deepEqual(d?.data?.replacements?.[0], { kind: 'change', newText: 'tps' });
  assert.match(localizedMessage(d, 'ko'), /카테고리 'app_counter'의 필드가 아니므로/);
  assert.match(localizedMessage(d, 'ja'), /カテゴリ 'app_counter' のフィールドではない/);
});

void test('an unknown category is information at most, with a suggestion when one is close', () => {
  const [close] = checkEventRules(CASES[4]?.json ?? '', catalog);
  assert.equal(close?.severity, 'information');
  assert.match(close?.message ?? '', /Did you mean 'app_counter'/);
  const far = checkEventRules(rules('{"category": "zz_made_up_q", "rule": "x > 1"}'), catalog);
  assert.deepEqual(
    far.map((d) => [d.code, d.severity]),
    [['rule/unknown-category', 'information']],
  );
});

void test('malformed JSON: the rules before the error are still checked, and the problem is data', () => {
  const json =
    '[\n  {"category": "app_counter", "rule": "tpss > 1"},\n  {"category": "app_counter", "rule": \n';
  const scan = findEventRules(json);
  assert.equal(scan.problem?.kind, 'syntax');
  // The second object ends before its rule has a value, so it is not a rule yet.
  assert.equal(scan.rules.length, 1);
  assert.deepEqual(findings(json), ['rule/unknown-field 2:40-44 /0/rule']);
  for (const text of [
    '',
    '[',
    '{"rule"',
    '"rule"',
    '[{"rule": "x", "category": 1',
    '\\',
    '[{"rule":"\\u12',
  ]) {
    assert.doesNotThrow(() => checkEventRules(text, catalog), text);
    assert.equal(eventRuleCompletionsAt(text, text.length, catalog), null);
  }
});

void test('completion inside rule offers the fields and functions, replacing the typed prefix', () => {
  const json = rules('{"category": "app_counter", "rule": "tps > 1 && resp_t", "eventMessage": "x ${re"}');
  const offset = json.indexOf('resp_t') + 'resp_t'.length;
  const list = eventRuleCompletionsAt(json, offset, catalog);
  const labels = list?.items.map((i) => i.label) ?? [];
  assert.ok(labels.includes('resp_time') && labels.includes('tps') && labels.includes('startsWith'));
  const item = list?.items.find((i) => i.label === 'resp_time');
  assert.deepEqual(item?.range, { start: json.indexOf('resp_t'), end: offset });
  assert.match(item?.detail ?? '', /field · Number · ms/);
  // Inside ${…} of a message: the fields, not the functions.
  const inMessage = json.indexOf('${re') + 4;
  const message = eventRuleCompletionsAt(json, inMessage, catalog);
  assert.ok(message?.items.some((i) => i.label === 'resp_time'));
  assert.ok(!message?.items.some((i) => i.label === 'startsWith'));
  assert.deepEqual(message?.items[0]?.range, { start: inMessage - 2, end: inMessage });
  // Plain message text, a quoted text in the rule, and outside any string: nothing.
  assert.equal(eventRuleCompletionsAt(json, json.indexOf('"x ') + 2, catalog), null);
  assert.equal(eventRuleCompletionsAt(json, json.indexOf('"category"') + 3, catalog), null);
  const quoted = rules('{"category": "app_counter", "rule": "oname == \'we"}');
  assert.equal(eventRuleCompletionsAt(quoted, quoted.indexOf("'we") + 3, catalog), null);
});

void test('completion inside category offers the category names over the whole value', () => {
  const json = rules('{"category": "app_co", "rule": "x > 1"}');
  const list = eventRuleCompletionsAt(json, json.indexOf('app_co') + 3, catalog);
  assert.ok(list?.items.some((i) => i.label === 'app_counter'));
  assert.deepEqual(list?.items[0]?.range, { start: json.indexOf('app_co'), end: json.indexOf('app_co') + 6 });
});

void test('hover names the field with its type, unit and category, a function, or the category', () => {
  const json = rules(
    '{"category": "app_counter", "rule": "int(resp_time) > 3000", "eventMessage": "\\u0041 ${tps}"}',
  );
  JSON.parse(json);
  const field = eventRuleHoverAt(json, json.indexOf('resp_time') + 2, catalog);
  assert.match(field?.markdown ?? '', /\*\*resp_time\*\* — field · Number · unit ms/);
  assert.match(field?.markdown ?? '', /Category of the rule: app_counter/);
  assert.deepEqual(field?.range, { start: json.indexOf('resp_time'), end: json.indexOf('resp_time') + 9 });
  const placeholder = eventRuleHoverAt(json, json.indexOf('${tps}') + 3, catalog);
  assert.match(placeholder?.markdown ?? '', /\*\*tps\*\*/);
  assert.match(eventRuleHoverAt(json, json.indexOf('int(') + 1, catalog)?.markdown ?? '', /int\(value\)/);
  assert.match(
    eventRuleHoverAt(json, json.indexOf('app_counter') + 1, catalog)?.markdown ?? '',
    /app_counter/,
  );
  assert.match(
    eventRuleHoverAt(json, json.indexOf('resp_time') + 2, catalog, 'ko')?.markdown ?? '',
    /규칙의 카테고리: app_counter/,
  );
  // An unknown field of a complete list says nothing rather than something false.
  const unknown = rules('{"category": "app_counter", "rule": "tpss > 1"}');
  assert.equal(eventRuleHoverAt(unknown, unknown.indexOf('tpss') + 1, catalog), null);
});

/** Names the rule expression can hold as one identifier (others go in placeholders only). */
const IDENTIFIER = /^[A-Za-z_@#\u0080-\uffff][\w.$@#\u0080-\uffff]*$/;

void test("quiet on the catalog's own fields: every category's fields, in rules, placeholders and labels", () => {
  let rulesMade = 0;
  let fieldsUsed = 0;
  const objects: string[] = [];
  for (const name of catalog.categoryNames()) {
    const info = catalog.getCategory(name);
    if (!info?.columnsKnown) continue;
    const names = catalog.categoryColumns(name).map((c) => c.name);
    const inRule = names.filter(
      (n) => IDENTIFIER.test(n) && !['and', 'or', 'like', 'true', 'false', 'null'].includes(n),
    );
    const rule = inRule.length > 0 ? inRule.map((n) => `${n} > 0`).join(' && ') : 'time > 0';
    const message = names
      .filter((n) => !/[{}\s]/.test(n))
      .map((n) => `\${${n}}`)
      .join(' ');
    objects.push(
      JSON.stringify({ category: name, rule, eventTitle: message, eventMessage: message, alertLabel: names }),
    );
    rulesMade++;
    fieldsUsed += names.length;
  }
  const json = `[\n${objects.join(',\n')}\n]\n`;
  assert.equal(findEventRules(json).rules.length, rulesMade);
  assert.ok(rulesMade > 150 && fieldsUsed > 3000, `${rulesMade} rules, ${fieldsUsed} fields`);
  assert.deepEqual(checkEventRules(json, catalog), []);
});

const JSON_PIECES = [
  ...PIECES,
  '\\',
  '\\u',
  '\\uD83D',
  '\\"',
  '${',
  '${tps}',
  '"rule": ',
  '"category": 7',
  '[{',
  '}]',
  '"',
];

void test('1,500 mutated rule files: checking, completion and hover never throw, and ranges stay in the text', () => {
  const base = rules(
    '{"category": "app_counter", "rule": "tps > (resp_time * 3) && tpss > 1", "eventTitle": "${tps}", "eventMessage": "에러 \\uD83D\\uDE00 ${resp_time} ${oname}", "select": "${host_ip} == \'x\'", "alertLabel": ["oname"]}',
    '{"category": "server_base", "rule": "cpu > 90", "silentSec": 300, "enabled": true}',
  );
  const rnd = seededRandom(23);
  let checked = 0;
  for (let i = 0; i < 1500; i++) {
    const text = mutate(base, rnd, JSON_PIECES);
    const found = checkEventRules(text, catalog);
    for (const d of found) {
      assert.ok(0 <= d.range.start && d.range.start <= d.range.end && d.range.end <= text.length, text);
    }
    for (const offset of [0, rnd(text.length + 1), rnd(text.length + 1), text.length]) {
      const list = eventRuleCompletionsAt(text, offset, catalog);
      for (const item of list?.items ?? [])
        assert.ok(item.range.start <= offset && offset <= item.range.end, text);
      const h = eventRuleHoverAt(text, offset, catalog);
      if (h) assert.ok(h.range.start <= offset && offset <= h.range.end, text);
    }
    if (found.length > 0) checked++;
  }
  // The mutations leave most files readable, so the checks really ran.
  assert.ok(checked > 500, `${checked} files had findings`);
});
