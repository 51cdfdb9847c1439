/**
 * Walking the syntax tree: children of a node, the node path at an offset, the statement and the
 * pipeline containing an offset, and every statement in source order.
 */
import type {
  AstNode,
  CommentNode,
  MemberNode,
  MxqlDocument,
  Range,
  Statement,
  SubBlock,
  TopLevelItem,
  Value,
} from './ast';
import { lex, type Token } from './lexer';
import { lineIndexOf } from './lineIndex';
import { firstStartingAtOrAfter } from './sortedRanges';

/** The direct children of a node, in source order (trailing comments included). */
export function childrenOf(node: AstNode): readonly AstNode[] {
  switch (node.kind) {
    case 'document':
      return node.items;
    case 'sub':
      return node.trailingComment ? [node.trailingComment, ...node.body] : node.body;
    case 'command':
      return withTrailing(node.operand ? [node.operand] : [], node);
    case 'inject':
      // `inject` names both the INJECT statement and an INJECT found inside an operand (a value).
      return 'keywordRange' in node ? withTrailing([], node) : [];
    case 'promql':
    case 'invalid':
      return withTrailing([], node);
    case 'template-line':
      return withTrailing(node.markers, node);
    case 'object':
      return node.members;
    case 'array':
      return node.items;
    case 'member':
      return memberChildren(node);
    case 'word':
      return node.suffix ? [node.suffix] : [];
    case 'template':
      return [node.marker];
    default:
      return [];
  }
}

function withTrailing(children: readonly AstNode[], stmt: Statement): readonly AstNode[] {
  return stmt.trailingComment ? [...children, stmt.trailingComment] : children;
}

function memberChildren(node: MemberNode): AstNode[] {
  const out: AstNode[] = [];
  if (node.key) out.push(node.key);
  if (node.value) out.push(node.value);
  return out;
}

/** A node's range, extended over its trailing comment for statements (which exclude it). */
function extentOf(node: AstNode): Range {
  const trailing = 'trailingComment' in node ? node.trailingComment : null;
  return trailing && node.kind !== 'sub' ? { start: node.range.start, end: trailing.range.end } : node.range;
}

function contains(r: Range, offset: number): boolean {
  return r.start <= offset && offset <= r.end;
}

/**
 * The path of nodes from the document down to the innermost node whose range contains `offset`
 * (ends inclusive, so a cursor right after a word finds the word). When two siblings touch, the
 * later one wins. The first element is always the document.
 */
export function findNodeAt(doc: MxqlDocument, offset: number): AstNode[] {
  const path: AstNode[] = [doc];
  let node: AstNode = doc;
  for (;;) {
    let next: AstNode | null = null;
    for (const child of childrenOf(node)) {
      if (child.range.start > offset) break;
      if (contains(extentOf(child), offset)) next = child;
    }
    if (!next) return path;
    path.push(next);
    node = next;
  }
}

/** The innermost node at `offset` (the document when nothing else contains it). */
export function nodeAt(doc: MxqlDocument, offset: number): AstNode {
  const path = findNodeAt(doc, offset);
  return path[path.length - 1] as AstNode;
}

/** Every statement (main pipeline and SUB bodies) in source order. */
export function allStatements(doc: MxqlDocument): Statement[] {
  const out: Statement[] = [];
  for (const item of doc.items) {
    if (item.kind === 'sub') out.push(...item.commands);
    else if (item.kind !== 'comment') out.push(item);
  }
  return out;
}

/**
 * The comment containing `offset`, or null. A line comment also holds the blanks after it up to the
 * line end when `text` is given (its range excludes trailing blanks).
 */
export function commentAt(doc: MxqlDocument, offset: number, text?: string): CommentNode | null {
  // Only the last comment starting before `offset` can hold it: comments do not overlap, and any
  // later one lies between an earlier one and `offset` (not blank). A binary search: the cursor asks
  // this at every keystroke, and a long file has hundreds of comments.
  const c = doc.comments[firstStartingAtOrAfter(doc.comments, offset) - 1];
  if (!c) return null;
  if (offset < c.range.end) return c;
  if (c.style === 'block') return null;
  if (offset === c.range.end) return c;
  if (text !== undefined && /^[ \t\r]*$/.test(text.slice(c.range.end, offset))) return c;
  return null;
}

/** The SUB block whose lines contain `offset`, or null for the main pipeline. */
export function subAt(doc: MxqlDocument, offset: number): SubBlock | null {
  for (const sub of doc.subs) {
    const end = sub.endRange ? sub.endRange.end : Number.MAX_SAFE_INTEGER;
    if (sub.range.start <= offset && offset <= end) return sub;
  }
  return null;
}

/** The statements of the pipeline at `offset` and how many of them start before it. */
export interface PipelineAt {
  /** The SUB block, or null for the main pipeline. */
  readonly sub: SubBlock | null;
  readonly statements: readonly Statement[];
  /** Statements `[0, index)` start before `offset`: the upstream commands of a cursor there. */
  readonly index: number;
}

/** The pipeline (main or a SUB body) at `offset`. */
export function pipelineAt(doc: MxqlDocument, offset: number): PipelineAt {
  const sub = subAt(doc, offset);
  const statements = sub ? sub.commands : doc.main;
  // A binary search: the main pipeline grows with the document, and each keystroke asks this.
  return { sub, statements, index: firstStartingAtOrAfter(statements, offset) };
}

/** Offset of the start of the line containing `offset`. */
export function lineStartOf(doc: MxqlDocument, offset: number): number {
  return doc.lineStarts[lineIndexOf(doc.lineStarts, offset)] as number;
}

/** 0-based line index of `offset`. */
export function lineOf(doc: MxqlDocument, offset: number): number {
  return lineIndexOf(doc.lineStarts, offset);
}

/**
 * The statement containing `offset`: inside its range (end inclusive), or on its last line after
 * it with only blanks between (`CATEGORY ` with the cursor after the space). `text` is the parsed text.
 */
export function statementAt(doc: MxqlDocument, text: string, offset: number): Statement | null {
  const { statements, index } = pipelineAt(doc, offset);
  const candidate = statements[index - 1];
  const startingHere = statements[index];
  if (startingHere && startingHere.range.start === offset) return startingHere;
  if (!candidate) return null;
  if (offset <= candidate.range.end) return candidate;
  for (let i = candidate.range.end; i < offset; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9) return null;
  }
  return candidate;
}

/** The top-level item (statement, comment or SUB) at `offset`, or null. */
export function topLevelItemAt(doc: MxqlDocument, offset: number): TopLevelItem | null {
  for (const item of doc.items) {
    if (item.range.start > offset) return null;
    if (contains(item.range, offset)) return item;
  }
  return null;
}

/** Calls `visit` for `value` and every value nested in it, depth first, in source order. */
export function walkValue(
  value: Value,
  visit: (v: Value, keyPath: readonly string[]) => void,
  keyPath: readonly string[] = [],
): void {
  visit(value, keyPath);
  if (value.kind === 'array') {
    for (const item of value.items) walkValue(item, visit, keyPath);
  } else if (value.kind === 'object') {
    for (const m of value.members) {
      if (m.value) walkValue(m.value, visit, m.key ? [...keyPath, m.key.name] : keyPath);
    }
  }
}

/** The SUB block named `name`, or null. */
export function findSub(doc: MxqlDocument, name: string): SubBlock | null {
  return doc.subs.find((s) => s.name === name) ?? null;
}

/**
 * The token or comment at `offset` in `text` (end inclusive, later token wins when two touch), or
 * null on blanks. Lexes the text again: cheap for editor-sized files.
 */
export function tokenAt(text: string, offset: number): Token | CommentNode | null {
  const lexed = lex(text);
  for (const c of lexed.comments) if (c.range.start <= offset && offset <= c.range.end) return c;
  let found: Token | null = null;
  for (const t of lexed.tokens) {
    if (t.start > offset) break;
    if (offset <= t.end) found = t;
  }
  return found;
}
