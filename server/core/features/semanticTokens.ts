/**
 * Semantic tokens: columns coloured by what they are at that point of the pipeline (category field,
 * tag, system column, a column the query created), `$params`, names the column flow does not know, and
 * every lexical token kind (lexicalTokens.ts), so editors without TextMate grammars highlight fully.
 */
import { findCommand, type CommandDef, type OptionDef, findOption } from '../catalog/index';
import { walkValue, type Range, type Statement, type Value } from '../syntax/index';
import { type ColumnSet, type PipelineFlow } from '../columns/flow';
import { type DocumentAnalysis } from '../analysis/documentAnalysis';
import { LEXICAL_TOKEN_TYPES, lexicalTokens } from './lexicalTokens';

/** Token types, in legend order (standard LSP type names so every theme colours them). */
export const SEMANTIC_TOKEN_TYPES = ['property', 'variable', 'parameter', ...LEXICAL_TOKEN_TYPES] as const;
/**
 * Token modifiers, in legend order: `readonly` marks tags, `defaultLibrary` system columns,
 * `declaration` where a column is created, `unknown` names the flow does not know, `documentation`
 * directive comments.
 */
export const SEMANTIC_TOKEN_MODIFIERS = [
  'readonly',
  'defaultLibrary',
  'declaration',
  'unknown',
  'documentation',
] as const;

/** One token: a range on one line, a type and its modifiers. */
export interface SemanticToken {
  readonly range: Range;
  readonly type: (typeof SEMANTIC_TOKEN_TYPES)[number];
  readonly modifiers: readonly (typeof SEMANTIC_TOKEN_MODIFIERS)[number][];
}

/**
 * Every semantic token of the document, sorted by offset, without overlaps: a column or `$param`
 * token wins over the lexical token at the same place. Never throws.
 */
export function semanticTokens(analysis: DocumentAnalysis): SemanticToken[] {
  const specific: SemanticToken[] = [];
  const flows = [analysis.flow.main, ...analysis.flow.subs.values()];
  for (const flow of flows) specific.push(...pipelineTokens(flow));
  for (const p of analysis.doc.params) specific.push({ range: p.range, type: 'parameter', modifiers: [] });
  const all = [...specific, ...lexicalTokens(analysis.text, analysis.doc)];
  // Stable sort: at the same start, the specific tokens (listed first) stay ahead.
  all.sort((a, b) => a.range.start - b.range.start);
  const out: SemanticToken[] = [];
  let end = -1;
  for (const t of all) {
    if (t.range.start < end || t.range.end <= t.range.start) continue;
    out.push(t);
    end = t.range.end;
  }
  return out;
}

function pipelineTokens(flow: PipelineFlow): SemanticToken[] {
  const out: SemanticToken[] = [];
  for (const step of flow.steps) {
    if (!step.loaded) continue;
    const def = step.statement.kind === 'command' ? findCommand(step.statement.name) : undefined;
    if (def) out.push(...commandTokens(step.statement, def, step.before));
  }
  return out;
}

type Role = 'reads' | 'defines';

function roleOf(def: CommandDef, keyPath: readonly string[]): Role | null {
  if (keyPath.length === 0) return def.operandColumns === 'reads' ? 'reads' : null;
  let options: readonly OptionDef[] = def.options;
  let option: OptionDef | undefined;
  for (const key of keyPath) {
    option = findOption(options, key);
    options = option?.nested ?? [];
  }
  const role = option?.column;
  return role === 'reads' || role === 'defines' ? role : null;
}

function commandTokens(statement: Statement, def: CommandDef, before: ColumnSet): SemanticToken[] {
  if (statement.kind !== 'command' || statement.operand === null) return [];
  const out: SemanticToken[] = [];
  walkValue(statement.operand, (v: Value, keyPath) => {
    if (v.kind === 'string' && isFormula(def, keyPath)) out.push(...formulaTokens(v, before));
    if (v.kind !== 'word' || v.template) return;
    const role = roleOf(def, keyPath);
    if (role === 'defines') out.push({ range: v.range, type: 'variable', modifiers: ['declaration'] });
    else if (role === 'reads') out.push(columnToken(v.text, v.range, before));
  });
  return out;
}

function columnToken(name: string, range: Range, before: ColumnSet): SemanticToken {
  const info = before.columns.get(name);
  if (!info) return { range, type: 'property', modifiers: before.open ? [] : ['unknown'] };
  switch (info.origin) {
    case 'tag':
      return { range, type: 'property', modifiers: ['readonly'] };
    case 'system':
      return { range, type: 'property', modifiers: ['defaultLibrary'] };
    case 'field':
      return { range, type: 'property', modifiers: [] };
    default:
      return { range, type: 'variable', modifiers: [] };
  }
}

function isFormula(def: CommandDef, keyPath: readonly string[]): boolean {
  if (keyPath.length !== 1) return false;
  const option = def.options.find((o) => o.name === keyPath[0]);
  return (option?.valueKind ?? def.freeOptionKeys?.valueKind) === 'expression';
}

/** Quoted literals inside a formula, identifiers, and the character after an identifier. */
const FORMULA_PARTS = /'[^']*'?|"[^"]*"?|[A-Za-z_][\w.$]*(?=\s*(\()?)/g;

/**
 * Known columns named inside a formula string (`expr: "tps * 2"`). Names the flow does not know are
 * left alone here: formulas also hold function names and words this scanner cannot classify.
 */
function formulaTokens(v: Extract<Value, { kind: 'string' }>, before: ColumnSet): SemanticToken[] {
  const out: SemanticToken[] = [];
  const bodyStart = v.range.start + 1;
  for (const match of v.value.matchAll(FORMULA_PARTS)) {
    const word = match[0];
    if (word.startsWith("'") || word.startsWith('"') || match[1] === '(') continue;
    // `$name` inside a formula is a parameter, already a token of its own.
    if (!before.columns.has(word) || v.value[(match.index ?? 0) - 1] === '$') continue;
    const start = bodyStart + (match.index ?? 0);
    out.push(columnToken(word, { start, end: start + word.length }, before));
  }
  return out;
}
