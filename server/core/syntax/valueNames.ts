/**
 * Reading names out of operand values: the column, category and SUB names written as words, quoted
 * strings or lists of them. Anything computed at run time ($params, template markers, expressions)
 * makes the result `dynamic`, which callers treat as "could be any name".
 */
import { type MemberNode, type ObjectValue, type Range, type Value } from './index';

/** A name written in the query, with where it is. */
export interface NameRef {
  readonly name: string;
  readonly range: Range;
}

/** The names a value lists, and whether some entry is only known at run time. */
export interface NameList {
  readonly names: readonly NameRef[];
  readonly dynamic: boolean;
}

/** Names in a word, quoted string or (nested) list; `{a, b}` bare-member objects count as lists. */
export function namesOf(value: Value | null): NameList {
  const out = { names: [] as NameRef[], dynamic: false };
  if (value !== null) collectNames(value, out);
  return out;
}

function collectNames(v: Value, out: { names: NameRef[]; dynamic: boolean }): void {
  switch (v.kind) {
    case 'word':
      if (v.template) out.dynamic = true;
      else out.names.push({ name: v.suffix ? `${v.text}{${v.suffix.text}}` : v.text, range: v.range });
      return;
    case 'string':
      // Services substitute `$params` textually, so a quoted `"$pk"` may name any column.
      if (/\$[A-Za-z_]/.test(v.value)) out.dynamic = true;
      else
        out.names.push({
          name: v.value,
          range: { start: v.range.start + 1, end: v.range.end - (v.closed ? 1 : 0) },
        });
      return;
    case 'array':
      for (const item of v.items) collectNames(item, out);
      return;
    case 'object':
      for (const m of v.members)
        if (m.value === null && m.key) out.names.push({ name: m.key.name, range: m.key.range });
      return;
    case 'duration':
      // Prefix durations (`m5`, `h1`) are also valid column names.
      out.names.push({ name: v.raw, range: v.range });
      return;
    case 'param':
    case 'template':
    case 'expression':
    case 'inject':
      out.dynamic = true;
      return;
    default:
      return;
  }
}

/** The member of an object with the given key (first match), or undefined. */
export function memberOf(object: ObjectValue, ...keys: readonly string[]): MemberNode | undefined {
  return object.members.find((m) => m.key !== null && keys.includes(m.key.name));
}

/** The value of a member, or null when the object lacks it. */
export function optionValue(operand: Value | null, ...keys: readonly string[]): Value | null {
  if (operand?.kind !== 'object') return null;
  return memberOf(operand, ...keys)?.value ?? null;
}

/** True when a value contains a template marker anywhere (its meaning is filled in by the service). */
export function hasTemplate(value: Value): boolean {
  switch (value.kind) {
    case 'template':
      return true;
    case 'word':
      return value.template;
    case 'array':
      return value.items.some(hasTemplate);
    case 'object':
      return value.members.some((m) => m.value !== null && hasTemplate(m.value));
    default:
      return false;
  }
}
