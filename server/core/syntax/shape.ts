/**
 * `astShape`: the tree without positions, for comparing two parses of texts that differ only in
 * layout (the formatter's guarantee, and its tests).
 */
import type { AstNode } from './ast';

const POSITION_KEYS: ReadonlySet<string> = new Set(['line', 'endLine', 'lineStarts']);

/** Answers per field name, remembered: a tree has few distinct names, and {@link sameShape} asks for each field. */
const positionKeyMemo = new Map<string, boolean>();

function isPositionKey(key: string): boolean {
  let known = positionKeyMemo.get(key);
  if (known === undefined) {
    known = key === 'range' || POSITION_KEYS.has(key) || key.endsWith('Range');
    positionKeyMemo.set(key, known);
  }
  return known;
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
 * True when `a` and `b` have the same {@link astShape}, compared in place (no copies, no strings) and
 * with an explicit stack, so that a 20,000-line document costs neither memory nor call depth.
 */
export function sameShape(a: AstNode, b: AstNode): boolean {
  const left: unknown[] = [a];
  const right: unknown[] = [b];
  while (left.length > 0) {
    const x = left.pop();
    const y = right.pop();
    if (x === y) continue;
    if (x === null || y === null || typeof x !== 'object' || typeof y !== 'object') return false;
    if (Array.isArray(x)) {
      if (!Array.isArray(y) || x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) {
        left.push(x[i]);
        right.push(y[i]);
      }
    } else if (!pushFields(x as Record<string, unknown>, y as Record<string, unknown>, left, right)) {
      return false;
    }
  }
  return true;
}

/** Queues the meaningful fields of two records; false when their field sets differ. */
function pushFields(
  x: Record<string, unknown>,
  y: Record<string, unknown>,
  left: unknown[],
  right: unknown[],
): boolean {
  if (Array.isArray(y)) return false;
  const isCommand = x['kind'] === 'command';
  let count = 0;
  for (const key in x) {
    if (isPositionKey(key) || (isCommand && key === 'name')) continue;
    if (!(key in y)) return false;
    count++;
    // Equal leaves (most fields: kinds, names, flags) are settled here rather than queued.
    const xv = x[key];
    const yv = y[key];
    if (xv === yv) continue;
    if (xv === null || yv === null || typeof xv !== 'object' || typeof yv !== 'object') return false;
    left.push(xv);
    right.push(yv);
  }
  for (const key in y) if (!isPositionKey(key) && !(isCommand && key === 'name')) count--;
  return count === 0;
}
