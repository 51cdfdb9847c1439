// `mxql check` on SQL written into MXQL, as a user runs it: a real child process over a temporary file.
// The error names the MXQL to write, in every display language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mxqlCheck } from '../support/checkProcess';

const dir = mkdtempSync(join(tmpdir(), 'mxql-check-sql-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(
  join(dir, 'top.mxql'),
  'CATEGORY app_counter\nTAGLOAD\nORDER BY tps DESC\nLIMIT 10 OFFSET 20\n',
);
writeFileSync(
  join(dir, 'fixed.mxql'),
  'CATEGORY app_counter\nTAGLOAD\nORDER {key: [tps], sort: [desc]}\nSKIP 20\nLIMIT 10\n',
);

void test('ORDER BY tps DESC is an error that prints the rewrite, and the check exits 1', () => {
  const r = mxqlCheck(dir, 'top.mxql');
  assert.equal(r.code, 1, r.stderr);
  const lines = r.stdout.trim().split('\n');
  assert.equal(
    lines[0],
    "top.mxql:3:1: error sql/order-by `ORDER BY` is SQL: MXQL's ORDER reads its keys from an object, so the rows are not sorted as meant. Write `ORDER {key: [tps], sort: [desc]}`.",
  );
  assert.match(
    lines[1] ?? '',
    /^top\.mxql:4:1: error sql\/limit-offset .*Write `SKIP 20` then `LIMIT 10`\.$/,
  );
  assert.equal(lines.at(-1), '1 file checked: 2 errors, 0 warnings, 0 information, 0 hints');
});

void test('the rewritten query checks clean', () => {
  const r = mxqlCheck(dir, 'fixed.mxql');
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '1 file checked: 0 errors, 0 warnings, 0 information, 0 hints\n');
});

void test('--locale ko and ja keep the rewrite as written', () => {
  for (const locale of ['ko', 'ja']) {
    const r = mxqlCheck(dir, 'top.mxql', '--locale', locale);
    assert.equal(r.code, 1, r.stderr);
    const first = r.stdout.split('\n')[0] ?? '';
    assert.match(first, /^top\.mxql:3:1: error sql\/order-by /);
    assert.ok(first.includes('`ORDER {key: [tps], sort: [desc]}`'), first);
    assert.ok(!first.includes('is SQL'), `${locale}: ${first}`);
  }
});
