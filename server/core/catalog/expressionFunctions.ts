/**
 * Functions usable inside `expr:` / `if:` formulas, for completion and hover. The engine publishes no
 * list; these are the ones seen in production formulas plus the documented alert-rule helpers.
 */
import { type SourceConfidence } from './commandTypes';

/** One function of the expression language. */
export interface ExpressionFunction {
  readonly name: string;
  /** Parameters as written in a call, e.g. `round(value, digits)`. */
  readonly signature: string;
  readonly returns: 'number' | 'string' | 'boolean';
  readonly description: string;
  readonly confidence: SourceConfidence;
}

function fn(
  name: string,
  signature: string,
  returns: ExpressionFunction['returns'],
  description: string,
  confidence: SourceConfidence = 'observed',
): ExpressionFunction {
  return { name, signature, returns, description, confidence };
}

/** Known expression functions. Names are matched case-sensitively except where noted. */
export const EXPRESSION_FUNCTIONS: readonly ExpressionFunction[] = [
  fn('int', 'int(value)', 'number', 'Drops the fractional part.'),
  fn('round', 'round(value, digits)', 'number', 'Rounds to the given number of decimals.'),
  fn('startsWith', 'startsWith(text, prefix)', 'boolean', 'True when the text begins with the prefix.'),
  fn('isEmpty', 'isEmpty(value)', 'boolean', 'True for null or an empty string.'),
  fn('datetime', 'datetime(epochMs)', 'string', 'Formats an epoch-millisecond value as date and time text.'),
  fn(
    'Token',
    'Token(text, separator, index)',
    'string',
    'The index-th piece (from 0) of the text split on the separator.',
  ),
  fn('now', 'now()', 'number', 'The current time, epoch milliseconds.'),
  fn(
    'stdDev',
    'stdDev(count, sum, sumOfSquares)',
    'number',
    'Standard deviation from a count, a sum and a sum of squares.',
  ),
  fn(
    'endsWith',
    'endsWith(text, suffix)',
    'boolean',
    'True when the text ends with the suffix (documented for alert rules).',
    'unverified',
  ),
  fn(
    'isNull',
    'isNull(value)',
    'boolean',
    'True when the value is missing (documented for alert rules).',
    'unverified',
  ),
  fn(
    'isNotNull',
    'isNotNull(value)',
    'boolean',
    'True when the value is present (documented for alert rules).',
    'unverified',
  ),
  fn(
    'isNotEmpty',
    'isNotEmpty(value)',
    'boolean',
    'True for a non-empty value (documented for alert rules).',
    'unverified',
  ),
];

/** Operators of the expression language, for highlighting and hover. */
export const EXPRESSION_OPERATORS: readonly string[] = [
  '+',
  '-',
  '*',
  '/',
  '%',
  '==',
  '!=',
  '>',
  '>=',
  '<',
  '<=',
  '&&',
  '||',
  '?',
  ':',
];

/** Finds a function by name; `StartsWith` style capitalisation is accepted because production uses it. */
export function findExpressionFunction(name: string): ExpressionFunction | undefined {
  return (
    EXPRESSION_FUNCTIONS.find((f) => f.name === name) ??
    EXPRESSION_FUNCTIONS.find((f) => f.name.toLowerCase() === name.toLowerCase())
  );
}
