/**
 * Incremental parsing. A document is a list of blocks: runs of top-level items separated by a blank
 * line, and each SUB … END on its own. A block boundary is a clean parser state (no open bracket,
 * SUB or block comment), so parsing the blocks one by one and joining the results gives exactly what
 * `parse()` gives for the whole text. An edit re-parses only the blocks it touches (growing the region
 * while its end is not clean); the others keep their parse, relocated when the edit moved them.
 */
import type {
  CommentNode,
  MxqlDiagnostic,
  MxqlDocument,
  ParseResult,
  Range,
  SubBlock,
  Statement,
  SubReference,
  TopLevelItem,
} from './ast';
import { directiveEntries, type DirectiveEntry } from './directives';
import { mayHoldDirectives } from './lexer';
import { lineIndexOf } from './lineIndex';
import { parse } from './parser';
import { firstStartingAtOrAfter } from './sortedRanges';

/** One block of a document and its parse. */
export interface SyntaxBlock {
  /** The block's text. */
  readonly text: string;
  /** Line breaks inside the text (the block's last line break included). */
  readonly breaks: number;
  /** The parse, in coordinates where the block starts at `origin`. */
  readonly parsed: ParseResult;
  readonly origin: { readonly offset: number; readonly line: number };
  /** Increases each time any block is parsed: equal ids mean the same parse (moved or not). */
  readonly id: number;
  /** False when the text surely holds no directive line (most blocks): it is not lexed for them. */
  readonly mayHoldDirectives: boolean;
}

/** A document parsed block by block. */
export interface BlockParse {
  readonly text: string;
  /** The blocks in order, each at its current place (relocated when an edit moved it). */
  readonly blocks: readonly SyntaxBlock[];
  /** Where each block starts in `text`. */
  readonly starts: readonly number[];
  /** Each block's main-pipeline statements (its `parsed.ast.main`): the column flow's segments. */
  readonly segments: readonly (readonly Statement[])[];
  /** The indexes of the blocks that may hold a directive line (see {@link SyntaxBlock.mayHoldDirectives}). */
  readonly directiveBlocks: readonly number[];
  /** The joined parse: the same as `parse(text)`. */
  readonly parsed: ParseResult;
  /** How many blocks were parsed to produce this version (all of them for a fresh parse). */
  readonly reparsed: number;
}

/** A replacement of `[start, end)` of the previous text by `text` (LSP incremental change, as offsets). */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

let nextId = 1;

/** Parses `text` as blocks. */
export function parseBlocks(text: string): BlockParse {
  const blocks = splitParsed(text, parse(text));
  return join(text, blocks, blocks.length);
}

/**
 * Applies `edits` (in order, each against the text left by the previous ones) to `previous` and
 * re-parses only the blocks they touch. Falls back to a whole parse when an edit does not fit.
 */
export function reparseBlocks(previous: BlockParse, edits: readonly TextEdit[]): BlockParse {
  let text = previous.text;
  let blocks: readonly SyntaxBlock[] = previous.blocks;
  // Where each block starts: known for the previous version, computed again after each further edit.
  let starts: readonly number[] = previous.starts;
  let reparsed = 0;
  for (const edit of edits) {
    if (!(edit.start >= 0 && edit.start <= edit.end && edit.end <= text.length))
      return parseBlocks(applyAll(previous.text, edits));
    if (blocks !== previous.blocks) starts = startsOf(blocks);
    const result = applyEdit(text, blocks, starts, edit);
    text = result.text;
    blocks = result.blocks;
    reparsed += result.reparsed;
  }
  return join(text, blocks, reparsed, previous);
}

function applyAll(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  for (const e of edits) {
    const start = Math.max(0, Math.min(e.start, out.length));
    const end = Math.max(start, Math.min(e.end, out.length));
    out = out.slice(0, start) + e.text + out.slice(end);
  }
  return out;
}

function startsOf(blocks: readonly SyntaxBlock[]): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const b of blocks) {
    starts.push(at);
    at += b.text.length;
  }
  return starts;
}

/** Re-parses the blocks `edit` touches, growing the region until it ends in a clean state. */
function applyEdit(
  text: string,
  blocks: readonly SyntaxBlock[],
  starts: readonly number[],
  edit: TextEdit,
): { text: string; blocks: SyntaxBlock[]; reparsed: number } {
  const newText = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  // First block touched: the one holding `start` (the last block starting at or before it;
  // lineIndexOf searches any ascending starts) (an insertion at a boundary belongs to the later one),
  // one earlier when the edit starts right after a CR whose LF might follow.
  let first = Math.max(0, lineIndexOf(starts, edit.start));
  if (first > 0 && (starts[first] as number) === edit.start && text.charCodeAt(edit.start - 1) === 13)
    first--;
  // A statement still open where its block ends (always with a syntax diagnostic) may read on into
  // the next lines, depending on what they hold: re-parse the block before too.
  // (Comment lines in between do not stop it.)
  let before = first - 1;
  while (before >= 0 && onlyComments(blocks[before] as SyntaxBlock)) before--;
  if (before >= 0 && (blocks[before] as SyntaxBlock).parsed.diagnostics.length > 0) first = before;
  let last = Math.max(first, lineIndexOf(starts, Math.max(edit.start, edit.end - 1)));
  if (
    edit.end > edit.start &&
    edit.end === (starts[last] as number) + (blocks[last] as SyntaxBlock).text.length
  ) {
    // Deleting a block's last line break joins it with the next block.
    last = Math.min(blocks.length - 1, last + 1);
  }
  const delta = edit.text.length - (edit.end - edit.start);
  const regionStart = starts[first] ?? 0;
  let regionEnd =
    blocks.length === 0
      ? newText.length
      : (starts[last] as number) + (blocks[last] as SyntaxBlock).text.length + delta;
  let next = last + 1;
  for (;;) {
    const region = newText.slice(regionStart, regionEnd);
    const parsed = parse(region);
    const following = blocks[next];
    if (!following || cleanEnd(region, parsed, newText, regionEnd, blocks.slice(next))) {
      // The region's parse is in its own coordinates; joining places each new block.
      const fresh = splitParsed(region, parsed);
      return {
        text: newText,
        blocks: blocks.slice(0, first).concat(fresh, blocks.slice(next)),
        reparsed: fresh.length,
      };
    }
    regionEnd += following.text.length;
    next++;
  }
}

/**
 * True when the parser stops at the region's end by itself: nothing of the region continues into the
 * following block. A region without syntax diagnostics has nothing open; otherwise the region is
 * parsed together with the following block to see where its last statement really ends.
 */
function cleanEnd(
  region: string,
  parsed: ParseResult,
  text: string,
  end: number,
  following: readonly SyntaxBlock[],
): boolean {
  // A region ending in CR before a block starting with LF would split one line break in two.
  if (region.endsWith('\r') && text.charCodeAt(end) === 10) return false;
  if (parsed.diagnostics.length === 0) return true;
  // An open statement reads on over comment lines: look up to the next block with a statement.
  let after = '';
  for (const block of following) {
    after += block.text;
    if (!onlyComments(block)) break;
  }
  const joined = parse(region + after).ast;
  const crosses = (r: Range): boolean => r.start < region.length && r.end > region.length;
  return !joined.items.some((i) => crosses(i.range)) && !joined.comments.some((c) => crosses(c.range));
}

function onlyComments(block: SyntaxBlock): boolean {
  return block.parsed.ast.items.every((i) => i.kind === 'comment');
}

/** Where new blocks start among a parse's top-level items: after a blank line, and around each SUB. */
function splitOffsets(text: string, doc: MxqlDocument): number[] {
  const out: number[] = [];
  let previous: TopLevelItem | undefined;
  // Comments are not all items (a block comment may trail a statement and run over many lines): a
  // cut never falls inside one.
  let comment = 0;
  let commentEnd = 0;
  for (const item of doc.items) {
    if (previous) {
      const gap = text.slice(previous.range.end, item.range.start);
      if (item.kind === 'sub' || previous.kind === 'sub' || /(\r\n|\r|\n)[ \t\f\v]*(\r\n|\r|\n)/.test(gap)) {
        const lineStart = doc.lineStarts[lineIndexOf(doc.lineStarts, item.range.start)] as number;
        while (
          comment < doc.comments.length &&
          (doc.comments[comment] as CommentNode).range.start < lineStart
        ) {
          commentEnd = Math.max(commentEnd, (doc.comments[comment] as CommentNode).range.end);
          comment++;
        }
        if (lineStart > previous.range.end && lineStart > (out.at(-1) ?? 0) && lineStart >= commentEnd) {
          out.push(lineStart);
        }
      }
    }
    previous = item;
  }
  return out;
}

/** The elements of `sorted` (by range start, as every list of a parse is) starting in `[from, to)`. */
function within<T extends { readonly range: Range }>(sorted: readonly T[], from: number, to: number): T[] {
  return sorted.slice(firstStartingAtOrAfter(sorted, from), firstStartingAtOrAfter(sorted, to));
}

/**
 * Splits one parse (of a text starting at `origin`) into blocks. Each block shares the parse's node
 * objects: no copy, the block's origin says where its coordinates put it.
 */
function splitParsed(text: string, parsed: ParseResult): SyntaxBlock[] {
  const doc = parsed.ast;
  const cuts = [0, ...splitOffsets(text, doc), text.length];
  const id = nextId++;
  if (cuts.length === 2) {
    return [
      {
        text,
        breaks: doc.lineStarts.length - 1,
        parsed,
        origin: { offset: 0, line: 0 },
        id,
        mayHoldDirectives: mayHoldDirectives(text),
      },
    ];
  }
  const blocks: SyntaxBlock[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const from = cuts[i] as number;
    const to = cuts[i + 1] as number;
    const last = i + 2 === cuts.length;
    const end = last ? to + 1 : to;
    const firstLine = lineIndexOf(doc.lineStarts, from);
    const nextLine = last ? doc.lineStarts.length : lineIndexOf(doc.lineStarts, to);
    // A block's own line starts: its first line through its last (the next block's start excluded).
    const lineStarts = doc.lineStarts.slice(firstLine, nextLine);
    const ast: MxqlDocument = {
      kind: 'document',
      range: { start: from, end: to },
      items: within(doc.items, from, end),
      main: within(doc.main, from, end),
      subs: within(doc.subs, from, end),
      comments: within(doc.comments, from, end),
      params: within(doc.params, from, end),
      injects: within(doc.injects, from, end),
      markers: within(doc.markers, from, end),
      subRefs: within(doc.subRefs, from, end),
      lineStarts,
    };
    const diagnostics: MxqlDiagnostic[] = within(parsed.diagnostics, from, end);
    const blockText = text.slice(from, to);
    blocks.push({
      text: blockText,
      mayHoldDirectives: mayHoldDirectives(blockText),
      breaks: nextLine - firstLine - (last ? 1 : 0),
      parsed: { ast, diagnostics },
      origin: { offset: from, line: firstLine },
      id,
    });
  }
  return blocks;
}

/**
 * Shifts every offset and line of a block's parse (a copy; the parse itself is left as it is). A node
 * listed in several places (a statement in `items` and `main`, a comment in `comments` and as a
 * trailing comment) stays one object in the copy, as features compare nodes by identity.
 */
function relocate<T>(value: T, offset: number, line: number, copies = new Map<object, unknown>()): T {
  if (value === null || typeof value !== 'object') return value;
  const done = copies.get(value);
  if (done !== undefined) return done as T;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    copies.set(value, out);
    for (const v of value as unknown[]) out.push(relocate(v, offset, line, copies));
    return out as T;
  }
  const out: Record<string, unknown> = {};
  copies.set(value, out);
  const source = value as Record<string, unknown>;
  // `for…in` over the node's own keys (plain data: no inherited enumerable ones), no entry arrays.
  for (const key in source) {
    const v = source[key];
    if (v === null || typeof v !== 'object') {
      out[key] = key === 'line' || key === 'endLine' ? (v as number) + line : v;
    } else if (key === 'range' || key.endsWith('Range')) {
      const r = v as Range;
      out[key] = { start: r.start + offset, end: r.end + offset };
    } else if (key === 'lineStarts') {
      out[key] = (v as number[]).map((s) => s + offset);
    } else {
      out[key] = relocate(v, offset, line, copies);
    }
  }
  return out as T;
}

/** The block at its place: `block` itself when it has not moved, else a relocated copy. */
function placed(block: SyntaxBlock, offset: number, line: number): SyntaxBlock {
  if (block.origin.offset === offset && block.origin.line === line) return block;
  const dOffset = offset - block.origin.offset;
  const dLine = line - block.origin.line;
  return { ...block, parsed: relocate(block.parsed, dOffset, dLine), origin: { offset, line } };
}

/**
 * Places every block and joins their parses into one document. With `previous` (the version the
 * blocks were edited from), the joined lists keep its prefix for the leading blocks it shares: an
 * edit then costs the blocks from the first one it changed, not the whole document.
 */
function join(
  text: string,
  unplaced: readonly SyntaxBlock[],
  reparsed: number,
  previous?: BlockParse,
): BlockParse {
  // The leading blocks an edit left as they were (the very same objects, at their places) are taken
  // over with their starts: placing costs the blocks from the first one the edit changed.
  let kept = 0;
  if (previous) while (kept < unplaced.length && unplaced[kept] === previous.blocks[kept]) kept++;
  const blocks: SyntaxBlock[] = previous ? previous.blocks.slice(0, kept) : [];
  const starts: number[] = previous ? previous.starts.slice(0, kept) : [];
  const segments = previous ? previous.segments.slice(0, kept) : [];
  const directiveBlocks = previous ? previous.directiveBlocks.filter((i) => i < kept) : [];
  const lastKept = blocks[kept - 1];
  let offset = lastKept ? lastKept.origin.offset + lastKept.text.length : 0;
  let line = lastKept ? lastKept.origin.line + lastKept.breaks : 0;
  for (let i = kept; i < unplaced.length; i++) {
    const b = placed(unplaced[i] as SyntaxBlock, offset, line);
    blocks.push(b);
    starts.push(offset);
    segments.push(b.parsed.ast.main);
    if (b.mayHoldDirectives) directiveBlocks.push(i);
    offset += b.text.length;
    line += b.breaks;
  }
  // A previous single block's parse is its own lists, not joined ones: nothing to take over.
  const shared = previous && previous.blocks.length > 1 ? kept : 0;
  const parsed = joinParses(text, blocks, starts, shared, previous);
  return { text, blocks, starts, segments, directiveBlocks, parsed, reparsed };
}

/**
 * The blocks' parses joined into one. With `previous` (the version the blocks were edited from),
 * the joined lists keep its part for the first `kept` blocks (the same objects): an edit then costs
 * the blocks from the first one it changed, not the whole document.
 */
function joinParses(
  text: string,
  blocks: readonly SyntaxBlock[],
  starts: readonly number[],
  kept: number,
  previous: BlockParse | undefined,
): ParseResult {
  if (blocks.length === 1) return (blocks[0] as SyntaxBlock).parsed;
  const reused = kept > 0 ? previous : undefined;
  const rest = blocks.slice(kept);
  /** The first `kept` blocks' part of one of the previous joined lists, then the other blocks' lists. */
  const joined = <T>(
    previousList: readonly T[] | undefined,
    listOf: (b: SyntaxBlock) => readonly T[],
  ): T[] => {
    if (!reused || !previousList) return flat(blocks.map(listOf));
    let prefix = previousList.length;
    for (let i = kept; i < reused.blocks.length; i++)
      prefix -= listOf(reused.blocks[i] as SyntaxBlock).length;
    return flat([previousList.slice(0, prefix), ...rest.map(listOf)]);
  };
  const lineStarts = reused ? linesBefore(reused.parsed.ast.lineStarts, starts[kept]) : [0];
  let last = lineStarts.at(-1) ?? 0;
  for (const b of reused ? rest : blocks)
    for (const s of b.parsed.ast.lineStarts)
      if (s > last) {
        lineStarts.push(s);
        last = s;
      }
  const ast = reused?.parsed.ast;
  const doc = {
    items: joined(ast?.items, (b) => b.parsed.ast.items),
    main: joined(ast?.main, (b) => b.parsed.ast.main),
    subs: joined(ast?.subs, (b) => b.parsed.ast.subs),
    comments: joined(ast?.comments, (b) => b.parsed.ast.comments),
    params: joined(ast?.params, (b) => b.parsed.ast.params),
    injects: joined(ast?.injects, (b) => b.parsed.ast.injects),
    markers: joined(ast?.markers, (b) => b.parsed.ast.markers),
    subRefs: joined(ast?.subRefs, (b) => b.parsed.ast.subRefs),
    lineStarts,
  };
  const diagnostics = joined(reused?.parsed.diagnostics, (b) => b.parsed.diagnostics);
  // Whether a referenced SUB exists is a fact of the whole document. A block's own references were
  // resolved against its own SUBs; the kept ones against the previous names, still right while the
  // SUBs after the kept blocks have the names they had.
  const keptRefs =
    ast && sameNames(ast.subs.slice(doc.subs.length - countOf(rest, 'subs')), rest)
      ? doc.subRefs.length - countOf(rest, 'subRefs')
      : 0;
  if (keptRefs < doc.subRefs.length) {
    const names = new Set(doc.subs.map((s) => s.name));
    for (let i = keptRefs; i < doc.subRefs.length; i++) {
      const r = doc.subRefs[i] as SubReference;
      if (r.resolved !== names.has(r.name)) doc.subRefs[i] = { ...r, resolved: !r.resolved };
    }
  }
  return { ast: { kind: 'document', range: { start: 0, end: text.length }, ...doc }, diagnostics };
}

/** How many elements the blocks' lists `key` hold together. */
function countOf(blocks: readonly SyntaxBlock[], key: 'subs' | 'subRefs'): number {
  let n = 0;
  for (const b of blocks) n += b.parsed.ast[key].length;
  return n;
}

/** True when the previous SUBs after the kept blocks have the names, in order, of the blocks' SUBs. */
function sameNames(previous: readonly SubBlock[], blocks: readonly SyntaxBlock[]): boolean {
  let i = 0;
  for (const b of blocks)
    for (const sub of b.parsed.ast.subs) if (previous[i++]?.name !== sub.name) return false;
  return i === previous.length;
}

/** The line starts of `lineStarts` (ascending, from 0) before `offset`; all of them without one. */
function linesBefore(lineStarts: readonly number[], offset: number | undefined): number[] {
  if (offset === undefined) return [...lineStarts];
  return lineStarts.slice(0, lineIndexOf(lineStarts, offset - 1) + 1);
}

/** Each unmoved block's directive entries (a moved block is a new object). */
const directivesByBlock = new WeakMap<SyntaxBlock, readonly DirectiveEntry[]>();

/**
 * The document's directive entries, equal to `directiveEntries(parse.text)`: a directive line never
 * crosses a block boundary (blocks start at line starts, outside comments), so only the blocks that
 * may hold one are lexed, and only when they are new or moved.
 */
export function blockDirectiveEntries(parse: BlockParse): DirectiveEntry[] {
  const out: DirectiveEntry[] = [];
  for (const i of parse.directiveBlocks) {
    const block = parse.blocks[i] as SyntaxBlock;
    let entries = directivesByBlock.get(block);
    if (!entries) {
      entries = directiveEntries(block.text, block.origin.offset);
      directivesByBlock.set(block, entries);
    }
    out.push(...entries);
  }
  return out;
}

/** The lists one after another, in one copy. */
function flat<T>(lists: readonly (readonly T[])[]): T[] {
  return ([] as T[]).concat(...lists);
}
