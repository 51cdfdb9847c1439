/**
 * The tolerant MXQL parser: tokens in, a document of logical commands out, never an exception.
 *
 * A statement starts at the first token of a line. It goes on over later lines only while a `{` or
 * `[` is open; a line that starts with a command name (written like one: `SELECT`, `LogCountLoad`)
 * ends it anyway, so one unclosed bracket never hides the rest of the file.
 */
import type {
  ArrayValue,
  BodyItem,
  CommandNode,
  CommentNode,
  InjectNode,
  InjectValue,
  InvalidStatement,
  KeyNode,
  MemberNode,
  MxqlDiagnostic,
  MxqlDocument,
  ObjectValue,
  ParseResult,
  PromqlNode,
  Range,
  Statement,
  SubBlock,
  TemplateMarker,
  TopLevelItem,
  Value,
} from './ast';
import { isKnownCommand, looksLikeCommand } from './commandNames';
import { lex, TokenKind, type LexResult, type Token } from './lexer';
import { lineIndexOf } from './lineIndex';
import { classifyRun } from './classify';
import { collectSubReferences } from './subReferences';
import { diagnostic, type DiagnosticCode, type HintArgs, type SyntaxHint } from '../diagnostics/table';

/** The syntax codes with a fixed message (the parser reports them with an optional hint). */
type FixedSyntaxCode = Exclude<Extract<DiagnosticCode, `syntax/${string}`>, 'syntax/internal'>;

// Token kinds copied into module constants: property reads through an imported binding are not free in hot loops.
const {
  colon: K_COLON,
  comma: K_COMMA,
  lbrace: K_LBRACE,
  lbracket: K_LBRACKET,
  lparen: K_LPAREN,
  marker: K_MARKER,
  op: K_OP,
  param: K_PARAM,
  promql: K_PROMQL,
  raw: K_RAW,
  rbrace: K_RBRACE,
  rbracket: K_RBRACKET,
  rparen: K_RPAREN,
  string: K_STRING,
  word: K_WORD,
} = TokenKind;

/** Brackets nested deeper than this are skipped with a diagnostic instead of parsed. */
const MAX_DEPTH = 200;

/** A SUB block while its body is being read. */
interface OpenSub {
  readonly keywordRange: Range;
  readonly name: string | null;
  readonly nameRange: Range | null;
  readonly operand: ObjectValue | null;
  readonly body: BodyItem[];
  readonly commands: Statement[];
  readonly line: number;
  readonly trailingComment: CommentNode | null;
}

class Parser {
  private readonly toks: Token[];
  private readonly n: number;
  private pos = 0;
  /** Line of the last token consumed by the current statement. */
  private lastLine = 0;
  /** Index of the next comment not yet placed. */
  private ci = 0;
  private readonly diagnostics: MxqlDiagnostic[];
  private readonly injects: (InjectNode | InjectValue)[] = [];
  private readonly items: TopLevelItem[] = [];
  private readonly main: Statement[] = [];
  private readonly subs: SubBlock[] = [];
  private sub: OpenSub | null = null;

  constructor(
    private readonly text: string,
    private readonly lexed: LexResult,
  ) {
    this.toks = lexed.tokens;
    this.n = this.toks.length;
    this.diagnostics = lexed.diagnostics;
  }

  parseDocument(): ParseResult {
    while (this.pos < this.n) {
      const t = this.toks[this.pos] as Token;
      this.placeCommentsBefore(t.start);
      this.lastLine = t.line;
      if (t.kind === K_WORD && this.topLevelKeyword(t)) continue;
      const stmt = this.parseStatement(t);
      const withComment = this.attachTrailing(stmt);
      if (this.sub) {
        this.sub.body.push(withComment);
        this.sub.commands.push(withComment);
      } else {
        this.items.push(withComment);
        this.main.push(withComment);
      }
    }
    this.placeCommentsBefore(this.text.length + 1);
    if (this.sub) this.closeSub(null);
    return this.result();
  }

  private result(): ParseResult {
    const lexed = this.lexed;
    const subRefs = collectSubReferences(this.main, this.subs);
    const ast: MxqlDocument = {
      kind: 'document',
      range: { start: 0, end: this.text.length },
      items: this.items,
      main: this.main,
      subs: this.subs,
      comments: lexed.comments,
      params: lexed.params.slice().sort((a, b) => a.range.start - b.range.start),
      injects: this.injects,
      markers: lexed.markers.slice().sort((a, b) => a.range.start - b.range.start),
      subRefs,
      lineStarts: lexed.lineStarts,
    };
    const diagnostics = this.diagnostics.slice().sort((a, b) => a.range.start - b.range.start);
    return { ast, diagnostics };
  }

  // ------------------------------------------------------------------ comments

  /** Places comments that start before `offset` and are not inside or trailing a statement. */
  private placeCommentsBefore(offset: number): void {
    const comments = this.lexed.comments;
    while (this.ci < comments.length) {
      const c = comments[this.ci] as CommentNode;
      if (c.range.start >= offset) return;
      this.ci++;
      if (this.sub) this.sub.body.push(c);
      else this.items.push(c);
    }
  }

  /** Skips comments inside the statement and attaches one that follows it on its last line. */
  private trailingAfter(end: number, endLine: number): CommentNode | null {
    const comments = this.lexed.comments;
    while (this.ci < comments.length && (comments[this.ci] as CommentNode).range.start < end) this.ci++;
    const c = comments[this.ci];
    if (c && c.line === endLine && c.trailing) {
      this.ci++;
      return c;
    }
    return null;
  }

  private attachTrailing<S extends Statement>(stmt: S): S {
    const trailingComment = this.trailingAfter(stmt.range.end, stmt.endLine);
    return trailingComment ? { ...stmt, trailingComment } : stmt;
  }

  // ------------------------------------------------------------------ SUB / END

  /** Handles `SUB name` and `END` lines; returns false for any other word. */
  private topLevelKeyword(t: Token): boolean {
    const upper = this.wordUpper(t);
    if (upper === 'SUB') {
      this.openSub(t);
      return true;
    }
    if (upper !== 'END') return false;
    if (!this.sub) return false;
    this.pos++;
    const junk = this.junkToLineEnd();
    this.closeSub(range(t));
    if (junk) {
      this.items.push(junk);
      this.main.push(junk);
    }
    return true;
  }

  /** An `END` outside any SUB: kept as an invalid line so that no text is dropped. */
  private strayEnd(t: Token): Statement {
    this.pos++;
    this.junkToLineEnd();
    this.report('syntax/unexpected-end', range(t));
    return this.invalidFrom(t);
  }

  private openSub(t: Token): void {
    if (this.sub) this.closeSub(null);
    this.pos++;
    const { name, nameRange, operand } = this.subHeader(t);
    if (name === null) this.report('syntax/missing-sub-name', operand?.range ?? range(t));
    const junk = this.junkToLineEnd();
    const end = junk ? junk.range.end : (operand?.range.end ?? nameRange?.end ?? t.end);
    const trailingComment = this.trailingAfter(end, t.line);
    const keywordRange = range(t);
    // Text after the name is kept as an invalid first line of the body, so nothing is dropped.
    const body: BodyItem[] = junk ? [junk] : [];
    const commands: Statement[] = junk ? [junk] : [];
    this.sub = { keywordRange, name, nameRange, operand, body, commands, line: t.line, trailingComment };
  }

  /** `SUB name` or the object form `SUB {id:name}` (the name is the `id` member's word or string). */
  private subHeader(t: Token): { name: string | null; nameRange: Range | null; operand: ObjectValue | null } {
    const next = this.toks[this.pos];
    if (!next || next.line !== t.line || next.kind !== K_LBRACE)
      return { ...this.nameAfter(t), operand: null };
    const operand = this.structured(0);
    if (operand?.kind !== 'object') return { name: null, nameRange: null, operand: null };
    const id = operand.members.find((m) => m.key?.name.toLowerCase() === 'id')?.value;
    if (id?.kind === 'word') return { name: id.text, nameRange: id.range, operand };
    if (id?.kind === 'string' && id.value)
      return {
        name: id.value,
        nameRange: { start: id.range.start + 1, end: id.range.start + 1 + id.value.length },
        operand,
      };
    return { name: null, nameRange: null, operand };
  }

  private closeSub(endRange: Range | null): void {
    const open = this.sub;
    if (!open) return;
    this.sub = null;
    if (!endRange) this.report('syntax/unclosed-sub', open.nameRange ?? open.keywordRange);
    const last = open.body[open.body.length - 1];
    const lastEnd = last ? last.range.end : (open.operand?.range ?? open.nameRange ?? open.keywordRange).end;
    const end = endRange ? endRange.end : lastEnd;
    const block: SubBlock = {
      kind: 'sub',
      keywordRange: open.keywordRange,
      name: open.name,
      nameRange: open.nameRange,
      operand: open.operand,
      body: open.body,
      commands: open.commands,
      endRange,
      range: { start: open.keywordRange.start, end },
      line: open.line,
      endLine: this.lineOf(end === 0 ? 0 : end - 1),
      trailingComment: open.trailingComment,
    };
    this.subs.push(block);
    this.items.push(block);
  }

  // ------------------------------------------------------------------ statements

  private parseStatement(t: Token): Statement {
    if (t.kind === K_PROMQL) {
      this.pos++;
      return this.promql(t, { start: t.start, end: t.start + 2 }, t.start + 2, t.end);
    }
    if (t.kind === K_MARKER) return this.templateLine(t);
    if (t.kind !== K_WORD) return this.invalidLine(t);
    const upper = this.wordUpper(t);
    if (upper === 'INJECT') return this.injectStatement(t);
    if (upper === 'END') return this.strayEnd(t);
    if (upper === 'OPENMX') return this.openmx(t);
    return this.command(t, upper);
  }

  private command(t: Token, upperName: string): CommandNode {
    this.pos++;
    const operand = this.parseOperand();
    const end = operand ? Math.max(operand.range.end, this.consumedEnd(t.end)) : this.consumedEnd(t.end);
    return {
      kind: 'command',
      name: this.slice(t),
      upperName,
      nameRange: range(t),
      operand,
      range: { start: t.start, end },
      line: t.line,
      endLine: this.lastLine,
      trailingComment: null,
    };
  }

  /** Takes the name word after the keyword `t` (SUB, INJECT) when it is on the same line. */
  private nameAfter(t: Token): { name: string | null; nameRange: Range | null } {
    const next = this.toks[this.pos];
    if (!next || next.line !== t.line || next.kind !== K_WORD) return { name: null, nameRange: null };
    this.pos++;
    return { name: this.slice(next), nameRange: range(next) };
  }

  /** The end of the last consumed token, but never before `min`. */
  private consumedEnd(min: number): number {
    const prev = this.toks[this.pos - 1];
    return prev && prev.end > min ? prev.end : min;
  }

  private injectStatement(t: Token): InjectNode {
    this.pos++;
    const { name, nameRange } = this.nameAfter(t);
    this.junkToLineEnd();
    const node: InjectNode = {
      kind: 'inject',
      keywordRange: range(t),
      name,
      nameRange,
      range: { start: t.start, end: this.consumedEnd(t.end) },
      line: t.line,
      endLine: this.lastLine,
      trailingComment: null,
    };
    this.injects.push(node);
    return node;
  }

  private openmx(t: Token): PromqlNode {
    this.pos++;
    const next = this.toks[this.pos];
    if (next && next.kind === K_RAW && next.line === t.line) {
      this.pos++;
      return this.promql(t, range(t), next.start, next.end);
    }
    return this.promql(t, range(t), t.end, t.end);
  }

  private promql(t: Token, prefixRange: Range, queryStart: number, end: number): PromqlNode {
    let start = queryStart;
    while (start < end && isSpace(this.text.charCodeAt(start))) start++;
    return {
      kind: 'promql',
      prefix: this.text.slice(prefixRange.start, prefixRange.end),
      prefixRange,
      query: this.text.slice(start, end),
      queryRange: { start, end },
      range: { start: t.start, end },
      line: t.line,
      endLine: t.line,
      trailingComment: null,
    };
  }

  private templateLine(t: Token): Statement {
    const markers: TemplateMarker[] = [];
    const start = t.start;
    while (this.more(0)) {
      const cur = this.toks[this.pos] as Token;
      if (cur.kind !== K_MARKER) break;
      markers.push({ kind: 'marker', name: this.slice(cur).slice(2, -2).trim(), range: range(cur) });
      this.pos++;
    }
    this.skipStatementRest();
    const end = this.consumedEnd(t.end);
    return {
      kind: 'template-line',
      markers,
      range: { start, end },
      line: t.line,
      endLine: this.lastLine,
      trailingComment: null,
    };
  }

  private invalidLine(t: Token): Statement {
    this.report('syntax/unexpected-token', range(t), { hint: 'commandNameExpected', found: this.slice(t) });
    this.skipStatementRest();
    return this.invalidFrom(t);
  }

  /** Consumes the rest of the statement, keeping brackets balanced, without building values. */
  private skipStatementRest(): void {
    let depth = 0;
    while (this.more(depth)) {
      const k = (this.toks[this.pos] as Token).kind;
      if (k === K_LBRACE || k === K_LBRACKET) depth++;
      else if ((k === K_RBRACE || k === K_RBRACKET) && depth > 0) depth--;
      this.take();
    }
  }

  /** Reports and consumes anything left on the current line after a complete keyword line. */
  private junkToLineEnd(): InvalidStatement | null {
    const first = this.toks[this.pos];
    if (!first || !this.more(0)) return null;
    this.skipStatementRest();
    const invalid = this.invalidFrom(first);
    this.report('syntax/unexpected-token', invalid.range, { hint: 'ownLine' });
    return invalid;
  }

  /** The text from `first` through what has been consumed, kept as an invalid line so nothing is dropped. */
  private invalidFrom(first: Token): InvalidStatement {
    const end = this.consumedEnd(first.end);
    return {
      kind: 'invalid',
      text: this.text.slice(first.start, end),
      range: { start: first.start, end },
      line: first.line,
      endLine: this.lastLine,
      trailingComment: null,
    };
  }

  // ------------------------------------------------------------------ operands

  private parseOperand(): Value | null {
    if (!this.more(0)) return null;
    const t = this.toks[this.pos] as Token;
    const value = t.kind === K_LBRACE || t.kind === K_LBRACKET ? this.structured(0) : this.run(0);
    while (this.more(0)) this.strayAtTopLevel();
    return value;
  }

  /** Something after a complete operand: a stray closing bracket, comma or extra value. */
  private strayAtTopLevel(): void {
    const t = this.toks[this.pos] as Token;
    if (t.kind === K_RBRACE || t.kind === K_RBRACKET) {
      this.report('syntax/unexpected-close', range(t), { hint: 'noOpeningBracket' });
      this.take();
      return;
    }
    const start = t.start;
    this.skipStatementRest();
    this.report('syntax/unexpected-token', { start, end: this.consumedEnd(t.end) }, { hint: 'oneOperand' });
  }

  private structured(depth: number): ObjectValue | ArrayValue {
    const t = this.toks[this.pos] as Token;
    if (depth >= MAX_DEPTH) return this.tooDeep(depth);
    return t.kind === K_LBRACE ? this.object(depth) : this.array(depth);
  }

  /** Skips a container nested beyond {@link MAX_DEPTH} (keeping the stack bounded), up to its close. */
  private tooDeep(depth: number): ObjectValue | ArrayValue {
    const open = this.take();
    let inner = 1;
    while (inner > 0 && this.more(depth + inner)) {
      const k = (this.toks[this.pos] as Token).kind;
      if (k === K_LBRACE || k === K_LBRACKET) inner++;
      else if (k === K_RBRACE || k === K_RBRACKET) inner--;
      this.take();
    }
    const r = { start: open.start, end: this.consumedEnd(open.end) };
    this.report('syntax/too-deep', range(open));
    const closed = inner === 0;
    return open.kind === K_LBRACE
      ? { kind: 'object', members: [], range: r, closed }
      : { kind: 'array', items: [], range: r, closed };
  }

  private object(depth: number): ObjectValue {
    const open = this.take();
    const { items: members, closed } = this.separated(open, K_RBRACE, depth, OBJECT_HINTS, () =>
      this.member(depth + 1),
    );
    return { kind: 'object', members, range: { start: open.start, end: this.consumedEnd(open.end) }, closed };
  }

  private array(depth: number): ArrayValue {
    const open = this.take();
    const { items, closed } = this.separated(open, K_RBRACKET, depth, ARRAY_HINTS, () =>
      this.value(depth + 1),
    );
    return { kind: 'array', items, range: { start: open.start, end: this.consumedEnd(open.end) }, closed };
  }

  /**
   * The comma-separated entries of the container `open` up to its closing `close`. A missing or extra
   * comma and a missing closer are reported and parsing goes on, so one typo loses no entries.
   */
  private separated<T>(
    open: Token,
    close: TokenKind,
    depth: number,
    hints: SeparatorHints,
    entry: () => T | null,
  ): { items: T[]; closed: boolean } {
    const items: T[] = [];
    let closed = false;
    let expectSeparator = false;
    while (this.more(depth + 1)) {
      const t = this.toks[this.pos] as Token;
      if (this.closes(t, close, open)) {
        closed = true;
        break;
      }
      if (t.kind === K_COMMA) {
        if (!expectSeparator) this.report('syntax/unexpected-token', range(t), hints.extraComma);
        this.take();
        expectSeparator = false;
        continue;
      }
      if (expectSeparator)
        this.report('syntax/unexpected-token', { start: t.start, end: t.start }, hints.missingComma);
      const item = entry();
      if (item !== null) items.push(item);
      expectSeparator = true;
    }
    if (!closed) this.report('syntax/unclosed-bracket', range(open), hints.unclosed);
    return { items, closed };
  }

  /**
   * True when `t` closes the container opened by `open`. A closing bracket of the other kind
   * (`[h1}`) also closes it, with a diagnostic, because that is the likely typo.
   */
  private closes(t: Token, expected: TokenKind, open: Token): boolean {
    if (t.kind === expected) {
      this.take();
      return true;
    }
    if (t.kind !== K_RBRACE && t.kind !== K_RBRACKET) return false;
    const want = expected === K_RBRACE ? '}' : ']';
    const opener = this.slice(open);
    this.report('syntax/mismatched-bracket', range(t), {
      hint: 'wrongCloser',
      opener,
      found: this.slice(t),
      want,
    });
    this.take();
    return true;
  }

  private member(depth: number): MemberNode {
    const keyStart = this.pos;
    this.collect(depth, true);
    const keyEnd = this.pos;
    const t = this.toks[this.pos];
    if (t && t.kind === K_COLON && this.more(depth)) {
      const key = this.key(keyStart, keyEnd, t);
      const colon = this.take();
      const value = this.value(depth);
      if (!value) this.report('syntax/missing-value', range(colon), { hint: 'writeValue' });
      const start = key ? key.range.start : colon.start;
      const end = value ? value.range.end : colon.end;
      return { kind: 'member', key, colonRange: range(colon), value, range: { start, end } };
    }
    return this.bareMember(keyStart, keyEnd);
  }

  /** A member without `:`: a bare name (`UNFOLD {sid, serial}`) or a malformed `key value`. */
  private bareMember(from: number, to: number): MemberNode {
    const first = this.toks[from] as Token;
    const last = this.toks[to - 1] as Token;
    const whole = { start: first.start, end: last.end };
    if (to - from === 1 || this.adjacent(from, to)) {
      const key = this.key(from, to, null);
      return { kind: 'member', key, colonRange: null, value: null, range: whole };
    }
    this.report('syntax/missing-colon', whole);
    const value = classifyRun(this.text, this.toks, from, to, false);
    return { kind: 'member', key: null, colonRange: null, value, range: whole };
  }

  private key(from: number, to: number, colon: Token | null): KeyNode | null {
    if (from === to) {
      if (colon) this.report('syntax/missing-key', range(colon), { hint: 'writeOptionName' });
      return null;
    }
    const first = this.toks[from] as Token;
    const last = this.toks[to - 1] as Token;
    const keyRange = { start: first.start, end: last.end };
    if (to - from === 1 && first.kind === K_STRING) {
      const quote = this.text[first.start] === '"' ? '"' : "'";
      const name = this.text.slice(first.start + 1, first.aux === 1 ? first.end - 1 : first.end);
      return { kind: 'key', name, quote, param: false, range: keyRange };
    }
    const param = to - from === 1 && first.kind === K_PARAM;
    if (param) this.markParamKey(first);
    else if (!this.adjacent(from, to))
      this.report('syntax/unexpected-token', keyRange, { hint: 'keyIsOneWord' });
    return {
      kind: 'key',
      name: this.text.slice(keyRange.start, keyRange.end),
      quote: null,
      param,
      range: keyRange,
    };
  }

  private markParamKey(t: Token): void {
    const ref = this.lexed.params[t.aux];
    if (ref) this.lexed.params[t.aux] = { ...ref, inKey: true };
    this.report('syntax/param-key', range(t));
  }

  /** A value inside a container: a nested container or a run. */
  private value(depth: number): Value | null {
    if (!this.more(depth)) return null;
    const t = this.toks[this.pos] as Token;
    if (t.kind === K_LBRACE || t.kind === K_LBRACKET) {
      const v = this.structured(depth);
      this.junkAfterValue(depth);
      return v;
    }
    return this.run(depth);
  }

  /** Reports text between a complete container value and the next `,` or closing bracket. */
  private junkAfterValue(depth: number): void {
    const from = this.pos;
    this.collect(depth, false);
    if (this.pos === from) return;
    const first = this.toks[from] as Token;
    const r = { start: first.start, end: this.consumedEnd(first.end) };
    this.report('syntax/unexpected-token', r, { hint: 'commaBefore' });
  }

  /** A run of tokens read as one value (word, number, expression …). */
  private run(depth: number): Value | null {
    const from = this.pos;
    const t = this.toks[from];
    if (t && this.isInject(t)) return this.injectInOperand(t, depth);
    this.collect(depth, false);
    if (this.pos === from) return null;
    return classifyRun(this.text, this.toks, from, this.pos, this.hasStructure(from, this.pos));
  }

  private hasStructure(from: number, to: number): boolean {
    for (let i = from; i < to; i++) {
      const k = (this.toks[i] as Token).kind;
      if (k === K_LBRACE || k === K_LBRACKET) return !this.isSuffixAt(i);
    }
    return false;
  }

  private injectInOperand(t: Token, depth: number): InjectValue {
    this.take();
    let name: string | null = null;
    let nameRange: Range | null = null;
    const next = this.toks[this.pos];
    if (next && next.line === t.line && next.kind === K_WORD && this.more(depth)) {
      name = this.slice(next);
      nameRange = range(this.take());
    }
    const node: InjectValue = {
      kind: 'inject',
      name,
      nameRange,
      range: { start: t.start, end: nameRange ? nameRange.end : t.end },
    };
    this.report('syntax/inject-in-operand', node.range);
    this.injects.push(node);
    this.collect(depth, false);
    return node;
  }

  /**
   * Consumes tokens up to `,`, `}` or `]` (and `:` when reading a key) outside parentheses.
   * Nested containers inside a run are consumed whole so that brackets stay balanced.
   */
  private collect(depth: number, stopAtColon: boolean): void {
    let parens = 0;
    let sawQuestion = false;
    while (this.more(depth)) {
      const t = this.toks[this.pos] as Token;
      const k = t.kind;
      if (k === K_RBRACE || k === K_RBRACKET) return;
      if (parens === 0 && k === K_COMMA) return;
      if (k === K_COLON && parens === 0) {
        if (stopAtColon) return;
        if (!sawQuestion) this.report('syntax/unquoted-colon', range(t));
        sawQuestion = false;
      }
      if (k === K_OP && this.text.charCodeAt(t.start) === 63) sawQuestion = true;
      if (k === K_LPAREN) parens++;
      else if (k === K_RPAREN && parens > 0) parens--;
      if (this.isInject(t)) this.report('syntax/inject-in-operand', range(t));
      if (k === K_LBRACE && this.isSuffixAt(this.pos)) {
        this.pos += 2;
      } else if (k === K_LBRACE || k === K_LBRACKET) {
        this.structured(depth);
        continue;
      }
      this.take();
    }
  }

  /** True when token `i` starts a `{m5}`-style suffix glued to the preceding word. */
  private isSuffixAt(i: number): boolean {
    const open = this.toks[i];
    const prev = this.toks[i - 1];
    const inner = this.toks[i + 1];
    const close = this.toks[i + 2];
    if (!open || !prev || !inner || !close || open.kind !== K_LBRACE) return false;
    if (prev.end !== open.start || (prev.kind !== K_WORD && prev.kind !== K_MARKER)) return false;
    return (
      inner.kind === K_WORD &&
      inner.start === open.end &&
      close.kind === K_RBRACE &&
      close.start === inner.end
    );
  }

  private adjacent(from: number, to: number): boolean {
    for (let i = from + 1; i < to; i++) {
      if ((this.toks[i] as Token).start !== (this.toks[i - 1] as Token).end) return false;
    }
    return true;
  }

  // ------------------------------------------------------------------ token helpers

  /** True when the next token belongs to the current statement at bracket depth `depth`. */
  private more(depth: number): boolean {
    const t = this.toks[this.pos];
    if (!t) return false;
    if (t.line === this.lastLine) return true;
    return depth > 0 && !this.isRecoveryPoint(t);
  }

  /**
   * A line inside an open bracket that starts like a new command ends the broken statement:
   * a command written as commands are (`SELECT`, `LogCountLoad`) not followed by `:`, `,` or a
   * closing bracket, or a known command in any case directly followed by its `{` / `[` operand
   * (`filter {`), which a field name never is.
   */
  private isRecoveryPoint(t: Token): boolean {
    if (!t.first) return false;
    if (t.kind === K_PROMQL) return true;
    if (t.kind !== K_WORD) return false;
    const word = this.slice(t);
    if (word.toUpperCase() === 'INJECT' || !isKnownCommand(word)) return false;
    const next = this.toks[this.pos + 1];
    const sameLine = next !== undefined && next.line === t.line;
    if (sameLine && next.start > t.end && (next.kind === K_LBRACE || next.kind === K_LBRACKET)) {
      return true;
    }
    if (!looksLikeCommand(word)) return false;
    if (!sameLine) return true;
    const k = next.kind;
    return k !== K_COLON && k !== K_COMMA && k !== K_RBRACE && k !== K_RBRACKET;
  }

  private take(): Token {
    const t = this.toks[this.pos++] as Token;
    this.lastLine = t.line;
    return t;
  }

  private slice(t: Token): string {
    return this.text.slice(t.start, t.end);
  }

  /** True for an `INJECT` word in any case; checks the length first to stay cheap in hot loops. */
  private isInject(t: Token): boolean {
    return t.kind === K_WORD && t.end - t.start === 6 && this.wordUpper(t) === 'INJECT';
  }

  private wordUpper(t: Token): string {
    return this.text.slice(t.start, t.end).toUpperCase();
  }

  private lineOf(offset: number): number {
    return lineIndexOf(this.lexed.lineStarts, offset);
  }

  private report(code: FixedSyntaxCode, r: Range, hint?: SyntaxHint | HintArgs): void {
    this.diagnostics.push(diagnostic(code, r, typeof hint === 'string' ? { hint } : (hint ?? {})));
  }
}

/** The fix-it hints of a bracketed list's separator and closing problems. */
interface SeparatorHints {
  readonly extraComma: SyntaxHint;
  readonly missingComma: SyntaxHint;
  readonly unclosed: SyntaxHint;
}

const OBJECT_HINTS: SeparatorHints = {
  extraComma: 'removeExtraComma',
  missingComma: 'addCommaBetweenMembers',
  unclosed: 'addClosingBrace',
};

const ARRAY_HINTS: SeparatorHints = {
  extraComma: 'valueBeforeComma',
  missingComma: 'addCommaBetweenItems',
  unclosed: 'addClosingBracket',
};

function range(t: Token): Range {
  return { start: t.start, end: t.end };
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 13;
}

/** The document of last resort: the whole text as one invalid line, never an empty result. */
function fallback(text: string, error: unknown): ParseResult {
  const lexed = lex('');
  const whole = { start: 0, end: text.length };
  const stmt: Statement = { kind: 'invalid', text, range: whole, line: 0, endLine: 0, trailingComment: null };
  const ast: MxqlDocument = {
    kind: 'document',
    range: whole,
    items: text.length > 0 ? [stmt] : [],
    main: text.length > 0 ? [stmt] : [],
    subs: [],
    comments: [],
    params: [],
    injects: [],
    markers: [],
    subRefs: [],
    lineStarts: lexed.lineStarts,
  };
  const detail = error instanceof Error ? error.message : String(error);
  return { ast, diagnostics: [diagnostic('syntax/internal', whole, { detail })] };
}

/**
 * Parses MXQL text into a document of logical commands with exact offset ranges, plus syntax
 * diagnostics. Never throws: any text yields a document, and nothing in it is dropped.
 */
export function parse(text: string): ParseResult {
  return parseLexed(text, lex(text));
}

/**
 * {@link parse} of a text already lexed, for callers that need the tokens too (the formatter compares
 * them) and should not lex twice. The parser reads the tokens and may mark `lexed.params`; nothing else.
 */
export function parseLexed(text: string, lexed: LexResult): ParseResult {
  try {
    return new Parser(text, lexed).parseDocument();
  } catch (error) {
    return fallback(text, error);
  }
}
