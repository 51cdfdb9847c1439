import assert from 'node:assert/strict';
import { MXQL_RANGE } from '../../api/index';
import { test } from 'node:test';
import {
  DEFAULT_RANGE,
  choiceLabel,
  formatZone,
  parseCustomRange,
  presetMs,
  resolveRange,
  reviveChoice,
  validateTimeInput,
} from '../../client/src/run/timeRange';
import { rangeProblem as planRangeProblem } from '../../server/core/index';
import { englishOf } from '../../common/templateText';

const rangeProblem = (stime: number, etime: number): string | undefined => {
  const problem = planRangeProblem(stime, etime);
  return problem && englishOf(problem);
};

const NOW = Date.UTC(2026, 10, 21, 12, 0);

void test('presets and zone labels', () => {
  assert.equal(presetMs('5m'), 300_000);
  assert.equal(presetMs('3h'), 3 * 3_600_000);
  assert.equal(presetMs('30d'), 30 * 86_400_000);
  assert.equal(formatZone(0), 'UTC');
  assert.equal(formatZone(540), 'UTC+09:00');
  assert.equal(formatZone(-330), 'UTC-05:30');
  assert.equal(choiceLabel({ kind: 'relative', ms: 900_000 }, 0), '15m');
  assert.equal(
    choiceLabel({ kind: 'absolute', stime: Date.UTC(2026, 10, 1), etime: Date.UTC(2026, 10, 1, 6) }, 540),
    '2026-11-01 09:00 → 2026-11-01 15:00',
  );
});

void test('file directives win over the picker: @stime/@etime, then @range', () => {
  const picker = { kind: 'relative', ms: 3_600_000 } as const;
  const abs = resolveRange(picker, { stime: 1000, etime: 2000 }, NOW, 0);
  assert.deepEqual([abs.stime, abs.etime, abs.source], [1000, 2000, 'directive']);
  const rel = resolveRange(picker, { range: { raw: '15m', ms: 900_000 } }, NOW, 0);
  assert.deepEqual([rel.stime, rel.etime, rel.label], [NOW - 900_000, NOW, '15m']);
  const chosen = resolveRange(picker, {}, NOW, 0);
  assert.deepEqual([chosen.stime, chosen.label, chosen.source], [NOW - 3_600_000, '1h', 'picker']);
});

void test('the 31-day limit and ordering are checked before sending', () => {
  assert.equal(rangeProblem(0, MXQL_RANGE.maxRangeMs), undefined);
  assert.match(rangeProblem(0, MXQL_RANGE.maxRangeMs + 1) ?? '', /at most 31 days/);
  assert.match(rangeProblem(10, 10) ?? '', /after its start/);
  assert.match(rangeProblem(Number.NaN, 10) ?? '', /not a valid date/);
});

void test('custom ranges are validated as typed', () => {
  assert.equal(validateTimeInput('2026-11-01 00:00', 0), undefined);
  assert.match(
    englishOf(validateTimeInput('yesterday', 0) ?? { template: '', args: [] }),
    /yyyy-MM-dd HH:mm/,
  );
  const ok = parseCustomRange('2026-11-01 00:00', '2026-11-01 06:00', 0);
  assert.deepEqual(ok, {
    ok: true,
    choice: { kind: 'absolute', stime: Date.UTC(2026, 10, 1), etime: Date.UTC(2026, 10, 1, 6) },
  });
  const tooLong = parseCustomRange('2026-01-01 00:00', '2026-03-01 00:00', 0);
  assert.equal(tooLong.ok, false);
  assert.equal(parseCustomRange('nope', '2026-03-01 00:00', 0).ok, false);
});

void test('stored choices are revived defensively', () => {
  assert.deepEqual(reviveChoice(undefined), DEFAULT_RANGE);
  assert.deepEqual(reviveChoice({ kind: 'relative', ms: -5 }), DEFAULT_RANGE);
  assert.deepEqual(reviveChoice({ kind: 'absolute', stime: 5, etime: 1 }), DEFAULT_RANGE);
  assert.deepEqual(reviveChoice({ kind: 'relative', ms: 60_000 }), { kind: 'relative', ms: 60_000 });
});
