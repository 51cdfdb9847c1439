// scripts/test.mjs fails a stage that proves nothing: no test ran, or every test was skipped.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { judged } from '../../scripts/stageVerdict.mjs';

void test('a stage with passing tests passes, and reports its skipped and todo counts', () => {
  assert.deepEqual(judged({ passed: 3, failed: 0, skipped: 2 }), {
    passed: 3,
    failed: 0,
    skipped: 2,
    todo: 0,
  });
});

void test('a stage in which nothing ran fails', () => {
  assert.deepEqual(judged({ passed: 0, failed: 0 }), {
    passed: 0,
    failed: 1,
    skipped: 0,
    todo: 0,
    note: 'nothing ran',
  });
});

void test('a stage in which every test was skipped or todo fails', () => {
  assert.equal(judged({ passed: 0, failed: 0, skipped: 4 }).note, 'every test was skipped');
  assert.equal(judged({ passed: 0, failed: 0, todo: 1 }).failed, 1);
});

void test('failures and notes of the stage are kept', () => {
  assert.deepEqual(judged({ passed: 0, failed: 2 }), { passed: 0, failed: 2, skipped: 0, todo: 0 });
  assert.equal(judged({ passed: 0, failed: 1, note: 'no test files' }).note, 'no test files');
});
