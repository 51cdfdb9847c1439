/**
 * Where a `$param` stands for a value of a column, judged by structure: the value of an option the
 * catalog marks as compared with a sibling column (`FILTER {key: type, value: $type}`, a TAGLOAD load
 * filter, FILTER-KEYS position by position), or one side of a formula comparison (`==`, `!=`, `like`)
 * whose other side is a column (`type == '$type'`, `FILTER oname != $name`). A column written as a
 * `$param` itself names no column, so its value is nobody's.
 */
import { findCommand, type CommandDef, findOption } from '../catalog/index';
import {
  commandExpressionSites,
  parseExpression,
  type CommandNode,
  type ExprNode,
  type ObjectValue,
  type ParamRef,
  type Value,
} from '../syntax/index';
import { optionsAt } from './optionValues';

/** The operators that compare a column with a value. */
const COMPARISONS: ReadonlySet<string> = new Set(['==', '!=', 'like']);

/** The column a `$param` occurrence in `command` is compared with, or undefined when it is none. */
export function comparedColumn(command: CommandNode, ref: ParamRef): string | undefined {
  if (ref.inKey) return undefined;
  const def = findCommand(command.name);
  return (
    (def && command.operand ? inOptions(def, command.operand, ref, []) : undefined) ??
    inFormulas(command, ref)
  );
}

/** True when `value` is `ref` itself, bare or alone in quotes (`$x`, `'$x'`). */
function isWhole(value: Value, ref: ParamRef): boolean {
  if (value.kind === 'param') return value.range.start === ref.range.start;
  return value.kind === 'string' && value.value === ref.name && value.range.start + 1 === ref.range.start;
}

/** A column name written literally (a word or a quoted name), never a `$param` or a template. */
function literalName(value: Value): string | undefined {
  if (value.kind === 'word') return value.template || value.suffix ? undefined : value.text;
  if (value.kind === 'string') return value.value.includes('$') ? undefined : value.value;
  return undefined;
}

/** The columns a `key`-like member names: one, or a list (position by position). */
function namedColumns(value: Value): (string | undefined)[] {
  return value.kind === 'array' ? value.items.map(literalName) : [literalName(value)];
}

function inOptions(
  def: CommandDef,
  value: Value,
  ref: ParamRef,
  keyPath: readonly string[],
): string | undefined {
  if (value.kind === 'array') {
    for (const item of value.items) {
      const found = inOptions(def, item, ref, keyPath);
      if (found) return found;
    }
    return undefined;
  }
  if (value.kind !== 'object') return undefined;
  const found = inObject(def, value, ref, keyPath);
  if (found !== undefined) return found;
  for (const m of value.members) {
    if (!m.key || !m.value || m.key.param) continue;
    const nested = inOptions(def, m.value, ref, [...keyPath, m.key.name]);
    if (nested) return nested;
  }
  return undefined;
}

/** `ref` as the value of a member of `object` compared with a sibling column. */
function inObject(
  def: CommandDef,
  object: ObjectValue,
  ref: ParamRef,
  keyPath: readonly string[],
): string | undefined {
  const options = optionsAt(def, keyPath);
  if (options.length === 0) return undefined;
  for (const m of object.members) {
    if (!m.key || !m.value || m.key.param) continue;
    const keyName = m.key.name;
    const option = findOption(options, keyName);
    if (!option?.comparedWith) continue;
    const items = m.value.kind === 'array' ? m.value.items : [m.value];
    const at = items.findIndex((item) => isWhole(item, ref));
    if (at < 0) continue;
    const sibling = object.members.find((s) => s.key?.name === option.comparedWith)?.value;
    if (!sibling) return undefined;
    const columns = namedColumns(sibling);
    // One column takes every value; a list pairs values and columns by position.
    return columns.length === 1 ? columns[0] : columns[at];
  }
  return undefined;
}

/** `ref` as one side of a comparison in a formula of `command` whose other side is a column. */
function inFormulas(command: CommandNode, ref: ParamRef): string | undefined {
  for (const site of commandExpressionSites(command)) {
    if (ref.range.start < site.offset || ref.range.start > site.offset + site.text.length) continue;
    const { expr } = parseExpression(site.text, site.offset);
    const found = expr ? inComparison(expr, ref) : undefined;
    if (found) return found;
  }
  return undefined;
}

function isRefNode(node: ExprNode, ref: ParamRef): boolean {
  if (node.kind === 'param') return node.range.start === ref.range.start;
  return node.kind === 'string' && node.value === ref.name && node.range.start + 1 === ref.range.start;
}

function inComparison(node: ExprNode, ref: ParamRef): string | undefined {
  switch (node.kind) {
    case 'binary': {
      if (COMPARISONS.has(node.operator)) {
        if (node.left.kind === 'identifier' && isRefNode(node.right, ref)) return node.left.name;
        if (node.right.kind === 'identifier' && isRefNode(node.left, ref)) return node.right.name;
      }
      return inComparison(node.left, ref) ?? inComparison(node.right, ref);
    }
    case 'unary':
      return inComparison(node.operand, ref);
    case 'conditional':
      return (
        inComparison(node.test, ref) ??
        inComparison(node.consequent, ref) ??
        inComparison(node.alternate, ref)
      );
    case 'call':
      for (const arg of node.args) {
        const found = inComparison(arg, ref);
        if (found) return found;
      }
      return undefined;
    default:
      return undefined;
  }
}
