/**
 * The formula language of `expr:` / `if:` values (`int(time_sum/count)`, `x > 0 ? 'a' : 'b'`):
 * a small precedence-climbing parser producing a tree with absolute offsets. The service documents
 * no grammar, so this follows real queries (reference §3.2/§3.3) and reports problems as warnings.
 */
import { diagnostic } from '../diagnostics/table';
import type { MxqlDiagnostic, Range } from './ast';

/** A node of a formula. Offsets are absolute (into the MXQL text), like the rest of the tree. */
export type ExprNode =
  | { readonly kind: 'identifier'; readonly name: string; readonly range: Range }
  | { readonly kind: 'number'; readonly value: number; readonly range: Range }
  | { readonly kind: 'string'; readonly value: string; readonly range: Range }
  | { readonly kind: 'param'; readonly name: string; readonly range: Range }
  | { readonly kind: 'literal'; readonly value: boolean | null; readonly range: Range }
  | {
      readonly kind: 'call';
      readonly callee: string;
      readonly calleeRange: Range;
      readonly args: readonly ExprNode[];
      readonly range: Range;
    }
  | { readonly kind: 'unary'; readonly operator: string; readonly operand: ExprNode; readonly range: Range }
  | {
      readonly kind: 'binary';
      readonly operator: string;
      readonly left: ExprNode;
      readonly right: ExprNode;
      readonly range: Range;
    }
  | {
      readonly kind: 'conditional';
      readonly test: ExprNode;
      readonly consequent: ExprNode;
      readonly alternate: ExprNode;
      readonly range: Range;
    }
  /** A template marker `<% NAME %>` standing for a value (already reported by the parser). */
  | { readonly kind: 'template'; readonly name: string; readonly range: Range }
  /** Stands in for a missing operand, so the tree stays complete. */
  | { readonly kind: 'missing'; readonly range: Range };

/** A parsed formula. */
export interface ExpressionResult {
  /** The tree, or null for blank text. */
  readonly expr: ExprNode | null;
  /** Field names the formula reads, in order (not function names, literals or params). */
  readonly identifiers: readonly { readonly name: string; readonly range: Range }[];
  /** `expression/*` warnings. */
  readonly diagnostics: readonly MxqlDiagnostic[];
}

type TokKind = 'id' | 'num' | 'str' | 'param' | 'tpl' | 'op' | 'end';
interface Tok {
  readonly kind: TokKind;
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** Binary operators by precedence level (higher binds tighter). `and`/`or` are the spelled forms. */
const BINARY: Record<string, number> = {
  '||': 1,
  or: 1,
  '&&': 2,
  and: 2,
  '==': 3,
  '!=': 3,
  '<': 4,
  '<=': 4,
  '>': 4,
  '>=': 4,
  like: 4,
  '+': 5,
  '-': 5,
  '*': 6,
  '/': 6,
  '%': 6,
};
const TWO_CHAR_OPS = new Set(['&&', '||', '==', '!=', '<=', '>=']);

function isIdStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 64 || c === 35 || c > 0x7f;
}

function isIdPart(c: number): boolean {
  return isIdStart(c) || (c >= 48 && c <= 57) || c === 46 || c === 36;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function scanWhile(text: string, i: number, test: (c: number) => boolean): number {
  while (i < text.length && test(text.charCodeAt(i))) i++;
  return i;
}

function tokenize(text: string, base: number, diagnostics: MxqlDiagnostic[]): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    let end = i + 1;
    let kind: TokKind = 'op';
    if (c === 32 || c === 9 || c === 10 || c === 13) {
      i++;
      continue;
    }
    if (isDigit(c)) [kind, end] = ['num', scanWhile(text, i, (d) => isDigit(d) || d === 46)];
    else if (c === 36 && i + 1 < text.length && isIdStart(text.charCodeAt(i + 1))) {
      [kind, end] = ['param', scanWhile(text, i + 1, isIdPart)];
    } else if (isIdStart(c)) [kind, end] = ['id', scanWhile(text, i, isIdPart)];
    else if (c === 39 || c === 34) {
      const close = text.indexOf(text[i] as string, i + 1);
      if (close < 0)
        diagnostics.push(
          diagnostic('expression/unclosed-string', { start: base + i, end: base + text.length }),
        );
      [kind, end] = ['str', close < 0 ? text.length : close + 1];
    } else if (text.startsWith('<%', i) && text.indexOf('%>', i + 2) > 0) {
      [kind, end] = ['tpl', text.indexOf('%>', i + 2) + 2];
    } else if (TWO_CHAR_OPS.has(text.slice(i, i + 2))) end = i + 2;
    toks.push({ kind, text: text.slice(i, end), start: base + i, end: base + end });
    i = end;
  }
  toks.push({ kind: 'end', text: '', start: base + text.length, end: base + text.length });
  return toks;
}

class ExprParser {
  private pos = 0;
  readonly identifiers: { name: string; range: Range }[] = [];

  constructor(
    private readonly toks: Tok[],
    readonly diagnostics: MxqlDiagnostic[],
  ) {}

  private get tok(): Tok {
    return this.toks[this.pos] as Tok;
  }

  parseAll(): ExprNode {
    const expr = this.conditional();
    if (this.tok.kind !== 'end') {
      const last = this.toks[this.toks.length - 1] as Tok;
      const range = { start: this.tok.start, end: last.end };
      this.diagnostics.push(diagnostic('expression/unexpected-token', range, { text: this.tok.text }));
    }
    return expr;
  }

  private conditional(): ExprNode {
    const test = this.binary(1);
    if (!this.isOp('?')) return test;
    this.pos++;
    const consequent = this.conditional();
    if (this.isOp(':')) this.pos++;
    else
      this.diagnostics.push(
        diagnostic('expression/missing-colon', { start: this.tok.start, end: this.tok.end }),
      );
    const alternate = this.conditional();
    return { kind: 'conditional', test, consequent, alternate, range: span(test.range, alternate.range) };
  }

  private binary(level: number): ExprNode {
    let left = this.unary();
    for (;;) {
      const op = this.tok.kind === 'op' || this.tok.kind === 'id' ? this.tok.text : '';
      const prec = BINARY[op];
      if (prec === undefined || prec < level) return left;
      this.pos++;
      const right = this.binary(prec + 1);
      left = { kind: 'binary', operator: op, left, right, range: span(left.range, right.range) };
    }
  }

  private unary(): ExprNode {
    const t = this.tok;
    if (t.kind === 'op' && (t.text === '-' || t.text === '!' || t.text === '+')) {
      this.pos++;
      const operand = this.unary();
      return { kind: 'unary', operator: t.text, operand, range: { start: t.start, end: operand.range.end } };
    }
    return this.primary();
  }

  private primary(): ExprNode {
    const t = this.tok;
    const range = { start: t.start, end: t.end };
    switch (t.kind) {
      case 'num':
        this.pos++;
        return { kind: 'number', value: Number(t.text), range };
      case 'str':
        this.pos++;
        return {
          kind: 'string',
          value: t.text.slice(1, t.text.endsWith(t.text[0] as string) && t.text.length > 1 ? -1 : undefined),
          range,
        };
      case 'param':
        this.pos++;
        return { kind: 'param', name: t.text, range };
      case 'id':
        return this.word(t);
      case 'tpl':
        this.pos++;
        return { kind: 'template', name: t.text.slice(2, -2).trim(), range };
      default:
        return this.parenOrMissing(t);
    }
  }

  private word(t: Tok): ExprNode {
    this.pos++;
    const range = { start: t.start, end: t.end };
    if (t.text === 'true' || t.text === 'false') return { kind: 'literal', value: t.text === 'true', range };
    if (t.text === 'null') return { kind: 'literal', value: null, range };
    if (!this.isOp('(')) {
      this.identifiers.push({ name: t.text, range });
      return { kind: 'identifier', name: t.text, range };
    }
    this.pos++;
    const args: ExprNode[] = [];
    while (!this.isOp(')') && this.tok.kind !== 'end') {
      args.push(this.conditional());
      if (this.isOp(',')) this.pos++;
      else break;
    }
    const end = this.closeParen(t.start);
    return { kind: 'call', callee: t.text, calleeRange: range, args, range: { start: t.start, end } };
  }

  private parenOrMissing(t: Tok): ExprNode {
    if (this.isOp('(')) {
      this.pos++;
      const inner = this.conditional();
      this.closeParen(t.start);
      return inner;
    }
    const found = t.kind === 'end' ? {} : { found: t.text };
    const range = { start: t.start, end: Math.max(t.end, t.start) };
    this.diagnostics.push(diagnostic('expression/missing-operand', range, found));
    if (t.kind !== 'end') this.pos++;
    return { kind: 'missing', range: { start: t.start, end: t.start } };
  }

  /** Consumes `)` and returns the end offset; reports an unclosed `(` opened at `open`. */
  private closeParen(open: number): number {
    if (this.isOp(')')) return (this.toks[this.pos++] as Tok).end;
    this.diagnostics.push(diagnostic('expression/unclosed-paren', { start: open, end: this.tok.start }));
    return this.tok.start;
  }

  private isOp(text: string): boolean {
    return this.tok.kind === 'op' && this.tok.text === text;
  }
}

function span(a: Range, b: Range): Range {
  return { start: a.start, end: b.end };
}

/**
 * Parses a formula. `baseOffset` is where `text` starts in the MXQL text (for a quoted `expr`,
 * one past the opening quote), so that every range in the result is absolute. Never throws.
 */
export function parseExpression(text: string, baseOffset = 0): ExpressionResult {
  const diagnostics: MxqlDiagnostic[] = [];
  const toks = tokenize(text, baseOffset, diagnostics);
  if (toks.length === 1) return { expr: null, identifiers: [], diagnostics };
  const parser = new ExprParser(toks, diagnostics);
  try {
    const expr = parser.parseAll();
    return { expr, identifiers: parser.identifiers, diagnostics };
  } catch {
    // Only absurd nesting (thousands of parentheses) can exhaust the stack; say so instead of throwing.
    const range = { start: baseOffset, end: baseOffset + text.length };
    return { expr: null, identifiers: [], diagnostics: [diagnostic('expression/too-deep', range)] };
  }
}
