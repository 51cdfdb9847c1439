/**
 * The lexical part of semantic tokens: command keywords, option keys, categories, strings, numbers,
 * durations, comments, operators inside formulas and template markers, so an editor without a TextMate
 * grammar (Neovim, Helix, Emacs) highlights a whole file from the language server alone.
 */
import { findCommand, type CommandDef } from '../catalog/index';
import { type MxqlDocument, type Range, type Statement, type Value } from '../syntax/index';
import { categoryOfCommand } from '../syntax/categoryOperand';

/** The lexical token types (standard LSP names, so every theme colours them). */
export const LEXICAL_TOKEN_TYPES = [
  'keyword',
  'enumMember',
  'type',
  'string',
  'number',
  'comment',
  'operator',
  'macro',
] as const;

/** One lexical token. `documentation` marks `-- @directive` comments. */
export interface LexicalToken {
  readonly range: Range;
  readonly type: (typeof LEXICAL_TOKEN_TYPES)[number];
  readonly modifiers: readonly 'documentation'[];
}

/** Operators, numbers and quoted literals inside a formula string. */
const FORMULA_LEXEMES = /'[^']*'?|"[^"]*"?|[A-Za-z_][\w.$]*|\d+(?:\.\d+)?|&&|\|\||[<>!=]=?|[-+*/%?:]/g;

function token(start: number, end: number, type: LexicalToken['type']): LexicalToken {
  return { range: { start, end }, type, modifiers: [] };
}

/** One token per line of a range that may span lines (block comments). */
function perLine(text: string, range: Range, type: LexicalToken['type'], doc: boolean): LexicalToken[] {
  const out: LexicalToken[] = [];
  let start = range.start;
  while (start < range.end) {
    const nl = text.indexOf('\n', start);
    const lineEnd = nl < 0 || nl >= range.end ? range.end : nl;
    const end = text[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd;
    if (end > start) out.push({ range: { start, end }, type, modifiers: doc ? ['documentation'] : [] });
    start = lineEnd + 1;
  }
  return out;
}

function formulaTokens(v: Extract<Value, { kind: 'string' }>): LexicalToken[] {
  const out: LexicalToken[] = [];
  const body = v.range.start + 1;
  out.push(token(v.range.start, body, 'string'));
  for (const m of v.value.matchAll(FORMULA_LEXEMES)) {
    const start = body + (m.index ?? 0);
    const end = start + m[0].length;
    const c = m[0].charAt(0);
    if (c === "'" || c === '"') out.push(token(start, end, 'string'));
    else if (/\d/.test(c)) out.push(token(start, end, 'number'));
    else if (!/[A-Za-z_]/.test(c)) out.push(token(start, end, 'operator'));
  }
  if (v.closed) out.push(token(v.range.end - 1, v.range.end, 'string'));
  return out;
}

function isFormula(def: CommandDef | undefined, keyPath: readonly string[]): boolean {
  if (!def || keyPath.length !== 1) return false;
  const option = def.options.find((o) => o.name === keyPath[0]);
  return (option?.valueKind ?? def.freeOptionKeys?.valueKind) === 'expression';
}

function valueTokens(v: Value, def: CommandDef | undefined, keyPath: readonly string[]): LexicalToken[] {
  switch (v.kind) {
    case 'string':
      return isFormula(def, keyPath) ? formulaTokens(v) : [token(v.range.start, v.range.end, 'string')];
    case 'number':
    case 'duration':
      return [token(v.range.start, v.range.end, 'number')];
    case 'boolean':
    case 'null':
    case 'unlimit':
      return [token(v.range.start, v.range.end, 'keyword')];
    case 'array':
      return v.items.flatMap((item) => valueTokens(item, def, keyPath));
    case 'object':
      return v.members.flatMap((m) => [
        ...(m.key ? [token(m.key.range.start, m.key.range.end, 'enumMember')] : []),
        ...(m.value ? valueTokens(m.value, def, m.key ? [...keyPath, m.key.name] : keyPath) : []),
      ]);
    default:
      return [];
  }
}

function statementTokens(s: Statement): LexicalToken[] {
  if (s.kind === 'inject') return [token(s.keywordRange.start, s.keywordRange.end, 'keyword')];
  if (s.kind === 'promql') return [token(s.prefixRange.start, s.prefixRange.end, 'operator')];
  if (s.kind !== 'command') return [];
  const out = [token(s.nameRange.start, s.nameRange.end, 'keyword')];
  if (s.upperName === 'CATEGORY') {
    for (const ref of categoryOfCommand(s)?.all ?? [])
      out.push(token(ref.range.start, ref.range.end, 'type'));
    if (s.operand?.kind !== 'object') return out;
  }
  if (s.operand) out.push(...valueTokens(s.operand, findCommand(s.name), []));
  return out;
}

/** Every lexical token of the document (unsorted; single-line ranges). Never throws. */
export function lexicalTokens(text: string, doc: MxqlDocument): LexicalToken[] {
  const out: LexicalToken[] = [];
  for (const s of [...doc.main, ...doc.subs.flatMap((sub) => sub.commands)]) out.push(...statementTokens(s));
  for (const sub of doc.subs) {
    out.push(token(sub.keywordRange.start, sub.keywordRange.end, 'keyword'));
    if (sub.operand) out.push(...valueTokens(sub.operand, undefined, []));
    if (sub.endRange) out.push(token(sub.endRange.start, sub.endRange.end, 'keyword'));
  }
  for (const c of doc.comments) out.push(...perLine(text, c.range, 'comment', c.directive));
  for (const m of doc.markers) out.push(token(m.range.start, m.range.end, 'macro'));
  return out;
}
