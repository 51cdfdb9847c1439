/**
 * The MXQL formatter. It rewrites command lines only: known command names in upper case,
 * `{ key: value, … }` / `[a, b]` spacing, one blank line at most between lines, no indentation
 * or trailing blanks. Comments, directives, PromQL lines, template lines, expressions and strings
 * are copied byte for byte; so is any statement touched by a syntax error. The result is checked
 * by parsing it again: if the tree would differ in any way, the text is returned unchanged (but for
 * the final line end `finalNewline: 'insert'` asks for).
 */
import type { CommandNode, MemberNode, MxqlDiagnostic, MxqlDocument, Range, Statement, Value } from './ast';
import { canonicalCommandCase } from './commandNames';
import { parseLexed } from './parser';
import { lex, type LexResult } from './lexer';
import { lineEndOf } from './lineIndex';
import { sameShape } from './shape';
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

interface Segment {
  readonly range: Range;
  readonly text: string;
}

interface Ctx {
  readonly text: string;
  /** Error diagnostics sorted by start, and the running maximum of their ends. */
  readonly errors: readonly MxqlDiagnostic[];
  readonly errorMaxEnd: readonly number[];
  readonly doc: MxqlDocument;
  /** When false, multi-line operands are laid out on one line too (the fallback layout). */
  readonly multiLine: boolean;
}

function overlapsError(ctx: Ctx, r: Range): boolean {
  // Among errors starting before r.end, the one reaching furthest decides (O(log n) per query).
  const before = firstStartingAtOrAfter(ctx.errors, r.end);
  return before > 0 && (ctx.errorMaxEnd[before - 1] as number) >= r.start;
}

function hasInnerComment(ctx: Ctx, r: Range): boolean {
  const comments = ctx.doc.comments;
  const next = comments[firstStartingAtOrAfter(comments, r.start + 1)];
  return next !== undefined && next.range.start < r.end;
}

function makeCtx(text: string, doc: MxqlDocument, errors: MxqlDiagnostic[], multiLine: boolean): Ctx {
  const errorMaxEnd: number[] = [];
  let max = -1;
  for (const d of errors) {
    max = Math.max(max, d.range.end);
    errorMaxEnd.push(max);
  }
  return { text, errors, errorMaxEnd, doc, multiLine };
}

/** `,` when a comma follows the last member or item (`[a, b, ]`): it is a token, so it is kept. */
function trailingComma(text: string, v: Value): string {
  const last = v.kind === 'object' ? v.members.at(-1) : v.kind === 'array' ? v.items.at(-1) : undefined;
  if (!last) return '';
  return text.slice(last.range.end, v.range.end).includes(',') ? ',' : '';
}

function renderValue(text: string, v: Value): string {
  if (v.kind === 'object') {
    if (v.members.length === 0) return '{}';
    return `{ ${v.members.map((m) => renderMember(text, m)).join(', ')}${trailingComma(text, v)} }`;
  }
  if (v.kind === 'array')
    return `[${v.items.map((i) => renderValue(text, i)).join(', ')}${trailingComma(text, v)}]`;
  return text.slice(v.range.start, v.range.end);
}

function renderMember(text: string, m: MemberNode): string {
  const key = m.key ? text.slice(m.key.range.start, m.key.range.end) : '';
  if (!m.colonRange) return m.value ? renderValue(text, m.value) : key;
  return `${key}: ${m.value ? renderValue(text, m.value) : ''}`;
}

/** Multi-line layout: one member or item per line, indented by two spaces. */
function renderBlock(text: string, v: Value, eol: string): string {
  if (v.kind === 'object' && v.members.length > 0) {
    const lines = v.members.map((m) => `  ${renderMember(text, m)}`);
    return `{${eol}${lines.join(`,${eol}`)}${trailingComma(text, v)}${eol}}`;
  }
  if (v.kind === 'array' && v.items.length > 0) {
    const lines = v.items.map((i) => `  ${renderValue(text, i)}`);
    return `[${eol}${lines.join(`,${eol}`)}${trailingComma(text, v)}${eol}]`;
  }
  return renderValue(text, v);
}

function renderCommand(ctx: Ctx, cmd: CommandNode, eol: string): string {
  const name = canonicalCommandCase(cmd.name);
  if (!cmd.operand) return name;
  const multi = ctx.multiLine && cmd.line !== cmd.endLine;
  const operand = multi ? renderBlock(ctx.text, cmd.operand, eol) : renderValue(ctx.text, cmd.operand);
  return `${name} ${operand}`;
}

function renderStatement(ctx: Ctx, stmt: Statement, eol: string): string {
  const verbatim = ctx.text.slice(stmt.range.start, stmt.range.end);
  if (overlapsError(ctx, stmt.range) || hasInnerComment(ctx, stmt.range)) return verbatim;
  if (stmt.kind === 'command') return renderCommand(ctx, stmt, eol);
  if (stmt.kind === 'inject') return stmt.name === null ? 'INJECT' : `INJECT ${stmt.name}`;
  return verbatim;
}

function keyword(ctx: Ctx, r: Range, upper: string, nameRange: Range | null): Segment {
  const whole = { start: r.start, end: nameRange ? nameRange.end : r.end };
  if (overlapsError(ctx, whole) || hasInnerComment(ctx, whole))
    return { range: whole, text: ctx.text.slice(whole.start, whole.end) };
  const name = nameRange ? ` ${ctx.text.slice(nameRange.start, nameRange.end)}` : '';
  return { range: whole, text: `${upper}${name}` };
}

/** The statements and SUB keywords in source order: `doc.items` is in source order already. */
function codeSegments(ctx: Ctx, eol: string): Segment[] {
  const segments: Segment[] = [];
  for (const item of ctx.doc.items) {
    if (item.kind === 'comment') continue;
    if (item.kind !== 'sub') {
      segments.push({ range: item.range, text: renderStatement(ctx, item, eol) });
      continue;
    }
    segments.push(keyword(ctx, item.keywordRange, 'SUB', item.operand?.range ?? item.nameRange));
    for (const stmt of item.commands)
      segments.push({ range: stmt.range, text: renderStatement(ctx, stmt, eol) });
    if (item.endRange) segments.push(keyword(ctx, item.endRange, 'END', null));
  }
  return segments;
}

/**
 * Every segment in source order: the code segments merged with the comments that stand outside
 * them (a comment inside a statement, between operand lines, is copied with that statement). Both
 * lists are sorted, so one linear merge replaces sorting a 20,000-line document's segments.
 */
function segmentsOf(ctx: Ctx, eol: string): Segment[] {
  const code = codeSegments(ctx, eol);
  const out: Segment[] = [];
  let next = 0;
  for (const c of ctx.doc.comments) {
    while (next < code.length && (code[next] as Segment).range.start <= c.range.start)
      out.push(code[next++] as Segment);
    const holder = out.length > 0 ? out[out.length - 1] : undefined;
    if (!holder || c.range.start >= holder.range.end) out.push({ range: c.range, text: c.text });
  }
  while (next < code.length) out.push(code[next++] as Segment);
  return out;
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

function layout(ctx: Ctx, eol: string): string {
  const parts: string[] = [];
  let pos = 0;
  for (const s of segmentsOf(ctx, eol)) {
    if (s.range.start < pos) return ctx.text;
    parts.push(gap(ctx.text, pos, s.range.start, eol, parts.length === 0), s.text);
    pos = s.range.end;
  }
  const tail = ctx.text.slice(pos);
  if (tail.trim() !== '') parts.push(tail);
  else if (parts.length > 0) parts.push(eol);
  return parts.join('');
}

/**
 * Applies {@link FormatOptions.finalNewline} to the laid-out text, which ends with `eol` when its
 * tail was blank. A lone CR counts as a line end here as everywhere else.
 */
function finalLineEnd(out: string, input: string, eol: string, options: FormatOptions): string {
  if (options.finalNewline === 'insert' || /[\r\n][ \t]*$/.test(input)) return out;
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

/** Whether `a` at `i` and `b` at `j` hold the same `length` characters (no substrings allocated). */
function sameSpan(a: string, i: number, b: string, j: number, length: number): boolean {
  for (let k = 0; k < length; k++) if (a.charCodeAt(i + k) !== b.charCodeAt(j + k)) return false;
  return true;
}

/**
 * True when `after` has the tokens and comments of `before`: same kinds and texts, command names
 * compared without case. Formatting may change spacing and case only, never drop or add a token.
 */
function sameTokens(before: string, a: LexResult, after: string, b: LexResult): boolean {
  if (a.tokens.length !== b.tokens.length || a.comments.length !== b.comments.length) return false;
  for (let i = 0; i < a.tokens.length; i++) {
    const x = a.tokens[i] as LexResult['tokens'][number];
    const y = b.tokens[i] as LexResult['tokens'][number];
    if (x.kind !== y.kind || x.end - x.start !== y.end - y.start) return false;
    if (sameSpan(before, x.start, after, y.start, x.end - x.start)) continue;
    const xs = before.slice(x.start, x.end);
    if (x.kind !== 'word' || xs.toUpperCase() !== after.slice(y.start, y.end).toUpperCase()) return false;
  }
  return a.comments.every((c, i) => c.text === b.comments[i]?.text);
}

/**
 * Formats MXQL text. Idempotent, and never changes meaning: the formatted text has the same tokens
 * (modulo the case of words) and parses to the same tree (modulo ranges) with the same diagnostics,
 * or the input is returned unchanged but for an inserted final line end. Never throws.
 */
export function format(text: string, options: FormatOptions = {}): string {
  try {
    const tokens = lex(text);
    const { ast, diagnostics } = parseLexed(text, tokens);
    const errors = diagnostics.filter((d) => d.severity === 'error');
    const eol = eolOf(text, options.eol);
    // The full layout, then operands on one line, then the text as it is with only the final line end
    // applied: a layout the check rejects must not cost an `insert` its line end.
    const candidates = [
      () => finalLineEnd(layout(makeCtx(text, ast, errors, true), eol), text, eol, options),
      () => finalLineEnd(layout(makeCtx(text, ast, errors, false), eol), text, eol, options),
      () => (options.finalNewline === 'insert' && !/[\r\n]$/.test(text) && text !== '' ? text + eol : text),
    ];
    for (const candidate of candidates) {
      const out = candidate();
      if (out === text) return out;
      const outTokens = lex(out);
      if (!sameTokens(text, tokens, out, outTokens)) continue;
      const again = parseLexed(out, outTokens);
      if (sameShape(again.ast, ast) && again.diagnostics.length === diagnostics.length) return out;
    }
    return text;
  } catch {
    return text;
  }
}
