/**
 * What kind of thing belongs at a cursor, decided on the tolerant tree so that it works in
 * half-typed text (`SELECT [`, `{key:[`, `CATEGORY `). Completion fills each kind.
 */
import type {
  ArrayValue,
  KeyNode,
  MxqlDocument,
  ObjectValue,
  Range,
  Statement,
  SubBlock,
  Value,
} from './ast';
import { lineEndOf } from './lineIndex';
import { commentAt, pipelineAt, statementAt, type PipelineAt } from './navigate';

/** Kinds of cursor position. */
export const CursorKind = {
  /** Where a command name goes (start of a line, or inside a command name). */
  commandName: 'command-name',
  /** The operand of a command, outside any bracket (`CATEGORY |`, `LIMIT |`). */
  operand: 'operand',
  /** An object key (`{|`, `{key: a, |`). */
  key: 'key',
  /** An object value (`{sort: |`). */
  value: 'value',
  /** An array item (`SELECT [|`, `{key: [a, |`). */
  item: 'item',
  subName: 'sub-name',
  injectName: 'inject-name',
  comment: 'comment',
  promql: 'promql',
  /** Nowhere useful (a template line, an invalid line). */
  none: 'none',
} as const;
/** One of the {@link CursorKind} values. */
export type CursorKind = (typeof CursorKind)[keyof typeof CursorKind];

/** The syntactic context of a cursor. */
export interface CursorContext {
  readonly kind: CursorKind;
  /** The statement holding the cursor, or null on an empty line. */
  readonly statement: Statement | null;
  /** Upper-cased name of the command whose operand holds the cursor, else null. */
  readonly command: string | null;
  /** The pipeline at the cursor; `statements.slice(0, index)` are upstream of it. */
  readonly pipeline: PipelineAt;
  readonly sub: SubBlock | null;
  /** Member keys from the operand root to the cursor (`{filter: {key: |` → `['filter', 'key']`). */
  readonly keyPath: readonly string[];
  /** The innermost object or array holding the cursor. */
  readonly container: ObjectValue | ArrayValue | null;
  /** The value or key under the cursor, if any. */
  readonly node: Value | KeyNode | null;
  /** True when the cursor is between the quotes of a string. */
  readonly inString: boolean;
  /** The word characters before the cursor (what the user has typed so far). */
  readonly prefix: string;
  /** The range a completion should replace (the word around the cursor). */
  readonly replaceRange: Range;
}

function isWordChar(c: number): boolean {
  return (
    (c >= 48 && c <= 57) ||
    (c >= 65 && c <= 90) ||
    (c >= 97 && c <= 122) ||
    c === 95 ||
    c === 46 ||
    c === 36 ||
    c === 45 ||
    c === 35 ||
    c === 64 ||
    c > 0x7f
  );
}

function wordAround(text: string, offset: number): { prefix: string; range: Range } {
  let start = offset;
  while (start > 0 && isWordChar(text.charCodeAt(start - 1))) start--;
  let end = offset;
  while (end < text.length && isWordChar(text.charCodeAt(end))) end++;
  return { prefix: text.slice(start, offset), range: { start, end } };
}

/** The last non-blank character before `offset` within `[from, offset)`, or 0. */
function previousChar(text: string, from: number, offset: number): number {
  for (let i = offset - 1; i >= from; i--) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return c;
  }
  return 0;
}

interface Found {
  kind: CursorKind;
  keyPath: string[];
  container: ObjectValue | ArrayValue | null;
  node: Value | KeyNode | null;
}

function inside(v: Value, offset: number): boolean {
  if (v.kind !== 'object' && v.kind !== 'array') return false;
  return v.range.start < offset && (offset < v.range.end || !v.closed);
}

/** True when `offset` is within `v` (end inclusive); an unclosed container reaches any later offset. */
function touches(v: Value, offset: number): boolean {
  if ((v.kind === 'object' || v.kind === 'array') && !v.closed) return v.range.start < offset;
  return v.range.start <= offset && offset <= v.range.end;
}

function inObject(text: string, obj: ObjectValue, offset: number, keyPath: string[]): Found {
  for (const m of obj.members) {
    if (m.range.start > offset) break;
    const afterColon = m.colonRange !== null && offset >= m.colonRange.end;
    const path = m.key ? [...keyPath, m.key.name] : keyPath;
    if (afterColon && m.value && touches(m.value, offset))
      return descend(text, m.value, offset, path, obj, 'value');
    if (!afterColon && m.key && m.key.range.start <= offset && offset <= m.key.range.end)
      return { kind: 'key', keyPath, container: obj, node: m.key };
  }
  const prev = previousChar(text, obj.range.start, offset);
  if (prev === 58) {
    const member = [...obj.members].reverse().find((m) => m.colonRange && m.colonRange.end <= offset);
    const path = member?.key ? [...keyPath, member.key.name] : keyPath;
    return { kind: 'value', keyPath: path, container: obj, node: null };
  }
  return { kind: 'key', keyPath, container: obj, node: null };
}

function inArray(text: string, arr: ArrayValue, offset: number, keyPath: string[]): Found {
  for (const item of arr.items) {
    if (item.range.start > offset) break;
    if (touches(item, offset)) return descend(text, item, offset, keyPath, arr, 'item');
  }
  return { kind: 'item', keyPath, container: arr, node: null };
}

function descend(
  text: string,
  v: Value,
  offset: number,
  keyPath: string[],
  container: ObjectValue | ArrayValue | null,
  kind: CursorKind,
): Found {
  if (inside(v, offset)) {
    return v.kind === 'object'
      ? inObject(text, v, offset, keyPath)
      : inArray(text, v as ArrayValue, offset, keyPath);
  }
  return { kind, keyPath, container, node: v };
}

function statementContext(text: string, stmt: Statement, offset: number): Found {
  const none: Found = { kind: 'none', keyPath: [], container: null, node: null };
  switch (stmt.kind) {
    case 'command':
      if (offset <= stmt.nameRange.end) return { ...none, kind: 'command-name' };
      if (!stmt.operand) return { ...none, kind: 'operand' };
      return descend(text, stmt.operand, offset, [], null, 'operand');
    case 'inject':
      return { ...none, kind: offset <= stmt.keywordRange.end ? 'command-name' : 'inject-name' };
    case 'promql':
      return { ...none, kind: offset <= stmt.prefixRange.end ? 'command-name' : 'promql' };
    default:
      return none;
  }
}

function subNameContext(doc: MxqlDocument, text: string, offset: number): SubBlock | null {
  for (const sub of doc.subs) {
    if (offset <= sub.keywordRange.end || sub.range.start > offset) continue;
    const limit = sub.nameRange ? sub.nameRange.end : lineEndOf(text, sub.keywordRange.end);
    if (offset <= limit) return sub;
  }
  return null;
}

/** True when the quoted text at `r` ends with the quote it starts with. */
function isClosedQuote(text: string, r: Range): boolean {
  return r.end - r.start >= 2 && text[r.end - 1] === text[r.start];
}

/**
 * The context of the cursor at `offset` in `text`, which `doc` was parsed from. Works on broken
 * and half-typed text: unclosed brackets count as open up to the cursor.
 */
export function cursorContext(doc: MxqlDocument, text: string, offset: number): CursorContext {
  const pipeline = pipelineAt(doc, offset);
  const word = wordAround(text, offset);
  const base = { pipeline, sub: pipeline.sub, prefix: word.prefix, replaceRange: word.range };
  const empty = { keyPath: [], container: null, node: null, inString: false, statement: null, command: null };
  if (commentAt(doc, offset, text)) return { ...base, ...empty, kind: 'comment' };
  const subNamed = subNameContext(doc, text, offset);
  if (subNamed) return { ...base, ...empty, kind: 'sub-name', sub: subNamed };
  const stmt = statementAt(doc, text, offset);
  if (!stmt) return { ...base, ...empty, kind: 'command-name' };
  const found = statementContext(text, stmt, offset);
  const node = found.node;
  const quoted = node !== null && (node.kind === 'string' || (node.kind === 'key' && node.quote !== null));
  const inString =
    quoted && offset > node.range.start && (offset < node.range.end || !isClosedQuote(text, node.range));
  const command = stmt.kind === 'command' && found.kind !== 'command-name' ? stmt.upperName : null;
  return { ...base, ...found, statement: stmt, command, inString };
}
