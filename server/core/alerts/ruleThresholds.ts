/**
 * The thresholds an event-rule file states, as a chart draws them: each comparison of a field with a
 * number in a rule's expression (`resp_time > 3000`, `80 <= cpu`), for the rules of one category. A
 * rule of several terms (`tps > 100 && resp_time > 3000`) gives one band per term: each says where its
 * field starts to count towards the rule. Terms that compare two fields, call functions or test
 * equality give none. Pure.
 */
import type { ThresholdMark } from '../../../common/chartMarks';
import type { EventRuleScan } from '../embedded/eventRules';
import { parseExpression, type ExprNode } from '../syntax/index';
import { splitCategorySuffix } from '../../../common/categoryName';
import { COMPARATORS, type Comparator } from './backtest';

const FLIPPED: Readonly<Record<Comparator, Comparator>> = { '>': '<', '>=': '<=', '<': '>', '<=': '>=' };

function isComparator(operator: string): operator is Comparator {
  return (COMPARATORS as readonly string[]).includes(operator);
}

/** A numeric literal, negated ones included (`-5`). */
function numberOf(node: ExprNode): number | undefined {
  if (node.kind === 'number') return node.value;
  if (node.kind === 'unary' && node.operator === '-' && node.operand.kind === 'number')
    return -node.operand.value;
  return undefined;
}

/** The field-against-number comparisons of an expression, through `&&`, `||`, `!` and parentheses. */
export function ruleComparisons(expression: string): { field: string; op: Comparator; value: number }[] {
  const found: { field: string; op: Comparator; value: number }[] = [];
  const visit = (node: ExprNode | null): void => {
    if (!node) return;
    if (node.kind === 'binary' && (node.operator === '&&' || node.operator === '||')) {
      visit(node.left);
      visit(node.right);
    } else if (node.kind === 'binary' && isComparator(node.operator)) {
      const rightValue = numberOf(node.right);
      const leftValue = numberOf(node.left);
      if (node.left.kind === 'identifier' && rightValue !== undefined)
        found.push({ field: node.left.name, op: node.operator, value: rightValue });
      else if (node.right.kind === 'identifier' && leftValue !== undefined)
        found.push({ field: node.right.name, op: FLIPPED[node.operator], value: leftValue });
    }
  };
  visit(parseExpression(expression).expr);
  return found;
}

/**
 * The thresholds of the rules in `scans` that watch `category` (a rule on `app_counter{m5}` watches
 * `app_counter`), each captioned with its comparison and the rule's title; the same band once.
 */
export function ruleThresholdsFor(scans: readonly EventRuleScan[], category: string): ThresholdMark[] {
  const base = splitCategorySuffix(category).base;
  const marks = new Map<string, ThresholdMark>();
  for (const scan of scans)
    for (const rule of scan.rules) {
      const ruleCategory = rule.category?.text;
      if (!ruleCategory || !rule.rule || splitCategorySuffix(ruleCategory).base !== base) continue;
      const title = rule.texts.find((t) => /\/(eventTitle|event_title)$/.test(t.pointer))?.text;
      for (const term of ruleComparisons(rule.rule.text)) {
        const key = `${term.field} ${term.op} ${term.value}`;
        if (marks.has(key)) continue;
        const caption = title ? `${key} (${title})` : key;
        marks.set(key, { ...term, label: caption });
      }
    }
  return [...marks.values()];
}
