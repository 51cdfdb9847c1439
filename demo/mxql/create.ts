// CREATE and CREATE-EXPR: add columns from a constant, another column, a formula, an agent name
// looked up by id (oname/okind/onode) or a value of the query's environment (env).
import type { DemoAgent } from '../data/index';
import { MxqlQueryError } from '../mxqlExecutor';
import type { QueryContext } from './context';
import { compileFormula, type Formula } from './formula';
import { toText } from './functions';
import { columnName, isObject, requireOption, text, type Plain, type PlainObject } from './operands';
import { plainValue, type RowFn } from './rows';

type AgentName = 'oname' | 'okindName' | 'onodeName';

/** CREATE options that name an id column, with the agent field holding that id and the name to copy. */
const NAME_LOOKUPS: readonly (readonly [string, (a: DemoAgent) => number, AgentName])[] = [
  ['oname', (a) => a.oid, 'oname'],
  ['okind', (a) => a.okind, 'okindName'],
  ['onode', (a) => a.onode, 'onodeName'],
];

function objectOperand(value: Plain, command: string, example: string): PlainObject {
  if (!isObject(value)) {
    throw new MxqlQueryError(`${command} needs an object operand, e.g. ${example}.`, 'mxql/bad-operand');
  }
  return value;
}

function lookup(qc: QueryContext, from: (a: DemoAgent) => number, to: AgentName): Map<number, string> {
  const map = new Map<number, string>();
  for (const agent of qc.data.agentsOf(qc.project.pcode))
    if (!map.has(from(agent))) map.set(from(agent), agent[to]);
  return map;
}

function createValue(options: PlainObject, qc: QueryContext): Formula {
  if ('value' in options) {
    // The spec's path injection `CREATE {key: _pk_, value: okindName}` copies the named column, so a
    // value that names a column of the row reads that column; anything else is a constant.
    const constant = options.value ?? null;
    if (typeof constant !== 'string' || !/^[A-Za-z_][\w$.]*$/.test(constant)) return () => constant;
    return (row) => (Object.hasOwn(row, constant) ? (row[constant] ?? null) : constant);
  }
  const from = text(options.from);
  if (from !== undefined) return (row) => row[from] ?? null;
  if (options.expr !== undefined)
    return compileFormula(toText(options.expr), { params: qc.params, now: qc.now });
  for (const [option, id, name] of NAME_LOOKUPS) {
    const column = text(options[option]);
    if (column === undefined) continue;
    const names = lookup(qc, id, name);
    return (row) => names.get(Number(plainValue(row[column]))) ?? null;
  }
  const env = text(options.env);
  if (env !== undefined) {
    const known: Record<string, number> = { stime: qc.stime, etime: qc.etime, now: qc.now };
    const constant = known[env];
    if (constant === undefined)
      throw new MxqlQueryError(`CREATE env '${env}' is unknown; use stime, etime or now.`, 'mxql/bad-option');
    return () => constant;
  }
  throw new MxqlQueryError(
    'CREATE needs value, from, expr, oname, okind, onode or env.',
    'mxql/missing-option',
  );
}

export function createFn(value: Plain, qc: QueryContext): RowFn {
  const options = objectOperand(value, 'CREATE', '{key: name, value: 1}');
  const key = columnName(text(requireOption(options, 'key', 'CREATE')), 'CREATE');
  const compute = createValue(options, qc);
  return (row) => {
    row[key] = compute(row);
    return row;
  };
}

export function createExprFn(value: Plain, qc: QueryContext): RowFn {
  const options = objectOperand(value, 'CREATE-EXPR', '{name: "a + b"}');
  const formulas = Object.entries(options)
    .map(([key, expr]) => [columnName(key, 'CREATE-EXPR'), expr] as const)
    .map(([key, expr]) => [key, compileFormula(toText(expr), { params: qc.params, now: qc.now })] as const);
  return (row) => {
    for (const [key, formula] of formulas) row[key] = formula(row);
    return row;
  };
}
