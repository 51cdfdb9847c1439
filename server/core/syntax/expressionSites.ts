/**
 * Where formulas occur in a document: `expr:` and `if:` members (CREATE, FILTER, IFUPDATE …),
 * every member of CREATE-EXPR, and a bare FILTER condition (`FILTER execute_count > 0`).
 */
import type { CommandNode, MxqlDocument, Value } from './ast';
import { allStatements } from './navigate';

/** One formula in the document, with the text to hand to `parseExpression`. */
export interface ExpressionSite {
  readonly command: CommandNode;
  /** The member key (`expr`, `if`, or the new field of CREATE-EXPR); null for a bare FILTER condition. */
  readonly key: string | null;
  readonly value: Value;
  /** The formula text (without quotes). */
  readonly text: string;
  /** Absolute offset of `text[0]`: pass it as `baseOffset` to `parseExpression`. */
  readonly offset: number;
}

const FORMULA_KEYS: ReadonlySet<string> = new Set(['expr', 'if']);

/** The formula text of a value, or null when the value is not text (object, array, param …). */
function formulaOf(value: Value): { text: string; offset: number } | null {
  switch (value.kind) {
    case 'string':
      return { text: value.value, offset: value.range.start + 1 };
    case 'expression':
      return { text: value.text, offset: value.range.start };
    case 'word':
      return value.suffix === null ? { text: value.text, offset: value.range.start } : null;
    case 'number':
      return { text: value.raw, offset: value.range.start };
    default:
      return null;
  }
}

function sitesOf(cmd: CommandNode, out: ExpressionSite[]): void {
  const operand = cmd.operand;
  if (!operand) return;
  if (operand.kind !== 'object') {
    if (cmd.upperName === 'FILTER' && operand.kind === 'expression') {
      out.push({ command: cmd, key: null, value: operand, text: operand.text, offset: operand.range.start });
    }
    return;
  }
  const everyMember = cmd.upperName === 'CREATE-EXPR';
  for (const m of operand.members) {
    if (!m.key || !m.value || (!everyMember && !FORMULA_KEYS.has(m.key.name))) continue;
    const formula = formulaOf(m.value);
    if (formula) out.push({ command: cmd, key: m.key.name, value: m.value, ...formula });
  }
}

/** The formulas of one command, in source order. */
export function commandExpressionSites(cmd: CommandNode): ExpressionSite[] {
  const out: ExpressionSite[] = [];
  sitesOf(cmd, out);
  return out;
}

/** Every formula of the document (main pipeline and SUB bodies), in source order. */
export function expressionSites(doc: MxqlDocument): ExpressionSite[] {
  const out: ExpressionSite[] = [];
  for (const stmt of allStatements(doc)) if (stmt.kind === 'command') sitesOf(stmt, out);
  return out;
}
