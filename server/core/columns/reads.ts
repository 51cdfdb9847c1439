/**
 * Which existing columns a command reads: its list operand and its `reads` options (the catalog's
 * column roles), and the sources of a RENAME. Validation checks these names against the flow; the
 * workspace's column usage counts them.
 */
import { findOption, type CommandDef, type OptionDef } from '../catalog/index';
import { type CommandNode, type Value } from '../syntax/index';
import { namesOf, type NameRef } from '../syntax/valueNames';
import { renamePairs } from './effects';

/** The names a command reads as existing columns: its list operand and its `reads` options. */
export function columnReads(command: CommandNode, def: CommandDef): NameRef[] {
  const operand = command.operand;
  if (def.columnEffect === 'rename') return renamePairs(operand).pairs.map(([src]) => src);
  if (operand === null) return [];
  if (operand.kind !== 'object') return def.operandColumns === 'reads' ? [...namesOf(operand).names] : [];
  return readsInObject(operand, def.options);
}

function readsInObject(operand: Value, options: readonly OptionDef[]): NameRef[] {
  if (operand.kind === 'array') return operand.items.flatMap((item) => readsInObject(item, options));
  if (operand.kind !== 'object') return [];
  const out: NameRef[] = [];
  for (const member of operand.members) {
    const key = member.key;
    if (key === null || member.value === null) continue;
    const option = findOption(options, key.name);
    if (option?.column === 'reads') out.push(...namesOf(member.value).names);
    else if (option?.nested) out.push(...readsInObject(member.value, option.nested));
  }
  return out;
}
