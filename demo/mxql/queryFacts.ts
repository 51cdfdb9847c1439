// What a query says about the data it reads, from its operands before it runs: the column names it
// mentions, so that a query selecting an explicit list has only those columns generated. It only ever
// narrows what is generated: a name here that the category lacks adds nothing to the rows, and the
// values a query filters on never reach the data (rows that do not match are dropped, as on the service).
import type { MxqlDocument, Statement } from '../../server/core/index';
import { engineCommandName } from './commandNames';
import { bind, isObject, text, type Plain } from './operands';

/** Column names a query mentions. */
export interface QueryFacts {
  readonly columns: readonly string[];
  /** False when the query names more columns than are kept in `columns`. */
  readonly columnsComplete: boolean;
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
const NUMBER = /^[-+]?\d+(\.\d+)?$/;
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
  } else if (typeof value === 'string' && value !== '' && !NUMBER.test(value)) {
    // A quoted name may begin with a digit ('95thPercentile'); only a bare number names no column.
    into.add(value);
  }
}

/** Reads the columns of a query's main pipeline and SUBs (unbound `$params` are skipped). */
export function queryFacts(doc: MxqlDocument, params: Readonly<Record<string, string>>): QueryFacts {
  const columns = new Set<string>();
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
  }
  return {
    columns: [...columns].slice(0, MAX_COLUMNS),
    columnsComplete: columns.size <= MAX_COLUMNS,
  };
}
