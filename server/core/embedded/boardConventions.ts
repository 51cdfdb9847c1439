/**
 * The conventions of the dashboards whose JSON holds MXQL (the board fills parts of each query itself):
 * `$TIME_MERGE_PLACE` and `$OBJECT_MERGE_PLACE` stand for the merge the board's user picks
 * (`queries/boardMerges.ts`, beside the other `$params` a run fills),
 * `INJECT timepast` and `INJECT default` for filters the board adds, and `HEADER { "field$": "type" }`
 * tells the board how to show each field. A run outside the board (the editor's, `mxql run`) follows
 * them here, in one place. Pure; never throws.
 */
import { parseDirectives, type Value } from '../syntax/index';
import { parsedText, wholeQuery } from '../queries/queries';
import type { JsonQuery, JsonQueryScan } from './jsonQueries';

/** The INJECT names a board fills itself; a run sends them empty unless it is given a fragment. */
export const BOARD_INJECTS: ReadonlySet<string> = new Set(['timepast', 'default']);

/**
 * The fragments a run of the board query `text` sends for the board's own INJECTs: `given` (the
 * caller's) first, then the `-- @inject` lines of `fileText` (left to the planner), else empty. Only
 * the names the query uses are added, so a query without them sends no `inject` for them.
 */
export function boardInjects(
  text: string,
  given: Readonly<Record<string, string>> = {},
  fileText = text,
): Record<string, string> {
  const fromFile = parseDirectives(fileText).injects;
  const out: Record<string, string> = { ...given };
  for (const name of wholeQuery(text).injects)
    if (BOARD_INJECTS.has(name) && out[name] === undefined && fromFile[name] === undefined) out[name] = '';
  return out;
}

/** The JSON query whose string token holds `offset` (quotes included), if any. */
export function jsonQueryAt(scan: JsonQueryScan, offset: number): JsonQuery | undefined {
  return scan.queries.find((q) => offset >= q.token.start && offset <= q.token.end);
}

/** The query with this JSON pointer, if the scan found one. */
export function jsonQueryByPointer(scan: JsonQueryScan, pointer: string): JsonQuery | undefined {
  return scan.queries.find((q) => q.pointer === pointer);
}

/** True for a string under an `inject` object: a fragment the board splices into a query, not a query. */
export function isInjectFragment(pointer: string): boolean {
  return /(^|\/)inject\//.test(pointer);
}

/**
 * The fragments the file gives a query beside it: the strings of an `inject` object next to its key
 * (`/widgets/0/query` reads `/widgets/0/inject/default`), by name.
 */
export function siblingFragments(scan: JsonQueryScan, query: JsonQuery): Record<string, string> {
  const parent = query.pointer.slice(0, query.pointer.lastIndexOf('/'));
  const prefix = `${parent}/inject/`;
  const out: Record<string, string> = {};
  for (const q of scan.queries) {
    const name = q.pointer.startsWith(prefix) ? q.pointer.slice(prefix.length) : '';
    if (name !== '' && !name.includes('/')) out[name.replace(/~1/g, '/').replace(/~0/g, '~')] = q.text;
  }
  return out;
}

/** What a result should be shown as: a time series of these numeric fields, as the board draws it. */
export interface BoardChart {
  readonly kind: 'series';
  /** The fields the HEADER gives a numeric display type, in HEADER order. */
  readonly ys: readonly string[];
}

/** HEADER display codes of text (everything else the board shows as a number). */
const TEXT_CODES: ReadonlySet<string> = new Set(['S', 'id']);

/**
 * The chart the query's HEADER asks for: its `field$` keys with a numeric display type (`I`, `F`, `%`,
 * `B`, `ms`, `#`, …) are the series' values; undefined when the HEADER names no numeric field or
 * there is no HEADER (the panel then chooses as it always does).
 */
export function headerChart(text: string): BoardChart | undefined {
  const ys: string[] = [];
  for (const statement of parsedText(text).parsed.ast.main) {
    if (statement.kind !== 'command' || statement.upperName !== 'HEADER') continue;
    if (statement.operand?.kind !== 'object') continue;
    for (const member of statement.operand.members) {
      const key = member.key?.name ?? '';
      const code = member.value ? displayCode(member.value) : undefined;
      if (!key.endsWith('$') || key.length < 2 || code === undefined || TEXT_CODES.has(code)) continue;
      const field = key.slice(0, -1);
      if (!ys.includes(field)) ys.push(field);
    }
  }
  return ys.length > 0 ? { kind: 'series', ys } : undefined;
}

/** The display code a HEADER value spells (`'F'`, `"#"`, `ms`); undefined for anything else. */
function displayCode(value: Value): string | undefined {
  switch (value.kind) {
    case 'string':
      return value.value;
    case 'word':
      return value.text;
    case 'duration':
    case 'expression':
      // `ms` reads as a word; `#`, `%` and `pct#` may come out as an expression run.
      return 'raw' in value ? value.raw : value.text;
    default:
      return undefined;
  }
}
