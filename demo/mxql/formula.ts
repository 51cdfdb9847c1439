/**
 * The formula evaluator for `expr:` / `if:` values and bare FILTER conditions. It compiles the core's
 * formula tree (parseExpression, the same grammar the language server checks) into closures over a
 * row; nothing is ever handed to `eval` or `Function`.
 *
 * Grammar (loosest first): `c ? a : b`; `||`/`or`; `&&`/`and`; `==` `!=`; `<` `<=` `>` `>=` `like`;
 * `+` `-`; `*` `/` `%`; unary `-` `+` `!`; calls, parentheses, literals (numbers, 'text', "text",
 * true, false, null), `$params` and column names (bare, dotted, or quoted inside another quote kind).
 *
 * Semantics: `+` concatenates when either side is text; other arithmetic on a null or non-number gives
 * null, as does division by zero. `==` compares like types (a number never equals text, as in the
 * service's alert conditions). `like` matches `*` wildcards at either end, otherwise equality.
 *
 * Functions (case-insensitive): abs, ceil, floor, int, round(x[, digits]), min, max, sqrt, pow,
 * stdDev(count, sum, sqrSum), startsWith, endsWith, contains, length, upper, lower, trim,
 * substr/substring(s, start[, end]), Token(s, sep, index), toString, toNumber, isEmpty, isNotEmpty,
 * isNull, isNotNull, if(cond, a, b), now(), datetime(ms[, pattern]).
 */
import { parseExpression, type ExprNode } from '../../server/core/index';
import { MxqlQueryError } from '../mxqlExecutor';
import { paramValue, unboundParam } from './operands';
import { FORMULA_FUNCTIONS, toNumberOrNull, toText, truthy } from './functions';
import { plainValue, type Row } from './rows';

/** A compiled formula: reads a row, returns a value. Never throws. */
export type Formula = (row: Row) => unknown;

/** What a formula may read besides the row. */
export interface FormulaScope {
  readonly params: Readonly<Record<string, string>>;
  /** The query's clock for now(). */
  readonly now: number;
}

function badFormula(text: string, why: string): MxqlQueryError {
  return new MxqlQueryError(`Formula "${text}" cannot be evaluated: ${why}`, 'mxql/bad-expression');
}

/** Compiles formula text; throws MxqlQueryError naming the problem (syntax, unknown function, unbound param). */
export function compileFormula(text: string, scope: FormulaScope): Formula {
  const parsed = parseExpression(text);
  const problem = parsed.diagnostics[0];
  if (problem) throw badFormula(text, problem.message);
  if (!parsed.expr) throw badFormula(text, 'it is empty.');
  return compileNode(parsed.expr, text, scope);
}

function compileNode(node: ExprNode, text: string, scope: FormulaScope): Formula {
  switch (node.kind) {
    case 'number':
    case 'string':
    case 'literal': {
      const value = node.value;
      return () => value;
    }
    case 'identifier': {
      const name = node.name;
      return (row) => (Object.hasOwn(row, name) ? (plainValue(row[name]) ?? null) : null);
    }
    case 'param': {
      const bound = scope.params[node.name];
      if (bound === undefined) throw unboundParam(node.name);
      const value = paramValue(bound);
      return () => value;
    }
    case 'unary':
      return compileUnary(node.operator, compileNode(node.operand, text, scope));
    case 'binary':
      return compileBinary(
        node.operator,
        compileNode(node.left, text, scope),
        compileNode(node.right, text, scope),
      );
    case 'conditional': {
      const [test, yes, no] = [node.test, node.consequent, node.alternate].map((n) =>
        compileNode(n, text, scope),
      );
      return (row) => (truthy(test?.(row)) ? yes?.(row) : no?.(row));
    }
    case 'call':
      return compileCall(node, text, scope);
    case 'template':
      throw badFormula(text, `template marker <% ${node.name} %> must be replaced first.`);
    case 'missing':
      throw badFormula(text, 'a value is missing.');
  }
}

function compileCall(node: Extract<ExprNode, { kind: 'call' }>, text: string, scope: FormulaScope): Formula {
  const fn = FORMULA_FUNCTIONS[node.callee.toLowerCase()];
  if (!fn) throw badFormula(text, `unknown function ${node.callee}().`);
  if (node.args.length < fn.minArgs || node.args.length > fn.maxArgs) {
    const expected = fn.minArgs === fn.maxArgs ? `${fn.minArgs}` : `${fn.minArgs} to ${fn.maxArgs}`;
    throw badFormula(text, `${node.callee}() takes ${expected} arguments, got ${node.args.length}.`);
  }
  const args = node.args.map((arg) => compileNode(arg, text, scope));
  const now = scope.now;
  return (row) =>
    fn.call(
      args.map((arg) => arg(row)),
      now,
    );
}

function compileUnary(operator: string, operand: Formula): Formula {
  if (operator === '!') return (row) => !truthy(operand(row));
  if (operator === '+') return (row) => toNumberOrNull(operand(row));
  return (row) => {
    const n = toNumberOrNull(operand(row));
    return n === null ? null : -n;
  };
}

function arithmetic(op: string, a: number, b: number): number | null {
  switch (op) {
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return b === 0 ? null : a / b;
    case '%':
      return b === 0 ? null : a % b;
    default:
      return a + b;
  }
}

function plus(a: unknown, b: unknown): unknown {
  if (typeof a === 'string' || typeof b === 'string') return toText(a) + toText(b);
  const x = toNumberOrNull(a);
  const y = toNumberOrNull(b);
  return x === null || y === null ? null : x + y;
}

/** Equality of like types; numbers and booleans compare by value, text by content. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  return typeof a === typeof b && a === b;
}

function compare(a: unknown, b: unknown): number | null {
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  const x = toNumberOrNull(a);
  const y = toNumberOrNull(b);
  return x === null || y === null ? null : x - y;
}

/** `like` with `*` wildcards at the start and/or end; no wildcard means equality. */
export function likeMatch(value: unknown, pattern: string): boolean {
  const s = toText(value);
  const starts = pattern.startsWith('*');
  const ends = pattern.length > 1 && pattern.endsWith('*');
  const core = pattern.slice(starts ? 1 : 0, ends ? -1 : undefined);
  if (starts && ends) return s.includes(core);
  if (starts) return s.endsWith(core);
  if (ends) return s.startsWith(core);
  return s === core;
}

function relational(op: string, a: unknown, b: unknown): boolean {
  const c = compare(a, b);
  if (c === null) return false;
  if (op === '<') return c < 0;
  if (op === '<=') return c <= 0;
  if (op === '>') return c > 0;
  return c >= 0;
}

function compileBinary(op: string, left: Formula, right: Formula): Formula {
  switch (op) {
    case '||':
    case 'or':
      return (row) => truthy(left(row)) || truthy(right(row));
    case '&&':
    case 'and':
      return (row) => truthy(left(row)) && truthy(right(row));
    case '==':
      return (row) => sameValue(left(row), right(row));
    case '!=':
      return (row) => !sameValue(left(row), right(row));
    case 'like':
      return (row) => likeMatch(left(row), toText(right(row)));
    case '<':
    case '<=':
    case '>':
    case '>=':
      return (row) => relational(op, left(row), right(row));
    case '+':
      return (row) => plus(left(row), right(row));
    default:
      return (row) => {
        const a = toNumberOrNull(left(row));
        const b = toNumberOrNull(right(row));
        return a === null || b === null ? null : arithmetic(op, a, b);
      };
  }
}
