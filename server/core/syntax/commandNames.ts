/**
 * Canonical spellings of the MXQL commands the syntax layer needs to know: to recover from an
 * unclosed bracket at the next line that starts with a command, and to normalise case when
 * formatting. The full command table (options, docs) lives in the catalog.
 */

/** Canonical spellings, as the service documents or real queries write them. */
export const COMMAND_SPELLINGS: readonly string[] = [
  'CATEGORY',
  'OID',
  'OKIND',
  'ONODE',
  'OIDSET',
  'HEADER',
  'TIME-RANGE',
  'TIME-PAST',
  'LogTag',
  'TAGLOAD',
  'FLEXLOAD',
  'LogCountLoad',
  'LogSink',
  'KV.LOAD',
  'KV.SNAPSHOT',
  'kv.select',
  'kv.insert',
  'SELECT',
  'CREATE',
  'CREATE-EXPR',
  'DELETE',
  'RENAME',
  'GROUP',
  'UPDATE',
  'IFUPDATE',
  'OIUPDATE',
  'ORDER',
  'JOIN',
  'JOINByTime',
  'APPEND',
  'FILTER-SUBQUERY',
  'LIMIT',
  'SKIP',
  'FILTER-KEYS',
  'FILTERKEYS',
  'FIRST-ONLY',
  'LAST-ONLY',
  'LASTONLY',
  'TIME-FILTER',
  'INJECT',
  'ADJUST',
  'FILTER',
  'ROWNUM',
  'UNFOLD',
  'FOLD',
  'PIVOT-HEAD',
  'PIVOT-FIELD',
  'DELTA',
  'HVTEXT',
  'HvText',
  'FORMAT',
  'IP2LOC',
  'OS-BROWSER',
  'SQLTABLE',
  'PART-BY',
  'PLUGIN',
  'SUB',
  'END',
  'OPENMX',
];

const BY_UPPER = new Map<string, string>();
for (const spelling of COMMAND_SPELLINGS) {
  const upper = spelling.toUpperCase();
  // Prefer the all-uppercase spelling when both exist (HVTEXT over HvText).
  if (!BY_UPPER.has(upper) || spelling === upper) BY_UPPER.set(upper, spelling);
}
const EXACT = new Set(COMMAND_SPELLINGS);

/** True when `name` (any case) names a known command. */
export function isKnownCommand(name: string): boolean {
  return BY_UPPER.has(name.toUpperCase());
}

/**
 * True when `name` is written as a command is canonically written (`SELECT`, `LogCountLoad`) or in
 * all capitals. Used to tell a command that starts a line from a field name in a broken operand.
 */
export function looksLikeCommand(name: string): boolean {
  if (EXACT.has(name)) return true;
  return name === name.toUpperCase() && BY_UPPER.has(name);
}

/**
 * The spelling the formatter writes: all-lowercase or all-uppercase names of commands whose
 * canonical form is uppercase become uppercase (`select` → `SELECT`). Mixed-case names
 * (`LogCountLoad`, `HvText`), dotted names (`kv.load`) and unknown names are kept as written,
 * because their exact spelling is what real queries use and changing it buys nothing.
 */
export function canonicalCommandCase(name: string): string {
  if (name.includes('.')) return name;
  const upper = name.toUpperCase();
  const canonical = BY_UPPER.get(upper);
  if (canonical !== upper) return name;
  return name === name.toLowerCase() || name === upper ? upper : name;
}
