// Quick fixes: each case validates a query, takes the diagnostic of one code, applies the fixes and
// compares the resulting texts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { quickFixes, validate } from '../../../server/core/index';
import { type QuickFixEdit } from '../../../server/core/features/codeActions';
import { testFeatureCatalog } from './validateCatalog';

const catalog = testFeatureCatalog();

function apply(text: string, edits: readonly QuickFixEdit[]): string {
  return [...edits]
    .sort((a, b) => b.range.start - a.range.start)
    .reduce((t, e) => t.slice(0, e.range.start) + e.newText + t.slice(e.range.end), text);
}

function fixed(text: string, code: string): { titles: string[]; results: string[] } {
  const diagnostic = validate(text, { catalog }).find((d) => d.code === code);
  assert.ok(diagnostic, `no ${code} diagnostic`);
  const fixes = quickFixes(text, diagnostic);
  return { titles: fixes.map((f) => f.title), results: fixes.map((f) => apply(text, f.edits)) };
}

void test('category did-you-mean replaces the name', () => {
  const { results } = fixed('CATEGORY app_countr\nTAGLOAD\n', 'category/unknown');
  assert.equal(results[0], 'CATEGORY app_counter\nTAGLOAD\n');
});

void test('column did-you-mean replaces the name', () => {
  const { results } = fixed('CATEGORY app_counter\nTAGLOAD\nSELECT [time, tsp]\n', 'column/unknown');
  assert.ok(results.includes('CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps]\n'), results.join('|'));
});

void test('a column a RENAME took away is named with its new name, faded, and the fix writes that name', () => {
  const text = 'CATEGORY app_counter\nTAGLOAD\nRENAME {src: tps, dst: rate}\nORDER {key: tps, sort: desc}\n';
  const found = validate(text, { catalog }).find((d) => d.code === 'column/removed-above');
  assert.equal(
    found?.message,
    "Column 'tps' was renamed to 'rate' by the RENAME on line 3, so this reference matches nothing here. Write 'rate' to use it.",
  );
  assert.deepEqual(found.tags, ['unnecessary']);
  assert.deepEqual(fixed(text, 'column/removed-above').results, [
    'CATEGORY app_counter\nTAGLOAD\nRENAME {src: tps, dst: rate}\nORDER {key: rate, sort: desc}\n',
  ]);
  const dropped = validate('CATEGORY app_counter\nTAGLOAD\nSELECT [time]\nORDER {key: tps}\n', { catalog });
  assert.deepEqual(
    dropped.filter((d) => d.code.startsWith('column/')).map((d) => d.message),
    [
      "Column 'tps' is gone after the SELECT on line 3, so this reference matches nothing here. List it in that SELECT to use it.",
    ],
  );
});

void test('OIDSET becomes OID, OKIND or ONODE', () => {
  const { titles, results } = fixed(
    'OIDSET {oid:$oid, okind:$okind, onode:$onode}\nCATEGORY app_counter\nTAGLOAD\n',
    'command/deprecated',
  );
  assert.deepEqual(results, [
    'OID $oid\nCATEGORY app_counter\nTAGLOAD\n',
    'OKIND $okind\nCATEGORY app_counter\nTAGLOAD\n',
    'ONODE $onode\nCATEGORY app_counter\nTAGLOAD\n',
  ]);
  assert.equal(titles[0], "Replace with 'OID $oid'");
  assert.deepEqual(fixed('OIDSET $oid\nCATEGORY app_counter\nTAGLOAD\n', 'command/deprecated').results, [
    'OID $oid\nCATEGORY app_counter\nTAGLOAD\n',
  ]);
  assert.deepEqual(
    fixed('OIDSET {microOid:$oid}\nCATEGORY container\nTAGLOAD\n', 'command/deprecated').results,
    ['OID $oid\nCATEGORY container\nTAGLOAD\n'],
  );
});

void test('bare INJECT becomes INJECT default', () => {
  assert.deepEqual(fixed('CATEGORY app_counter\nTAGLOAD\nINJECT\n', 'inject/bare').results, [
    'CATEGORY app_counter\nTAGLOAD\nINJECT default\n',
  ]);
});

void test('a missing fragment gets a directive line', () => {
  assert.deepEqual(
    fixed('CATEGORY app_counter\nTAGLOAD\nINJECT sortIt\n', 'inject/missing-fragment').results,
    ['-- @inject sortIt = \nCATEGORY app_counter\nTAGLOAD\nINJECT sortIt\n'],
  );
  const after = fixed(
    '-- @name x\r\nCATEGORY app_counter\r\nTAGLOAD\r\nINJECT sortIt',
    'inject/missing-fragment',
  );
  assert.deepEqual(after.results, [
    '-- @name x\r\n-- @inject sortIt = \r\nCATEGORY app_counter\r\nTAGLOAD\r\nINJECT sortIt',
  ]);
});

void test('an unbound param gets a directive line after the existing directives', () => {
  const text = '-- @range 1h\nCATEGORY app_counter\nOID $oid\nTAGLOAD\n';
  const { titles, results } = fixed(text, 'param/ignored-when-unbound');
  assert.deepEqual(results, ['-- @range 1h\n-- @param $oid = \nCATEGORY app_counter\nOID $oid\nTAGLOAD\n']);
  assert.match(titles[0] ?? '', /@param \$oid/);
});

void test('bare DELETE word becomes a list', () => {
  assert.deepEqual(fixed('CATEGORY app_counter\nTAGLOAD\nDELETE time\n', 'delete/bare-word').results, [
    'CATEGORY app_counter\nTAGLOAD\nDELETE [time]\n',
  ]);
});

void test('unknown command and option did-you-mean', () => {
  assert.ok(
    fixed('CATEGORY app_counter\nTAGLOAD\nSELEC [time]\n', 'command/unknown').results.includes(
      'CATEGORY app_counter\nTAGLOAD\nSELECT [time]\n',
    ),
  );
  assert.ok(
    fixed('CATEGORY app_counter\nTAGLOAD\nFILTER {key: tps, valu: 5}\n', 'option/unknown').results.includes(
      'CATEGORY app_counter\nTAGLOAD\nFILTER {key: tps, value: 5}\n',
    ),
  );
});

void test('codes without a fix give none', () => {
  const text = 'CATEGORY app_counter\nTAGLOAD\nSKIP {$x: 1}\n';
  const d = validate(text, { catalog }).find((x) => x.code === 'param/as-key');
  assert.ok(d);
  assert.deepEqual(quickFixes(text, d), []);
});
