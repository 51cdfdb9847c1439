// `mxql run` on dashboard JSON as CI runs it: a spawned CLI against the demo backend over real sockets.
// Every MXQL string of the board runs through the planner with the board's conventions and the values
// its author set, and each line names the JSON file's line and column (where the string starts), the
// string's JSON pointer and where each filled value came from.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../support/cliProcess';

// A series widget whose query uses the board's placeholders (merges, INJECT timepast/default, HEADER),
// a widget whose `query` takes its INJECT default from the `inject` object beside it, and a fragment.
const BOARD = String.raw`{
  "name": "보드 😀",
  "widgets": [
    {
      "id": 1,
      "widgetType": "SERIES",
      "metrics": [
        {
          "name": "tps",
          "mql": "INJECT timepast\nHEADER { \"tps$\": \"F\" }\nOIDSET { oid: $oid, okind: $okind, onode: $onode }\nCATEGORY app_counter\nTAGLOAD\nINJECT default\nUPDATE { key: [tps], value: $TIME_MERGE_PLACE }\nSELECT [time, oid, oname, tps]"
        }
      ]
    },
    { "id": 2, "query": "-- \"한국어\" \uD83D\uDE00\nCATEGORY app_counter\nTAGLOAD\nINJECT default\nSELECT [time, oid, tps]", "inject": { "default": "LIMIT 2" } }
  ]
}
`;

// A Kafka-like board as its authors write them: a sibling metric carries the fields' merges, the metric
// with the query an optional `param`; the second widget names a merge the language does not know.
const AUTHORED = JSON.stringify(
  {
    name: 'Broker',
    widgets: [
      {
        id: 'w0',
        widgetType: 'SERIES',
        metrics: [
          {
            name: 'Name',
            tags: [{ key: 'oname', unit: '#' }],
            fields: [
              { key: 'mem', title: 'Memory', unit: '%', timeMerge: 'min', objectMerge: 'min' },
              { key: 'cpu', title: 'CPU', unit: '%', timeMerge: 'max', objectMerge: 'max' },
            ],
            mqlType: 'automated',
          },
          {
            name: 'Project',
            mql: "CATEGORY server_base\nTAGLOAD\nSELECT [time, oname, cpu]\nGROUP { timeunit: 5m, pk: oname, merge: [cpu] }\nUPDATE { key: ['cpu'], value: $TIME_MERGE_PLACE }\nGROUP { timeunit: 5m, merge: [cpu] }\nUPDATE { key: ['cpu'], value: $OBJECT_MERGE_PLACE }",
            param: { $OBJECT_MERGE_PLACE: 'sum' },
          },
        ],
      },
      {
        id: 'w1',
        metrics: [
          { name: 'Name', fields: [{ key: 'mem', timeMerge: 'median' }] },
          {
            name: 'Project',
            mql: "CATEGORY server_base\nTAGLOAD\nSELECT [time, oname, mem]\nGROUP { timeunit: 5m, pk: oname, merge: [mem] }\nUPDATE { key: ['mem'], value: $TIME_MERGE_PLACE }",
          },
        ],
      },
    ],
  },
  null,
  2,
);

/** 1-based line and column of the first `needle` in `text` (the oracle: plain string search). */
function placeOf(text: string, needle: string): string {
  const offset = text.indexOf(needle);
  assert.ok(offset >= 0, needle);
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${(before[before.length - 1] ?? '').length + 1}`;
}

const MQL = placeOf(BOARD, 'INJECT timepast');
const QUERY = placeOf(BOARD, '-- \\"한국어');

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mxql-run-json-'));
  await mkdir(join(dir, 'boards'));
  await writeFile(join(dir, 'boards', 'board.json'), BOARD);
  await writeFile(join(dir, 'boards', 'package.json'), '{ "name": "not a dashboard" }\n');
  await writeFile(join(dir, 'broken.json'), '{ "widgets": [ { "mql": "CATEGORY a" } \n');
});
after(() => rm(dir, { recursive: true, force: true }));

const run = (file: string, ...flags: string[]) => runCli(['run', join(dir, file), '--demo', ...flags]);

void describe('mxql run on dashboard JSON', () => {
  void test('a merge placeholder without --param is refused with the four merges, at the line, column and pointer of its string', async () => {
    const r = await run('boards/board.json');
    assert.equal(r.code, 1, r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.equal(lines.length, 3, r.stdout);
    assert.ok(
      lines[0]?.endsWith(
        `board.json:${MQL}: /widgets/0/metrics/0/mql: error run/missing-param missing value for $TIME_MERGE_PLACE; $TIME_MERGE_PLACE (value) such as avg, sum, max, min: add --param '$TIME_MERGE_PLACE=value' or '-- @param $TIME_MERGE_PLACE = value'`,
      ),
      lines[0],
    );
    // The second query takes INJECT default from the inject object beside it: LIMIT 2.
    assert.match(
      lines[1] ?? '',
      new RegExp(`board\\.json:${QUERY}: /widgets/1/query: ok 2 rows \\(\\d+ ms\\)`),
    );
    assert.equal(lines[2], '1 file, 2 queries in JSON run: 1 ok, 0 empty, 1 error');
  });

  void test('with --param every query runs on the demo; --inject beats the fragment beside a query', async () => {
    const r = await run(
      'boards/board.json',
      '--param',
      '$TIME_MERGE_PLACE=max',
      '--inject',
      'default=LIMIT 3',
    );
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.match(lines[0] ?? '', new RegExp(`board\\.json:${MQL}: /widgets/0/metrics/0/mql: ok 3 rows`));
    assert.match(lines[1] ?? '', new RegExp(`board\\.json:${QUERY}: /widgets/1/query: ok 3 rows`));
    assert.equal(lines[2], '1 file, 2 queries in JSON run: 2 ok, 0 empty, 0 errors');
  });

  void test('--format json gives each query its pointer and place; a walked folder skips JSON without MXQL', async () => {
    const r = await run('boards', '--param', '$TIME_MERGE_PLACE=avg', '--format', 'json');
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const out = JSON.parse(r.stdout) as {
      files: {
        path: string;
        pointer?: string;
        line?: number;
        column?: number;
        status: string;
        rows: number;
      }[];
      summary: Record<string, number>;
    };
    assert.deepEqual(
      out.files.map((f) => [f.pointer, `${f.line}:${f.column}`, f.status]),
      [
        ['/widgets/0/metrics/0/mql', MQL, 'ok'],
        ['/widgets/1/query', QUERY, 'ok'],
      ],
    );
    assert.ok(out.files.every((f) => f.path.endsWith('boards/board.json')));
    assert.equal(out.files[1]?.rows, 2);
    assert.deepEqual(out.summary, { files: 1, queries: 2, ok: 2, empty: 0, errors: 0 });
  });

  void test("the service's error on a query line is placed on that line of the JSON file, after escapes, Korean and emoji", async () => {
    const board = String.raw`{ "widgets": [ { "query": "-- \"한국어\" \uD83D\uDE00 😀\nCATEGORY app_counter\nFROBNICATE {a: 1}" } ] }`;
    await writeFile(join(dir, 'error.json'), board);
    const r = await run('error.json');
    assert.equal(r.code, 1);
    assert.match(
      r.stdout,
      new RegExp(
        `error\\.json:${placeOf(board, 'FROBNICATE')}: /widgets/0/query: error mxql/unsupported-command Unknown command FROBNICATE \\(line 3 of the query\\)`,
      ),
    );
  });

  void test('malformed JSON and a named JSON file without MXQL are errors that say so; nothing is rewritten', async () => {
    const broken = await run('broken.json');
    assert.equal(broken.code, 1);
    assert.match(
      broken.stdout,
      /broken\.json:2:1: error json\/syntax expected ',' or ']', found the end of the text; the queries after it were not run/,
    );
    const plain = await run('boards/package.json');
    assert.equal(plain.code, 1);
    assert.match(plain.stdout, /package\.json:1:1: error json\/no-queries no MXQL to run in this JSON file/);
    const line = await run('boards/board.json', '--line', '3');
    assert.equal(line.code, 2);
    assert.match(line.stderr, /--line picks a query of one file/);
  });
  void test("a Kafka-like widget runs with its author's merges: the field's timeMerge and the metric's param, each origin in --format json", async () => {
    await writeFile(join(dir, 'kafka.json'), AUTHORED);
    const r = await run('kafka.json', '--format', 'json');
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const out = JSON.parse(r.stdout) as {
      files: {
        pointer?: string;
        status: string;
        rows: number;
        params?: Record<string, string>;
        paramOrigins?: Record<string, unknown>;
      }[];
    };
    const [merged, chosen] = out.files;
    assert.equal(merged?.pointer, '/widgets/0/metrics/1/mql');
    assert.equal(merged?.status, 'ok');
    assert.ok((merged?.rows ?? 0) > 0);
    assert.deepEqual(merged?.params, { $TIME_MERGE_PLACE: 'max', $OBJECT_MERGE_PLACE: 'sum' });
    assert.deepEqual(merged?.paramOrigins, {
      $TIME_MERGE_PLACE: {
        kind: 'field',
        pointer: '/widgets/0/metrics/0/fields/1',
        key: 'cpu',
        how: 'key',
        agreeing: 1,
        fields: 1,
      },
      $OBJECT_MERGE_PLACE: { kind: 'param', pointer: '/widgets/0/metrics/1/param' },
    });
    // The second widget's author wrote a merge the language does not know: it is refused, not sent.
    assert.equal(chosen?.status, 'error');
    assert.equal(chosen?.paramOrigins, undefined);
    assert.match(JSON.stringify(chosen), /missing value for \$TIME_MERGE_PLACE/);
    // --param still wins over the author, and the text line names each origin.
    const text = await run('kafka.json', '--param', '$OBJECT_MERGE_PLACE=min');
    assert.equal(text.code, 1, text.stdout + text.stderr);
    assert.match(
      text.stdout,
      /\/widgets\/0\/metrics\/1\/mql: ok \d+ rows? \(\d+ ms\) · \$TIME_MERGE_PLACE = max timeMerge of field cpu at \/widgets\/0\/metrics\/0\/fields\/1 \(the key the query merges\), \$OBJECT_MERGE_PLACE = min given/,
    );
  });
});
