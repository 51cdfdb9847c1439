// The one offset-to-line conversion (CLI diagnostics, demo engine errors, run-command directive errors).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lineColumnOf, lineStartsOf } from '../../../server/core/index';

void test('line starts follow \\n only; CRLF keeps the \\r on its line', () => {
  assert.deepEqual(lineStartsOf(''), [0]);
  assert.deepEqual(lineStartsOf('a\nbc\r\n\nd'), [0, 2, 6, 7]);
});

void test('1-based line and column of an offset, at line starts, line ends and past the end', () => {
  const starts = lineStartsOf('ab\ncd\n');
  assert.deepEqual(lineColumnOf(starts, 0), { line: 1, column: 1 });
  assert.deepEqual(lineColumnOf(starts, 2), { line: 1, column: 3 });
  assert.deepEqual(lineColumnOf(starts, 3), { line: 2, column: 1 });
  assert.deepEqual(lineColumnOf(starts, 6), { line: 3, column: 1 });
  assert.deepEqual(lineColumnOf(starts, 99), { line: 3, column: 94 });
});
