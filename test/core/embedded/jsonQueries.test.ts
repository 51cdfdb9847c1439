// MXQL strings inside dashboard JSON: which strings are found, their pointers, and the offset map that
// places a diagnostic of the decoded MXQL on the exact line and column of the JSON file. JSON.parse is
// the independent oracle for every decoded text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  decodedOffsetOf,
  escapeForJson,
  findJsonQueries,
  jsonOffsetOf,
  jsonRangeOf,
  lineColumnOf,
  lineStartsOf,
  validate,
  type JsonQuery,
} from '../../../server/core/index';
import { parseJsonTree, type JsonNode } from '../../../server/core/embedded/jsonQueries';
import { testFeatureCatalog } from '../features/validateCatalog';

const catalog = testFeatureCatalog();

/** The value at a JSON pointer of a parsed document. */
function valueAt(document: unknown, pointer: string): unknown {
  let here = document;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}

/** Every query decodes to what JSON.parse reads at its pointer, and the map is exact both ways. */
function assertFaithful(json: string, queries: readonly JsonQuery[]): void {
  const document: unknown = JSON.parse(json);
  for (const q of queries) {
    assert.equal(q.text, valueAt(document, q.pointer), q.pointer);
    assert.equal(json.slice(q.token.start, q.token.end), `"${q.raw}"`);
    for (let d = 0; d < q.text.length; d++) {
      const from = jsonOffsetOf(q.map, d);
      const to = jsonOffsetOf(q.map, d + 1);
      // The JSON characters that one decoded unit comes from decode to exactly that unit.
      assert.equal(JSON.parse(`"${json.slice(from, to)}"`), q.text[d], `${q.pointer} at ${d}`);
      assert.equal(decodedOffsetOf(q.map, from), d);
      for (let j = from + 1; j < to; j++) assert.equal(decodedOffsetOf(q.map, j), d, 'inside an escape');
    }
    assert.equal(jsonOffsetOf(q.map, q.text.length), q.token.end - 1, 'the end maps to the closing quote');
    assert.equal(decodedOffsetOf(q.map, q.token.end - 1), q.text.length);
  }
}

/** A board with one widget whose query token is written as `raw` on line 6, its content from column 19. */
const board = (raw: string): string =>
  `{\n  "name": "planted",\n  "widgets": [\n    {\n      "metrics": [\n        { "mql": "${raw}" }\n      ]\n    }\n  ]\n}\n`;

// Each query plants NOSUCHCMD after the case's text: a diagnostic (an unknown command, or unexpected
// text after a command) covers exactly that word.
const planted: readonly { name: string; raw: string; column: number }[] = [
  { name: 'at the start of the string', raw: String.raw`NOSUCHCMD\nTAGLOAD`, column: 19 },
  {
    name: 'after escaped line breaks (\\n and \\r\\n)',
    raw: String.raw`CATEGORY app_counter\nTAGLOAD\r\nNOSUCHCMD`,
    column: 52,
  },
  { name: 'after \\"', raw: String.raw`-- say \"hi\"\nNOSUCHCMD`, column: 34 },
  {
    name: 'after \\\\ (and \\\\n that is not a line break)',
    raw: String.raw`-- a\\nb\nNOSUCHCMD`,
    column: 29,
  },
  { name: 'after \\u00e9', raw: String.raw`-- caf\u00e9\nNOSUCHCMD`, column: 33 },
  { name: 'after Korean text as it is', raw: String.raw`-- 응답 시간\nNOSUCHCMD`, column: 29 },
  { name: 'after Korean text as \\u escapes', raw: String.raw`-- \uC751\uB2F5\nNOSUCHCMD`, column: 36 },
  { name: 'after an emoji as a surrogate pair', raw: String.raw`-- \uD83D\uDE00 ok\nNOSUCHCMD`, column: 39 },
  { name: 'after an emoji as it is (two UTF-16 units)', raw: String.raw`-- 😀 ok\nNOSUCHCMD`, column: 29 },
  { name: 'after \\t, \\/, \\b and \\f', raw: String.raw`-- a\tb\/c\b\f\nNOSUCHCMD`, column: 35 },
  {
    name: 'on the same MXQL line after escapes',
    raw: String.raw`FILTER {key: oname, like: \"\u00e9\\\\\"} NOSUCHCMD`,
    column: 61,
  },
];

for (const c of planted) {
  void test(`a diagnostic ${c.name} lands on its exact JSON line and column`, () => {
    const json = board(c.raw);
    const { queries, problems } = findJsonQueries(json);
    assert.deepEqual(problems, []);
    assert.equal(queries.length, 1);
    const q = queries[0] as JsonQuery;
    assert.equal(q.pointer, '/widgets/0/metrics/0/mql');
    assertFaithful(json, queries);
    const found = validate(q.text, { catalog }).filter(
      (d) => q.text.slice(d.range.start, d.range.end) === 'NOSUCHCMD',
    );
    assert.equal(found.length, 1, JSON.stringify(found));
    const range = jsonRangeOf(q.map, (found[0] as (typeof found)[0]).range);
    assert.equal(json.slice(range.start, range.end), 'NOSUCHCMD');
    assert.deepEqual(lineColumnOf(lineStartsOf(json), range.start), { line: 6, column: c.column });
  });
}

// A board as dashboards are written: queries on one line each with \n, quotes, backslashes and Korean.
const REALISTIC = `{
  "name": "응답 시간 보드",
  "widgets": [
    {
      "type": "line",
      "title": "TPS",
      "metrics": [
        { "mql": "CATEGORY app_counter\\nTAGLOAD\\nSELECT [oid, time, tps]\\nUPDATE { key: ['tps'], value: $TIME_MERGE_PLACE }\\nINJECT timepast\\nINJECT default" },
        { "mql": "-- 에러 \\"건수\\"\\nCATEGORY app_counter\\nTAGLOAD\\nFILTER { key: oname, like: 'C:\\\\\\\\app*' }" }
      ]
    },
    { "type": "text", "content": "not a query", "metrics": [] },
    {
      "type": "table",
      "query": "CATEGORY app_counter\\r\\nTAGLOAD\\r\\n",
      "inject": { "default": "LIMIT 5", "extra": { "timepast": "TIME-RANGE {recent: 5m}" } }
    }
  ]
}
`;

void test('a realistic board: pointers in document order, decoded as JSON.parse, written back byte for byte', () => {
  const { queries, problems } = findJsonQueries(REALISTIC);
  assert.deepEqual(problems, []);
  assert.deepEqual(
    queries.map((q) => q.pointer),
    [
      '/widgets/0/metrics/0/mql',
      '/widgets/0/metrics/1/mql',
      '/widgets/2/query',
      '/widgets/2/inject/default',
      '/widgets/2/inject/extra/timepast',
    ],
  );
  assertFaithful(REALISTIC, queries);
  for (const q of queries) assert.equal(escapeForJson(q.text), q.raw, q.pointer);
  // What escapeForJson writes is what JSON.parse reads back, for any text.
  const awkward = 'a"b\\c\n\r\t\b\f\u0001/é😀\ud800';
  assert.equal(JSON.parse(`"${escapeForJson(awkward)}"`), awkward);
});

void test('random strings written by JSON.stringify and as \\u escapes map exactly', () => {
  let seed = 7;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const alphabet = [
    'a',
    'Z',
    ' ',
    '"',
    '\\',
    '/',
    '\n',
    '\r',
    '\t',
    '\b',
    '\f',
    '\u0001',
    'é',
    '한',
    '😀',
    '$',
  ];
  const uEscaped = (s: string): string =>
    [...s]
      .map((ch) => [...ch].map((u) => `\\u${u.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''))
      .join('');
  for (let n = 0; n < 200; n++) {
    const text = Array.from({ length: next(30) }, () => alphabet[next(alphabet.length)]).join('');
    for (const written of [JSON.stringify(text), `"${uEscaped(text)}"`]) {
      const json = `{"inject": {"default": ${written}}}`;
      const { queries, problems } = findJsonQueries(json);
      assert.deepEqual(problems, []);
      assert.equal(queries[0]?.text, text);
      assertFaithful(json, queries);
    }
  }
});

void test('only mql, query and strings under inject are MXQL; pointers escape ~ and /', () => {
  const json = JSON.stringify({
    name: 'mql',
    title: 'query',
    'a/b': { '~c': { mql: 'CATEGORY a' } },
    list: [{ query: 'CATEGORY b' }, { queries: 'no' }, 'mql'],
    query: ['not', 'a string value'],
    inject: { default: 'LIMIT 1', deeper: ['LIMIT 2'], count: 3 },
  });
  const { queries, problems } = findJsonQueries(json);
  assert.deepEqual(problems, []);
  assert.deepEqual(
    queries.map((q) => [q.pointer, q.text]),
    [
      ['/a~1b/~0c/mql', 'CATEGORY a'],
      ['/list/0/query', 'CATEGORY b'],
      ['/inject/default', 'LIMIT 1'],
      ['/inject/deeper/0', 'LIMIT 2'],
    ],
  );
});

void test('a byte order mark and surrounding whitespace keep offsets exact', () => {
  const json = '\ufeff \n{"mql":"X\\nY"}\n';
  const { queries, problems } = findJsonQueries(json);
  assert.deepEqual(problems, []);
  assert.equal(json.slice(jsonOffsetOf((queries[0] as JsonQuery).map, 2), json.indexOf('Y') + 1), 'Y');
});

const malformed: readonly { name: string; json: string; offset: number; message: RegExp; found?: number }[] =
  [
    { name: 'an empty text', json: '', offset: 0, message: /expected a value, found the end/ },
    { name: 'an unclosed string', json: '{"mql": "CATEGORY a', offset: 8, message: /not closed/ },
    { name: 'a missing colon', json: '{"mql" "x"}', offset: 7, message: /expected ':'/ },
    { name: 'a trailing comma', json: '[1, 2,]', offset: 6, message: /expected a value, found '\]'/ },
    { name: 'an unquoted key', json: '{mql: "x"}', offset: 1, message: /key in double quotes/ },
    {
      name: 'a raw line break in a string',
      json: '{"mql": "a\nb"}',
      offset: 10,
      message: /control character/,
    },
    { name: 'an unknown escape', json: '{"mql": "a\\qb"}', offset: 10, message: /not a JSON escape/ },
    { name: 'a short \\u escape', json: '{"mql": "\\u12"}', offset: 9, message: /four hexadecimal/ },
    { name: 'text after the value', json: '{"mql": "x"} {}', offset: 13, message: /after the end/, found: 1 },
    {
      name: 'an unclosed object after a query',
      json: '{"mql": "x", "b": 1',
      offset: 19,
      message: /',' or '}'/,
      found: 1,
    },
    { name: 'a closing bracket of the wrong kind', json: '[{"a": 1]', offset: 8, message: /',' or '}'/ },
  ];

for (const c of malformed) {
  void test(`malformed JSON (${c.name}) is one syntax problem at its offset, never a throw`, () => {
    const { queries, problems } = findJsonQueries(c.json);
    assert.equal(problems.length, 1, JSON.stringify(problems));
    const [p] = problems;
    assert.equal(p?.kind, 'syntax');
    assert.equal(p?.offset, c.offset);
    assert.match(p?.message ?? '', c.message);
    assert.equal(queries.length, c.found ?? 0, 'queries before the error are kept');
  });
}

void test('an mql that is not a string is a problem with its pointer; a non-string query is not', () => {
  const json =
    '{"widgets": [{"metrics": [{"mql": 42}, {"mql": null}, {"mql": {"x": "y"}}, {"mql": []}, {"mql": "CATEGORY a"}]}], "query": {"size": 1}}';
  const { queries, problems } = findJsonQueries(json);
  assert.deepEqual(
    queries.map((q) => q.pointer),
    ['/widgets/0/metrics/4/mql'],
  );
  assert.deepEqual(
    problems.map((p) => [p.kind, p.pointer, json.slice(p.offset, p.offset + 2), p.message]),
    [
      ['not-a-string', '/widgets/0/metrics/0/mql', '42', "'mql' holds a number, not a string of MXQL"],
      ['not-a-string', '/widgets/0/metrics/1/mql', 'nu', "'mql' holds null, not a string of MXQL"],
      ['not-a-string', '/widgets/0/metrics/2/mql', '{"', "'mql' holds an object, not a string of MXQL"],
      ['not-a-string', '/widgets/0/metrics/3/mql', '[]', "'mql' holds an array, not a string of MXQL"],
    ],
  );
});

void test('a JSON file without MXQL keys: no queries and no problems', () => {
  const json = '{"compilerOptions": {"strict": true, "paths": {"x/*": ["y"]}}, "include": ["src"]}';
  assert.deepEqual(findJsonQueries(json), { queries: [], problems: [] });
});

void test('a 20 MB board is scanned within a multiple of JSON.parse, and 100,000 levels of nesting do not overflow', () => {
  const widget = JSON.stringify({
    type: 'line',
    title: '응답 시간 "p95"',
    metrics: [{ mql: 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps]\nINJECT default', color: '#ff0000' }],
    inject: { default: 'LIMIT 5' },
  });
  const count = Math.ceil((20 * 1024 * 1024) / widget.length);
  const json = `{"name": "big", "widgets": [${Array.from({ length: count }, () => widget).join(',')}]}`;
  assert.ok(json.length >= 20 * 1024 * 1024);
  // The same-run baseline: JSON.parse of the same text, which reads every character once too.
  const parseStarted = performance.now();
  JSON.parse(json);
  const parse = performance.now() - parseStarted;
  const started = performance.now();
  const { queries, problems } = findJsonQueries(json);
  const elapsed = performance.now() - started;
  assert.deepEqual(problems, []);
  assert.equal(queries.length, count * 2);
  assert.equal(queries.at(-2)?.pointer, `/widgets/${count - 1}/metrics/0/mql`);
  console.log(
    `20 MB board (${count} widgets): ${Math.round(elapsed)} ms, JSON.parse ${Math.round(parse)} ms`,
  );
  // Measured: 2-4x JSON.parse at load 15-20; a scan that re-reads the text per string is far beyond.
  assert.ok(
    elapsed < 15 * parse,
    `20 MB scanned in ${Math.round(elapsed)} ms, JSON.parse ${Math.round(parse)} ms`,
  );

  const deep = `${'['.repeat(100_000)}"x"${']'.repeat(100_000)}`;
  assert.deepEqual(findJsonQueries(deep), { queries: [], problems: [] });
  const unclosed = findJsonQueries('{"a":'.repeat(100_000));
  assert.equal(unclosed.problems[0]?.kind, 'syntax');
});

/** The JavaScript value a tree node stands for, and every node's pointer checked against `document`. */
function valueOfNode(node: JsonNode, document: unknown): unknown {
  let value: unknown;
  if (node.kind === 'string') value = node.value.text;
  else if (node.kind === 'literal') value = JSON.parse(node.text);
  else if (node.kind === 'array') value = node.items.map((item) => valueOfNode(item, document));
  else value = Object.fromEntries(node.members.map((m) => [m.key.text, valueOfNode(m.value, document)]));
  assert.deepEqual(valueAt(document, node.pointer), value, node.pointer);
  return value;
}

void test('parseJsonTree gives what JSON.parse reads, with each value’s pointer and place', () => {
  const texts = [
    String.raw`{"a/b": {"~x": [1, -2.5e3, true, null, "\u00e9\n"]}, "": [], "o": {}}`,
    '[\n  {"category": "app_counter", "rule": "tps > 1", "alertLabel": ["oname"]}\n]\n',
    '"just a string"',
  ];
  for (const text of texts) {
    const { root, problem } = parseJsonTree(text);
    assert.equal(problem, undefined, text);
    assert.ok(root);
    const document: unknown = JSON.parse(text);
    assert.deepEqual(valueOfNode(root, document), document);
    assert.equal(text.slice(root.start, root.end).trim(), text.trim());
  }
  // A syntax error keeps what was read before it, the open containers reaching the end of the text.
  const cut = '[{"a": 1}, {"b": [2, ';
  const partial = parseJsonTree(cut);
  assert.equal(partial.problem?.kind, 'syntax');
  assert.equal(partial.root?.kind, 'array');
  assert.equal(partial.root?.end, cut.length);
  assert.equal(partial.root?.kind === 'array' ? partial.root.items.length : 0, 2);
});
