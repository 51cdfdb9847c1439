/**
 * The MXQL formatter. It rewrites command lines only: known command names in upper case,
 * `{ key: value, … }` / `[a, b]` spacing, one blank line at most between lines, no indentation
 * or trailing blanks. Comments, directives, PromQL lines, template lines, expressions and strings
 * are copied byte for byte; so is any statement touched by a syntax error. The result is checked
 * by lexing and parsing it again (formatCheck.ts, chunk by chunk): if the tokens or the tree would
 * differ in any way, the text is returned unchanged (but for the final line end `finalNewline: 'insert'`
 * asks for).
 */
import type {
  ArrayValue,
  CommandNode,
  MemberNode,
  MxqlDiagnostic,
  MxqlDocument,
  ObjectValue,
  ParseResult,
  Range,
  Statement,
  Value,
} from './ast';
import { canonicalCommandCase } from './commandNames';
import { keepsTree, type Cut } from './formatCheck';
import { parseLexed } from './parser';
import { lex } from './lexer';
import { lineEndOf } from './lineIndex';
import { firstStartingAtOrAfter } from './sortedRanges';

/** Options of {@link format}. */
export interface FormatOptions {
  /** Line ends of the output: `auto` (default) keeps the file's first line end. */
  readonly eol?: 'auto' | 'lf' | 'crlf';
  /**
   * The final line end: `keep` (default) ends the output with one line end exactly when the input
   * ends with one (many real files have none, and editors should not grow a blank line at the end);
   * `insert` always ends with one (an editor's insertFinalNewline).
   */
  readonly finalNewline?: 'keep' | 'insert';
}

interface Ctx {
  readonly text: string;
  /** Error diagnostics sorted by start, and the running maximum of their ends. */
  readonly errors: readonly MxqlDiagnostic[];
  readonly errorMaxEnd: readonly number[];
  /** Every diagnostic of the parse, sorted by start. */
  readonly diagnostics: readonly MxqlDiagnostic[];
  readonly doc: MxqlDocument;
  /** When false, multi-line operands are laid out on one line too (the fallback layout). */
  readonly multiLine: boolean;
  readonly eol: string;
  /** Top-level items per chunk of the proof. */
  readonly chunkItems: number;
}

function overlapsError(ctx: Ctx, start: number, end: number): boolean {
  // Among errors starting before end, the one reaching furthest decides (O(log n) per query).
  const before = firstStartingAtOrAfter(ctx.errors, end);
  return before > 0 && (ctx.errorMaxEnd[before - 1] as number) >= start;
}

function hasInnerComment(ctx: Ctx, start: number, end: number): boolean {
  const comments = ctx.doc.comments;
  const next = comments[firstStartingAtOrAfter(comments, start + 1)];
  return next !== undefined && next.range.start < end;
}

/** Whether the statement or keyword spanning `start`–`end` is copied as written. */
function keptVerbatim(ctx: Ctx, start: number, end: number): boolean {
  return overlapsError(ctx, start, end) || hasInnerComment(ctx, start, end);
}

function makeCtx(
  text: string,
  parsed: ParseResult,
  multiLine: boolean,
  eol: string,
  chunkItems: number,
): Ctx {
  const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
  const errorMaxEnd: number[] = [];
  let max = -1;
  for (const d of errors) {
    max = Math.max(max, d.range.end);
    errorMaxEnd.push(max);
  }
  return {
    text,
    errors,
    errorMaxEnd,
    diagnostics: parsed.diagnostics,
    doc: parsed.ast,
    multiLine,
    eol,
    chunkItems,
  };
}

/** `,` when a comma follows the last member or item (`[a, b, ]`): it is a token, so it is kept. */
function trailingComma(text: string, v: ObjectValue | ArrayValue): string {
  const last = v.kind === 'object' ? v.members.at(-1) : v.items.at(-1);
  if (!last) return '';
  for (let i = last.range.end; i < v.range.end; i++) if (text.charCodeAt(i) === 44) return ',';
  return '';
}

/** A value on one line. Strings are built by appending: no arrays per value, as `map().join()` made. */
function renderValue(text: string, v: Value): string {
  if (v.kind === 'object') {
    if (v.members.length === 0) return '{}';
    let out = '{ ';
    for (let i = 0; i < v.members.length; i++) {
      if (i > 0) out += ', ';
      out += renderMember(text, v.members[i] as MemberNode);
    }
    return `${out}${trailingComma(text, v)} }`;
  }
  if (v.kind === 'array') {
    let out = '[';
    for (let i = 0; i < v.items.length; i++) {
      if (i > 0) out += ', ';
      out += renderValue(text, v.items[i] as Value);
    }
    return `${out}${trailingComma(text, v)}]`;
  }
  return text.slice(v.range.start, v.range.end);
}

function renderMember(text: string, m: MemberNode): string {
  const key = m.key ? text.slice(m.key.range.start, m.key.range.end) : '';
  if (!m.colonRange) return m.value ? renderValue(text, m.value) : key;
  return `${key}: ${m.value ? renderValue(text, m.value) : ''}`;
}

/** Multi-line layout: one member or item per line, indented by two spaces. */
function renderBlock(text: string, v: Value, eol: string): string {
  const entries = v.kind === 'object' ? v.members : v.kind === 'array' ? v.items : [];
  if (entries.length === 0) return renderValue(text, v);
  const [open, close] = v.kind === 'object' ? ['{', '}'] : ['[', ']'];
  let out = open;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] as MemberNode | Value;
    out += `${i > 0 ? ',' : ''}${eol}  ${entry.kind === 'member' ? renderMember(text, entry) : renderValue(text, entry)}`;
  }
  return `${out}${trailingComma(text, v as ObjectValue | ArrayValue)}${eol}${close}`;
}

function renderCommand(ctx: Ctx, cmd: CommandNode): string {
  const name = canonicalCommandCase(cmd.name, cmd.upperName);
  if (!cmd.operand) return name;
  const multi = ctx.multiLine && cmd.line !== cmd.endLine;
  return `${name} ${multi ? renderBlock(ctx.text, cmd.operand, ctx.eol) : renderValue(ctx.text, cmd.operand)}`;
}

function renderStatement(ctx: Ctx, stmt: Statement): string {
  const { start, end } = stmt.range;
  if (keptVerbatim(ctx, start, end)) return ctx.text.slice(start, end);
  if (stmt.kind === 'command') return renderCommand(ctx, stmt);
  if (stmt.kind === 'inject') return stmt.name === null ? 'INJECT' : `INJECT ${stmt.name}`;
  return ctx.text.slice(start, end);
}

/**
 * The output as it is laid out: segments (statements, SUB/END keywords, comments) in source order,
 * each after the separator that replaces the blanks before it. Written straight into a list of
 * parts, with no list of segments in between: on a 20,000-line document those lists were a large
 * share of what the collector had to copy. It also chooses where the proof is cut into chunks.
 */
class Layout {
  /** The pieces written since the last flush, and the flushed text in runs. */
  private parts: string[] = [];
  private readonly runs: string[] = [];
  /** Length of the output written so far. */
  private length = 0;
  /** End of the last segment written. */
  private pos = 0;
  /** Index of the next comment of the document not yet written or passed. */
  private nextComment = 0;
  /** Set when a segment starts before the previous one ends: the layout gives up. */
  broken = false;
  /** Where the output's proof is cut into chunks (see formatCheck.ts). */
  private readonly cuts: Cut[] = [];
  /** The input offset of the segment that starts the next chunk, once chosen. */
  private pendingCut = -1;
  private itemsSinceCut = 0;
  private lastCut = 0;

  constructor(private readonly ctx: Ctx) {}

  /**
   * Called before each top-level item starting at `start`: after enough items, the item starts a new
   * chunk of the proof, unless a diagnostic lies in the chunk so far (it may leave something open, and
   * the chunk then grows past it).
   */
  item(start: number): void {
    if (++this.itemsSinceCut < this.ctx.chunkItems) return;
    const diagnostics = this.ctx.diagnostics;
    const next = diagnostics[firstStartingAtOrAfter(diagnostics, this.lastCut)];
    if (next !== undefined && next.range.start < start) return;
    this.pendingCut = start;
  }

  /** Writes a code segment, after the comments that start before it. */
  code(start: number, end: number, text: string): void {
    this.commentsBefore(start);
    this.write(start, end, text);
  }

  /**
   * Writes the comments that start before `offset` and stand outside the segment written last; one
   * inside it (between operand lines) is copied with that segment. A code segment starting where a
   * comment starts is written first, as the merge of two sorted lists does.
   */
  commentsBefore(offset: number): void {
    const comments = this.ctx.doc.comments;
    while (this.nextComment < comments.length) {
      const c = comments[this.nextComment] as MxqlDocument['comments'][number];
      if (c.range.start >= offset) return;
      this.nextComment++;
      if (this.length === 0 || c.range.start >= this.pos) this.write(c.range.start, c.range.end, c.text);
    }
  }

  private write(start: number, end: number, text: string): void {
    if (start < this.pos) this.broken = true;
    const { ctx } = this;
    const separator = gap(ctx.text, this.pos, start, ctx.eol, this.length === 0);
    this.length += separator.length;
    if (start === this.pendingCut) {
      this.cuts.push({ input: start, output: this.length });
      this.lastCut = start;
      this.itemsSinceCut = 0;
      this.pendingCut = -1;
    }
    this.parts.push(separator, text);
    this.length += text.length;
    this.pos = end;
    // Joined into one string now and then: thousands of small pieces kept to the end were copied by
    // every young collection in between.
    if (this.parts.length >= FLUSH_PARTS) this.flush();
  }

  private flush(): void {
    this.runs.push(this.parts.join(''));
    this.parts = [];
  }

  /** The laid-out text, or the input when a segment overlapped another; and the proof's cuts. */
  finish(): Laid {
    const text = this.ctx.text;
    this.commentsBefore(text.length + 1);
    if (this.broken) return { text, cuts: [] };
    const tail = text.slice(this.pos);
    if (tail.trim() !== '') this.parts.push(tail);
    else if (this.length > 0) this.parts.push(this.ctx.eol);
    this.flush();
    return { text: this.runs.join(''), cuts: this.cuts };
  }
}

/** A laid-out text and where its proof may be cut into chunks. */
interface Laid {
  readonly text: string;
  readonly cuts: readonly Cut[];
}

/** Pieces of output joined at once (see {@link Layout.write}). */
const FLUSH_PARTS = 1024;

/** Top-level items per chunk of the proof: small enough that a chunk's parse dies young. */
const CHUNK_ITEMS = 256;

function keyword(out: Layout, ctx: Ctx, r: Range, upper: string, nameRange: Range | null): void {
  const end = nameRange ? nameRange.end : r.end;
  if (keptVerbatim(ctx, r.start, end)) return out.code(r.start, end, ctx.text.slice(r.start, end));
  const name = nameRange ? ` ${ctx.text.slice(nameRange.start, nameRange.end)}` : '';
  out.code(r.start, end, `${upper}${name}`);
}

function statement(out: Layout, ctx: Ctx, stmt: Statement): void {
  out.code(stmt.range.start, stmt.range.end, renderStatement(ctx, stmt));
}

/** The statements, SUB keywords and comments in source order: `doc.items` is in source order already. */
function layout(ctx: Ctx): Laid {
  const out = new Layout(ctx);
  for (const item of ctx.doc.items) {
    if (item.kind === 'comment') continue;
    out.item(item.range.start);
    if (item.kind !== 'sub') {
      statement(out, ctx, item);
      continue;
    }
    keyword(out, ctx, item.keywordRange, 'SUB', item.operand?.range ?? item.nameRange);
    for (const stmt of item.commands) statement(out, ctx, stmt);
    if (item.endRange) keyword(out, ctx, item.endRange, 'END', null);
  }
  return out.finish();
}

/** The separator replacing the blanks between two segments. */
function gap(text: string, from: number, to: number, eol: string, first: boolean): string {
  let newlines = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) newlines++;
    else if (c !== 13 && !isBlank(c)) return text.slice(from, to);
  }
  if (first) return '';
  if (newlines === 0) return text.slice(from, to);
  return newlines === 1 ? eol : eol + eol;
}

/** What `String.prototype.trim` removes, but line ends (counted by the caller). */
function isBlank(c: number): boolean {
  return (
    c === 32 ||
    c === 9 ||
    c === 11 ||
    c === 12 ||
    c === 0xa0 ||
    c === 0xfeff ||
    (c >= 0x2000 &&
      (c <= 0x200a || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000)) ||
    c === 0x1680
  );
}

/**
 * Whether `text` ends with a line end followed by spaces and tabs only (`/[\r\n][ \t]*$/`), read
 * backwards from its end: the regular expression scanned the whole text forwards, and its first run in
 * a process is interpreted.
 */
function endsWithLineEnd(text: string): boolean {
  let i = text.length - 1;
  while (i >= 0 && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i--;
  return i >= 0 && isLineEnd(text.charCodeAt(i));
}

function isLineEnd(c: number): boolean {
  return c === 10 || c === 13;
}

/**
 * Applies {@link FormatOptions.finalNewline} to the laid-out text, which ends with `eol` when its
 * tail was blank. A lone CR counts as a line end here as everywhere else.
 */
function finalLineEnd(out: string, input: string, eol: string, options: FormatOptions): string {
  if (options.finalNewline === 'insert' || endsWithLineEnd(input)) return out;
  return out.endsWith(eol) ? out.slice(0, -eol.length) : out;
}

/**
 * The `auto` line end is the first one after the leading blanks, which the layout drops: a line end
 * there would not survive into the output, and formatting the output again would pick another.
 */
function eolOf(text: string, option: FormatOptions['eol']): string {
  if (option === 'lf') return '\n';
  if (option === 'crlf') return '\r\n';
  const end = lineEndOf(text, text.length - text.trimStart().length);
  if (text[end] !== '\r') return '\n';
  return text[end + 1] === '\n' ? '\r\n' : '\r';
}

/**
 * Formats MXQL text. Idempotent, and never changes meaning: the formatted text has the same tokens
 * (modulo the case of words) and parses to the same tree (modulo ranges) with the same diagnostics,
 * or the input is returned unchanged but for an inserted final line end. Never throws.
 */
export function format(text: string, options: FormatOptions = {}): string {
  return formatInChunks(text, options, CHUNK_ITEMS);
}

/**
 * {@link format} with the proof cut every `chunkItems` top-level items (`Infinity`: the whole text at
 * once). Every size gives the same text; the tests compare small chunks with none.
 */
export function formatInChunks(text: string, options: FormatOptions, chunkItems: number): string {
  try {
    const tokens = lex(text);
    const parsed = parseLexed(text, tokens);
    const input = { text, tokens, parsed };
    const eol = eolOf(text, options.eol);
    const laidOut = (multiLine: boolean): Laid => {
      const laid = layout(makeCtx(text, parsed, multiLine, eol, chunkItems));
      return { text: finalLineEnd(laid.text, text, eol, options), cuts: laid.cuts };
    };
    // The full layout, then operands on one line, then the text as it is with only the final line end
    // applied: a layout the check rejects must not cost an `insert` its line end.
    const candidates: (() => Laid)[] = [
      () => laidOut(true),
      () => laidOut(false),
      () => ({
        text:
          options.finalNewline === 'insert' && text !== '' && !isLineEnd(text.charCodeAt(text.length - 1))
            ? text + eol
            : text,
        cuts: [],
      }),
    ];
    for (const candidate of candidates) {
      const { text: out, cuts } = candidate();
      if (out === text || keepsTree(input, out, cuts)) return out;
    }
    return text;
  } catch {
    return text;
  }
}
