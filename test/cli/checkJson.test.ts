// `mxql check` on dashboard JSON as a user runs it: a real child process over files in a temporary folder.
// Findings of the MXQL inside JSON strings are placed in the JSON file; the corpus's dashboard queries,
// put back into a dashboard, get exactly the findings they get as .mxql files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mxqlCheck } from '../support/checkProcess';
import { escapeForJson, lineStartsOf } from '../../server/core/index';
import { corpusDir, corpusTest } from '../support/corpus';
import { DASHBOARD_QUERY_PREFIX, corpusBoard } from '../support/corpusBoard';

const mxql = mxqlCheck;

interface Finding {
  line: number;
  column: number;
  severity: string;
  code: string;
  message: string;
  pointer?: string;
}
interface JsonOutput {
  files: { path: string; diagnostics: Finding[] }[];
}

// Line 6 holds a query whose unclosed `{` sits after Korean text, \" and an emoji written as a surrogate
// pair (column 84 of the JSON line); line 7 a misspelt category (column 28).
const BOARD = String.raw`{
  "name": "checked",
  "widgets": [
    {
      "metrics": [
        { "mql": "-- 에러 \"건수\" \uD83D\uDE00\nCATEGORY app_counter\nTAGLOAD\nFILTER {key: tps, value: 5\n" },
        { "mql": "CATEGORY app_countr\nTAGLOAD\n" }
      ]
    }
  ]
}
`;

// A Flex Board widget's query: its placeholders are filled in by the board, never errors.
const PLACEHOLDERS = String.raw`{
  "name": "flex",
  "widgets": [
    {
      "metrics": [
        { "mql": "HEADER { \"OneMinuteRate$\":\"#\" }\nCATEGORY app_counter\nTAGLOAD\nINJECT timepast\nSELECT [oid, time, tps]\nUPDATE { key: ['tps'], value: $TIME_MERGE_PLACE }\nINJECT default\nUPDATE { key: ['tps'], value: $OBJECT_MERGE_PLACE }\n" }
      ]
    }
  ]
}
`;

const dir = mkdtempSync(join(tmpdir(), 'mxql-check-json-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, 'boards'));
writeFileSync(join(dir, 'boards', 'board.json'), BOARD);
writeFileSync(join(dir, 'boards', 'flex.json'), PLACEHOLDERS);
writeFileSync(
  join(dir, 'boards', 'broken.json'),
  '{\n  "name": "broken",\n  "widgets": [ { "title": "x" }, ]\n}\n',
);
writeFileSync(join(dir, 'boards', 'plain.json'), '{ "name": "settings", "theme": "dark" }\n');
// JSON with comments, as editors' settings files are: not JSON, and no business of a directory walk.
writeFileSync(join(dir, 'boards', 'tsconfig.json'), '{\n  // options\n  "compilerOptions": {}\n}\n');
writeFileSync(join(dir, 'boards', 'clean.mxql'), 'CATEGORY app_counter\nTAGLOAD\n');

void test('a planted error in a dashboard is reported at path:line:col of the JSON file', () => {
  const r = mxql(dir, 'boards/board.json');
  assert.equal(r.code, 1, r.stderr);
  const lines = r.stdout.split('\n');
  assert.equal(
    lines[0],
    'boards/board.json:6:84: error syntax/unclosed-bracket This bracket is never closed. Add the closing `}`.',
  );
  assert.match(
    lines[1] ?? '',
    /^boards\/board\.json:7:28: warning category\/unknown Unknown category 'app_countr'/,
  );
  assert.equal(lines[2], '1 file checked: 1 error, 1 warning, 0 information, 0 hints');
  // The reported column is the very character of the JSON text.
  assert.equal(BOARD.split('\n')[5]?.[84 - 1], '{');
  assert.equal(BOARD.split('\n')[6]?.slice(28 - 1, 28 - 1 + 'app_countr'.length), 'app_countr');
});

void test('--format json gives each finding the JSON pointer of its query', () => {
  const r = mxql(dir, 'boards/board.json', '--format', 'json');
  assert.equal(r.code, 1, r.stderr);
  const out = JSON.parse(r.stdout) as JsonOutput;
  assert.deepEqual(
    out.files[0]?.diagnostics.map((d) => [d.line, d.column, d.code, d.pointer]),
    [
      [6, 84, 'syntax/unclosed-bracket', '/widgets/0/metrics/0/mql'],
      [7, 28, 'category/unknown', '/widgets/0/metrics/1/mql'],
    ],
  );
});

void test("a Flex Board's placeholders raise no error", () => {
  const r = mxql(dir, 'boards/flex.json', '--format', 'json');
  assert.equal(r.code, 0, r.stdout);
  const findings = (JSON.parse(r.stdout) as JsonOutput).files[0]?.diagnostics ?? [];
  assert.deepEqual(
    findings.filter((d) => d.severity === 'error' || d.severity === 'warning'),
    [],
  );
});

void test('an mql that is not a string is a warning at its value, with its pointer', () => {
  writeFileSync(join(dir, 'numbered.json'), '{\n  "widgets": [ { "metrics": [ { "mql": 42 } ] } ]\n}\n');
  const r = mxql(dir, 'numbered.json', '--format', 'json');
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual((JSON.parse(r.stdout) as JsonOutput).files[0]?.diagnostics, [
    {
      line: 2,
      column: 40,
      endLine: 2,
      endColumn: 40,
      severity: 'warning',
      code: 'json/not-a-string',
      message: "'mql' holds a number, not a string of MXQL",
      pointer: '/widgets/0/metrics/0/mql',
    },
  ]);
});

void test('malformed JSON is one json/syntax error line at its place, exit 1', () => {
  const r = mxql(dir, 'boards/broken.json');
  assert.equal(r.code, 1, r.stderr);
  assert.equal(
    r.stdout,
    "boards/broken.json:3:34: error json/syntax expected a value, found ']'\n" +
      '1 file checked: 1 error, 0 warnings, 0 information, 0 hints\n',
  );
  assert.equal(r.stderr, '');
});

void test('a JSON file named explicitly without MXQL says so in one information line, exit 0', () => {
  const r = mxql(dir, 'boards/plain.json');
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^boards\/plain\.json:1:1: information json\/no-queries no MXQL in this JSON file/);
  assert.equal(r.stdout.split('\n').length, 3);
});

void test('a directory walk takes .mxql files and the JSON files that hold MXQL, nothing else', () => {
  const r = mxql(dir, 'boards', '--format', 'json');
  assert.equal(r.code, 1, r.stderr);
  assert.deepEqual(
    (JSON.parse(r.stdout) as JsonOutput).files.map((f) => f.path),
    ['boards/board.json', 'boards/clean.mxql', 'boards/flex.json'],
  );
  assert.equal(r.stderr, '');
});

void test('a glob that matches JSON files checks each of them', () => {
  const r = mxql(dir, 'boards/*.json');
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stdout, /^boards\/broken\.json:3:34: error json\/syntax/m);
  assert.match(r.stdout, /^boards\/plain\.json:1:1: information json\/no-queries/m);
  assert.match(
    r.stdout,
    /^boards\/tsconfig\.json:2:3: error json\/syntax expected a key in double quotes, found '\/'/m,
  );
  assert.match(r.stdout, /^5 files checked/m);
});

// The corpus's dashboard-derived queries, back in the shape they came from.
corpusTest('the corpus dashboard queries inside a dashboard get exactly their .mxql findings', () => {
  const { names, texts, json, opening } = corpusBoard();
  assert.ok(names.length > 0, 'dashboard queries in the corpus');
  writeFileSync(join(dir, 'corpus-board.json'), json);

  const inJson = JSON.parse(mxql(dir, 'corpus-board.json', '--format', 'json').stdout) as JsonOutput;
  const plain = JSON.parse(
    mxql(corpusDir, `${DASHBOARD_QUERY_PREFIX}*.mxql`, '--format', 'json').stdout,
  ) as JsonOutput;
  assert.deepEqual(
    plain.files.map((f) => f.path),
    names,
  );
  const byPointer = new Map<string, Finding[]>();
  for (const d of inJson.files[0]?.diagnostics ?? [])
    byPointer.set(d.pointer ?? '', [...(byPointer.get(d.pointer ?? '') ?? []), d]);
  const key = (d: Finding): string => `${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`;
  // Where a finding of the .mxql file must appear in the board, worked out by escaping the text before
  // it (not through the offset map under test): widget i is on line 4 + i.
  const inBoard = (i: number, text: string, d: Finding): Finding => {
    const offset = (lineStartsOf(text)[d.line - 1] ?? 0) + d.column - 1;
    return {
      ...d,
      line: 4 + i,
      column: opening(i).length + escapeForJson(text.slice(0, offset)).length + 1,
    };
  };
  const isError = (k: string): boolean => /^\S+ error /.test(k);
  const sameEverywhere: string[] = [];
  const extraErrors: string[] = [];
  let errors = 0;
  names.forEach((name, i) => {
    const here = (byPointer.get(`/widgets/${i}/metrics/0/mql`) ?? []).map(key).sort();
    const there = (plain.files[i]?.diagnostics ?? []).map((d) => key(inBoard(i, texts[i] ?? '', d))).sort();
    errors += here.filter(isError).length;
    for (const k of here) if (isError(k) && !there.includes(k)) extraErrors.push(`${name}: ${k}`);
    if (JSON.stringify(here) !== JSON.stringify(there)) sameEverywhere.push(name);
  });
  console.log(
    `check JSON: ${names.length} dashboard queries in one board, ${inJson.files[0]?.diagnostics.length ?? 0} findings (${errors} errors, all also on the .mxql files)`,
  );
  assert.deepEqual(extraErrors, [], 'errors that the same query as a .mxql file does not get');
  assert.deepEqual(
    sameEverywhere,
    [],
    'queries whose findings (positions mapped into the board) differ from their .mxql file',
  );
});
