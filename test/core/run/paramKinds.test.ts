// What each `$param` of a query stands for, judged from where the query uses it: one table of query
// texts and the needs expected, plus the cases that depend on the catalog given and on which query of a
// file is asked about.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  analyzeDocument,
  paramNeeds,
  parsedText,
  queryAt,
  wholeQuery,
  type ParamNeed,
} from '../../../server/core/index';
import { DURATION_VALUES, TIMEUNIT_VALUES } from '../../../server/core/catalog/enumValues';
import { bundledCategoryCatalog } from '../../../server/core/catalog/bundledCatalog';

/** The needs of the whole text as one query, over the bundled catalog. */
function needsOf(text: string): ParamNeed[] {
  return paramNeeds(parsedText(text), wholeQuery(text), bundledCategoryCatalog);
}

const optionalAgent = (name: string, agentField: string): ParamNeed => ({
  name,
  kind: 'agent',
  optional: true,
  choices: [],
  agentField,
});
const requiredAgent = (name: string, agentField: string): ParamNeed => ({
  ...optionalAgent(name, agentField),
  optional: false,
});
const need = (name: string, kind: ParamNeed['kind'], choices: readonly string[] = []): ParamNeed => ({
  name,
  kind,
  optional: false,
  choices,
});
const ROW_COUNT: Omit<ParamNeed, 'name'> = {
  kind: 'rowCount',
  optional: false,
  choices: ['10', '100', '1000'],
  defaultValue: '100',
};
const values = (list: readonly { value: string }[]): string[] => list.map((v) => v.value);

interface Case {
  readonly name: string;
  readonly src: string;
  readonly needs: readonly ParamNeed[];
}

const CASES: readonly Case[] = [
  {
    name: 'OIDSET with all three selection params: optional agents, one field each',
    src: 'OIDSET {oid:$oid, okind:$okind, onode:$onode}\nCATEGORY app_counter\nTAGLOAD\n',
    needs: [optionalAgent('$oid', 'oid'), optionalAgent('$okind', 'okind'), optionalAgent('$onode', 'onode')],
  },
  {
    name: 'OID, OKIND and ONODE operands are optional agents of their own field',
    src: 'CATEGORY app_counter\nOID $oid\nOKIND [$group]\nONODE $node\nTAGLOAD\n',
    needs: [optionalAgent('$oid', 'oid'), optionalAgent('$group', 'okind'), optionalAgent('$node', 'onode')],
  },
  {
    name: 'OIDSET microOid stands for an object id',
    src: 'CATEGORY container\nOIDSET {microOid: $oid}\nTAGLOAD\n',
    needs: [optionalAgent('$oid', 'oid')],
  },
  {
    name: 'the same $oid also read by FILTER: still an agent, no longer optional',
    src: 'CATEGORY app_counter\nOIDSET {oid: $oid}\nTAGLOAD\nFILTER {key: oid, value: $oid}\n',
    needs: [requiredAgent('$oid', 'oid')],
  },
  {
    name: 'a selection param inside a string is substituted as text, so it is required',
    src: 'CATEGORY app_counter\nOIDSET {oid: "$oid"}\nTAGLOAD\n',
    needs: [requiredAgent('$oid', 'oid')],
  },
  {
    name: '$oname in a FILTER is an agent name the run needs',
    src: 'CATEGORY app_counter\nTAGLOAD\nFILTER {key: oname, value: $oname}\n',
    needs: [requiredAgent('$oname', 'oname')],
  },
  {
    name: '$okindName and $onodeName in a CREATE expression are required agent names',
    src: "CATEGORY app_counter\nTAGLOAD\nCREATE {key: g, expr: '$okindName'}\nFILTER {key: onodeName, value: $onodeName}\n",
    needs: [requiredAgent('$okindName', 'okindName'), requiredAgent('$onodeName', 'onodeName')],
  },
  {
    name: 'LIMIT and a `rows` option are row counts offered 100 first',
    src: 'CATEGORY app_counter\nTAGLOAD\nGROUP {pk: oid, rows: $perGroup}\nLIMIT $limit\n',
    needs: [
      { name: '$perGroup', ...ROW_COUNT },
      { name: '$limit', ...ROW_COUNT },
    ],
  },
  {
    name: 'TIME-RANGE duration offers the durations of the option',
    src: 'TIME-RANGE {duration: $window, etime: $etime}\nCATEGORY app_counter\nTAGLOAD\n',
    needs: [need('$window', 'duration', values(DURATION_VALUES))],
  },
  {
    name: 'TIME-PAST $delta stands for its one required option, a duration',
    src: 'TIME-PAST $delta\nCATEGORY app_counter\nTAGLOAD\n',
    needs: [need('$delta', 'duration', ['1d', '7d', '28d'])],
  },
  {
    name: 'GROUP timeunit offers the time units',
    src: 'CATEGORY app_counter\nTAGLOAD\nGROUP {timeunit: $group_time_unit, pk: oid}\n',
    needs: [need('$group_time_unit', 'timeUnit', values(TIMEUNIT_VALUES))],
  },
  {
    name: "a merge function offers the catalog's merges; a FILTER expression and a constant are free text",
    src: "CATEGORY app_counter\nTAGLOAD\nUPDATE {key: tps, value: $merge}\nFILTER {expr: 'tps > $min'}\nCREATE {key: x, value: $label}\n",
    needs: [
      need('$merge', 'text', ['sum', 'avg', 'min', 'max', 'last', 'cnt', 'count', 'aggr']),
      need('$min', 'text'),
      need('$label', 'text'),
    ],
  },
  {
    name: "a board's merge placeholders offer the board's four merges, wherever they stand",
    src: 'CATEGORY app_counter\nTAGLOAD\nUPDATE {key: tps, value: $TIME_MERGE_PLACE}\nCREATE {key: m, value: $OBJECT_MERGE_PLACE}\n',
    needs: [
      need('$TIME_MERGE_PLACE', 'text', ['avg', 'sum', 'max', 'min']),
      need('$OBJECT_MERGE_PLACE', 'text', ['avg', 'sum', 'max', 'min']),
    ],
  },
  {
    name: '$stime and $etime are left to the run range',
    src: 'TIME-RANGE {stime: $stime, etime: $etime}\nCATEGORY app_counter\nTAGLOAD\nLIMIT $n\n',
    needs: [{ name: '$n', ...ROW_COUNT }],
  },
  {
    name: 'columns of the step: after SELECT only what it kept, fields before system columns',
    src: 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps]\nORDER {key: $sortBy}\n',
    needs: [need('$sortBy', 'column', ['tps', 'time'])],
  },
  {
    name: 'a column the pipeline created comes first',
    src: "CATEGORY app_counter\nTAGLOAD\nSELECT [oname, tps]\nCREATE {key: load, expr: 'tps * 2'}\nUPDATE {key: $col, value: sum}\n",
    needs: [need('$col', 'column', ['load', 'tps', 'oname'])],
  },
  {
    name: 'a quoted string that is only the param stands where the string does: a column here',
    src: 'CATEGORY app_counter\nTAGLOAD\nSELECT [oname, tps]\nGROUP {pk: "$pk", merge: tps}\n',
    needs: [need('$pk', 'column', ['tps', 'oname'])],
  },
  {
    name: 'a category whose list is incomplete offers the columns public queries read of it, most read first',
    src: 'CATEGORY agent_list\nTAGLOAD\nSELECT [$x]\n',
    needs: [need('$x', 'column', agentListColumns())],
  },
  {
    name: 'a category the catalog does not know: a column with no choices',
    src: 'CATEGORY no_such_category_here\nTAGLOAD\nSELECT [$x]\n',
    needs: [need('$x', 'column')],
  },
];

/** What the catalog knows of agent_list's columns, most read first (the test states the rule, not a list). */
function agentListColumns(): string[] {
  const info = bundledCategoryCatalog.getCategory('agent_list');
  const columns = [...(info?.fields ?? []), ...(info?.tags ?? [])];
  const uses = new Map(columns.map((c) => [c.name, c.uses ?? 0]));
  return [...new Set(columns.map((c) => c.name))].sort(
    (a, b) => (uses.get(b) ?? 0) - (uses.get(a) ?? 0) || a.localeCompare(b),
  );
}

void describe('paramNeeds table', () => {
  for (const c of CASES) {
    void test(c.name, () => assert.deepEqual(needsOf(c.src), c.needs));
  }
  void test('at least fifteen cases', () => assert.ok(CASES.length >= 15));
});

void describe('paramNeeds and its sources', () => {
  void test('CATEGORY $category offers every catalog category, those public queries read most first', () => {
    const [category, ...rest] = needsOf('CATEGORY $category\nTAGLOAD\n');
    assert.deepEqual(rest, []);
    assert.deepEqual([category?.kind, category?.optional], ['category', false]);
    assert.deepEqual(
      [...(category?.choices ?? [])].sort(),
      [...bundledCategoryCatalog.categoryNames()].sort(),
    );
    const top = category?.choices.slice(0, 10) ?? [];
    assert.ok(top.includes('app_counter') && top.includes('server_base'), top.join());
  });

  void test('each name once, in first-use order, judged by its first telling use', () => {
    const text =
      "CATEGORY app_counter\nTAGLOAD\nFILTER {expr: '$f != null'}\nSELECT [time, $f]\nLIMIT $n\nSKIP $n\n";
    const [f, n, ...rest] = needsOf(text);
    assert.deepEqual([f?.name, f?.kind, f?.optional], ['$f', 'column', false]);
    assert.equal(f?.choices[0], 'tps');
    assert.deepEqual(n, { name: '$n', ...ROW_COUNT });
    assert.deepEqual(rest, []);
  });

  void test('the $field of SELECT offers the columns of the category at that step, fields first', () => {
    const [field] = needsOf('CATEGORY app_counter\nTAGLOAD\nSELECT [time, oname, $field]\n');
    assert.equal(field?.kind, 'column');
    assert.ok(field?.choices.includes('tps') && field.choices.includes('oname'));
    const tpsAt = field.choices.indexOf('tps');
    assert.ok(tpsAt < field.choices.indexOf('oname'), 'a field before a system column');
  });

  void test('without a catalog, column and category choices are empty and the kinds stay', () => {
    const text = 'CATEGORY $category\nTAGLOAD\nSELECT [$f]\nLIMIT $n\n';
    const needs = paramNeeds(parsedText(text), wholeQuery(text));
    assert.deepEqual(
      needs.map((n) => [n.name, n.kind, n.choices.length]),
      [
        ['$category', 'category', 0],
        ['$f', 'column', 0],
        ['$n', 'rowCount', 3],
      ],
    );
  });

  void test('an analysis brings its own catalog and column flow', () => {
    const text = 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps]\nORDER {key: $by}\n';
    const analysis = analyzeDocument(text, { categories: bundledCategoryCatalog });
    assert.deepEqual(paramNeeds(analysis, wholeQuery(text)), [need('$by', 'column', ['tps', 'time'])]);
  });

  void test('only the params of the query asked about, with those of the SUB blocks it sends', () => {
    const text = [
      'CATEGORY app_counter',
      'OID $oid',
      'TAGLOAD',
      'JOIN {query: top, field: oid}',
      '',
      'CATEGORY server_base',
      'TAGLOAD',
      'LIMIT $rows',
      '',
      'SUB top',
      'CATEGORY app_counter',
      'TAGLOAD',
      'ORDER {key: $by}',
      'END',
      '',
    ].join('\n');
    const source = parsedText(text);
    const first = queryAt(source, 0);
    const second = queryAt(source, text.indexOf('CATEGORY server_base'));
    assert.ok(first && second);
    assert.deepEqual(
      paramNeeds(source, first, bundledCategoryCatalog).map((n) => [n.name, n.kind, n.optional]),
      [
        ['$oid', 'agent', true],
        ['$by', 'column', false],
      ],
    );
    assert.deepEqual(
      paramNeeds(source, second, bundledCategoryCatalog).map((n) => n.name),
      ['$rows'],
    );
  });

  void test('broken and template text never throws', () => {
    for (const text of [
      '',
      'OID',
      'OIDSET {oid: }',
      'CATEGORY <%CAT%>\nTAGLOAD\nSELECT [$x',
      '$x',
      'LIMIT [$a, $b',
    ]) {
      const needs = paramNeeds(parsedText(text), wholeQuery(text), bundledCategoryCatalog);
      assert.ok(Array.isArray(needs));
    }
  });
});
