// The shared directive parser: values, diagnostics for bad values, stripping, and time helpers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  formatDuration,
  parse,
  parseAbsoluteTime,
  parseDirectives,
  parseDuration,
  stripDirectives,
} from '../../../server/core/syntax/index';
import { directiveFacts } from '../../../server/core/syntax/directiveFacts';

const full = [
  '-- @name TPS per agent',
  '-- @range 1h',
  '--@limit 500',
  '  -- @param $oid = 1234',
  "-- @param $name = 'web 1'",
  '-- @inject default = ORDER {key:[tps], sort:[desc]}',
  '-- @inject default = LIMIT 5',
  '-- @path /app/act_tx/act_tx_oid',
  '-- @pcode 12345',
  'CATEGORY app_counter -- @range 5m is not a directive here',
  'TAGLOAD',
].join('\n');

void test('every directive is read', () => {
  const d = parseDirectives(full);
  assert.equal(d.name, 'TPS per agent');
  assert.deepEqual(d.range, { raw: '1h', ms: 3_600_000 });
  assert.equal(d.limit, 500);
  assert.deepEqual(d.params, { $oid: '1234', $name: 'web 1' });
  assert.deepEqual(d.injects, { default: 'ORDER {key:[tps], sort:[desc]}\nLIMIT 5' });
  assert.equal(d.path, '/app/act_tx/act_tx_oid');
  assert.equal(d.pcode, 12345);
  assert.deepEqual(d.diagnostics, []);
  assert.equal(d.entries.length, 9);
});

void test('entry ranges cover the key and the value exactly', () => {
  const text = 'TAGLOAD\n-- @limit  42\n';
  const [e] = parseDirectives(text).entries;
  assert.ok(e);
  assert.equal(text.slice(e.keyRange.start, e.keyRange.end), '@limit');
  assert.equal(text.slice(e.valueRange.start, e.valueRange.end), '42');
  assert.equal(text.slice(e.range.start, e.range.end), '-- @limit  42');
});

void test('absolute times: local with the given offset, ISO with a zone, epoch ms', () => {
  const text = '-- @stime 2026-11-01 00:00\n-- @etime 2026-11-01T06:00:00Z\n';
  const d = parseDirectives(text, { timezoneOffsetMinutes: 540 });
  assert.equal(d.stime, Date.UTC(2026, 9, 31, 15, 0));
  assert.equal(d.etime, Date.UTC(2026, 10, 1, 6, 0));
  assert.equal(parseAbsoluteTime('1700000000000', 0), 1_700_000_000_000);
  assert.equal(parseAbsoluteTime('2026-11-01T06:00+09:00', 0), Date.UTC(2026, 10, 0, 21, 0));
  assert.equal(parseAbsoluteTime('2026-02-30 00:00', 0), null);
  assert.equal(parseAbsoluteTime('yesterday', 0), null);
  // A zone with a daylight-saving switch: +60 before 2026-03-29 01:00Z, +120 after.
  const cet = (ms: number): number => (ms >= Date.UTC(2026, 2, 29, 1) ? 120 : 60);
  assert.equal(parseAbsoluteTime('2026-03-28 12:00', cet), Date.UTC(2026, 2, 28, 11));
  assert.equal(parseAbsoluteTime('2026-03-30 12:00', cet), Date.UTC(2026, 2, 30, 10));
});

const bad: readonly [string, string][] = [
  ['-- @range soon', 'directive/bad-range'],
  ['-- @range 0h', 'directive/bad-range'],
  ['-- @limit -3', 'directive/bad-limit'],
  ['-- @limit 1.5', 'directive/bad-limit'],
  ['-- @colour red', 'directive/unknown'],
  ['-- @stime 2026-11-01 00:00', 'directive/stime-without-etime'],
  ['-- @etime 2026-11-01 00:00', 'directive/etime-without-stime'],
  ['-- @stime 2026-11-02\n-- @etime 2026-11-01', 'directive/bad-time-order'],
  ['-- @stime later\n-- @etime 2026-11-01', 'directive/bad-time'],
  ['-- @param oid = 1', 'directive/bad-param'],
  ['-- @param $oid', 'directive/bad-param'],
  ['-- @inject = LIMIT 1', 'directive/bad-inject'],
  ['-- @path app/x', 'directive/bad-path'],
  ['-- @pcode abc', 'directive/bad-pcode'],
  ['-- @limit 1\n-- @limit 2', 'directive/duplicate'],
  ['-- @range 1h\n-- @stime 2026-11-01\n-- @etime 2026-11-02', 'directive/range-and-stime'],
];

for (const [text, code] of bad) {
  void test(`${code}: ${JSON.stringify(text)}`, () => {
    const d = parseDirectives(text);
    const found = d.diagnostics.find((x) => x.code === code);
    assert.ok(found, JSON.stringify(d.diagnostics));
    assert.ok(found.range.end > found.range.start && found.range.end <= text.length);
  });
}

void test('stripDirectives removes directive lines entirely and nothing else', () => {
  const text = '-- @range 1h\r\nCATEGORY a -- @x trailing\r\n# @not\r\n  -- @limit 5\r\nTAGLOAD';
  assert.equal(stripDirectives(text), 'CATEGORY a -- @x trailing\r\n# @not\r\nTAGLOAD');
  assert.equal(stripDirectives('TAGLOAD\n'), 'TAGLOAD\n');
});

void test('directive lines are comments marked as directives in the tree', () => {
  const { ast, diagnostics } = parse('-- @range 1h\nTAGLOAD\n');
  assert.deepEqual(diagnostics, []);
  assert.equal(ast.comments[0]?.directive, true);
});

void test('the checks read the directive lines the directive parser reads, after any blank the lexer skips', () => {
  for (const blank of [' ', '\t', '\f', '\v', '\u00a0', '\ufeff']) {
    const text = `--${blank}@param $oid = 1\nCATEGORY app_counter\nOID $oid\nTAGLOAD\n`;
    const parsed = parseDirectives(text);
    assert.equal(parsed.entries.length, 1, JSON.stringify(blank));
    assert.deepEqual(directiveFacts(text).diagnostics, parsed.diagnostics, JSON.stringify(blank));
  }
});

void test('durations', () => {
  assert.equal(parseDuration('15s'), 15_000);
  assert.equal(parseDuration('5m'), 300_000);
  assert.equal(parseDuration('1h'), 3_600_000);
  assert.equal(parseDuration('7d'), 604_800_000);
  assert.equal(parseDuration('100ms'), 100);
  assert.equal(parseDuration('1w'), null);
  assert.equal(parseDuration(''), null);
  assert.equal(formatDuration(3_600_000), '1h');
  assert.equal(formatDuration(90_000), '90s');
});
