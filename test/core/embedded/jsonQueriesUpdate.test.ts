// updateJsonQueries gives exactly what a whole scan gives, for edits inside a string and every other
// kind; escapeSnippetForJson expands to the JSON escapes of the snippet's text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  escapeSnippetForJson,
  findJsonQueries,
  updateJsonQueries,
  type JsonEdit,
} from '../../../server/core/index';

const JSON_TEXT = String.raw`{ "widgets": [ { "mql": "-- \"a\" 한글\nCATEGORY app_counter\nTAGLOAD" }, { "query": "SELECT [t]" } ], "inject": { "default": "LIMIT 5" }, "mql": 4 }`;

const apply = (text: string, e: JsonEdit): string => text.slice(0, e.start) + e.text + text.slice(e.end);
const inside = (marker: string, skip = 0): number => JSON_TEXT.indexOf(marker) + skip;

const EDITS: [string, JsonEdit][] = [
  ['a character typed in a string', { start: inside('TAGLOAD', 7), end: inside('TAGLOAD', 7), text: 'x' }],
  ['a character deleted from a string', { start: inside('[t]', 1), end: inside('[t]', 2), text: '' }],
  ['an escape typed in a string', { start: inside('TAGLOAD'), end: inside('TAGLOAD'), text: '\\n' }],
  ['a quote typed in a string', { start: inside('[t]', 1), end: inside('[t]', 1), text: '"' }],
  ['half an escape deleted', { start: inside('\\"a', 1), end: inside('\\"a', 2), text: '' }],
  ['the closing quote deleted', { start: inside('[t]"', 3), end: inside('[t]"', 4), text: '' }],
  ['an edit between strings', { start: inside('}, {'), end: inside('}, {'), text: ' ' }],
  ['an edit in a key', { start: inside('query', 1), end: inside('query', 2), text: 'Q' }],
];

for (const [name, edit] of EDITS) {
  void test(`updateJsonQueries equals a whole scan: ${name}`, () => {
    const after = apply(JSON_TEXT, edit);
    assert.deepEqual(updateJsonQueries(findJsonQueries(JSON_TEXT), after, edit), findJsonQueries(after));
  });
}

void test('escapeSnippetForJson escapes the text and keeps tab stops and snippet escapes', () => {
  assert.equal(escapeSnippetForJson('SUB ${1:name}\nEND'), 'SUB ${1:name}\\\\nEND');
  assert.equal(
    escapeSnippetForJson('FILTER {key: ${1}, value: "${2}"\\}'),
    'FILTER {key: ${1}, value: \\\\"${2}\\\\"\\}',
  );
  assert.equal(escapeSnippetForJson('a\\\\b \\$x'), 'a\\\\\\\\b \\$x');
  assert.equal(escapeSnippetForJson('plain'), 'plain');
});

void test('jsonc: comments and trailing commas are read as an editor reads them; plain JSON refuses them', () => {
  const text = String.raw`{
  // the board
  "widgets": [ /* first */ { "mql": "CATEGORY app_counter\nTAGLOAD", }, ],
}`;
  const jsonc = findJsonQueries(text, { jsonc: true });
  assert.deepEqual(jsonc.problems, []);
  assert.deepEqual(
    jsonc.queries.map((q) => [q.pointer, q.text]),
    [['/widgets/0/mql', 'CATEGORY app_counter\nTAGLOAD']],
  );
  assert.equal(findJsonQueries(text).problems[0]?.kind, 'syntax');
  assert.deepEqual(
    findJsonQueries('{ "mql": "x" /* open', { jsonc: true }).problems.map((p) => p.message),
    ['a block comment is not closed before the end of the text'],
  );
});
