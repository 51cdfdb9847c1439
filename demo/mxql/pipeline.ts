// Turns a list of statements into a lazy row stream: INJECT placeholders are filled from the request,
// selection commands fill a Selection, the loader starts the stream, row-wise commands are fused into
// one pass per batch, and every other command wraps the stream. All operands are checked while the
// pipeline is built, so a bad query fails before any row is generated.
import { isKnownCommand, lineColumnOf, parse, type Statement } from '../../server/core/index';
import { ROW_ALIASES, engineCommandName } from './commandNames';
import { MxqlQueryError } from '../mxqlExecutor';
import { appendRows, filterSubqueryRows, joinByTimeRows, joinRows } from './combine';
import { enrichFn, partByRows } from './enrich';
import { kvInsertRows, kvLoadRows, kvSelectRows } from './kv';
import { logCountRows, logSinkRows, loaderOptions, promqlRows } from './logsAndMetrics';
import { deltaRows, foldRows, pivotFieldRows, pivotHeadRows, timeFilterRows, unfoldRows } from './reshape';
import type { QueryContext } from './context';
import { groupRows } from './group';
import { loadRows } from './load';
import { bind, isObject, type Plain } from './operands';
import { firstOnlyRows, lastOnlyRows, limitRows, orderRows, rownumRows, skipRows } from './ordering';
import type { Row, RowStream } from './rows';
import { applySelection, newSelection, SELECTION_COMMANDS, type Selection } from './selection';
import { agentFilterFn, rowWiseFn, type RowFn } from './shaping';

type Stage = (input: RowStream, value: Plain, qc: QueryContext) => RowStream;

const STAGES: Readonly<Record<string, Stage>> = {
  GROUP: groupRows,
  ORDER: orderRows,
  'FIRST-ONLY': firstOnlyRows,
  'LAST-ONLY': lastOnlyRows,
  LIMIT: limitRows,
  SKIP: skipRows,
  ROWNUM: rownumRows,
  JOIN: joinRows,
  APPEND: appendRows,
  JOINBYTIME: joinByTimeRows,
  'FILTER-SUBQUERY': filterSubqueryRows,
  UNFOLD: unfoldRows,
  FOLD: foldRows,
  'PIVOT-HEAD': pivotHeadRows,
  'PIVOT-FIELD': pivotFieldRows,
  DELTA: deltaRows,
  'TIME-FILTER': timeFilterRows,
  'PART-BY': partByRows,
  'KV.INSERT': kvInsertRows,
};

type Loader = (sel: Selection, value: Plain, qc: QueryContext) => RowStream;

/** Commands that start the row stream. */
const LOADERS: Readonly<Record<string, Loader>> = {
  TAGLOAD: (sel, value, qc) => loadRows(sel, 'TAGLOAD', isObject(value) ? value : {}, qc),
  FLEXLOAD: (sel, value, qc) => loadRows(sel, 'FLEXLOAD', isObject(value) ? value : {}, qc),
  LOGCOUNTLOAD: (sel, value, qc) => logCountRows(sel, loaderOptions(value), qc),
  LOGSINK: (sel, value, qc) => logSinkRows(sel, loaderOptions(value), qc),
  'KV.LOAD': (_, value, qc) => kvLoadRows(value, 'KV.LOAD', qc),
  'KV.SNAPSHOT': (_, value, qc) => kvLoadRows(value, 'KV.SNAPSHOT', qc),
  'KV.SELECT': (_, value, qc) => kvSelectRows(value, qc),
};

/** Agent selections written after the loader filter its rows instead. */
const AGENT_FILTERS = new Set(['OID', 'OKIND', 'ONODE', 'OIDSET']);
const ENRICH_COMMANDS = ['HVTEXT', 'FORMAT', 'IP2LOC', 'OS-BROWSER', 'SQLTABLE', 'PLUGIN'];
const MAX_INJECT_DEPTH = 4;

/** Upper-case names of every command the engine runs. */
export const SUPPORTED_COMMANDS: readonly string[] = [
  ...SELECTION_COMMANDS,
  ...Object.keys(LOADERS),
  ...['SELECT', 'FILTER', 'FILTER-KEYS', 'CREATE', 'CREATE-EXPR', 'RENAME', 'DELETE', 'ADJUST'],
  ...['UPDATE', 'IFUPDATE', ...Object.keys(ROW_ALIASES), ...ENRICH_COMMANDS],
  ...Object.keys(STAGES),
  'OPENMX',
];

async function* noRows(): RowStream {}

async function* mapRows(input: RowStream, fns: readonly RowFn[]): RowStream {
  for await (const batch of input) {
    const out: Row[] = [];
    for (const row of batch) {
      let current: Row | null = row;
      for (let i = 0; i < fns.length && current; i++) current = (fns[i] as RowFn)(current);
      if (current) out.push(current);
    }
    if (out.length > 0) yield out;
  }
}

/** Parses MXQL text, failing with the first syntax error (line and message). */
export function parseQuery(text: string, what: string): ReturnType<typeof parse>['ast'] {
  const { ast, diagnostics } = parse(text);
  const error = diagnostics.find((d) => d.severity === 'error');
  if (error) {
    const { line } = lineColumnOf(ast.lineStarts, error.range.start);
    const code = error.code === 'syntax/template-marker' ? 'mxql/template-marker' : 'mxql/syntax';
    throw new MxqlQueryError(`${what}, line ${line}: ${error.message}`, code);
  }
  return ast;
}

/** Replaces each INJECT with its fragment's statements (a missing fragment is a no-op). */
export function expandInjects(
  statements: readonly Statement[],
  inject: Readonly<Record<string, string>>,
  depth = 0,
): Statement[] {
  return statements.flatMap((st): Statement[] => {
    if (st.kind !== 'inject') return [st];
    const name = st.name ?? 'default';
    const fragment = inject[name];
    if (fragment === undefined) return [];
    if (depth >= MAX_INJECT_DEPTH) {
      throw new MxqlQueryError(
        `INJECT ${name} nests fragments more than ${MAX_INJECT_DEPTH} deep.`,
        'mxql/inject-depth',
      );
    }
    return expandInjects(parseQuery(fragment, `Inject fragment '${name}'`).main, inject, depth + 1);
  });
}

function unsupported(st: Statement): MxqlQueryError {
  if (st.kind === 'template-line')
    return new MxqlQueryError(
      'A template marker <% … %> stands where a command belongs; replace it first.',
      'mxql/template-marker',
    );
  if (st.kind !== 'command')
    return new MxqlQueryError(`Line ${st.line + 1} is not a command.`, 'mxql/syntax');
  const known = isKnownCommand(st.name);
  return new MxqlQueryError(
    known
      ? `Command ${st.upperName} (line ${st.line + 1}) is not supported by the demo engine.`
      : `Unknown command ${st.name} (line ${st.line + 1}).`,
    'mxql/unsupported-command',
  );
}

/**
 * The columns a pipeline's loader must generate: when an explicit SELECT list decides which loaded
 * columns reach the output, only those the query mentions; otherwise (no such SELECT, or a
 * PIVOT-HEAD that turns every column into rows) undefined, meaning all.
 */
function readColumns(statements: readonly Statement[], qc: QueryContext): ReadonlySet<string> | undefined {
  const commands = statements.flatMap((st) => (st.kind === 'command' ? [st] : []));
  if (!qc.facts.columnsComplete || commands.some((c) => c.upperName === 'PIVOT-HEAD')) return undefined;
  const selects = commands.some((c) => c.upperName === 'SELECT' && c.operand?.kind === 'array');
  return selects ? new Set(['time', ...qc.facts.columns]) : undefined;
}

/** Builds the lazy stream of a pipeline (INJECTs already expanded). */
export function buildPipeline(statements: readonly Statement[], qc: QueryContext): RowStream {
  const sel = newSelection(qc);
  const columns = readColumns(statements, qc);
  if (columns) sel.columns = columns;
  let stream: RowStream = noRows();
  let loaded = false;
  let fused: RowFn[] = [];
  const flush = () => {
    if (fused.length > 0) stream = mapRows(stream, fused);
    fused = [];
  };
  for (const st of statements) {
    qc.pacer.check();
    if (st.kind === 'promql') {
      stream = promqlRows(st.query, sel, qc);
      loaded = true;
      continue;
    }
    if (st.kind !== 'command') throw unsupported(st);
    const name = engineCommandName(st.upperName);
    if (SELECTION_COMMANDS.has(name)) {
      if (loaded && AGENT_FILTERS.has(name)) {
        const value = st.operand ? bind(st.operand, { params: qc.params, lenient: true }) : undefined;
        fused.push(agentFilterFn(name, value));
        continue;
      }
      if (loaded && name !== 'HEADER')
        throw new MxqlQueryError(
          `${name} (line ${st.line + 1}) must come before the loader (TAGLOAD, FLEXLOAD …).`,
          'mxql/order',
        );
      applySelection(sel, st, qc);
      continue;
    }
    const value = st.operand ? bind(st.operand, { params: qc.params, lenient: false }) : undefined;
    const loader = LOADERS[name];
    if (loader) {
      stream = loader(sel, value, qc);
      loaded = true;
      continue;
    }
    const fn = rowWiseFn(name, value, qc) ?? enrichFn(name, value, qc);
    if (fn) {
      fused.push(fn);
      continue;
    }
    const stage = STAGES[name];
    if (!stage) throw unsupported(st);
    flush();
    stream = stage(stream, value, qc);
  }
  flush();
  return stream;
}
