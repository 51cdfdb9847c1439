/**
 * Turns a run of tokens (everything between two separators) into one value: a literal, a word,
 * a `$param`, a template marker, or, for anything longer, an expression kept as raw text.
 */
import type { Range, SuffixNode, Value } from './ast';
import { TokenKind, type Token } from './lexer';
import { DURATION_UNIT_MS, isDurationUnit } from '../../../common/durations';

// Token kinds copied into module constants: property reads through an imported binding are not free in hot loops.
const {
  lbrace: K_LBRACE,
  lparen: K_LPAREN,
  marker: K_MARKER,
  op: K_OP,
  param: K_PARAM,
  rbrace: K_RBRACE,
  rparen: K_RPAREN,
  string: K_STRING,
  word: K_WORD,
} = TokenKind;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** True for `123` or `1.5` (no sign, no exponent). */
export function isNumberText(s: string): boolean {
  let dot = false;
  if (s.length === 0 || !isDigit(s.charCodeAt(0))) return false;
  for (let i = 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 46 && !dot && i + 1 < s.length) dot = true;
    else if (!isDigit(c)) return false;
  }
  return true;
}

/** Reads `15s`, `5m`, `1h`, `7d`, `100ms` (suffix) or `m5`, `h1`, `d1` (prefix); null otherwise. */
export function readDuration(s: string): { ms: number; form: 'suffix' | 'prefix' } | null {
  let i = 0;
  while (i < s.length && isDigit(s.charCodeAt(i))) i++;
  if (i > 0 && i < s.length) {
    const unit = s.slice(i);
    return isDurationUnit(unit)
      ? { ms: Number(s.slice(0, i)) * DURATION_UNIT_MS[unit], form: 'suffix' }
      : null;
  }
  if (i === 0 && s.length > 1) {
    const unit = s[0] === 'm' || s[0] === 'h' || s[0] === 'd' ? DURATION_UNIT_MS[s[0]] : undefined;
    const digits = s.slice(1);
    if (unit !== undefined && isNumberText(digits) && !digits.includes('.')) {
      return { ms: Number(digits) * unit, form: 'prefix' };
    }
  }
  return null;
}

function single(text: string, t: Token): Value {
  const r: Range = { start: t.start, end: t.end };
  const raw = text.slice(t.start, t.end);
  switch (t.kind) {
    case K_PARAM:
      return { kind: 'param', name: raw, range: r };
    case K_STRING: {
      const quote = raw[0] === '"' ? '"' : "'";
      const value = raw.slice(1, t.aux === 1 ? -1 : raw.length);
      return { kind: 'string', value, quote, range: r, closed: t.aux === 1 };
    }
    case K_MARKER: {
      const marker = { kind: 'marker' as const, name: raw.slice(2, -2).trim(), range: r };
      return { kind: 'template', marker, range: r };
    }
    case K_WORD:
      return wordValue(raw, r);
    default:
      return { kind: 'expression', text: raw, range: r };
  }
}

function wordValue(raw: string, r: Range): Value {
  if (raw === 'true' || raw === 'false') return { kind: 'boolean', value: raw === 'true', range: r };
  if (raw === 'null') return { kind: 'null', range: r };
  if (raw === 'unlimit') return { kind: 'unlimit', range: r };
  if (isNumberText(raw)) return { kind: 'number', value: Number(raw), raw, range: r };
  const duration = readDuration(raw);
  if (duration) return { kind: 'duration', raw, ms: duration.ms, form: duration.form, range: r };
  return { kind: 'word', text: raw, suffix: null, template: false, range: r };
}

/** Token kinds that form one word when written without blanks (`disk_reads(xos)`, `a<%B%>`). */
const GLUE_KINDS: ReadonlySet<string> = new Set([K_WORD, K_PARAM, K_LPAREN, K_RPAREN]);

/** Reads glued tokens (`counter<%T%>`, `app_counter{m5}`) as one word; null when they are not one. */
function gluedWord(text: string, toks: readonly Token[], from: number, to: number): Value | null {
  let end = to;
  let suffix: SuffixNode | null = null;
  const close = toks[to - 1] as Token;
  const open = toks[to - 3];
  if (to - from >= 4 && open && open.kind === K_LBRACE && close.kind === K_RBRACE) {
    suffix = {
      kind: 'suffix',
      text: text.slice(open.end, close.start),
      range: { start: open.start, end: close.end },
    };
    end = to - 3;
  }
  let template = false;
  for (let i = from; i < end; i++) {
    const t = toks[i] as Token;
    if (t.kind === K_MARKER) template = true;
    else if (!GLUE_KINDS.has(t.kind) && !(t.kind === K_OP && text.slice(t.start, t.end) === '$')) return null;
    if (i > from && t.start !== (toks[i - 1] as Token).end) return null;
  }
  const first = toks[from] as Token;
  const last = toks[end - 1] as Token;
  const range = { start: first.start, end: suffix ? suffix.range.end : last.end };
  return { kind: 'word', text: text.slice(first.start, last.end), suffix, template, range };
}

/**
 * Classifies tokens `[from, to)` as one value. `complex` is true when the run contains a nested
 * container, which makes it an expression.
 */
export function classifyRun(
  text: string,
  toks: readonly Token[],
  from: number,
  to: number,
  complex: boolean,
): Value {
  const first = toks[from] as Token;
  const last = toks[to - 1] as Token;
  if (to - from === 1) return single(text, first);
  if (!complex) {
    const second = toks[from + 1] as Token;
    const negative = to - from === 2 && first.kind === K_OP && text.slice(first.start, first.end) === '-';
    if (negative && second.start === first.end && isNumberText(text.slice(second.start, second.end))) {
      const raw = text.slice(first.start, second.end);
      return { kind: 'number', value: Number(raw), raw, range: { start: first.start, end: second.end } };
    }
    const glued = gluedWord(text, toks, from, to);
    if (glued) return glued;
  }
  return {
    kind: 'expression',
    text: text.slice(first.start, last.end),
    range: { start: first.start, end: last.end },
  };
}
