// A threshold as typed, read into the field's unit from the catalog: percentages, times, data sizes and
// multipliers; a unit of another kind than the field's is refused with both named.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseThreshold, unitSuffix } from '../../../server/core/alerts/index';
import { englishOf } from '../../../common/templateText';

const value = (text: string, unit: string | undefined): number => {
  const read = parseThreshold(text, unit, 'f');
  assert.ok(read.ok, `${text} for ${unit}: ${read.ok ? '' : englishOf(read.text)}`);
  return read.value;
};

void test('plain numbers and multipliers fit any field', () => {
  assert.equal(value('80', 'pct'), 80);
  assert.equal(value(' 12.5 ', 'count'), 12.5);
  assert.equal(value('1.5k', 'count'), 1500);
  assert.equal(value('2M', 'byte'), 2_000_000);
  assert.equal(value('3', undefined), 3);
  assert.equal(value('-5', 'ms'), -5);
});

void test('a percent fits a percent field; times and sizes convert into the field unit', () => {
  assert.equal(value('80%', 'pct'), 80);
  assert.equal(value('80%', 'pct#'), 80);
  assert.equal(value('250ms', 'ms'), 250);
  assert.equal(value('2s', 'ms'), 2000);
  assert.equal(value('1m', 'ms'), 60_000);
  assert.equal(value('250ms', 'sec'), 0.25);
  assert.equal(value('2ms', 'us'), 2000);
  assert.equal(value('512MiB', 'byte'), 512 * 1024 * 1024);
  assert.equal(value('1GiB', 'MiB'), 1024);
  assert.equal(value('0.1s', 'ms'), 100);
  // A percent for a field the catalog gives no unit is the number written.
  assert.equal(value('80%', undefined), 80);
});

void test('a unit of another kind than the field is a mismatch naming both', () => {
  const cases: [string, string | undefined, RegExp][] = [
    ['250ms', 'pct', /'250ms' is a time, but cpu is a percentage \(pct\)/],
    ['80%', 'ms', /'80%' is a percentage, but cpu is a time \(ms\)/],
    ['1GB', 'ms', /is an amount of data, but cpu is a time/],
    ['80%', 'count', /is a percentage, but cpu is measured in count/],
    ['2s', undefined, /is a time, but cpu is measured in no unit the catalog knows/],
  ];
  for (const [text, unit, message] of cases) {
    const read = parseThreshold(text, unit, 'cpu');
    assert.equal(read.ok, false, text);
    if (read.ok) continue;
    assert.equal(read.code, 'alert/unit-mismatch', text);
    assert.match(englishOf(read.text), message);
  }
});

void test('text that is no number, or a unit nobody reads, is a bad threshold', () => {
  for (const text of ['', 'high', '80 %%', '1.2.3', '5 parsecs', '--3']) {
    const read = parseThreshold(text, 'pct', 'cpu');
    assert.equal(read.ok, false, text);
    if (!read.ok) assert.equal(read.code, 'alert/bad-threshold', text);
  }
});

void test('units read after a number in titles', () => {
  assert.equal(unitSuffix('pct'), '%');
  assert.equal(unitSuffix('ms'), ' ms');
  assert.equal(unitSuffix('count'), '');
  assert.equal(unitSuffix(undefined), '');
});
