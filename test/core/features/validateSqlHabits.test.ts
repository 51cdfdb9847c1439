// SQL habits in MXQL and the option forms the service reads differently: table cases (⟦…⟧ marks where
// the code is reported; none marked = never reported), then each quick fix applied and the result
// checked again, to no problem at all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { quickFixes, validate } from '../../../server/core/index';
import { type QuickFixEdit } from '../../../server/core/features/codeActions';
import { markRange, parseMarked } from './validateSupport';
import { testFeatureCatalog } from './validateCatalog';

interface Case {
  readonly name: string;
  readonly code: string;
  readonly src: string;
  readonly severity?: 'error' | 'warning';
  /** A piece of the message: the MXQL it tells to write. */
  readonly says?: string;
}

const catalog = testFeatureCatalog();
const HEAD = 'CATEGORY app_counter\nTAGLOAD\n';

const CASES: readonly Case[] = [
  {
    name: 'ORDER BY … DESC names the ORDER object',
    code: 'sql/order-by',
    severity: 'error',
    src: `${HEAD}⟦ORDER BY tps DESC⟧\n`,
    says: 'Write `ORDER {key: [tps], sort: [desc]}`.',
  },
  {
    name: 'ORDER BY with two keys, the second ascending by default',
    code: 'sql/order-by',
    src: `${HEAD}⟦ORDER BY tps DESC, oid⟧ -- top first\n`,
    says: '`ORDER {key: [tps, oid], sort: [desc, asc]}`',
  },
  { name: 'ORDER object: silent', code: 'sql/order-by', src: `${HEAD}ORDER {key: [tps], sort: [desc]}\n` },
  { name: 'ORDER with a bare key: silent', code: 'sql/order-by', src: `${HEAD}ORDER tps\n` },
  {
    name: 'WHERE col = value becomes FILTER key/value',
    code: 'sql/where',
    severity: 'error',
    src: `${HEAD}⟦WHERE oid = 5⟧\n`,
    says: '`FILTER {key: oid, value: 5}`',
  },
  {
    name: 'WHERE with AND becomes FILTER expr',
    code: 'sql/where',
    src: `${HEAD}⟦WHERE tps > 5 AND oname = 'web'⟧\n`,
    says: `\`FILTER {expr: "tps > 5 && oname == 'web'"}\``,
  },
  {
    name: 'WHERE … IS NOT NULL becomes exist',
    code: 'sql/where',
    src: `${HEAD}⟦WHERE oname IS NOT NULL⟧\n`,
    says: '`FILTER {key: oname, exist: true}`',
  },
  { name: 'WHERE is not also an unknown command', code: 'command/unknown', src: `${HEAD}WHERE tps > 5\n` },
  {
    name: 'GROUP BY becomes GROUP pk',
    code: 'sql/group-by',
    severity: 'error',
    src: `${HEAD}⟦GROUP BY oid, oname⟧\n`,
    says: '`GROUP {pk: [oid, oname]}`',
  },
  { name: 'GROUP object: silent', code: 'sql/group-by', src: `${HEAD}GROUP {timeunit: 5m, pk: oid}\n` },
  {
    name: 'GROUP {avg: x} becomes GROUP merge + UPDATE value',
    code: 'sql/group-aggregate',
    severity: 'error',
    src: `${HEAD}GROUP {timeunit: 5m, pk: oid, ⟦avg⟧: tps}\n`,
    says: '`GROUP {timeunit: 5m, pk: oid, merge: tps}` then `UPDATE {key: tps, value: avg}`',
  },
  {
    name: 'count and max each get their UPDATE',
    code: 'sql/group-aggregate',
    src: `${HEAD}GROUP {pk: oid, ⟦count⟧: tps, max: resp_time}\n`,
    says: '`UPDATE {key: tps, value: cnt}` then `UPDATE {key: resp_time, value: max}`',
  },
  {
    name: 'keys GROUP really has (sum, first, last, merge, listup, user, rank) stay silent',
    code: 'sql/group-aggregate',
    src: `${HEAD}GROUP {timeunit: 1h, pk: oid, sum: [tps], first: oname, last: okindName, merge: resp_time, listup: tx_count}\n`,
  },
  {
    name: 'an aggregate key is not also an unknown option',
    code: 'option/unknown',
    src: `${HEAD}GROUP {pk: oid, avg: tps}\n`,
  },
  {
    name: 'LIMIT n OFFSET m becomes SKIP then LIMIT',
    code: 'sql/limit-offset',
    severity: 'error',
    src: `${HEAD}⟦LIMIT 10 OFFSET 20⟧\n`,
    says: '`SKIP 20` then `LIMIT 10`',
  },
  { name: 'LIMIT n: silent', code: 'sql/limit-offset', src: `${HEAD}SKIP 20\nLIMIT 10\nLIMIT $limit\n` },
  {
    name: 'SELECT * becomes a bare SELECT',
    code: 'sql/select-star',
    severity: 'error',
    src: `${HEAD}⟦SELECT *⟧\n`,
    says: 'Write `SELECT`.',
  },
  {
    name: 'bare SELECT and lists: silent',
    code: 'sql/select-star',
    src: `${HEAD}SELECT\nSELECT [time, oid]\n`,
  },
  {
    name: 'a SQL select list with FROM becomes CATEGORY, TAGLOAD and a list',
    code: 'sql/select-list',
    severity: 'error',
    src: '⟦SELECT oid, tps FROM app_counter⟧\n',
    says: '`CATEGORY app_counter` then `TAGLOAD` then `SELECT [oid, tps]`',
  },
  {
    name: 'after the loader, only the list',
    code: 'sql/select-list',
    src: `${HEAD}⟦SELECT oid, tps⟧\n`,
    says: 'Write `SELECT [oid, tps]`.',
  },
  {
    name: 'the select list is not also unexpected text',
    code: 'syntax/unexpected-token',
    src: `${HEAD}SELECT oid, tps\n`,
  },
  { name: 'SELECT of one bare column: silent', code: 'sql/select-list', src: `${HEAD}SELECT oid\n` },
  {
    name: '// at the start of a line and after a command',
    code: 'sql/line-comment',
    severity: 'error',
    src: `⟦//⟧ tps per agent\n${HEAD}LIMIT 5 ⟦//⟧ top five\n`,
  },
  {
    name: '// inside quotes or a path: silent',
    code: 'sql/line-comment',
    src: `${HEAD}FILTER {expr: "oname == 'a//b'"}\nJOIN {query: '/app//x', pk: oid}\n`,
  },
  {
    name: 'time as a GROUP key without timeunit',
    code: 'group/time-without-timeunit',
    severity: 'warning',
    src: `${HEAD}GROUP {pk: [⟦time⟧, oid], merge: tps}\n`,
    says: '`{timeunit: 1m, pk: [time, oid], merge: tps}`',
  },
  {
    name: 'time with timeunit or timegroup, or as a last column: silent',
    code: 'group/time-without-timeunit',
    src: `${HEAD}GROUP {timeunit: 1m, merge: tps, pk: "time"}\nGROUP {timegroup: "10s", pk: oid, last: time}\n`,
  },
  {
    name: 'FILTER {key, match} is rejected by the run: an error naming like',
    code: 'filter/no-condition',
    severity: 'error',
    src: `${HEAD}⟦FILTER {key: oname, match: 'web'}⟧\n`,
    says: "`FILTER {key: oname, like: 'web'}`",
  },
  {
    name: 'FILTER without key or test',
    code: 'filter/no-condition',
    src: `${HEAD}⟦FILTER {match: 'web'}⟧\n`,
  },
  {
    name: 'a FILTER test of no column: the key is required',
    code: 'option/missing-required',
    severity: 'error',
    src: `${HEAD}⟦FILTER {value: 5}⟧\n`,
    says: 'Write e.g. `FILTER {key: <column>, value: 5}`.',
  },
  {
    name: 'ORDER without key is rejected: the key is required',
    code: 'option/missing-required',
    severity: 'error',
    src: `${HEAD}⟦ORDER {sort: desc}⟧\n`,
    says: 'ORDER needs `key`',
  },
  {
    name: 'UPDATE without key (real queries write it), ORDER with key, FILTER with expr: not required',
    code: 'option/missing-required',
    src: `${HEAD}UPDATE {value: sum}\nORDER {key: tps}\nFILTER {expr: "tps > 1", value: 5}\nORDER {$o: tps}\n`,
  },
  {
    name: 'every FILTER test the service reads: silent',
    code: 'filter/no-condition',
    src: `${HEAD}FILTER {key: oid, value: 5}\nFILTER {key: oname, like: 'w'}\nFILTER {key: tps, exist: true}\nFILTER {key: tps, over: 1}\nFILTER {expr: "tps > 1"}\nFILTER tps > 1\nFILTER {key: $k, value: $v}\n`,
  },
  {
    name: 'LIMIT with a word, a duration or a list: the service rejects it',
    code: 'operand/not-a-number',
    severity: 'error',
    src: `${HEAD}LIMIT ⟦abc⟧\nLIMIT ⟦5m⟧\nLIMIT ⟦[1]⟧\n`,
    says: 'e.g. `LIMIT 10`',
  },
  {
    name: 'LIMIT with a number, a $param, a template marker or a quoted number: silent',
    code: 'operand/not-a-number',
    src: `${HEAD}LIMIT 10\nLIMIT $n\nLIMIT <%LIMIT%>\nLIMIT "10"\n`,
  },
  {
    name: 'GROUP, ORDER, UPDATE, CREATE with a word or a list: not the object they read',
    code: 'operand/not-an-object',
    severity: 'warning',
    src: `${HEAD}GROUP ⟦oid⟧\nORDER ⟦tps⟧\nUPDATE ⟦[tps]⟧\nCREATE ⟦x⟧\n`,
    says: 'reads its settings from an object',
  },
  {
    name: 'SQL clauses are reported once, by their SQL rewrite',
    code: 'operand/not-an-object',
    src: `${HEAD}GROUP BY oid\nORDER BY tps DESC\n`,
  },
  {
    name: 'objects, $params and markers: silent',
    code: 'operand/not-an-object',
    src: `${HEAD}GROUP {pk: oid}\nORDER {key: [tps]}\nOIDSET $oid\nUPDATE <%UPDATE%>\n`,
  },
];

for (const c of CASES) {
  void test(`${c.code}: ${c.name}`, () => {
    const { text, ranges } = parseMarked(c.src);
    const all = validate(text, { catalog });
    const got = all.filter((d) => d.code === c.code);
    assert.deepEqual(
      got.map((d) => markRange(text, d.range)),
      ranges.map((r) => markRange(text, r)),
      JSON.stringify(all.map((d) => [d.code, d.message])),
    );
    for (const d of got) {
      if (c.severity) assert.equal(d.severity, c.severity);
      if (c.says) assert.ok(d.message.includes(c.says), d.message);
    }
  });
}

function apply(text: string, edits: readonly QuickFixEdit[]): string {
  return [...edits]
    .sort((a, b) => b.range.start - a.range.start)
    .reduce((t, e) => t.slice(0, e.range.start) + e.newText + t.slice(e.range.end), text);
}

/** The one fix of `code` in `text` applied; the result must check clean (no warning or error). */
function fixedClean(text: string, code: string): string {
  const d = validate(text, { catalog }).find((x) => x.code === code);
  assert.ok(d, `no ${code} in ${text}`);
  const fixes = quickFixes(text, d);
  assert.equal(fixes.length, 1, `${code}: one fix`);
  const result = apply(text, fixes[0]?.edits ?? []);
  const left = validate(result, { catalog }).filter(
    (x) => x.severity === 'error' || x.severity === 'warning',
  );
  assert.deepEqual(
    left.map((x) => `${x.code} ${x.message}`),
    [],
    `after the fix:\n${result}`,
  );
  return result;
}

const FIXES: readonly (readonly [string, string, string])[] = [
  ['sql/order-by', `${HEAD}ORDER BY tps DESC\n`, `${HEAD}ORDER {key: [tps], sort: [desc]}\n`],
  ['sql/where', `${HEAD}WHERE tps >= 5\n`, `${HEAD}FILTER {key: tps, over: 5}\n`],
  ['sql/where', `${HEAD}WHERE oname LIKE 'web%'\n`, `${HEAD}FILTER {key: oname, like: 'web*'}\n`],
  ['sql/where', `${HEAD}WHERE tps > 5 OR oid <> 3\n`, `${HEAD}FILTER {expr: "tps > 5 || oid != 3"}\n`],
  ['sql/group-by', `${HEAD}GROUP BY oid\n`, `${HEAD}GROUP {pk: oid}\n`],
  ['sql/group-by', `${HEAD}GROUP BY time, oid\n`, `${HEAD}GROUP {timeunit: 1m, pk: oid}\n`],
  [
    'sql/group-aggregate',
    `${HEAD}  GROUP {timeunit: 5m, pk: oid, avg: tps} -- per agent\n`,
    `${HEAD}  GROUP {timeunit: 5m, pk: oid, merge: tps}\n  UPDATE {key: tps, value: avg} -- per agent\n`,
  ],
  ['sql/limit-offset', `${HEAD}LIMIT 10 OFFSET 20\r\n`, `${HEAD}SKIP 20\r\nLIMIT 10\r\n`],
  ['sql/select-star', `${HEAD}SELECT *\n`, `${HEAD}SELECT\n`],
  ['sql/select-list', 'SELECT oid, tps FROM app_counter\n', `${HEAD}SELECT [oid, tps]\n`],
  [
    'sql/select-list',
    "SELECT oid, tps FROM app_counter WHERE oname = 'web'\n",
    `${HEAD}FILTER {key: oname, value: 'web'}\nSELECT [oid, tps]\n`,
  ],
  [
    'sql/select-list',
    'SELECT oid, avg(tps) AS mean_tps, count(*) FROM app_counter WHERE tps > 0 GROUP BY oid ORDER BY avg(tps) DESC LIMIT 5\n',
    `${HEAD}FILTER {expr: "tps > 0"}\nSELECT [oid, tps]\nGROUP {pk: oid, merge: tps}\nUPDATE {key: tps, value: avg}\nORDER {key: [tps], sort: [desc]}\nLIMIT 5\n`,
  ],
  [
    'sql/select-list',
    'SELECT time, max(resp_time) FROM app_counter GROUP BY time\n',
    `${HEAD}SELECT [time, resp_time]\nGROUP {timeunit: 1m, merge: resp_time}\nUPDATE {key: resp_time, value: max}\n`,
  ],
  ['sql/line-comment', `${HEAD}LIMIT 5 // top five\n`, `${HEAD}LIMIT 5 -- top five\n`],
  ['sql/line-comment', `// per agent\n${HEAD}`, `-- per agent\n${HEAD}`],
  [
    'group/time-without-timeunit',
    `${HEAD}GROUP {pk: [time, oid], merge: tps}\n`,
    `${HEAD}GROUP {timeunit: 1m, pk: [time, oid], merge: tps}\n`,
  ],
  [
    'filter/no-condition',
    `${HEAD}FILTER {key: oname, match: 'web'}\n`,
    `${HEAD}FILTER {key: oname, like: 'web'}\n`,
  ],
];

for (const [code, before, after] of FIXES) {
  const shown = before.startsWith(HEAD) ? before.slice(HEAD.length) : before;
  void test(`quick fix ${code}: ${JSON.stringify(shown)}`, () => {
    assert.equal(fixedClean(before, code), after);
  });
}

void test('a quick fix title shows the rewrite', () => {
  const text = `${HEAD}ORDER BY tps DESC\n`;
  const d = validate(text, { catalog }).find((x) => x.code === 'sql/order-by');
  assert.ok(d);
  assert.equal(quickFixes(text, d)[0]?.title, "Replace with 'ORDER {key: [tps], sort: [desc]}'");
});

void test('// inside a comment of a multi-line operand is no SQL habit', () => {
  const text = `${HEAD}FILTER {\n  -- see a // b\n  key: oid, value: 5\n}\n`;
  assert.deepEqual(
    validate(text, { catalog }).filter((d) => d.code === 'sql/line-comment'),
    [],
  );
});

void test('a bare WHERE without a condition stays an unknown command', () => {
  const codes = validate(`${HEAD}WHERE\n`, { catalog }).map((d) => d.code);
  assert.ok(codes.includes('command/unknown'), codes.join());
  assert.ok(!codes.includes('sql/where'));
});
