// The thresholds a rule file states, as charts draw them: one band per field-against-number term of the
// rules that watch a category, flipped when the number comes first, none for terms a band cannot show.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findEventRules, ruleComparisons, ruleThresholdsFor } from '../../server/core/index';

void test('each field-against-number term of a rule is a threshold; other terms are not', () => {
  assert.deepEqual(ruleComparisons('tps > 100 && resp_time >= 3000'), [
    { field: 'tps', op: '>', value: 100 },
    { field: 'resp_time', op: '>=', value: 3000 },
  ]);
  assert.deepEqual(ruleComparisons('80 < cpu || (mem <= -1)'), [
    { field: 'cpu', op: '>', value: 80 },
    { field: 'mem', op: '<=', value: -1 },
  ]);
  assert.deepEqual(ruleComparisons('cpu > mem && status == 3 && max(a, b) > 4 && x != 1'), []);
  assert.deepEqual(ruleComparisons(''), []);
  assert.deepEqual(ruleComparisons('cpu > '), []);
});

void test("a category's rules give their bands once, captioned with the rule's title; other categories none", () => {
  const file = JSON.stringify([
    { category: 'app_counter', rule: 'resp_time > 3000 && tps > 10', eventTitle: 'Slow' },
    { category: 'app_counter{m5}', rule: 'resp_time > 3000', eventTitle: 'Slow again' },
    { category: 'server_base', rule: 'cpu > 90', eventTitle: 'CPU' },
    { category: 'app_counter', rule: 'tps < 1' },
  ]);
  const marks = ruleThresholdsFor([findEventRules(file)], 'app_counter');
  assert.deepEqual(marks, [
    { field: 'resp_time', op: '>', value: 3000, label: 'resp_time > 3000 (Slow)' },
    { field: 'tps', op: '>', value: 10, label: 'tps > 10 (Slow)' },
    { field: 'tps', op: '<', value: 1, label: 'tps < 1' },
  ]);
  assert.deepEqual(
    ruleThresholdsFor([findEventRules(file)], 'server_base{m5}').map((m) => m.label),
    ['cpu > 90 (CPU)'],
  );
  assert.deepEqual(ruleThresholdsFor([findEventRules(file)], 'db_mysql'), []);
  assert.deepEqual(ruleThresholdsFor([findEventRules('{ not json')], 'app_counter'), []);
});
