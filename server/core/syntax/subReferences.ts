/**
 * Finds the uses of SUB names: `APPEND name`, and the `query` / `include` / `exclude` members of
 * JOIN, APPEND, FILTER-SUBQUERY and JOINByTime. A quoted value starting with `/` is a predefined
 * query path, not a SUB.
 */
import type { Range, Statement, SubBlock, SubReference, SubRefVia, Value } from './ast';

/** Upper-cased names of the commands that can reference a SUB. */
export const SUB_REFERRING_COMMANDS: ReadonlySet<string> = new Set([
  'JOIN',
  'APPEND',
  'FILTER-SUBQUERY',
  'JOINBYTIME',
]);

const MEMBER_VIA: Record<string, SubRefVia> = { query: 'query', include: 'include', exclude: 'exclude' };

/** The SUB name a value denotes, with its range (inside the quotes), or null for a path or other value. */
function nameOf(value: Value): { name: string; range: Range } | null {
  if (value.kind === 'word' && !value.template && value.suffix === null) {
    return { name: value.text, range: value.range };
  }
  if (value.kind === 'string' && value.value.length > 0 && !value.value.startsWith('/')) {
    const start = value.range.start + 1;
    return { name: value.value, range: { start, end: start + value.value.length } };
  }
  return null;
}

function referencesOf(stmt: Statement, out: Omit<SubReference, 'resolved'>[]): void {
  if (stmt.kind !== 'command' || !SUB_REFERRING_COMMANDS.has(stmt.upperName) || !stmt.operand) return;
  const operand = stmt.operand;
  if (operand.kind === 'object') {
    for (const member of operand.members) {
      const via = member.key ? MEMBER_VIA[member.key.name] : undefined;
      const found = via && member.value ? nameOf(member.value) : null;
      if (via && found) out.push({ ...found, command: stmt.upperName, via });
    }
    return;
  }
  const found = nameOf(operand);
  if (found) out.push({ ...found, command: stmt.upperName, via: 'operand' });
}

/** Every SUB reference of the main pipeline and the SUB bodies, in source order. */
export function collectSubReferences(main: readonly Statement[], subs: readonly SubBlock[]): SubReference[] {
  const raw: Omit<SubReference, 'resolved'>[] = [];
  for (const stmt of main) referencesOf(stmt, raw);
  for (const sub of subs) for (const stmt of sub.commands) referencesOf(stmt, raw);
  const names = new Set<string>();
  for (const sub of subs) if (sub.name !== null) names.add(sub.name);
  raw.sort((a, b) => a.range.start - b.range.start);
  return raw.map((r) => ({ ...r, resolved: names.has(r.name) }));
}
