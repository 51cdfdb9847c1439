/**
 * Finding the category a pipeline loads: `CATEGORY name`, `CATEGORY "name"`, `CATEGORY name{m5}` or the
 * JSON form `CATEGORY {"name": 6h, "name{m5}": 3d, …}`, whose first key names the base category.
 */
import { type CommandNode, type Range } from './index';

/** The category a CATEGORY command names; `dynamic` when it is a `$param` or template marker. */
export interface CategoryRef {
  readonly name: string;
  readonly range: Range;
  /** Every category name written in the command (one, or each key of the JSON form). */
  readonly all: readonly { readonly name: string; readonly range: Range }[];
}

/** The category a CATEGORY command names, or null when it is missing, a `$param` or a template marker. */
export function categoryOfCommand(command: CommandNode): CategoryRef | null {
  const operand = command.operand;
  if (operand === null) return null;
  const all: { name: string; range: Range }[] = [];
  if (operand.kind === 'word' && !operand.template) {
    all.push({
      name: operand.suffix ? `${operand.text}{${operand.suffix.text}}` : operand.text,
      range: operand.range,
    });
  } else if (operand.kind === 'string' && !operand.value.includes('$')) {
    all.push({ name: operand.value, range: { start: operand.range.start + 1, end: operand.range.end - 1 } });
  } else if (operand.kind === 'object') {
    for (const m of operand.members) {
      if (m.key && !m.key.param) {
        const quoted = m.key.quote !== null;
        const r = quoted ? { start: m.key.range.start + 1, end: m.key.range.end - 1 } : m.key.range;
        all.push({ name: m.key.name, range: r });
      }
    }
  }
  const first = all[0];
  return first ? { name: first.name, range: first.range, all } : null;
}
