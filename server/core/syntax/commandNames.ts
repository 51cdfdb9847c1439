/**
 * Canonical spellings of the MXQL commands the syntax layer needs to know: to recover from an
 * unclosed bracket at the next line that starts with a command, and to normalise case when
 * formatting. The spellings come from the catalog's command table; the catalog imports nothing from
 * the syntax layer, so there is no cycle.
 */
import { allCommandSpellings } from '../catalog/commands';

/**
 * Every spelling of the catalog's command table (names and aliases) that the lexer reads as a word;
 * operator-like names such as `>>` never reach these lookups. Derived once at module load so the
 * table stays the only list of commands and the parser's lookups stay a set probe.
 */
export const COMMAND_SPELLINGS: readonly string[] = allCommandSpellings().filter((spelling) =>
  /^[A-Za-z]/.test(spelling),
);

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
 * because their exact spelling is what real queries use and changing it buys nothing. `upper` is
 * `name.toUpperCase()`, passed when the caller has it already (a command node's `upperName`).
 */
export function canonicalCommandCase(name: string, upper = name.toUpperCase()): string {
  if (name.includes('.')) return name;
  const canonical = BY_UPPER.get(upper);
  if (canonical !== upper) return name;
  return name === upper || name === name.toLowerCase() ? upper : name;
}
