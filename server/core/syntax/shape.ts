/**
 * `astShape`: the tree without positions, for comparing two parses of texts that differ only in
 * layout (the formatter's guarantee, and its tests).
 */
import type { AstNode } from './ast';

const POSITION_KEYS: ReadonlySet<string> = new Set(['line', 'endLine', 'lineStarts']);

function isPositionKey(key: string): boolean {
  return key === 'range' || key.endsWith('Range') || POSITION_KEYS.has(key);
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
