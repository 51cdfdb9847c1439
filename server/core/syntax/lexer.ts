/**
 * The MXQL lexer: one pass over the text with `charCodeAt`, no regular expressions per character.
 * It splits significant tokens from comments, records every `$param` (also inside strings) and
 * every `<% … %>` template marker, and reports unclosed strings and block comments.
 */
import type { CommentNode, MxqlDiagnostic, ParamRef, TemplateMarker } from './ast';
import { diagnostic } from '../diagnostics/table';

/** Kinds of significant tokens. Comments are not tokens; they are collected separately. */
export const TokenKind = {
  word: 'word',
  param: 'param',
  string: 'string',
  marker: 'marker',
  /** A `>> …` line: `>>` plus the raw rest of the line. */
  promql: 'promql',
  /** The raw rest of an `OPENMX` line. */
  raw: 'raw',
  lbrace: '{',
  rbrace: '}',
  lbracket: '[',
  rbracket: ']',
  colon: ':',
  comma: ',',
  lparen: '(',
  rparen: ')',
  /** Any run of other characters (operators such as `+`, `>=`, `&&`, `?`). */
  op: 'op',
} as const;
/** One of the {@link TokenKind} values. */
export type TokenKind = (typeof TokenKind)[keyof typeof TokenKind];

/** A significant token. `first` is true when nothing but blanks and comments precede it on its line. */
export interface Token {
  readonly kind: TokenKind;
  readonly start: number;
  readonly end: number;
  readonly line: number;
  readonly first: boolean;
  /** For `string`: whether the closing quote was found; for `param`: its index in `params`. */
  readonly aux: number;
}

/** Everything the lexer learns about a text. */
export interface LexResult {
  readonly tokens: Token[];
  readonly comments: CommentNode[];
  readonly params: ParamRef[];
  readonly markers: TemplateMarker[];
  readonly lineStarts: number[];
  readonly diagnostics: MxqlDiagnostic[];
}

const LF = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;
const HASH = 35;
const DOLLAR = 36;
const PERCENT = 37;
const SQUOTE = 39;
const DQUOTE = 34;
const DASH = 45;
const SLASH = 47;
const STAR = 42;
const LT = 60;
const GT = 62;
const AT = 64;
const DOT = 46;
const UNDERSCORE = 95;
const RPAREN = 41;

const PUNCT: Record<number, TokenKind> = {
  123: TokenKind.lbrace,
  125: TokenKind.rbrace,
  91: TokenKind.lbracket,
  93: TokenKind.rbracket,
  58: TokenKind.colon,
  44: TokenKind.comma,
  40: TokenKind.lparen,
  41: TokenKind.rparen,
};

/** Blank characters other than line feed: space, tab, CR, form feed, vertical tab, NBSP, BOM. */
function isBlank(c: number): boolean {
  return c === SPACE || c === TAB || c === CR || c === 12 || c === 11 || c === 0xa0 || c === 0xfeff;
}

function isAsciiLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Characters that may start a bare word: letters, digits, `_`, `@`, `#`, `.`, and any non-ASCII letter. */
function isWordStart(c: number): boolean {
  return (
    isAsciiLetter(c) || isDigit(c) || c === UNDERSCORE || c === AT || c === HASH || c === DOT || c > 0x7f
  );
}

/** Characters that continue a bare word; `$` and `-` only inside (`cpu$`, `FIRST-ONLY`, `ami-id`). */
function isWordPart(c: number): boolean {
  return isWordStart(c) || c === DOLLAR || c === DASH;
}

/** Characters of a `$param` name after the `$`. */
function isParamPart(c: number): boolean {
  return isAsciiLetter(c) || isDigit(c) || c === UNDERSCORE;
}

function isParamStart(c: number): boolean {
  return isAsciiLetter(c) || c === UNDERSCORE;
}

/** Mutable lexer state; one instance per `lex()` call. */
class Lexer {
  readonly tokens: Token[] = [];
  readonly comments: CommentNode[] = [];
  readonly params: ParamRef[] = [];
  readonly markers: TemplateMarker[] = [];
  readonly lineStarts: number[] = [0];
  readonly diagnostics: MxqlDiagnostic[] = [];
  private pos = 0;
  private line = 0;
  /** Only blanks (and comments) so far on the current line. */
  private lineBlank = true;
  /** No significant token yet on the current line. */
  private lineEmpty = true;
  private readonly n: number;
  /** Offset of the next `\r` at or after the last lookup (`n` when none). */
  private nextCr = -1;

  constructor(private readonly text: string) {
    this.n = text.length;
  }

  run(): void {
    const text = this.text;
    while (this.pos < this.n) {
      const c = text.charCodeAt(this.pos);
      if (c === LF || (c === CR && text.charCodeAt(this.pos + 1) !== LF)) {
        // `\n`, `\r\n` and a lone `\r` are all line breaks, as editors and LSP positions count them.
        this.newline(this.pos + 1);
        this.pos++;
      } else if (isBlank(c)) {
        this.pos++;
      } else {
        this.lexSignificant(c);
        this.lineBlank = false;
      }
    }
  }

  private newline(next: number): void {
    this.line++;
    this.lineStarts.push(next);
    this.lineBlank = true;
    this.lineEmpty = true;
  }

  private lexSignificant(c: number): void {
    const text = this.text;
    const next = this.pos + 1 < this.n ? text.charCodeAt(this.pos + 1) : 0;
    if (c === HASH && this.lineBlank) return this.lineComment('hash');
    if (c === DASH && next === DASH && this.dashCommentAllowed()) return this.lineComment('dash');
    if (c === SLASH && next === STAR) return this.blockComment();
    if (c === GT && next === GT && this.lineBlank) return this.promqlLine();
    if (c === LT && next === PERCENT && this.marker()) return;
    if (c === SQUOTE || c === DQUOTE) return this.string(c);
    if (c === DOLLAR && isParamStart(next)) return this.param();
    if (isWordStart(c)) return this.word();
    const punct = PUNCT[c];
    if (punct !== undefined) {
      this.push(punct, this.pos, this.pos + 1, 0);
      this.pos++;
      return;
    }
    this.op();
  }

  private dashCommentAllowed(): boolean {
    if (this.lineBlank) return true;
    return isBlank(this.text.charCodeAt(this.pos - 1));
  }

  private push(kind: TokenKind, start: number, end: number, aux: number): void {
    this.tokens.push({ kind, start, end, line: this.line, first: this.lineEmpty, aux });
    this.lineEmpty = false;
  }

  /** Where the line at `from` ends: its `\n` or `\r`. Uses indexOf (fast) and remembers the next CR. */
  private lineEnd(from: number): number {
    const lf = this.text.indexOf('\n', from);
    if (this.nextCr < from) {
      const cr = this.text.indexOf('\r', from);
      this.nextCr = cr < 0 ? this.n : cr;
    }
    return Math.min(lf < 0 ? this.n : lf, this.nextCr);
  }

  /** The end of a line's content, without a CR or trailing blanks. */
  private trimEnd(start: number, end: number): number {
    while (end > start && isBlank(this.text.charCodeAt(end - 1))) end--;
    return end;
  }

  private lineComment(style: 'hash' | 'dash'): void {
    const start = this.pos;
    const end = this.trimEnd(start, this.lineEnd(start));
    const text = this.text.slice(start, end);
    const directive = style === 'dash' && isDirectiveText(text);
    this.comments.push({
      kind: 'comment',
      style,
      text,
      range: { start, end },
      line: this.line,
      trailing: !this.lineEmpty,
      directive,
    });
    this.pos = end;
  }

  private blockComment(): void {
    const start = this.pos;
    const line = this.line;
    const trailing = !this.lineEmpty;
    const close = this.text.indexOf('*/', start + 2);
    const end = close < 0 ? this.n : close + 2;
    for (let i = start; i < end; i++) {
      const c = this.text.charCodeAt(i);
      if (c === LF || (c === CR && this.text.charCodeAt(i + 1) !== LF)) this.newline(i + 1);
    }
    if (close < 0) {
      this.diagnostics.push(
        diagnostic('syntax/unclosed-comment', { start, end: start + 2 }, { hint: 'closeBlockComment' }),
      );
    }
    const text = this.text.slice(start, end);
    this.comments.push({
      kind: 'comment',
      style: 'block',
      text,
      range: { start, end },
      line,
      trailing,
      directive: false,
    });
    this.pos = end;
  }

  private promqlLine(): void {
    const start = this.pos;
    const end = this.trimEnd(start, this.lineEnd(start));
    this.push(TokenKind.promql, start, end, 0);
    this.pos = end;
  }

  /** Lexes `<% … %>` on one line; returns false (lexing `<` as an operator) when it does not close. */
  private marker(): boolean {
    const start = this.pos;
    const lineEnd = this.lineEnd(start);
    const close = this.text.indexOf('%>', start + 2);
    if (close < 0 || close + 2 > lineEnd) return false;
    const end = close + 2;
    this.recordMarker(start, end);
    this.push(TokenKind.marker, start, end, 0);
    this.pos = end;
    return true;
  }

  private recordMarker(start: number, end: number): void {
    const name = this.text.slice(start + 2, end - 2).trim();
    const range = { start, end };
    this.markers.push({ kind: 'marker', name, range });
    this.diagnostics.push(diagnostic('syntax/template-marker', range));
  }

  private string(quote: number): void {
    const start = this.pos;
    const text = this.text;
    let i = start + 1;
    let closed = false;
    while (i < this.n) {
      const c = text.charCodeAt(i);
      if (c === quote) {
        closed = true;
        break;
      }
      if (c === LF || c === CR) break;
      i++;
    }
    const contentEnd = closed ? i : this.trimEnd(start + 1, i);
    this.scanStringContent(start + 1, contentEnd);
    const end = closed ? i + 1 : contentEnd;
    if (!closed) {
      const hint = quote === DQUOTE ? 'closeDoubleQuote' : 'closeSingleQuote';
      this.diagnostics.push(diagnostic('syntax/unclosed-string', { start, end }, { hint }));
    }
    this.push(TokenKind.string, start, end, closed ? 1 : 0);
    this.pos = end;
  }

  /** Records `$params` and template markers inside a string: the service substitutes them as text. */
  private scanStringContent(from: number, to: number): void {
    const text = this.text;
    for (let i = from; i < to; i++) {
      const c = text.charCodeAt(i);
      if (c === DOLLAR && i + 1 < to && isParamStart(text.charCodeAt(i + 1))) {
        if (i > from && isParamPart(text.charCodeAt(i - 1))) continue;
        let j = i + 2;
        while (j < to && isParamPart(text.charCodeAt(j))) j++;
        this.params.push({
          name: text.slice(i, j),
          range: { start: i, end: j },
          inString: true,
          inKey: false,
        });
        i = j - 1;
      } else if (c === LT && i + 1 < to && text.charCodeAt(i + 1) === PERCENT) {
        const close = text.indexOf('%>', i + 2);
        if (close >= 0 && close + 2 <= to) {
          this.recordMarker(i, close + 2);
          i = close + 1;
        }
      }
    }
  }

  private param(): void {
    const start = this.pos;
    let i = start + 2;
    while (i < this.n && isParamPart(this.text.charCodeAt(i))) i++;
    this.params.push({
      name: this.text.slice(start, i),
      range: { start, end: i },
      inString: false,
      inKey: false,
    });
    this.push(TokenKind.param, start, i, this.params.length - 1);
    this.pos = i;
  }

  private word(): void {
    const start = this.pos;
    const text = this.text;
    let i = start + 1;
    while (i < this.n) {
      const c = text.charCodeAt(i);
      // `--` after a word char is part of the word only when no blank precedes it, which is the case here.
      if (!isWordPart(c)) break;
      i++;
    }
    const wasBlank = this.lineBlank;
    this.push(TokenKind.word, start, i, 0);
    this.pos = i;
    if (wasBlank && i - start === 6 && text.slice(start, i).toUpperCase() === 'OPENMX') this.openmxRest();
  }

  /** After a line-leading `OPENMX`, the rest of the line is raw PromQL (or `ls …` / `status …`). */
  private openmxRest(): void {
    const end = this.trimEnd(this.pos, this.lineEnd(this.pos));
    let start = this.pos;
    while (start < end && isBlank(this.text.charCodeAt(start))) start++;
    if (start < end) this.push(TokenKind.raw, start, end, 0);
    this.pos = end;
  }

  /** A `$` that starts a token but no valid name (`$1abc`, a lone `$`). */
  private badParam(start: number): void {
    let end = start + 1;
    while (end < this.n && isParamPart(this.text.charCodeAt(end))) end++;
    this.diagnostics.push(diagnostic('syntax/bad-param', { start, end }));
  }

  /** A run of operator characters, stopping where another token could start. */
  private op(): void {
    const start = this.pos;
    const text = this.text;
    // A `$` glued to a name (`disk_reads(xos)$`) is part of it; only a token-starting `$` is a param.
    const prev = start > 0 ? text.charCodeAt(start - 1) : 0;
    if (text.charCodeAt(start) === DOLLAR && prev !== RPAREN && !isWordPart(prev)) this.badParam(start);
    let i = start + 1;
    while (i < this.n) {
      const c = text.charCodeAt(i);
      if (c === LF || isBlank(c) || isWordStart(c) || PUNCT[c] !== undefined) break;
      if (c === SQUOTE || c === DQUOTE || c === DOLLAR) break;
      if (c === LT && text.charCodeAt(i + 1) === PERCENT) break;
      if (c === SLASH && text.charCodeAt(i + 1) === STAR) break;
      i++;
    }
    this.push(TokenKind.op, start, i, 0);
    this.pos = i;
  }
}

/** True for a `-- @word …` comment text (a directive, see directives.ts). */
export function isDirectiveText(text: string): boolean {
  let i = 2;
  while (i < text.length && isBlank(text.charCodeAt(i))) i++;
  return text.charCodeAt(i) === AT && isAsciiLetter(text.charCodeAt(i + 1));
}

/**
 * False when `text` surely holds no directive line (`--`, blanks as {@link isDirectiveText} skips
 * them, `@`): the cheap test that spares most texts a lexing pass for directives.
 */
export function mayHoldDirectives(text: string): boolean {
  return /--[ \t\r\v\f\u00a0\ufeff]*@/.test(text);
}

/** Splits MXQL text into significant tokens, comments, params and markers. Never throws. */
export function lex(text: string): LexResult {
  const lexer = new Lexer(text);
  lexer.run();
  return lexer;
}
