/** Completion as tables of cursor cases: commands, option keys and values, categories, params, INJECT names, SUB names, directives. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkCase, completeAt, type CompletionCase } from './completionSupport';

const AC = 'CATEGORY app_counter\nTAGLOAD\n';

const COMMANDS: readonly CompletionCase[] = [
  { text: '$0', has: ['CATEGORY', 'TAGLOAD', 'SELECT', 'TIME-RANGE', 'SUB', 'INJECT'], lacks: ['END'] },
  { text: 'CAT$0', has: ['CATEGORY'] },
  { text: 'cat$0', has: ['CATEGORY'] },
  { text: 'CATEGORY app_counter\n$0', has: ['TAGLOAD', 'FLEXLOAD', 'OID'] },
  {
    text: `${AC}$0`,
    has: ['SELECT', 'GROUP', 'UPDATE', 'ORDER', 'FILTER', 'LIMIT', 'CREATE', 'RENAME', 'DELETE'],
  },
  { text: `${AC}SELECT\n$0`, has: ['ORDER', 'FIRST-ONLY', 'LAST-ONLY', 'ROWNUM', 'JOIN', 'APPEND'] },
  { text: 'SUB q1\nCATEGORY app_counter\n$0', has: ['END', 'TAGLOAD'] },
  { text: `${AC}  $0`, has: ['SELECT'] },
  { text: `${AC}FIL$0`, has: ['FILTER', 'FILTER-KEYS', 'FILTER-SUBQUERY'] },
  { text: `${AC}TIME-$0`, has: ['TIME-RANGE', 'TIME-FILTER', 'TIME-PAST'] },
  { text: '# comment\n$0', has: ['CATEGORY'] },
  { text: '-- a comment\n\n$0', has: ['HEADER', 'OIDSET'] },
  { text: `${AC}SELECT [time]\n\n$0`, has: ['UPDATE'] },
  { text: `${AC}GROUP {pk: oid}\n$0`, has: ['UPDATE'] },
  {
    text: 'CATEGORY app_counter\nTAGLOAD\nSUB q\nCATEGORY x\nTAGLOAD\nEND\n$0',
    has: ['SELECT'],
    lacks: ['END'],
  },
  { text: `${AC}SELECT [time, tps]\nORDER {key: tps}\n$0LIMIT 5`, has: ['LIMIT', 'SKIP'] },
];

const CATEGORIES: readonly CompletionCase[] = [
  { text: 'CATEGORY $0', has: ['app_counter', 'server_base', 'agent_list', 'db_mysql_counter'] },
  { text: 'CATEGORY app_$0', has: ['app_counter', 'app_active_stat'] },
  { text: 'category $0', has: ['app_counter'] },
  { text: 'CATEGORY $0\nTAGLOAD', has: ['app_counter'] },
  { text: 'CATEGORY "$0"', has: ['server_base'] },
  { text: 'CATEGORY {$0}', has: ['app_counter'] },
  { text: 'CATEGORY {"app_counter": 6h, $0}', has: ['app_counter'] },
  { text: 'TIME-RANGE {recent: 1h}\nCATEGORY $0', has: ['app_counter'] },
  { text: 'SUB q\nCATEGORY $0', has: ['server_base'] },
  { text: 'CATEGORY server$0', has: ['server_base'], lacks: ['SELECT'] },
  { text: 'CATEGORY $0', lacks: ['SELECT', 'tps', 'asc'] },
  { text: 'CATEGORY $$0', has: ['$category'], lacks: ['app_counter'] },
  { text: 'CATEGORY app_counter{$0', has: ['m5', 'h1'], lacks: ['app_counter'] },
  { text: 'CATEGORY app_counter{m$0}', has: ['m5'] },
  { text: 'CATEGORY {"app_counter": $0', has: ['6h', 'unlimit'], lacks: ['app_counter'] },
  { text: 'CATEGORY {"app_counter": 6h, "app_counter{m5}": $0}', has: ['3d', 'unlimit'] },
];

const OPTION_KEYS: readonly CompletionCase[] = [
  { text: `${AC}ORDER {$0`, has: ['key', 'sort', 'rows'] },
  { text: `${AC}ORDER {$0}`, has: ['key', 'sort', 'rows'] },
  { text: `${AC}ORDER {key: tps, $0}`, has: ['sort', 'rows'], lacks: ['key'] },
  { text: `${AC}ORDER {key: tps, s$0}`, has: ['sort'] },
  { text: `${AC}GROUP {$0`, has: ['timeunit', 'pk', 'merge', 'last', 'listup', 'rows'] },
  { text: `${AC}UPDATE {$0`, has: ['key', 'value', 'datetime', 'timezone', 'notnull', 'pct', 'decimal'] },
  { text: `${AC}CREATE {$0`, has: ['key', 'value', 'from', 'expr', 'oname'] },
  { text: `${AC}FILTER {$0`, has: ['key', 'value', 'expr', 'exist', 'notexist', 'over', 'under'] },
  { text: `${AC}RENAME {$0`, has: ['src', 'dst'] },
  { text: `${AC}JOIN {$0`, has: ['query', 'pk', 'field'] },
  { text: `${AC}APPEND {$0`, has: ['query'] },
  { text: `${AC}FILTER-SUBQUERY {$0`, has: ['key', 'query', 'include', 'exclude'] },
  { text: `${AC}FIRST-ONLY {$0`, has: ['key'] },
  { text: `${AC}ADJUST {$0`, has: ['key', 'add', 'sub', 'mul', 'div', 'over', 'under'] },
  { text: `${AC}FILTER-KEYS {$0`, has: ['keys', 'values'] },
  { text: `${AC}SELECT {$0`, has: ['default', 'like', 'notlike'] },
  { text: 'TIME-RANGE {$0', has: ['recent', 'duration', 'etime', 'stime'] },
  { text: 'CATEGORY app_counter\nTAGLOAD {$0', has: ['backward', 'filter'] },
  { text: 'CATEGORY app_counter\nTAGLOAD {filter: {$0', has: ['key', 'value', 'exclude', 'like', 'notlike'] },
  { text: 'CATEGORY app_counter\nTAGLOAD {filter: [{key: oid, value: 1}, {$0', has: ['key', 'like'] },
  { text: 'CATEGORY agent_list\nFLEXLOAD {$0', has: ['backward', 'rows'] },
  { text: `${AC}HVTEXT {$0`, has: ['hash', 'key', 'type'] },
  { text: `${AC}TIME-FILTER {$0`, has: ['time', 'date', 'duration', 'timezone', 'gmt'] },
  { text: `${AC}DELTA {$0`, has: ['pk', 'key', 'target'] },
  { text: `${AC}PIVOT-HEAD {$0`, has: ['key', 'except'] },
  { text: `${AC}IFUPDATE {$0`, has: ['if', 'key', 'value'] },
  { text: 'TIME-PAST {$0', has: ['delta'] },
  { text: 'OIDSET {$0', has: ['oid', 'okind', 'onode'] },
  { text: 'HEADER {$0}\nCATEGORY app_counter\nTAGLOAD', has: ['category', 'tps$', 'oid$'], lacks: ['tps'] },
  { text: 'CATEGORY app_counter\nHEADER {tps$: F, $0}\nTAGLOAD', has: ['resp_time$'] },
  { text: `${AC}ORDER {\n  key: tps,\n  $0\n}`, has: ['sort'], lacks: ['key'] },
  { text: `${AC}ORDER {$0`, lacks: ['tps', 'SELECT', 'app_counter'] },
];

const OPTION_VALUES: readonly CompletionCase[] = [
  { text: `${AC}ORDER {key: tps, sort: $0`, has: ['asc', 'desc'], lacks: ['tps'] },
  { text: `${AC}ORDER {key: [tps, oid], sort: [desc, $0`, has: ['asc', 'desc'] },
  { text: `${AC}ORDER {sort: d$0}`, has: ['desc'] },
  { text: `${AC}GROUP {timeunit: $0`, has: ['5m', '1h', 'm5', 'h1'] },
  {
    text: `${AC}GROUP {timeunit: 5000, pk: oid}\nUPDATE {key: tps, value: $0`,
    has: ['sum', 'avg', 'max', 'min'],
  },
  { text: 'CATEGORY app_counter\nTAGLOAD {backward: $0', has: ['true', 'false'] },
  { text: `${AC}FILTER {key: tps, exist: $0`, has: ['true'] },
  { text: 'TIME-RANGE {recent: $0', has: ['1h'] },
  { text: `${AC}JOIN {query: q, pk: oid, type: $0`, has: ['inner'] },
  { text: `${AC}HVTEXT {hash: h, key: k, type: $0`, has: ['sql', 'error', 'service'] },
  { text: `${AC}UPDATE {key: plan, cast: $0`, has: ['long', 'string'] },
  { text: `${AC}CREATE {key: now_ms, env: $0`, has: ['stime', 'etime'] },
  { text: 'HEADER {tps$: $0', has: ['I', 'F'] },
  { text: `${AC}TIME-FILTER {date: '2026/01/01', timezone: $0`, has: ['GMT9'] },
  { text: `${AC}UPDATE {key: tps, value: $$0`, has: ['$TIME_MERGE_PLACE'], lacks: ['sum'] },
  { text: `${AC}ORDER {key: tps, sort: $0}`, lacks: ['$oid'] },
  { text: `${AC}CREATE {key: $0`, none: true },
  { text: `${AC}RENAME {src: tps, dst: $0`, none: true },
  { text: `${AC}UPDATE {key: time, datetime: $0`, none: true },
];

const PARAMS: readonly CompletionCase[] = [
  { text: 'OID $0', has: ['$oid', '$okind'] },
  { text: 'OID $$0', has: ['$oid', '$onode', '$stime', '$etime', '$pcode', '$limit'] },
  { text: 'OKIND $$0', has: ['$okind'] },
  { text: `${AC}LIMIT $0`, has: ['$limit'] },
  { text: `${AC}LIMIT $$0`, has: ['$limit'] },
  { text: '-- @param $myValue = 3\nOID $$0', has: ['$myValue'] },
  { text: `${AC}FILTER {key: oid, value: $$0`, has: ['$oid'] },
  { text: `${AC}SELECT [time, $$0`, has: ['$field'] },
  { text: `${AC}FILTER {key: oid, value: $custom}\nLIMIT $$0`, has: ['$custom'] },
  { text: 'TIME-RANGE {duration: 1h, etime: $$0', has: ['$etime'] },
  { text: `${AC}SKIP {value: $$0`, has: ['$oid'] },
  { text: `${AC}JOIN {query: q, pk: "$$0"`, has: ['$pk'] },
  { text: 'OID [$oidFirst, $$0', has: ['$oidFirst'] },
  { text: 'OID $o$0', has: ['$oid', '$okind'] },
  { text: 'OID $$0', lacks: ['oid', 'CATEGORY'] },
];

const INJECTS_AND_SUBS: readonly CompletionCase[] = [
  { text: `${AC}INJECT $0`, has: ['default', 'timepast'] },
  { text: `${AC}INJECT d$0`, has: ['default'] },
  {
    text: `-- @inject sortDesc = ORDER {key: [tps], sort: [desc]}\n${AC}INJECT $0`,
    has: ['sortDesc', 'default'],
  },
  { text: `${AC}INJECT custom\nINJECT $0`, has: ['custom'] },
  { text: `inject $0`, has: ['default'] },
  {
    text: `${AC}JOIN {query: $0}\nSUB top5\nCATEGORY app_counter\nTAGLOAD\nEND`,
    has: ['top5', '/app/act_tx/act_tx_oid'],
  },
  { text: `${AC}APPEND $0\nSUB q_today\nCATEGORY app_counter\nTAGLOAD\nEND`, has: ['q_today'] },
  { text: `${AC}APPEND {query: $0}\nSUB agents\nCATEGORY agent_list\nFLEXLOAD\nEND`, has: ['agents'] },
  { text: `${AC}FILTER-SUBQUERY {key: oid, query: $0}\nSUB top\nEND`, has: ['top'] },
  { text: `${AC}FILTER-SUBQUERY {key: oid, include: $0}\nSUB current\nEND`, has: ['current'] },
  { text: `${AC}JOINByTime {query: $0}\nSUB quan\nEND`, has: ['quan'] },
  {
    text: 'SUB a\nCATEGORY app_counter\nTAGLOAD\nJOIN {query: $0}\nEND\nSUB b\nEND',
    has: ['b'],
    lacks: ['a'],
  },
  { text: `${AC}JOIN {query: missing}\nSUB $0`, has: ['missing'] },
  { text: `${AC}JOIN {query: top5}\nSUB top5\nEND\nSUB $0`, lacks: ['top5'] },
];

const DIRECTIVES: readonly CompletionCase[] = [
  { text: '-- @$0', has: ['name', 'range', 'stime', 'etime', 'limit', 'param', 'inject', 'path', 'pcode'] },
  { text: '--@$0', has: ['name'] },
  { text: '-- @ra$0', has: ['range'] },
  { text: `${AC}-- @$0`, has: ['param'] },
  { text: '-- @path $0', has: ['/app/act_tx/act_tx_oid', '/app/act_tx/agent_with_tx'] },
  { text: '-- @path /app/act_tx/$0', has: ['/app/act_tx/act_tx_oid'] },
  { text: `-- @param $0\n${AC}OID $oid`, has: ['$oid'] },
  { text: `-- @inject $0\n${AC}INJECT custom`, has: ['default', 'custom'] },
  { text: '-- just a comment $0', none: true },
  { text: '# @$0', none: true },
  { text: `${AC}SELECT -- trailing $0`, none: true },
  { text: '/* block $0 */', none: true },
];

/** After `-- @param $name = `: the choices of what `$name` stands for in the query that uses it. */
const PARAM_VALUES: readonly CompletionCase[] = [
  { text: `-- @param $limit = $0\n${AC}LIMIT $limit`, has: ['100', '10', '1000'] },
  { text: `-- @param $limit = 1$0\n${AC}LIMIT $limit`, has: ['100', '10', '1000'] },
  { text: `-- @PARAM $rows=$0\n${AC}GROUP {pk: oid, rows: $rows}`, has: ['100'] },
  {
    text: `-- @param $field = $0\n${AC}SELECT [time, oname, $field]`,
    has: ['tps', 'tx_count'],
    lacks: ['100'],
  },
  {
    text: `-- @param $by = $0\n${AC}SELECT [time, tps]\nORDER {key: $by}`,
    has: ['tps', 'time'],
    lacks: ['oname'],
  },
  { text: '-- @param $category = $0\nCATEGORY $category\nTAGLOAD', has: ['app_counter', 'server_base'] },
  { text: `-- @param $tu = $0\n${AC}GROUP {timeunit: $tu, pk: oid}`, has: ['5m', 'h1'] },
  {
    text: '-- @param $d = $0\nTIME-RANGE {duration: $d, etime: $etime}\nCATEGORY app_counter\nTAGLOAD',
    has: ['1h', '30m'],
  },
  // An agent has no static choices, nor has free text or a name no query uses.
  { text: '-- @param $oid = $0\nOIDSET {oid: $oid}\nCATEGORY app_counter\nTAGLOAD', none: true },
  { text: `-- @param $m = $0\n${AC}UPDATE {key: tps, value: $m}`, none: true },
  { text: `-- @param $unused = $0\n${AC}LIMIT $limit`, none: true },
  // The query that uses the name decides, not the first query of the file.
  {
    text: `-- @param $f = $0\n${AC}LIMIT 5\n\nCATEGORY server_base\nTAGLOAD\nSELECT [time, $f]`,
    has: ['cpu'],
    lacks: ['tps'],
  },
];

const OTHER: readonly CompletionCase[] = [
  { text: '>> rate(http_requests_total[5m]) $0', none: true },
  { text: `${AC}SELECT [time] $0`, lacks: ['SELECT'] },
];

for (const [name, table] of Object.entries({
  COMMANDS,
  CATEGORIES,
  OPTION_KEYS,
  OPTION_VALUES,
  PARAMS,
  INJECTS_AND_SUBS,
  DIRECTIVES,
  PARAM_VALUES,
  OTHER,
})) {
  void describe(`completion: ${name}`, () => {
    for (const c of table) void test(JSON.stringify(c.text), () => checkCase(c));
  });
}

void describe('completion: item shape', () => {
  void test('after `-- @param $limit = ` the default row count comes first, then the rest in order', () => {
    const items = completeAt(`-- @param $limit = $0\n${AC}LIMIT $limit`).items;
    const ordered = [...items].sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? ''));
    assert.deepEqual(
      ordered.map((i) => [i.label, i.detail]),
      [
        ['100', 'row count'],
        ['10', 'row count'],
        ['1000', 'row count'],
      ],
    );
  });
  void test('commands insert snippets with operands when the rest of the line is empty', () => {
    const item = completeAt('$0').items.find((i) => i.label === 'ORDER');
    assert.ok(item?.snippet);
    assert.match(item.insertText ?? '', /^ORDER \{/);
  });
  void test('a command name edited before its operand is replaced by the plain name', () => {
    const item = completeAt(`${AC}SEL$0 [time]`).items.find((i) => i.label === 'SELECT');
    assert.equal(item?.insertText, 'SELECT');
    assert.equal(item.snippet, false);
  });
  void test('before the loader, selection and loading commands sort first', () => {
    const items = completeAt('CATEGORY app_counter\n$0').items;
    const rank = (l: string) => items.find((i) => i.label === l)?.sortText ?? '';
    assert.ok(rank('TAGLOAD') < rank('SELECT'));
  });
  void test('after the loader, processing commands sort first', () => {
    const items = completeAt(`${AC}$0`).items;
    const rank = (l: string) => items.find((i) => i.label === l)?.sortText ?? '';
    assert.ok(rank('SELECT') < rank('TAGLOAD'));
  });
  void test('OIDSET is marked deprecated', () => {
    assert.equal(completeAt('$0').items.find((i) => i.label === 'OIDSET')?.deprecated, true);
  });
  void test('categories carry the interval in their detail', () => {
    const item = completeAt('CATEGORY $0').items.find((i) => i.label === 'app_counter');
    assert.match(item?.detail ?? '', /interval/);
  });
  void test('the replace range covers the whole word around the cursor', () => {
    const list = completeAt(`${AC}ORDER {key: tps, sort: de$0sc}`);
    const item = list.items.find((i) => i.label === 'desc');
    assert.ok(item);
    const text = `${AC}ORDER {key: tps, sort: desc}`;
    assert.equal(text.slice(item.range.start, item.range.end), 'desc');
  });
  void test('option keys insert a colon', () => {
    assert.equal(completeAt(`${AC}ORDER {$0`).items.find((i) => i.label === 'sort')?.insertText, 'sort: ');
  });
  void test('no list is longer than 1000 items; cutting marks it incomplete', () => {
    const list = completeAt('-- @path $0');
    assert.ok(list.items.length <= 1000);
    assert.equal(list.isIncomplete, list.items.length === 1000);
  });
});
