/**
 * Why an empty result is empty, asked of the data instead of guessed: the query cut just before its first
 * FILTER (in the main pipeline) is a probe a caller sends with the same range and project. Rows there mean
 * the FILTER kept none of them, so the fix is the filter's value, not a longer range; no rows there mean
 * the category itself has nothing in the range. For a `FILTER {key: column, value: x}`, the probe also
 * carries the lookup that lists the values the column does hold. Pure: building and reading only.
 */
import { findCommand } from '../catalog/index';
import { valueLookup, type ValueLookup } from '../analysis/valueLookup';
import { categoryOfCommand } from '../syntax/categoryOperand';
import { lineColumnOf, parse, type CommandNode, type Value } from '../syntax/index';

/** A FILTER of a query and the probe that tells whether it, or the data, made the result empty. */
export interface FilterProbe {
  /** The query up to (not including) its first FILTER: send it with the run's range and project. */
  readonly mql: string;
  /** The FILTER as written, on one line. */
  readonly filter: string;
  /** Its 1-based line in the query text. */
  readonly line: number;
  /** For `FILTER {key: c, value: v}`: the column and the value compared, or the `$param` holding it. */
  readonly column?: string;
  readonly value?: string;
  readonly param?: string;
  /** The lookup of `column`'s values in the range, when the pipeline reads it with a loader a lookup can use. */
  readonly lookup?: ValueLookup;
}

/** A literal scalar written as a word, string or number; undefined for `$params`, templates and lists. */
function literal(value: Value | null): string | undefined {
  if (!value) return undefined;
  if (value.kind === 'word') return value.template ? undefined : value.text;
  if (value.kind === 'string') return value.value.includes('$') ? undefined : value.value;
  if (value.kind === 'number') return value.raw;
  return undefined;
}

/** `{key: c, value: v}` of a FILTER with a literal column, and its value written or as a `$param`. */
function keyValue(command: CommandNode): { column: string; value?: string; param?: string } | undefined {
  const operand = command.operand;
  if (operand?.kind !== 'object') return undefined;
  const member = (name: string) =>
    operand.members.find((m) => m.key?.name.toLowerCase() === name && !m.key.param)?.value ?? null;
  const column = literal(member('key'));
  const written = member('value');
  if (column === undefined || written === null) return undefined;
  if (written.kind === 'param') return { column, param: written.name };
  const value = literal(written);
  return value === undefined ? undefined : { column, value };
}

/**
 * The probe of `mql`'s first main-pipeline FILTER; undefined when the query has none before which it
 * loads rows, or uses SUB blocks or INJECT points (cutting the text would lose what they bring).
 */
export function filterProbe(mql: string): FilterProbe | undefined {
  const doc = parse(mql).ast;
  if (doc.subs.length > 0 || doc.injects.length > 0 || doc.markers.length > 0) return undefined;
  let category: { line: string; name: string } | undefined;
  let loader: string | undefined;
  for (const statement of doc.main) {
    if (statement.kind !== 'command') continue;
    const def = findCommand(statement.name);
    if (statement.upperName === 'CATEGORY') {
      const ref = categoryOfCommand(statement);
      const { start, end } = statement.range;
      category = ref ? { line: mql.slice(start, end), name: ref.name } : undefined;
    } else if (def?.stage === 'load') {
      loader = statement.upperName;
    } else if (statement.upperName === 'FILTER') {
      if (loader === undefined) return undefined;
      const { start, end } = statement.range;
      const compared = keyValue(statement);
      const lookup =
        compared && category ? valueLookup(category.line, category.name, compared.column, loader) : undefined;
      return {
        mql: mql.slice(0, start).trimEnd(),
        filter: mql.slice(start, end).replace(/\s+/g, ' ').trim(),
        line: lineColumnOf(doc.lineStarts, start).line,
        ...(compared ?? {}),
        ...(lookup ? { lookup } : {}),
      };
    }
  }
  return undefined;
}
