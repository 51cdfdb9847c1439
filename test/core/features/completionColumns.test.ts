/**
 * Column completion as tables of cursor cases: every place a column belongs, from the column flow at
 * that line (SELECT narrowing, CREATE, RENAME, DELETE, GROUP, SUB pipelines, fragments).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkCase, completeAt, type CompletionCase } from './completionSupport';

const AC = 'CATEGORY app_counter\nTAGLOAD\n';
const NARROW = `${AC}SELECT [time, oid, tps, oname]\n`;
const SB = 'CATEGORY server_base\nTAGLOAD\n';

const WHERE_COLUMNS_GO: readonly CompletionCase[] = [
  { text: `${AC}SELECT [$0`, has: ['time', 'oid', 'tps', 'tx_count', 'oname', 'okindName'] },
  { text: `${AC}SELECT [time, $0`, has: ['tps', 'resp_time'] },
  { text: `${AC}SELECT [time, t$0`, has: ['tps', 'tx_count'] },
  { text: `${AC}SELECT [\n  time,\n  $0\n]`, has: ['tps'] },
  { text: `${AC}SELECT {default: [time, $0`, has: ['oid'] },
  { text: `${NARROW}ORDER {key: $0`, has: ['tps', 'oid'] },
  { text: `${NARROW}ORDER {key: [tps, $0`, has: ['oid'] },
  { text: `${NARROW}GROUP {pk: $0`, has: ['oid', 'oname'] },
  { text: `${NARROW}GROUP {pk: [oid, $0`, has: ['oname'] },
  { text: `${NARROW}GROUP {timeunit: 5m, pk: oid, merge: $0`, has: ['tps'] },
  { text: `${NARROW}GROUP {timeunit: 5m, pk: oid, merge: [$0`, has: ['tps'] },
  { text: `${NARROW}GROUP {timeunit: 5m, pk: oid, last: $0`, has: ['oname'] },
  { text: `${NARROW}GROUP {pk: oid, listup: $0`, has: ['tps'] },
  { text: `${NARROW}UPDATE {key: $0`, has: ['tps'] },
  { text: `${NARROW}UPDATE {key: [tps, $0`, has: ['oid'] },
  { text: `${NARROW}FILTER {key: $0`, has: ['tps'] },
  { text: `${NARROW}FILTER {expr: "$0"}`, has: ['tps', 'int', 'startsWith'] },
  { text: `${NARROW}FILTER {expr: "tps > 1 && $0"}`, has: ['oid'] },
  { text: `${NARROW}FILTER {expr: 'oname == "a" || $0'}`, has: ['tps'] },
  { text: `${NARROW}CREATE {key: rate, expr: "$0"}`, has: ['tps', 'round'] },
  { text: `${NARROW}IFUPDATE {if: "$0"`, has: ['tps'] },
  { text: `${NARROW}CREATE {key: copy, from: $0`, has: ['oname'] },
  { text: `${NARROW}CREATE {key: name, oname: $0`, has: ['oid'] },
  { text: `${NARROW}RENAME {src: $0`, has: ['tps'] },
  { text: `${NARROW}RENAME {src: [tps, $0`, has: ['oid'] },
  { text: `${NARROW}DELETE [$0`, has: ['tps', 'oname'] },
  { text: `${NARROW}DELETE $0`, has: ['tps'] },
  { text: `${NARROW}FIRST-ONLY {key: $0`, has: ['oid'] },
  { text: `${NARROW}FIRST-ONLY [$0`, has: ['oid'] },
  { text: `${NARROW}FIRST-ONLY $0`, has: ['oid'] },
  { text: `${NARROW}LAST-ONLY {key: [$0`, has: ['oid'] },
  { text: `${NARROW}FILTER-SUBQUERY {key: $0`, has: ['oid'] },
  { text: `${NARROW}JOIN {query: q, pk: $0`, has: ['oid', 'time'] },
  { text: `${NARROW}ADJUST {key: [$0`, has: ['tps'] },
  { text: `${NARROW}UNFOLD [$0`, has: ['tps'] },
  { text: `${NARROW}PIVOT-HEAD {key: [$0`, has: ['oid'] },
  { text: `${NARROW}DELTA {pk: [$0`, has: ['oid'] },
  { text: `${NARROW}FILTER-KEYS {keys: [$0`, has: ['oid'] },
  { text: 'CATEGORY app_counter\nTAGLOAD {filter: {key: $0', has: ['oid', 'okindName', 'host_ip'] },
  { text: 'CATEGORY app_counter\nTAGLOAD {filter: [{key: $0', has: ['oid'] },
];

const FLOW: readonly CompletionCase[] = [
  { text: `${NARROW}ORDER {key: $0`, lacks: ['tx_count', 'resp_time'] },
  { text: `${NARROW}CREATE {key: rate, expr: "tps * 2"}\nORDER {key: $0`, has: ['rate', 'tps'] },
  { text: `${NARROW}RENAME {src: tps, dst: load}\nORDER {key: $0`, has: ['load'], lacks: ['tps'] },
  {
    text: `${NARROW}RENAME [[tps, load], [oname, agent]]\nORDER {key: $0`,
    has: ['load', 'agent'],
    lacks: ['oname'],
  },
  { text: `${NARROW}DELETE [oname]\nORDER {key: $0`, has: ['tps'], lacks: ['oname'] },
  { text: `${NARROW}ROWNUM\nORDER {key: $0`, has: ['rownum'] },
  { text: `${NARROW}GROUP {pk: oid, merge: tps}\nUPDATE {key: $0`, has: ['tps', '_rows_'] },
  { text: `${AC}SELECT [time, tps]\nSELECT [$0`, has: ['tps'], lacks: ['tx_count'] },
  { text: `${NARROW}ORDER {key: $0}\nDELETE [tps]`, has: ['tps'] },
  { text: 'CATEGORY server_base\nTAGLOAD\nSELECT [$0', has: ['cpu', 'memory_pused', 'oid'], lacks: ['tps'] },
  { text: `SUB q\nCATEGORY server_base\nTAGLOAD\nSELECT [$0\nEND\n${AC}`, has: ['cpu'], lacks: ['tps'] },
  { text: `${AC}SELECT [$0]\nSUB q\nCATEGORY server_base\nTAGLOAD\nEND`, has: ['tps'], lacks: ['cpu'] },
  {
    text: `-- @inject default = CREATE {key: injected_col, value: 1}\n${NARROW}INJECT default\nORDER {key: $0`,
    has: ['injected_col'],
  },
  { text: `${NARROW}JOIN {query: q, pk: oid, field: [extra]}\nORDER {key: $0`, has: ['extra'] },
  { text: 'CATEGORY not_a_real_category\nTAGLOAD\nSELECT [$0', has: ['time', 'oid', 'oname'] },
  { text: 'CATEGORY $category\nTAGLOAD\nSELECT [$0', has: ['time', 'oid'] },
  { text: 'CATEGORY app_counter\nSELECT [$0', has: ['tps'] },
  { text: `${AC}PIVOT-HEAD {key: [oid]}\nSELECT [$0`, has: ['time', 'oid'] },
];

/** About 9% of the columns selected right after a loader are not in the catalog: they are offered from the file. */
const NAMES_THE_CATALOG_LACKS: readonly CompletionCase[] = [
  {
    text: `${AC}SELECT [$0]\nORDER {key: my_custom_col}\nSELECT [time, my_custom_col]`,
    has: ['my_custom_col', 'tps'],
  },
  { text: `${AC}SELECT [time, custom_a]\nORDER {key: $0`, has: ['custom_a', 'time'], lacks: ['tps'] },
  { text: `${AC}SELECT [time, custom_a]\nFILTER {expr: "$0"}`, has: ['custom_a', 'startsWith'] },
  {
    text: `SUB q\nCATEGORY app_counter\nTAGLOAD\nSELECT [odd_name]\nEND\n${AC}JOIN {query: q, pk: oid, field: [$0`,
    has: ['odd_name', 'tps'],
  },
  { text: `${AC}SELECT [$0]\nCREATE {key: later_col, value: 1}`, has: ['later_col', 'tps'] },
  // A file of several queries: the names another category's query writes do not exist here.
  { text: `${SB}SELECT [time, srv_custom]\n\n${AC}SELECT [$0`, has: ['tps'], lacks: ['srv_custom'] },
  { text: `${AC}SELECT [time, ac_custom]\n\n${SB}SELECT [$0`, has: ['cpu'], lacks: ['ac_custom'] },
  {
    text: `CATEGORY app_counter{m5}\nTAGLOAD\nSELECT [time, rolled_col]\n\n${AC}SELECT [$0`,
    has: ['rolled_col', 'tps'],
  },
  {
    text: `${SB}SELECT [time, srv_custom]\n\nCATEGORY not_a_real_category\nTAGLOAD\nSELECT [$0`,
    has: ['srv_custom', 'oid'],
  },
];

const NOT_COLUMNS: readonly CompletionCase[] = [
  { text: `${NARROW}CREATE {key: $0`, none: true },
  { text: `${NARROW}RENAME {src: tps, dst: $0`, none: true },
  { text: `${NARROW}ORDER {key: tps, rows: $0`, none: true },
  { text: `${NARROW}LIMIT $0`, lacks: ['tps'] },
  { text: `${NARROW}ORDER {key: tps, sort: $0`, lacks: ['tps'] },
  { text: `${NARROW}SELECT [time] -- $0`, none: true },
  { text: 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, "$0"]', has: ['tps'] },
];

for (const [name, table] of Object.entries({
  WHERE_COLUMNS_GO,
  FLOW,
  NAMES_THE_CATALOG_LACKS,
  NOT_COLUMNS,
})) {
  void describe(`column completion: ${name}`, () => {
    for (const c of table) void test(JSON.stringify(c.text), () => checkCase(c));
  });
}

void describe('column completion: item details', () => {
  void test('a category field shows its type, unit and description', () => {
    const item = completeAt(`${AC}SELECT [$0`).items.find((i) => i.label === 'tx_time');
    assert.ok(item);
    assert.equal(item.kind, 'column');
    assert.match(item.detail, /field/);
    assert.match(item.documentation, /tx_time/);
  });
  void test('tags sort after fields and created columns', () => {
    const items = completeAt(`${AC}SELECT [$0`).items;
    const rank = (l: string) => items.find((i) => i.label === l)?.sortText ?? '';
    assert.ok(rank('tps') < rank('host_ip'));
  });
  void test('names that need quotes are inserted quoted', () => {
    const item = completeAt(`${AC}CREATE {key: '1차압', value: 1}\nSELECT [$0`).items.find(
      (i) => i.label === '1차압',
    );
    assert.equal(item?.insertText, "'1차압'");
  });
});
