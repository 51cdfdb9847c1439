// Diagnostic tables: each case is a query with the expected ranges of one code marked ⟦…⟧. The case
// passes when `validate` reports that code exactly at the marked ranges (none marked = never reported).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, validate } from '../../../server/core/index';
import { type ValidateOptions } from '../../../server/core/validation/validate';
import { markRange, parseMarked } from './validateSupport';
import { testFeatureCatalog } from './validateCatalog';

interface Case {
  readonly name: string;
  readonly code: string;
  readonly src: string;
  readonly severity?: 'error' | 'warning' | 'information' | 'hint';
  readonly options?: Partial<ValidateOptions>;
}

const catalog = testFeatureCatalog();

/** Cases per code. A case without ⟦…⟧ asserts the code is NOT reported (a guard against false positives). */
export const CASES: readonly Case[] = [
  // inject/missing-fragment
  {
    name: 'named INJECT without fragment (the caller supplies it): a hint',
    code: 'inject/missing-fragment',
    severity: 'hint',
    src: 'CATEGORY app_counter\nTAGLOAD\nINJECT ⟦sortByOid⟧\n',
  },
  {
    name: 'fragment from a directive',
    code: 'inject/missing-fragment',
    src: '-- @inject sortByOid = ORDER {key:[oid], sort:[desc]}\nCATEGORY app_counter\nTAGLOAD\nINJECT sortByOid\n',
  },
  {
    name: 'fragment from the run',
    code: 'inject/missing-fragment',
    src: 'CATEGORY app_counter\nTAGLOAD\nINJECT timepast\n',
    options: { injectNames: ['timepast'] },
  },
  {
    name: 'bare INJECT without default fragment',
    code: 'inject/missing-fragment',
    severity: 'hint',
    src: 'CATEGORY app_counter\nTAGLOAD\n⟦INJECT⟧\n',
  },
  // inject/undeclared-fragment
  {
    name: 'the file declares its fragments but not this one: a warning',
    code: 'inject/undeclared-fragment',
    severity: 'warning',
    src: '-- @inject sortIt = ORDER {key:[oid]}\nCATEGORY app_counter\nTAGLOAD\nINJECT sortIt\nINJECT ⟦sortIT⟧\n',
  },
  {
    name: 'no fragment declared in the file: not contradicted',
    code: 'inject/undeclared-fragment',
    src: 'CATEGORY app_counter\nTAGLOAD\nINJECT sortIt\n',
  },
  {
    name: 'bare INJECT with a default fragment',
    code: 'inject/missing-fragment',
    src: '-- @inject default = LIMIT 5\nCATEGORY app_counter\nTAGLOAD\nINJECT\n',
  },
  // inject/bare
  {
    name: 'bare INJECT',
    code: 'inject/bare',
    severity: 'information',
    src: 'CATEGORY app_counter\nTAGLOAD\n⟦INJECT⟧\n',
  },
  {
    name: 'lowercase bare inject',
    code: 'inject/bare',
    severity: 'information',
    src: 'category app_counter\ntagload\n⟦inject⟧\n',
  },
  {
    name: 'named INJECT is not bare',
    code: 'inject/bare',
    src: 'CATEGORY app_counter\nTAGLOAD\nINJECT default\n',
  },
  // inject/unused-fragment
  {
    name: 'declared fragment never injected',
    code: 'inject/unused-fragment',
    severity: 'warning',
    src: '⟦-- @inject extra = LIMIT 5⟧\nCATEGORY app_counter\nTAGLOAD\n',
  },
  {
    name: 'bare INJECT uses default',
    code: 'inject/unused-fragment',
    src: '-- @inject default = LIMIT 5\nCATEGORY app_counter\nTAGLOAD\nINJECT\n',
  },
  // inject/fragment-error
  {
    name: 'fragment with an unclosed bracket',
    code: 'inject/fragment-error',
    severity: 'error',
    src: '-- @inject default = ORDER ⟦{⟧key:[oid]\nCATEGORY app_counter\nTAGLOAD\nINJECT default\n',
  },
  {
    name: 'fragment with an unknown command',
    code: 'inject/fragment-warning',
    severity: 'warning',
    src: '-- @inject default = ⟦ORDR⟧ {key:[oid]}\nCATEGORY app_counter\nTAGLOAD\nINJECT default\n',
  },
  {
    name: 'valid fragment',
    code: 'inject/fragment-error',
    src: '-- @inject default = ORDER {key:[oid], sort:[desc]}\nCATEGORY app_counter\nTAGLOAD\nINJECT default\n',
  },
  // inject/in-operand
  {
    name: 'INJECT inside an object',
    code: 'inject/in-operand',
    severity: 'error',
    src: 'CATEGORY app_counter\nTAGLOAD\nFILTER {key: oid, value: ⟦INJECT default⟧}\n',
  },
  // param/as-key
  {
    name: '$param as a key',
    code: 'param/as-key',
    severity: 'error',
    src: 'CATEGORY app_counter\nTAGLOAD\nSKIP {⟦$option⟧:10}\n',
  },
  {
    name: '$param as a value',
    code: 'param/as-key',
    src: 'CATEGORY app_counter\nTAGLOAD\nSKIP {value:$skip}\n',
  },
  {
    name: 'dollar inside a field name',
    code: 'param/as-key',
    src: 'CATEGORY db_mongodb_counter\nTAGLOAD\nSELECT [time, active$connections]\n',
  },
  // param/unbound
  {
    name: 'unbound params',
    code: 'param/unbound',
    severity: 'information',
    src: 'CATEGORY app_counter\nTAGLOAD\nFILTER {key: oid, value: ⟦$oidFirst⟧}\nLIMIT ⟦$rows⟧\n',
  },
  {
    name: 'unbound params of OID/OKIND/ONODE/OIDSET are skipped by the service: optional, a hint',
    code: 'param/ignored-when-unbound',
    severity: 'hint',
    src: 'CATEGORY app_counter\nOID [⟦$oidFirst⟧, ⟦$oidSecond⟧]\nOKIND ⟦$okind⟧\nONODE ⟦$onode⟧\nOIDSET {oid: ⟦$oid⟧}\nTAGLOAD\n',
  },
  {
    name: 'a param outside those commands is not one the service ignores',
    code: 'param/ignored-when-unbound',
    src: 'CATEGORY app_counter\nTAGLOAD\nFILTER {key: oid, value: $oid}\n',
  },
  {
    name: 'a selection param the query also reads elsewhere needs a value: no hint',
    code: 'param/ignored-when-unbound',
    src: 'CATEGORY app_counter\nOIDSET {oid: $oid}\nTAGLOAD\nFILTER {key: oid, value: $oid}\n',
  },
  {
    name: 'then every occurrence of it is unbound, the selection one too',
    code: 'param/unbound',
    src: 'CATEGORY app_counter\nOIDSET {oid: ⟦$oid⟧}\nTAGLOAD\nFILTER {key: oid, value: ⟦$oid⟧}\n',
  },
  {
    name: 'a quoted selection param is text the service substitutes: not optional',
    code: 'param/unbound',
    src: 'CATEGORY app_counter\nOIDSET {oid: "⟦$oid⟧"}\nTAGLOAD\n',
  },
  {
    name: 'each query of a file judges its own uses of a name',
    code: 'param/ignored-when-unbound',
    src: 'CATEGORY app_counter\nOID ⟦$oid⟧\nTAGLOAD\n\nCATEGORY server_base\nTAGLOAD\nFILTER {key: oid, value: $oid}\n',
  },
  {
    name: 'param bound by a directive',
    code: 'param/unbound',
    src: '-- @param $oid = 1234\nCATEGORY app_counter\nOID $oid\nTAGLOAD\n',
  },
  {
    name: 'param bound by the run',
    code: 'param/unbound',
    src: 'CATEGORY app_counter\nOID $oid\nTAGLOAD\n',
    options: { params: { $oid: '1' } },
  },
  {
    name: "$stime and $etime are filled from the run's time range, other params still need a value",
    code: 'param/unbound',
    severity: 'information',
    src: 'TIME-RANGE {duration: 15s, etime: $etime}\nCATEGORY app_counter\nTAGLOAD\nFILTER {key: time, value: $stime}\nLIMIT ⟦$rows⟧\n',
  },
  {
    name: '$etime in OID is filled from the range too, so nothing is ignored',
    code: 'param/ignored-when-unbound',
    src: 'CATEGORY app_counter\nOID [$etime]\nTAGLOAD\n',
  },
  {
    name: 'field name with a dollar is not a param',
    code: 'param/unbound',
    src: 'CATEGORY db_mongodb_counter\nTAGLOAD\nSELECT [time, active$connections, opcounters$insert]\n',
  },
  // param/unused
  {
    name: 'declared param never used',
    code: 'param/unused',
    severity: 'hint',
    src: '⟦-- @param $limit = 5⟧\nCATEGORY app_counter\nTAGLOAD\n',
  },
  // structure/missing-category
  {
    name: 'TAGLOAD without CATEGORY',
    code: 'structure/missing-category',
    severity: 'error',
    src: '⟦TAGLOAD⟧\nSELECT [time]\n',
  },
  {
    name: 'CATEGORY inside the SUB',
    code: 'structure/missing-category',
    src: 'APPEND q1\nSUB q1\nCATEGORY app_counter\nTAGLOAD\nEND\n',
  },
  {
    name: 'SUB without CATEGORY',
    code: 'structure/missing-category',
    severity: 'error',
    src: 'CATEGORY app_counter\nTAGLOAD\nJOIN {pk: oid, query: q1}\nSUB q1\n⟦FLEXLOAD⟧\nEND\n',
  },
  {
    name: 'template marker may hold the category',
    code: 'structure/missing-category',
    src: '<% CATEGORY_LINE %>\nTAGLOAD\n',
  },
  // structure/process-before-load
  {
    name: 'FILTER before TAGLOAD',
    code: 'structure/process-before-load',
    severity: 'warning',
    src: 'CATEGORY app_counter\n⟦FILTER⟧ {key: oid, value: 1}\nTAGLOAD\n',
  },
  {
    name: 'SELECT before TAGLOAD names the columns to load (a real dashboard form)',
    code: 'structure/process-before-load',
    src: 'CATEGORY app_counter\nSELECT [time, tps]\nTAGLOAD\n',
  },
  {
    name: 'HEADER and TIME-RANGE before the loader',
    code: 'structure/process-before-load',
    src: 'HEADER {tps$:F}\nTIME-RANGE {duration:15s}\nCATEGORY app_counter\nTAGLOAD\nSELECT [time, tps]\n',
  },
  {
    name: 'APPEND-only pipeline',
    code: 'structure/process-before-load',
    src: 'APPEND {query: agents}\nJOIN {pk: oid, query: inv}\nSUB agents\nCATEGORY agent_list\nFLEXLOAD\nEND\nSUB inv\nKV.LOAD server_inventory\nEND\n',
  },
  // structure/missing-loader
  {
    name: 'CATEGORY without a loader',
    code: 'structure/missing-loader',
    severity: 'warning',
    src: '⟦CATEGORY⟧ app_counter\nSELECT [time]\n',
  },
  {
    name: 'loader inside a fragment we cannot see',
    code: 'structure/missing-loader',
    src: 'CATEGORY app_counter\nINJECT default\n',
  },
  {
    name: 'SUB with its own loader',
    code: 'structure/missing-loader',
    src: 'APPEND q\nSUB q\ncategory agent_list\nflexload\nend\n',
  },
  // command/unknown
  {
    name: 'misspelt command',
    code: 'command/unknown',
    severity: 'warning',
    src: 'CATEGORY app_counter\nTAGLOAD\n⟦SELEC⟧ [time]\n',
  },
  {
    name: 'lowercase commands are fine',
    code: 'command/unknown',
    src: 'category app_counter\ntagload\nselect [time, tps]\nsub x\ncategory app_counter\ntagload\nend\n',
  },
  {
    name: 'PromQL line',
    code: 'command/unknown',
    src: '>> 100*max by (UUID)(max_over_time(DCGM_FI_DEV_WEIGHTED_GPU_UTIL[1h]))\nRENAME {src:value, dst:max_value}\n',
  },
  // option/unknown
  {
    name: 'unknown FILTER option',
    code: 'option/unknown',
    severity: 'warning',
    src: 'CATEGORY app_counter\nTAGLOAD\nFILTER {key: tps, ⟦valu⟧: 5}\n',
  },
  {
    name: 'HEADER takes any field$ key',
    code: 'option/unknown',
    src: 'HEADER {tps$:F, "rps.max$":I, category: app_counter}\nCATEGORY app_counter\nTAGLOAD\n',
  },
  {
    name: 'GROUP alias primaryKey',
    code: 'option/unknown',
    src: 'CATEGORY app_counter\nTAGLOAD\nGROUP {timeunit:5m, primaryKey:oid, merge:tps}\n',
  },
  // command/deprecated
  {
    name: 'OIDSET',
    code: 'command/deprecated',
    severity: 'information',
    src: '⟦OIDSET {oid:$oid, okind:$okind, onode:$onode}⟧\nCATEGORY app_counter\nTAGLOAD\n',
  },
  // delete/bare-word
  {
    name: 'DELETE word',
    code: 'delete/bare-word',
    severity: 'information',
    src: 'CATEGORY app_counter\nTAGLOAD\nDELETE ⟦time⟧\n',
  },
  { name: 'DELETE list', code: 'delete/bare-word', src: 'CATEGORY app_counter\nTAGLOAD\nDELETE [time]\n' },
  // range/too-long
  {
    name: 'TIME-RANGE over 31 days',
    code: 'range/too-long',
    severity: 'error',
    src: 'TIME-RANGE {recent: ⟦32d⟧}\nCATEGORY app_counter\nTAGLOAD\n',
  },
  {
    name: 'TIME-RANGE of 31 days',
    code: 'range/too-long',
    src: 'TIME-RANGE {duration: 31d, etime: $etime}\nCATEGORY app_counter\nTAGLOAD\n',
  },
  {
    name: 'epoch stime..etime over 31 days',
    code: 'range/too-long',
    severity: 'error',
    src: 'TIME-RANGE {stime: ⟦1700000000000, etime: 1703000000000⟧}\nCATEGORY app_counter\nTAGLOAD\n',
  },
  {
    name: 'sdate..edate is left to the service',
    code: 'range/too-long',
    src: "TIME-RANGE {sdate:'2020/06/01', edate:'2020/10/30', timezone:'GMT+9'}\nCATEGORY app_counter\nTAGLOAD\n",
  },
  {
    name: '@range directive over 31 days',
    code: 'range/too-long',
    severity: 'error',
    src: '-- @range ⟦45d⟧\nCATEGORY app_counter\nTAGLOAD\n',
  },
  // category/unknown
  {
    name: 'misspelt category',
    code: 'category/unknown',
    severity: 'warning',
    src: 'CATEGORY ⟦app_countr⟧\nTAGLOAD\n',
  },
  {
    name: 'known without columns',
    code: 'category/unknown',
    src: 'CATEGORY agent_list\nFLEXLOAD\nSELECT [oid, whatever]\n',
  },
  {
    name: 'hash category name',
    code: 'category/unknown',
    src: 'CATEGORY #WhaTapPIIClearHistory\nLogSink { backward: true }\n',
  },
  {
    name: 'roll-up suffix and JSON form',
    code: 'category/unknown',
    src: 'CATEGORY {"app_counter":6h, "app_counter{m5}":3d, "app_counter{h1}":unlimit }\nTAGLOAD\n',
  },
  { name: 'param category', code: 'category/unknown', src: 'CATEGORY $category\nTAGLOAD\n' },
  {
    name: 'a category nothing known resembles: the catalog may lack it',
    code: 'category/not-in-catalog',
    severity: 'information',
    src: 'CATEGORY ⟦qqq_brand_new_metrics⟧\nTAGLOAD\n',
  },
  {
    name: 'a misspelt category is not merely missing knowledge',
    code: 'category/not-in-catalog',
    src: 'CATEGORY app_countr\nTAGLOAD\n',
  },
  // sub/unresolved
  {
    name: 'JOIN on a missing SUB',
    code: 'sub/unresolved',
    severity: 'warning',
    src: 'CATEGORY app_counter\nTAGLOAD\nJOIN {pk: oid, query: ⟦cpus⟧}\nSUB cpu\nCATEGORY server_base\nTAGLOAD\nEND\n',
  },
  {
    name: 'APPEND a SUB declared later, JOIN a quoted path',
    code: 'sub/unresolved',
    src: "APPEND q1\nJOIN {query: '/app/act_tx/act_tx_oid', pk: oid}\nSUB q1\nCATEGORY app_counter\nTAGLOAD\nEND\n",
  },
  // column/unknown
  {
    name: 'misspelt column in SELECT',
    code: 'column/unknown',
    severity: 'warning',
    src: 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, ⟦tsp⟧]\n',
  },
  {
    name: 'column removed by SELECT',
    code: 'column/unknown',
    severity: 'warning',
    src: 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps]\nFILTER {key: ⟦tx_count⟧, value: 5}\n',
  },
  {
    name: 'column created by CREATE and RENAME',
    code: 'column/unknown',
    src: 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps, oname]\nCREATE {key:x, expr:"tps*2"}\nRENAME {src:oname, dst:name}\nSELECT [time, x, name]\n',
  },
  {
    name: 'renamed away',
    code: 'column/removed-above',
    severity: 'information',
    src: 'CATEGORY app_counter\nTAGLOAD\nRENAME {src:tps, dst:t}\nSELECT [⟦tps⟧]\n',
  },
  {
    name: 'every read of a renamed-away name, in a copy and a sort key',
    code: 'column/removed-above',
    severity: 'information',
    src: 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, tx_count, tps]\nRENAME {src: tx_count, dst: done}\nRENAME {src: tps, dst: rate}\nCREATE {key: label, from: ⟦tx_count⟧}\nORDER {key: ⟦tps⟧, sort: desc}\n',
  },
  {
    name: 'GROUP user leaves the merged user bits in userbytes',
    code: 'column/not-in-catalog',
    src: 'CATEGORY app_user\nTAGLOAD\nSELECT [time, oid, logbits]\nGROUP {timeunit: 1h, pk: oid, user: logbits}\nRENAME [[userbytes, bits], [logbits, users]]\nSELECT [oid, bits, users]\n',
  },
  {
    name: 'userbytes comes from GROUP user only',
    code: 'column/not-in-catalog',
    src: 'CATEGORY app_user\nTAGLOAD\nGROUP {timeunit: 1h, pk: oid, merge: realtime_user}\nSELECT [oid, ⟦userbytes⟧]\n',
  },
  {
    name: 'open set after a $param SELECT',
    code: 'column/unknown',
    src: 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, $field]\nFILTER {key: anything, exist: true}\n',
  },
  {
    name: 'known-without-columns category is open',
    code: 'column/unknown',
    src: 'CATEGORY stat_tx\nFLEXLOAD\nSELECT [service, count]\n',
  },
  {
    name: 'SUB declared after use',
    code: 'column/unknown',
    src: 'CATEGORY app_counter\nTAGLOAD\nSELECT [oid, tps]\nJOIN {pk: oid, query: cpu}\nSELECT [oid, tps, cpu]\nSUB cpu\nCATEGORY server_base\nTAGLOAD\nSELECT [oid, cpu]\nEND\n',
  },
  {
    name: 'column from a SUB JOIN',
    code: 'column/unknown',
    severity: 'warning',
    src: 'CATEGORY app_counter\nTAGLOAD\nSELECT [oid, tps]\nJOIN {pk: oid, query: cpu}\nSELECT [oid, tps, cpu, ⟦memory_pused⟧]\nSUB cpu\nCATEGORY server_base\nTAGLOAD\nSELECT [oid, cpu]\nEND\n',
  },
  {
    name: 'GROUP keeps keys and merged fields',
    code: 'column/removed-above',
    severity: 'information',
    src: 'CATEGORY app_counter\nTAGLOAD\nGROUP {timeunit:5m, pk:oname, merge:tps}\nSELECT [time, oname, tps, _rows_, ⟦tx_count⟧]\n',
  },
  {
    name: 'a FILTER on a column a RENAME took away changes the rows, so it stays a warning',
    code: 'column/unknown',
    severity: 'warning',
    src: 'CATEGORY app_counter\nTAGLOAD\nRENAME {src:tps, dst:rate}\nFILTER {key: ⟦tps⟧, value: 5}\n',
  },
  {
    name: 'a leftover read in a CREATE formula after a SELECT left the column out',
    code: 'column/removed-above',
    severity: 'information',
    src: 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps]\nCREATE {key:x, expr:"⟦tx_count⟧ * 2"}\n',
  },
  {
    name: "a dashboard's series name read before anything creates it",
    code: 'column/not-created',
    severity: 'information',
    src: 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps]\nCREATE {key:_id_, expr: ⟦_name_⟧}\n',
  },
  {
    name: 'unknown command opens the set',
    code: 'column/unknown',
    src: 'CATEGORY app_counter\nTAGLOAD\nFROBNICATE {x:1}\nSELECT [whatever]\n',
  },
];

for (const c of CASES) {
  void test(`${c.code}: ${c.name}`, () => {
    const { text, ranges } = parseMarked(c.src);
    const all = validate(text, { catalog, ...c.options });
    const got = all.filter((d) => d.code === c.code);
    assert.deepEqual(
      got.map((d) => markRange(text, d.range)),
      ranges.map((r) => markRange(text, r)),
      `diagnostics: ${JSON.stringify(
        all.map((d) => [d.code, d.message]),
        null,
        1,
      )}`,
    );
    for (const d of got) {
      if (c.severity) assert.equal(d.severity, c.severity);
      assert.ok(d.message.length > 20, `message too terse: ${d.message}`);
    }
  });
}

void test('a broken line does not hide the diagnostics of other lines', () => {
  const { text } = parseMarked(
    'CATEGORY app_countr\nTAGLOAD\nFILTER {key: tps value: 5\nSELECT [time, tsp]\nINJECT sortIt\n',
  );
  const codes = new Set<string>(validate(text, { catalog }).map((d) => d.code));
  for (const code of ['category/unknown', 'inject/missing-fragment']) assert.ok(codes.has(code), code);
  assert.ok(
    [...codes].some((c) => c.startsWith('syntax/')),
    'the syntax error is reported',
  );
});

void test('nothing MXQL-specific is reported inside PromQL lines', () => {
  const text = '>> sum by (x) (rate(foo{job="$job", a=~"b"}[5m])) INJECT y\nRENAME {src:value, dst:v}\n';
  assert.deepEqual(
    validate(text, { catalog }).filter((d) => d.range.start < text.indexOf('\n')),
    [],
  );
});

void test('enabled filters by group or code', () => {
  const text = 'CATEGORY app_countr\nTAGLOAD\nINJECT\n';
  const onlyInject = validate(text, { catalog, enabled: ['inject'] });
  assert.ok(onlyInject.length > 0 && onlyInject.every((d) => d.code.startsWith('inject/')));
  assert.deepEqual(
    validate(text, { catalog, enabled: ['inject/bare'] }).map((d) => d.code),
    ['inject/bare'],
  );
});

void test('diagnostics are sorted by offset', () => {
  const text = 'INJECT\nCATEGORY app_countr\nSELECT [x]\nTAGLOAD\nINJECT nope\n';
  const starts = validate(text, { catalog }).map((d) => d.range.start);
  assert.deepEqual(
    starts,
    [...starts].sort((a, b) => a - b),
  );
});

void test('the core never throws on odd input', () => {
  for (const text of [
    '',
    '\n\n',
    '{',
    '}}}',
    '"',
    'SUB',
    'END',
    'INJECT INJECT',
    '-- @inject',
    '-- @param $',
    '$',
    '<%',
    '>>',
    'CATEGORY {',
    '\r\n\r\nTAGLOAD\r\n',
  ]) {
    assert.doesNotThrow(() => validate(text, { catalog }), text);
  }
});

void test('columns created by a declared INJECT fragment are known after the INJECT', () => {
  const text =
    '-- @inject default = CREATE {key: doubled, expr: "tps*2"}\nCATEGORY app_counter\nTAGLOAD\nSELECT [time, tps]\nINJECT default\nSELECT [time, doubled]\n';
  assert.deepEqual(
    validate(text, { catalog }).filter((d) => d.code === 'column/unknown'),
    [],
  );
});

void test('a parse the caller already has is reused', () => {
  const text = 'CATEGORY app_countr\nTAGLOAD\n';
  assert.deepEqual(validate({ text, parsed: parse(text) }, { catalog }), validate(text, { catalog }));
});

void test('directive problems come through with their directive/* codes', () => {
  const { text, ranges } = parseMarked('-- @limit ⟦lots⟧\nCATEGORY app_counter\nTAGLOAD\n');
  const d = validate(text, { catalog }).filter((x) => x.code.startsWith('directive/'));
  assert.deepEqual(
    d.map((x) => [x.code, markRange(text, x.range)]),
    [['directive/bad-limit', markRange(text, ranges[0] ?? { start: 0, end: 0 })]],
  );
});

void test('fragment problems map into the directive line that holds them', () => {
  const { text, ranges } = parseMarked(
    '-- @inject default = LIMIT 5\n-- @inject default = ⟦SORTT⟧ x\nCATEGORY app_counter\nTAGLOAD\nINJECT default\n',
  );
  const d = validate(text, { catalog }).filter((x) => x.code === 'inject/fragment-warning');
  assert.deepEqual(
    d.map((x) => markRange(text, x.range)),
    ranges.map((r) => markRange(text, r)),
  );
  assert.match(d[0]?.message ?? '', /fragment 'default'.*command\/unknown/);
});

void test('CRLF line ends and no final newline keep exact ranges', () => {
  const { text, ranges } = parseMarked(
    '-- @inject yes = LIMIT 1\r\nCATEGORY ⟦app_countr⟧\r\nTAGLOAD\r\nINJECT yes\r\nINJECT ⟦nope⟧',
  );
  const d = validate(text, { catalog }).filter((x) => x.severity === 'warning');
  assert.deepEqual(
    d.map((x) => markRange(text, x.range)),
    ranges.map((r) => markRange(text, r)),
  );
});
