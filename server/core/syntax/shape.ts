/**
 * `astShape`: the tree without positions, for comparing two parses of texts that differ only in
 * layout (the formatter's guarantee, and its tests).
 */
import type { AstNode } from './ast';

/**
 * Whether a field holds a position (ranges, line numbers, line starts) rather than meaning. The
 * common field names are answered by a switch over interned strings (pointer compares, no hashing),
 * which the tree walk below asks for every field of every node; any other name by its form.
 */
function isPositionKey(key: string): boolean {
  switch (key) {
    case 'range':
    case 'line':
    case 'endLine':
    case 'lineStarts':
      return true;
    case 'kind':
    case 'name':
    case 'upperName':
    case 'text':
    case 'value':
    case 'operand':
    case 'members':
    case 'items':
    case 'key':
    case 'closed':
    case 'quote':
    case 'trailingComment':
      return false;
  }
  return key.endsWith('Range');
}

/**
 * A plain copy of `node` without ranges, line numbers, line starts and command spellings. Two texts whose trees have
 * equal shapes (compare with `JSON.stringify` or `deepStrictEqual`) mean the same to the service.
 */
export function astShape(node: AstNode | readonly AstNode[] | null): unknown {
  return strip(node);
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  const record = value as Record<string, unknown>;
  // A command's spelling is layout (commands are case-insensitive); `upperName` carries its meaning.
  const isCommand = record['kind'] === 'command';
  for (const [key, v] of Object.entries(record)) {
    if (!isPositionKey(key) && !(isCommand && key === 'name')) out[key] = strip(v);
  }
  return out;
}

/**
 * True when `a` and `b` have the same {@link astShape}, compared in place (no copies, no strings).
 * Recursive: the depth is the tree's nesting, which the parser bounds (brackets deeper than its
 * limit are skipped), never the document's length; lists are walked by loops. Cheaper than an
 * explicit stack of pending pairs, which the first call in a process pays for most.
 *
 * The lists of the root share nodes (a document's `main` and each SUB's `commands` hold statements
 * of `items`): a pair of their elements compared once is not compared again, which saves a second
 * walk of every statement.
 */
export function sameShape(a: AstNode, b: AstNode): boolean {
  if (a === b) return true;
  const compared = new Map<unknown, unknown>();
  const sameElement = (x: unknown, y: unknown): boolean => {
    if (y !== undefined && x !== null && typeof x === 'object' && compared.get(x) === y) return true;
    if (!same(x, y)) return false;
    compared.set(x, y);
    return true;
  };
  const sameRootValue = (x: unknown, y: unknown): boolean =>
    Array.isArray(x) && Array.isArray(y) ? sameList(x, y, sameElement) : same(x, y);
  return sameFields(a as unknown as Rec, b as unknown as Rec, sameRootValue);
}

type Rec = Record<string, unknown>;

function same(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (x === null || y === null || typeof x !== 'object' || typeof y !== 'object') return false;
  if (Array.isArray(x)) return Array.isArray(y) && sameList(x, y, same);
  return !Array.isArray(y) && sameFields(x as Rec, y as Rec, same);
}

function sameList(x: readonly unknown[], y: readonly unknown[], sameElement: typeof same): boolean {
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (!sameElement(x[i], y[i])) return false;
  return true;
}

/** Whether two records have the same meaningful fields, their values compared by `sameValue`. */
function sameFields(x: Rec, y: Rec, sameValue: typeof same): boolean {
  if (Array.isArray(y)) return false;
  // A command's spelling is layout (commands are case-insensitive); `upperName` carries its meaning.
  const isCommand = x['kind'] === 'command';
  let count = 0;
  for (const key in x) {
    if (isPositionKey(key) || (isCommand && key === 'name')) continue;
    if (!(key in y) || !sameValue(x[key], y[key])) return false;
    count++;
  }
  for (const key in y) if (!isPositionKey(key) && !(isCommand && key === 'name')) count--;
  return count === 0;
}
