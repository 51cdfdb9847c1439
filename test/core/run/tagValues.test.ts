// Tag values: a `$param` compared with a column (a FILTER's value, a load filter, FILTER-KEYS position by
// position, one side of `==`/`!=`/`like` in a formula) is a value of that column, with the lookup that
// lists the column's values live. One table of uses that are tag values, one of uses that are not (and
// that the kind never takes from a column, a row count or an agent), and the lookup's query and reading.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  LOOKUP_VALUES,
  describeParamKind,
  lookupValues,
  paramNeeds,
  parse,
  parsedText,
  planRun,
  wholeQuery,
  wordingFor,
  type ParamNeed,
} from '../../../server/core/index';
import { valueLookup } from '../../../server/core/analysis/valueLookup';
import { bundledCategoryCatalog } from '../../../server/core/catalog/bundledCatalog';

function needsOf(text: string): ParamNeed[] {
  return paramNeeds(parsedText(text), wholeQuery(text), bundledCategoryCatalog);
}

function needOf(text: string, name: string): ParamNeed {
  const found = needsOf(text).find((n) => n.name === name);
  assert.ok(found, `${name} is a need of:\n${text}`);
  return found;
}

interface TagCase {
  readonly name: string;
  readonly src: string;
  readonly param: string;
  readonly column: string;
  /** The category in effect, or undefined when the query does not name it. */
  readonly category: string | undefined;
  /** The loader the lookup uses, or undefined when there is no lookup. */
  readonly loader: string | undefined;
}

const TAG_VALUES: readonly TagCase[] = [
  {
    name: 'FILTER value compared with its key column',
    src: 'CATEGORY app_counter\nTAGLOAD\nFILTER {key: type, value: $type}\n',
    param: '$type',
    column: 'type',
    category: 'app_counter',
    loader: 'TAGLOAD',
  },
  {
    name: 'a quoted key and the value as an item of a list',
    src: 'CATEGORY app_counter\nTAGLOAD\nFILTER { key: "host_ip", value: [$ip] }\n',
    param: '$ip',
    column: 'host_ip',
    category: 'app_counter',
    loader: 'TAGLOAD',
  },
  {
    name: 'the value quoted alone is substituted in the same place',
    src: 'CATEGORY app_counter\nTAGLOAD\nFILTER {key: container, value: "$c"}\n',
    param: '$c',
    column: 'container',
    category: 'app_counter',
    loader: 'TAGLOAD',
  },
  {
    name: 'FILTER like and exclude compare with the key too',
    src: 'CATEGORY app_counter\nTAGLOAD\nFILTER {key: okindName, like: $part}\nFILTER {key: pid, exclude: $skip}\n',
    param: '$skip',
    column: 'pid',
    category: 'app_counter',
    loader: 'TAGLOAD',
  },
  {
    name: "a TAGLOAD load filter in a list: the nested object's key",
    src: 'CATEGORY app_counter\nTAGLOAD {filter: [{key: type, value: java}, {key: host_ip, notlike: $net}]}\n',
    param: '$net',
    column: 'host_ip',
    category: 'app_counter',
    loader: 'TAGLOAD',
  },
  {
    name: 'FILTER-KEYS pairs values and keys by position',
    src: 'CATEGORY app_counter\nTAGLOAD\nFILTER-KEYS {keys: [okindName, pid], values: [$kind, $pid]}\n',
    param: '$pid',
    column: 'pid',
    category: 'app_counter',
    loader: 'TAGLOAD',
  },
  {
    name: "a formula comparison with the value quoted: type == '$type'",
    src: 'CATEGORY app_counter\nTAGLOAD\nFILTER {expr: "type == \'$type\' && tps > 1"}\n',
    param: '$type',
    column: 'type',
    category: 'app_counter',
    loader: 'TAGLOAD',
  },
  {
    name: 'a bare FILTER condition, value first',
    src: 'CATEGORY app_counter\nTAGLOAD\nFILTER $name != oname\n',
    param: '$name',
    column: 'oname',
    category: 'app_counter',
    loader: 'TAGLOAD',
  },
  {
    name: 'like inside an IFUPDATE condition',
    src: "CATEGORY app_counter\nTAGLOAD\nIFUPDATE {if: 'oname like $part', key: tps, value: 0}\n",
    param: '$part',
    column: 'oname',
    category: 'app_counter',
    loader: 'TAGLOAD',
  },
  {
    name: "a SUB's own category and loader",
    src: 'CATEGORY app_counter\nTAGLOAD\nJOIN {query: s, field: oid}\n\nSUB s\nCATEGORY agent_list\nFLEXLOAD\nFILTER {key: oname, value: $agent_name}\nEND\n',
    param: '$agent_name',
    column: 'oname',
    category: 'agent_list',
    loader: 'FLEXLOAD',
  },
  {
    name: 'a CATEGORY written as several roll-ups: the first names it',
    src: 'CATEGORY {"rum_page_load_each_page": 6h, "rum_page_load_each_page{m5}": 3d}\nTAGLOAD\nFILTER {key: page_group, value: $g}\n',
    param: '$g',
    column: 'page_group',
    category: 'rum_page_load_each_page',
    loader: 'TAGLOAD',
  },
  {
    name: 'a category given as a $param: a tag value with no lookup',
    src: 'CATEGORY $category\nTAGLOAD\nFILTER {key: type, value: $type}\n',
    param: '$type',
    column: 'type',
    category: undefined,
    loader: undefined,
  },
  {
    name: 'a column the pipeline made: its values are not in the data, so no lookup',
    src: "CATEGORY app_counter\nTAGLOAD\nCREATE {key: tier, expr: \"tps > 10 ? 'hot' : 'cold'\"}\nFILTER {key: tier, value: $tier}\n",
    param: '$tier',
    column: 'tier',
    category: 'app_counter',
    loader: undefined,
  },
  {
    name: 'a log loader a lookup cannot imitate: no lookup',
    src: 'CATEGORY AppLog\nLogCountLoad {stat: "*"}\nFILTER {key: category, value: $cat}\n',
    param: '$cat',
    column: 'category',
    category: 'AppLog',
    loader: undefined,
  },
];

interface OtherCase {
  readonly name: string;
  readonly src: string;
  readonly param: string;
  readonly kind: ParamNeed['kind'];
}

const NOT_TAG_VALUES: readonly OtherCase[] = [
  {
    name: 'a constant of a new column',
    src: 'CATEGORY app_counter\nTAGLOAD\nCREATE {key: label, value: $label}\n',
    param: '$label',
    kind: 'text',
  },
  {
    name: "IFUPDATE's value is written, not compared",
    src: "CATEGORY app_counter\nTAGLOAD\nIFUPDATE {if: 'tps > 1', key: oname, value: $v}\n",
    param: '$v',
    kind: 'text',
  },
  {
    name: 'a key written as a $param names no column, so its value is nobody’s',
    src: 'CATEGORY app_counter\nTAGLOAD\nFILTER {key: $k, value: $v}\n',
    param: '$v',
    kind: 'text',
  },
  {
    name: "LogTag's key is a log tag name, not a column",
    src: 'LogTag {key: $keys, value: $values}\nCATEGORY AppLog\nLogCountLoad\n',
    param: '$values',
    kind: 'text',
  },
  {
    name: 'a number bound (over) is not a tag value',
    src: 'CATEGORY app_counter\nTAGLOAD\nFILTER {key: tps, over: $min}\n',
    param: '$min',
    kind: 'text',
  },
  {
    name: 'an ordering comparison in a formula is not a tag value',
    src: "CATEGORY app_counter\nTAGLOAD\nFILTER {expr: 'tps > $min'}\n",
    param: '$min',
    kind: 'text',
  },
  {
    name: 'a sum compared with a number: no column on the other side',
    src: "CATEGORY app_counter\nTAGLOAD\nFILTER {expr: 'tps + $bias == 3'}\n",
    param: '$bias',
    kind: 'text',
  },
  {
    name: 'a column use wins over a comparison of the same $param',
    src: 'CATEGORY app_counter\nTAGLOAD\nFILTER {key: oname, value: $f}\nSELECT [oname, $f]\n',
    param: '$f',
    kind: 'column',
  },
  {
    name: 'a row count wins over a comparison of the same $param',
    src: "CATEGORY app_counter\nTAGLOAD\nFILTER {expr: 'tx_count == $n'}\nLIMIT $n\n",
    param: '$n',
    kind: 'rowCount',
  },
  {
    name: 'an agent field stays an agent even when a FILTER compares it',
    src: 'CATEGORY app_counter\nTAGLOAD\nFILTER {key: oname, value: $oname}\n',
    param: '$oname',
    kind: 'agent',
  },
  {
    name: 'an agent filter operand stays an agent',
    src: 'CATEGORY app_counter\nOKIND $kind\nTAGLOAD\nFILTER {key: okind, value: $kind}\n',
    param: '$kind',
    kind: 'agent',
  },
];

void describe('tag values: uses compared with a column', () => {
  for (const c of TAG_VALUES) {
    void test(c.name, () => {
      const need = needOf(c.src, c.param);
      assert.deepEqual(
        [need.kind, need.column, need.category, need.choices],
        ['tagValue', c.column, c.category, []],
      );
      if (c.loader === undefined) assert.equal(need.lookup, undefined);
      else {
        assert.ok(need.lookup, 'a lookup');
        assert.deepEqual([need.lookup.column, need.lookup.category], [c.column, c.category]);
        const lines = need.lookup.mql.split('\n');
        assert.match(lines[0] ?? '', /^CATEGORY /);
        assert.equal(lines[1], c.loader);
        // The lookup is a query the parser reads without errors.
        const errors = parse(need.lookup.mql).diagnostics.filter((d) => d.severity === 'error');
        assert.deepEqual(errors, []);
      }
    });
  }
  void test('at least twelve cases', () => assert.ok(TAG_VALUES.length >= 12));
});

void describe('uses that are not tag values', () => {
  for (const c of NOT_TAG_VALUES) {
    void test(c.name, () => assert.equal(needOf(c.src, c.param).kind, c.kind));
  }
});

void describe('the lookup', () => {
  void test('its query: the CATEGORY as written, the loader, one column grouped, most rows first, capped', () => {
    const src =
      'CATEGORY {"rum_page_load_each_page": 6h, "rum_page_load_each_page{m5}": 3d}\nTAGLOAD {backward: true}\nFILTER {key: "page_group", value: $g}\n';
    assert.equal(
      needOf(src, '$g').lookup?.mql,
      [
        'CATEGORY {"rum_page_load_each_page": 6h, "rum_page_load_each_page{m5}": 3d}',
        'TAGLOAD',
        'SELECT ["page_group"]',
        'GROUP {pk: "page_group"}',
        'ORDER {key: _rows_, sort: desc}',
        `LIMIT ${LOOKUP_VALUES}`,
      ].join('\n'),
    );
  });

  void test('no lookup for a name it cannot write or a CATEGORY line with a $param', () => {
    assert.equal(valueLookup('CATEGORY app_counter', 'app_counter', 'a"b', 'TAGLOAD'), undefined);
    assert.equal(valueLookup('CATEGORY $c', 'x', 'type', 'TAGLOAD'), undefined);
    assert.equal(valueLookup('CATEGORY app_counter', 'app_counter', 'type', 'LOGSINK'), undefined);
    assert.ok(valueLookup('category app_counter', 'app_counter', 'type', 'tagload'));
  });

  void test('reading its rows: most rows first, distinct, as text, blanks and composites left out', () => {
    const lookup = valueLookup('CATEGORY app_counter', 'app_counter', 'type', 'TAGLOAD');
    assert.ok(lookup);
    const rows = [
      { type: 'java', _rows_: 3 },
      { type: 'node', _rows_: 9 },
      { type: '', _rows_: 20 },
      { type: null, _rows_: 30 },
      { type: 7, _rows_: 5 },
      { type: 'java', _rows_: 1 },
      { other: 'x', _rows_: 50 },
    ];
    assert.deepEqual(lookupValues(lookup, rows), ['node', '7', 'java']);
    const many = Array.from({ length: LOOKUP_VALUES + 10 }, (_, i) => ({ type: `v${i}` }));
    assert.equal(lookupValues(lookup, many).length, LOOKUP_VALUES);
    assert.deepEqual(lookupValues(lookup, many).slice(0, 2), ['v0', 'v1'], 'without counts, as returned');
  });

  void test('the planner carries the lookup on its need, and refuses naming the kind', () => {
    const plan = planRun({
      fileText: 'CATEGORY app_counter\nTAGLOAD\nFILTER {key: type, value: $type}\n',
      select: { kind: 'file' },
      now: Date.UTC(2026, 0, 1),
      timezone: 0,
      catalog: bundledCategoryCatalog,
    });
    const [need] = plan.needs;
    assert.equal(need?.kind, 'tagValue');
    assert.ok(need?.lookup);
  });
});

void describe('the words of a kind: one owner, every language', () => {
  void test('a tag value names its column; the other kinds their label', () => {
    const tag = { kind: 'tagValue', column: 'host_ip' } as const;
    assert.equal(describeParamKind(tag), 'value of host_ip');
    assert.equal(describeParamKind({ kind: 'tagValue' }), 'value of a column');
    assert.equal(describeParamKind({ kind: 'column' }), 'column at that point');
    for (const language of ['ko', 'ja'] as const) {
      const words = wordingFor(language);
      assert.match(describeParamKind(tag, words), /host_ip/);
      assert.notEqual(describeParamKind({ kind: 'agent' }, words), describeParamKind({ kind: 'agent' }));
    }
  });
});
