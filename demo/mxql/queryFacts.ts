// What a query says about the data it expects, read from its operands before it runs: the column
// names it mentions (used for categories whose catalog column list is incomplete) and the literal
// values it filters columns on (generated among that column's values, so a pasted dashboard query that
// picks one namespace, pod or rank finds it in the demo data).
import type { MxqlDocument, Statement } from '../../server/core/index';
import { engineCommandName } from './commandNames';
import { bind, isObject, names, scalars, text, type Plain } from './operands';

/** Column names and filter values a query mentions. */
export interface QueryFacts {
  readonly columns: readonly string[];
  /** False when the query names more columns than are kept in `columns`. */
  readonly columnsComplete: boolean;
  /** Column → literal values the query filters it on (`like` patterns without their `*`). */
  readonly values: ReadonlyMap<string, readonly string[]>;
}

const MAX_COLUMNS = 160;
// Option keys whose values are never column names.
const NOT_COLUMN_OPTIONS = new Set([
  'value',
  'exclude',
  'like',
  'notlike',
  'over',
  'under',
  'timeunit',
  'sort',
  'rows',
  'datetime',
  'timezone',
  'decimal',
  'cast',
  'pct',
  'stime',
  'etime',
  'duration',
  'recent',
  'delta',
  'query',
  'include',
  'type',
  'limit',
  'notnull',
  'if',
  'table',
  'gmt',
  'date',
  'time',
  'dur',
  'backward',
  'checktime',
  'func',
]);
const EXPRESSION_OPTIONS = new Set(['expr', 'if']);
const WORD = /[A-Za-z_][\w.]*/g;
const EXPRESSION_WORDS = new Set(['and', 'or', 'not', 'true', 'false', 'null', 'if', 'in']);

function addWords(source: string, into: Set<string>): void {
  for (const [word] of source.replace(/'[^']*'|"[^"]*"/g, ' ').matchAll(WORD)) {
    if (!EXPRESSION_WORDS.has(word.toLowerCase())) into.add(word);
  }
}

function addNames(value: Plain, into: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) addNames(item, into);
  else if (isObject(value)) {
    for (const [key, inner] of Object.entries(value)) {
      if (EXPRESSION_OPTIONS.has(key)) addWords(text(inner) ?? '', into);
      else if (!NOT_COLUMN_OPTIONS.has(key)) addNames(inner, into);
    }
  } else if (typeof value === 'string' && value !== '' && !/^\d/.test(value)) into.add(value);
}

function addFilterValues(value: Plain, into: Map<string, string[]>): void {
  for (const filter of Array.isArray(value) ? value : [value]) {
    if (!isObject(filter)) continue;
    const keys = names(filter.key ?? filter.keys);
    const wanted = scalars(filter.value ?? filter.values ?? filter.like).map((v) =>
      String(v).replaceAll('*', ''),
    );
    keys.forEach((key, i) => {
      const values = keys.length === wanted.length ? [wanted[i] ?? ''] : wanted;
      into.set(key, [...new Set([...(into.get(key) ?? []), ...values.filter(Boolean)])]);
    });
  }
}

const COMPARISONS: readonly [RegExp, (m: RegExpMatchArray) => [string, string] | undefined][] = [
  [
    /([A-Za-z_][\w.]*)\s*={1,2}\s*(?:'([^']*)'|"([^"]*)"|(-?\d+(?:\.\d+)?))/g,
    (m) => [m[1] ?? '', m[2] ?? m[3] ?? m[4] ?? ''],
  ],
  [
    /([A-Za-z_][\w.]*)\s*(>=|>)\s*(-?\d+)/g,
    (m) => [m[1] ?? '', String(Number(m[3]) + (m[2] === '>' ? 1 : 0))],
  ],
  [
    /(-?\d+)\s*(<=|<)\s*([A-Za-z_][\w.]*)/g,
    (m) => [m[3] ?? '', String(Number(m[1]) + (m[2] === '<' ? 1 : 0))],
  ],
];

/** `col == 'x'`, `col >= 5`, `200 <= col` in an expression: values that satisfy the comparison. */
function addExpressionValues(source: string, into: Map<string, string[]>): void {
  for (const [pattern, read] of COMPARISONS) {
    for (const match of source.matchAll(pattern)) {
      const pair = read(match);
      if (!pair || !pair[0] || into.has(pair[0])) continue;
      into.set(pair[0], [pair[1]]);
    }
  }
}

const FILTERING = new Set(['FILTER', 'FILTER-KEYS', 'LOGTAG']);
const LOADING = new Set(['TAGLOAD', 'FLEXLOAD']);

/** Reads the facts of a query's main pipeline and SUBs (unbound `$params` are skipped). */
export function queryFacts(doc: MxqlDocument, params: Readonly<Record<string, string>>): QueryFacts {
  const columns = new Set<string>();
  const values = new Map<string, string[]>();
  const statements: Statement[] = [...doc.main, ...doc.subs.flatMap((s) => s.commands)];
  for (const st of statements) {
    if (st.kind !== 'command' || !st.operand) continue;
    const name = engineCommandName(st.upperName);
    if (name === 'CATEGORY' || name === 'HEADER') continue;
    let value: Plain;
    try {
      value = bind(st.operand, { params, lenient: true });
    } catch {
      continue; // the pipeline reports a bad operand when it reaches the command
    }
    if (name === 'FILTER' && !isObject(value)) addWords(text(value) ?? '', columns);
    else addNames(value, columns);
    if (FILTERING.has(name)) addFilterValues(value, values);
    if (name === 'FILTER') addExpressionValues(text(isObject(value) ? value.expr : value) ?? '', values);
    if (LOADING.has(name) && isObject(value)) addFilterValues(value.filter, values);
  }
  return {
    columns: [...columns].slice(0, MAX_COLUMNS),
    columnsComplete: columns.size <= MAX_COLUMNS,
    values,
  };
}
