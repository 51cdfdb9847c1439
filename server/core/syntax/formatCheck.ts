/**
 * The formatter's proof, piece by piece: the output has the input's tokens and parses to the input's
 * tree. Parsing the whole output at once keeps a second tree of the whole document alive while it is
 * built and compared, which on a long document is most of what the collector copies (and what pushes
 * the first call in a process into a full collection). So the output is lexed, parsed and compared in
 * chunks of statements instead, each dropped before the next.
 *
 * Why chunks prove the whole: a chunk that parses without any diagnostic leaves nothing open (no
 * bracket, SUB or block comment), so where the next chunk starts at a line start, the parser of the
 * whole text stops at the same place and the whole parse is the chunks' parses joined (the invariant
 * incremental parsing rests on, see blocks.ts). The input's side needs no second parse: its tree is
 * cut at the same places.
 */
import type { MxqlDocument, ParseResult, Range, SubReference } from './ast';
import { lex, type LexResult, type Token } from './lexer';
import { parseLexed } from './parser';
import { sameShape } from './shape';
import { firstStartingAtOrAfter } from './sortedRanges';

/** Where a chunk starts: at `input` in the input, at `output` in the output. */
export interface Cut {
  readonly input: number;
  readonly output: number;
}

/** The input of a format: its text, tokens and parse. */
export interface FormatInput {
  readonly text: string;
  readonly tokens: LexResult;
  readonly parsed: ParseResult;
}

/**
 * True when `after`, the formatted input, has the same tokens (words compared without case) and
 * comments, and parses to the same tree (positions aside) with as many diagnostics. Chunk by chunk at
 * `cuts` when that proves it, else over the whole text.
 */
export function keepsTree(input: FormatInput, after: string, cuts: readonly Cut[]): boolean {
  return provedByChunks(input, after, cuts) || provedChunk(input, after, { input: 0, output: 0 }, END, true);
}

/** The end of the last chunk: past every offset of the input, at the output's end. */
const END: Cut = { input: Number.POSITIVE_INFINITY, output: Number.POSITIVE_INFINITY };

/**
 * Whether `after` is proved to have the tokens and the tree of the input, chunk by chunk at `cuts`
 * (ascending, each at a top-level statement). False means "not proved", not "different": the caller
 * then checks the whole text, which settles every case this one cannot (a chunk with a diagnostic).
 */
function provedByChunks(input: FormatInput, after: string, cuts: readonly Cut[]): boolean {
  if (cuts.length === 0) return false;
  const bounds: Cut[] = [{ input: 0, output: 0 }, ...cuts, END];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const from = bounds[k] as Cut;
    if (from.output > 0 && !atLineStart(after, from.output)) return false;
    if (!provedChunk(input, after, from, bounds[k + 1] as Cut, k + 2 === bounds.length)) return false;
  }
  return true;
}

/**
 * Whether the output from `from` to `to` has the input's tokens there and parses to the input's tree
 * cut there, with as many diagnostics. Only the last chunk may have any (something may be left open):
 * the whole parse would read on past any other.
 */
function provedChunk(input: FormatInput, after: string, from: Cut, to: Cut, last: boolean): boolean {
  const chunk = after.slice(from.output, Math.min(to.output, after.length));
  const lexed = lex(chunk);
  if (!sameChunkTokens(input, from.input, to.input, chunk, lexed)) return false;
  const again = parseLexed(chunk, lexed);
  const expected = within(input.parsed.diagnostics, from.input, to.input).length;
  if (again.diagnostics.length !== expected || (!last && expected > 0)) return false;
  return sameShape(again.ast, chunkOf(input.parsed.ast, from.input, to.input));
}

/**
 * Whether the token `y` of `after` is `x` of `before`: same kind and text, a word's compared without
 * the case of ASCII letters (any other difference settled by `toUpperCase`), with no substrings
 * allocated unless that happens: every command name the formatter upper-cases compares here.
 */
function sameToken(before: string, x: Token, after: string, y: Token): boolean {
  const length = x.end - x.start;
  if (x.kind !== y.kind || y.end - y.start !== length) return false;
  const word = x.kind === 'word';
  for (let k = 0; k < length; k++) {
    const a = before.charCodeAt(x.start + k);
    const b = after.charCodeAt(y.start + k);
    if (a === b) continue;
    if (!word) return false;
    if ((a | 32) === (b | 32) && (a | 32) >= 97 && (a | 32) <= 122) continue;
    return before.slice(x.start, x.end).toUpperCase() === after.slice(y.start, y.end).toUpperCase();
  }
  return true;
}

/** After a line end, and not between the CR and LF of one. */
function atLineStart(text: string, offset: number): boolean {
  const c = text.charCodeAt(offset - 1);
  return c === 10 || (c === 13 && text.charCodeAt(offset) !== 10);
}

/** Whether the chunk's tokens and comments are the input's between `from` and `to`. */
function sameChunkTokens(
  input: FormatInput,
  from: number,
  to: number,
  chunk: string,
  lexed: LexResult,
): boolean {
  const { tokens, comments } = input.tokens;
  const first = firstStartingAtOrAfterOffset(tokens, from);
  if (firstStartingAtOrAfterOffset(tokens, to) - first !== lexed.tokens.length) return false;
  for (let i = 0; i < lexed.tokens.length; i++) {
    if (!sameToken(input.text, tokens[first + i] as Token, chunk, lexed.tokens[i] as Token)) return false;
  }
  const c0 = firstStartingAtOrAfter(comments, from);
  if (firstStartingAtOrAfter(comments, to) - c0 !== lexed.comments.length) return false;
  return lexed.comments.every((c, i) => c.text === comments[c0 + i]?.text);
}

/** Index of the first token starting at or after `offset` (tokens are sorted by start). */
function firstStartingAtOrAfterOffset(tokens: LexResult['tokens'], offset: number): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((tokens[mid] as Token).start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The elements of `sorted` starting in `[from, to)`. */
function within<T extends { readonly range: Range }>(sorted: readonly T[], from: number, to: number): T[] {
  return sorted.slice(firstStartingAtOrAfter(sorted, from), firstStartingAtOrAfter(sorted, to));
}

/**
 * The input's tree between two cuts, as the chunk's own parse would give it: the same lists, cut,
 * with each SUB reference resolved among the chunk's SUBs only (as a parse of the chunk alone
 * resolves it; equal chunks resolve equally in the whole). Positions are not compared.
 */
function chunkOf(doc: MxqlDocument, from: number, to: number): MxqlDocument {
  const subs = within(doc.subs, from, to);
  const names = new Set(subs.map((s) => s.name));
  const local = (r: SubReference): SubReference =>
    r.resolved === names.has(r.name) ? r : { ...r, resolved: !r.resolved };
  return {
    kind: 'document',
    range: { start: from, end: to },
    items: within(doc.items, from, to),
    main: within(doc.main, from, to),
    subs,
    comments: within(doc.comments, from, to),
    params: within(doc.params, from, to),
    injects: within(doc.injects, from, to),
    markers: within(doc.markers, from, to),
    subRefs: within(doc.subRefs, from, to).map(local),
    lineStarts: [],
  };
}
