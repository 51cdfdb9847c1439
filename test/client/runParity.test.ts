// One planner, three doors: every case goes through the extension's path (the status bar's range or a
// typed custom range, prompted values, Run File / Run Query at Cursor), through `mxql run`'s path (its
// command line parsed as the CLI parses it, the file read from disk) and, for a whole file, through the
// assistant's `mxql_run` (its input as a model gives it); the requests must be the same bytes, or all
// refused. Cases cover directives, overrides, injects, impossible dates, relative and absolute ranges,
// limits and paths, and every case runs in two time zones with summer time, in winter and in summer, with
// local times typed for the other half of the year.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { parseCommandLine } from '../../cli/args';
import { localClock, prepare, runFlags, runOptions } from '../../cli/runQuery';
import { localTimezone } from '../../common/localZone';
import { toolPlan } from '../../assistant/tools/run';
import { contextFor } from '../assistant/harness';
import { planEditorRun, preparedOf } from '../../client/src/run/runRequest';
import { parseCustomRange, type RangeChoice } from '../../client/src/run/timeRange';
import { parsedText, queryAt } from '../../server/core/index';

/** The zones the doors are compared in: both keep summer time, at different offsets and dates. */
const ZONES = ['Europe/Berlin', 'America/New_York'] as const;
/** A day in winter and one in summer: each door reads local times in the zone of the day they name. */
const SEASONS = {
  winter: Date.UTC(2026, 10, 21, 12, 0, 0),
  summer: Date.UTC(2026, 6, 10, 12, 0, 0),
} as const;
let NOW: number = SEASONS.winter;
const dir = mkdtempSync(join(tmpdir(), 'mxql-parity-'));
after(() => rmSync(dir, { recursive: true, force: true }));

interface Case {
  readonly name: string;
  readonly file: string;
  /** Run the query at this 1-based line (CLI --line; the editor's Run Query at Cursor there). */
  readonly line?: number;
  readonly params?: Record<string, string>;
  readonly injects?: Record<string, string>;
  readonly limit?: number;
  /** A relative range (CLI --range; the status bar's preset) or typed absolute ends (--stime/--etime; Custom range…). */
  readonly range?: string | { readonly start: string; readonly end: string };
}

const AGENTS = 'CATEGORY app_counter\nOIDSET {oid:$oid, okind:$okind, onode:$onode}\nTAGLOAD\n';
const DASHBOARD = 'TIME-RANGE {duration:15s, etime:$etime}\nCATEGORY app_counter\nTAGLOAD\n';
const FIELD = 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, oname, $field]\n';
const TWO =
  '-- @name Two\nCATEGORY app_counter\nTAGLOAD\nSELECT [time, tps]\n\nCATEGORY server_base\nTAGLOAD\nSELECT [time, cpu]\n';
const WITH_SUB =
  'SUB {id:agents}\nCATEGORY app_counter\nTAGLOAD\nEND\n\nCATEGORY app_counter\nTAGLOAD\nJOIN {query:agents, key:[oid]}\n';

const cases: Case[] = [
  { name: 'a plain query', file: 'CATEGORY app_counter\nTAGLOAD\n' },
  { name: 'no final newline', file: 'CATEGORY app_counter\nTAGLOAD' },
  { name: 'CRLF line ends', file: 'CATEGORY app_counter\r\nTAGLOAD\r\nSELECT [time, tps]\r\n' },
  { name: '@range', file: `-- @range 15m\n${AGENTS}` },
  { name: '@stime/@etime', file: `-- @stime 2026-11-20 00:00\n-- @etime 2026-11-20 06:00\n${AGENTS}` },
  {
    name: '@stime/@etime in ISO with a zone',
    file: `-- @stime 2026-11-20T00:00:00Z\n-- @etime 2026-11-20T01:00:00+09:00\n${AGENTS}`,
  },
  { name: 'a relative range given', file: AGENTS, range: '3h' },
  {
    name: 'an absolute range given',
    file: AGENTS,
    range: { start: '2026-11-20 00:00', end: '2026-11-20 12:00' },
  },
  {
    name: 'an absolute range in epoch ms',
    file: AGENTS,
    range: { start: '1763596800000', end: '1763600400000' },
  },
  {
    name: 'a range over 31 days given',
    file: AGENTS,
    range: { start: '2026-01-01 00:00', end: '2026-03-01 00:00' },
  },
  {
    name: 'an impossible date given',
    file: AGENTS,
    range: { start: '2026-02-30 00:00', end: '2026-03-02 00:00' },
  },
  { name: 'an impossible @stime', file: `-- @stime 2026-02-30 00:00\n-- @etime 2026-03-02 00:00\n${AGENTS}` },
  { name: '@range over 31 days', file: `-- @range 40d\n${AGENTS}` },
  { name: '@limit', file: `-- @limit 50\n${AGENTS}` },
  { name: 'a limit given beats @limit', file: `-- @limit 50\n${AGENTS}`, limit: 7 },
  { name: 'a limit given', file: AGENTS, limit: 250 },
  { name: 'agent filters left unbound', file: AGENTS },
  { name: 'an agent filter given', file: AGENTS, params: { $oid: '1001' } },
  { name: '@param', file: `-- @param $oid = 1001\n${AGENTS}` },
  { name: 'a value given beats @param', file: `-- @param $oid = 1001\n${AGENTS}`, params: { $oid: '2002' } },
  { name: '$etime filled from the range', file: DASHBOARD },
  { name: '$etime given', file: DASHBOARD, params: { $etime: '1763596800000' } },
  { name: 'a column param given', file: FIELD, params: { $field: 'tps' } },
  { name: 'an unused param given', file: 'CATEGORY app_counter\nTAGLOAD\n', params: { $unused: 'x' } },
  {
    name: '@inject',
    file: 'CATEGORY app_counter\nTAGLOAD\nINJECT filter\n-- @inject filter = FILTER {key: tps, cmp: gt, value: 0}\n',
  },
  {
    name: 'an inject given replaces @inject',
    file: 'CATEGORY app_counter\nTAGLOAD\nINJECT filter\n-- @inject filter = FILTER {key: tps, cmp: gt, value: 0}\n',
    injects: { filter: 'LIMIT 3' },
  },
  {
    name: 'a bare INJECT given',
    file: 'CATEGORY app_counter\nTAGLOAD\nINJECT\n',
    injects: { default: 'LIMIT 5' },
  },
  {
    name: 'an INJECT cycle given',
    file: 'CATEGORY app_counter\nTAGLOAD\nINJECT default\n',
    injects: { default: 'INJECT default' },
  },
  {
    name: 'an INJECT cycle in the file',
    file: '-- @inject a = INJECT b\n-- @inject b = INJECT a\nCATEGORY app_counter\nTAGLOAD\nINJECT a\n',
  },
  { name: '@path', file: '-- @path /app/act_tx/act_tx_oid\n' },
  {
    name: '@path keeps no params',
    file: '-- @path /app/act_tx/act_tx_oid\n-- @param $oid = 1\n',
    params: { $x: '1' },
  },
  { name: '@path with an inject', file: '-- @path /app/act_tx/act_tx_oid\n-- @inject default = LIMIT 3\n' },
  { name: 'a bad @limit', file: `-- @limit -4\n${AGENTS}` },
  { name: 'only comments', file: '// nothing here\n-- @range 1h\n' },
  { name: 'the first of two queries', file: TWO, line: 2 },
  { name: 'the second of two queries', file: TWO, line: 7 },
  { name: 'a query with its SUB', file: WITH_SUB, line: 7 },
  { name: '@pcode', file: `-- @pcode 12\n${AGENTS}` },
  { name: 'Korean and emoji in a comment', file: `// 응답시간 📈\n${AGENTS}` },
  {
    name: '@stime/@etime in summer',
    file: `-- @stime 2026-07-01 00:00\n-- @etime 2026-07-01 06:00\n${AGENTS}`,
  },
  {
    name: '@stime/@etime in winter',
    file: `-- @stime 2026-01-15 08:00\n-- @etime 2026-01-15 09:30\n${AGENTS}`,
  },
  {
    name: '@stime/@etime across the spring change',
    file: `-- @stime 2026-03-28 12:00\n-- @etime 2026-03-30 12:00\n${AGENTS}`,
  },
  {
    name: 'a summer range given',
    file: AGENTS,
    range: { start: '2026-07-01 00:00', end: '2026-07-01 06:00' },
  },
  {
    name: 'a winter range given',
    file: AGENTS,
    range: { start: '2026-01-15 08:00', end: '2026-01-15 09:30' },
  },
];

/** What the CLI's door makes of a case: its argv parsed as `mxql run` parses it, the file on disk. */
function cliRequest(c: Case, index: number): string {
  const path = join(dir, `case${index}.mxql`);
  writeFileSync(path, c.file);
  const args: string[] = [];
  for (const [name, value] of Object.entries(c.params ?? {})) args.push('--param', `${name}=${value}`);
  for (const [name, value] of Object.entries(c.injects ?? {})) args.push('--inject', `${name}=${value}`);
  if (c.limit !== undefined) args.push('--limit', String(c.limit));
  if (c.line !== undefined) args.push('--line', String(c.line));
  if (typeof c.range === 'string') args.push('--range', c.range);
  else if (c.range) args.push('--stime', c.range.start, '--etime', c.range.end);
  try {
    const { values } = parseCommandLine(args, runOptions);
    const prepared = prepare(path, runFlags(values, NOW), { ...localClock(), now: NOW });
    return JSON.stringify([prepared.request.endpoint, prepared.request.body]);
  } catch {
    return 'refused';
  }
}

/** What the editor's door makes of a case: the range picked in the status bar, values as if prompted. */
function editorRequest(c: Case): string {
  let range: RangeChoice = { kind: 'relative', ms: 3_600_000 };
  if (typeof c.range === 'string') {
    const ms =
      { m: 60_000, h: 3_600_000, d: 86_400_000 }[c.range.slice(-1) as 'h'] * Number(c.range.slice(0, -1));
    range = { kind: 'relative', ms };
  } else if (c.range) {
    const custom = parseCustomRange(c.range.start, c.range.end, localTimezone);
    if (!custom.ok) return 'refused';
    range = custom.choice;
  }
  let queryText = c.file;
  if (c.line !== undefined) {
    const source = parsedText(c.file);
    const query = queryAt(source, source.parsed.ast.lineStarts[c.line - 1] ?? 0);
    queryText = query?.text ?? '';
  }
  const plan = planEditorRun({
    fileText: c.file,
    queryText,
    values: { params: c.params ?? {}, injects: c.injects ?? {} },
    range,
    defaultLimit: 1000,
    ...(c.limit !== undefined ? { limit: c.limit } : {}),
    now: NOW,
  });
  const prepared = preparedOf(plan);
  if (!prepared.ok || plan.needs.length > 0) return 'refused';
  return JSON.stringify([prepared.run.endpoint, prepared.run.body]);
}

void test('there are at least 30 cases, and both doors send some and refuse some', () => {
  assert.ok(cases.length >= 30, `${cases.length} cases`);
  const outcomes = cases.map((c, i) => cliRequest(c, i));
  assert.ok(outcomes.filter((o) => o === 'refused').length >= 5);
  assert.ok(
    outcomes.filter((o) => o !== 'refused').length >= 25,
    outcomes.map((o, i) => `${cases[i]?.name}: ${o.slice(0, 60)}`).join('\n'),
  );
});

/** What the assistant's door makes of a whole-file case: the input a model gives `mxql_run`. */
function toolRequest(c: Case): string {
  const range =
    typeof c.range === 'string'
      ? { range: c.range }
      : c.range
        ? { stime: c.range.start, etime: c.range.end }
        : {};
  try {
    const plan = toolPlan(
      {
        mql: c.file,
        ...range,
        ...(c.params ? { params: c.params } : {}),
        ...(c.injects ? { injects: c.injects } : {}),
        ...(c.limit !== undefined ? { limit: c.limit } : {}),
      },
      { ...contextFor(undefined), now: () => NOW, timezone: localTimezone },
    );
    if (!plan.request || plan.needs.length > 0 || plan.problems.length > 0) return 'refused';
    return JSON.stringify([plan.request.endpoint, plan.request.body]);
  } catch {
    return 'refused';
  }
}

for (const zoneName of ZONES)
  for (const [season, now] of Object.entries(SEASONS))
    cases.forEach((c, i) => {
      void test(`${zoneName}, ${season}: the doors send the same bytes: ${c.name}`, () => {
        process.env.TZ = zoneName;
        NOW = now;
        // A range given on the command line beats the file's directives; the status bar's does not.
        assert.ok(
          !(c.range && /@range|@stime/.test(c.file)),
          'a case with a range must have no range directive',
        );
        const cli = cliRequest(c, i);
        assert.equal(editorRequest(c), cli);
        // The tool takes a whole file (no --line) and no predefined path of a UI.
        if (c.line === undefined) assert.equal(toolRequest(c), cli);
      });
    });

void test('the zones really differ: a summer local time is read with summer time in winter too', () => {
  process.env.TZ = 'Europe/Berlin';
  NOW = SEASONS.winter;
  const summer = cases.findIndex((c) => c.name === '@stime/@etime in summer');
  const sent = JSON.parse(cliRequest(cases[summer] as Case, summer)) as [string, { stime: number }];
  // 2026-07-01 00:00 in Berlin is 22:00 UTC the day before (UTC+2), not 23:00 (winter's UTC+1).
  assert.equal(sent[1].stime, Date.UTC(2026, 5, 30, 22, 0, 0));
  process.env.TZ = 'America/New_York';
  const there = JSON.parse(cliRequest(cases[summer] as Case, summer)) as [string, { stime: number }];
  assert.equal(there[1].stime, Date.UTC(2026, 6, 1, 4, 0, 0));
});
