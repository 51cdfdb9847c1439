// Table-driven parser snapshots: every test/fixtures/parser/*.mxql is parsed and dumped with
// exact ranges; the dump must equal the committed .snap file. Set UPDATE_SNAPSHOTS=1 to rewrite them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '../../../server/core/syntax/index';
import { printParse } from './printTree';

const dir = join(import.meta.dirname, '../../fixtures/parser');
const update = process.env.UPDATE_SNAPSHOTS === '1';
const fixtures = readdirSync(dir).filter((f) => f.endsWith('.mxql'));

void test('there are parser fixtures', () => {
  assert.ok(fixtures.length >= 10);
});

for (const file of fixtures) {
  void test(`snapshot ${file}`, () => {
    const text = readFileSync(join(dir, file), 'utf8');
    const actual = printParse(text, parse(text));
    const snap = join(dir, file.replace(/\.mxql$/, '.snap'));
    if (update) writeFileSync(snap, actual);
    assert.ok(existsSync(snap), `missing snapshot ${snap}; run with UPDATE_SNAPSHOTS=1`);
    assert.equal(actual, readFileSync(snap, 'utf8'));
  });
}
