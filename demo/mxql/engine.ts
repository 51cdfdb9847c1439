// The executor the demo server plugs in: resolves the text (or the predefined path), binds the
// request's params, expands INJECTs, runs the main pipeline lazily and stops at the request's limit.
import type { MxqlDocument } from '../../server/core/index';
import type { DemoData, DemoProject } from '../data/index';
import {
  MxqlQueryError,
  withNotices,
  type MxqlExecutor,
  type MxqlExecutorFactory,
  type MxqlRequest,
} from '../mxqlExecutor';
import type { QueryContext } from './context';
import { predefinedQuery, PREDEFINED_PATHS } from './paths';
import { buildPipeline, expandInjects, parseQuery } from './pipeline';
import { collect, outputRow, Pacer, type Row } from './rows';

/** Tuning of the engine. */
export interface MxqlEngineOptions {
  /** How long loading `CATEGORY demo_slow` waits before answering, in ms (default 30000). */
  readonly slowMs?: number;
}

const MAX_QUERY_DEPTH = 8;

function pathText(path: string): string {
  const text = predefinedQuery(path);
  if (text === undefined) {
    throw new MxqlQueryError(
      `Predefined query '${path}' not found; the demo serves ${PREDEFINED_PATHS.join(', ')}.`,
      'mxql/unknown-path',
    );
  }
  return text;
}

function implicitParams(req: MxqlRequest): Record<string, string> {
  return { $stime: String(req.stime), $etime: String(req.etime), $pcode: String(req.pcode), ...req.param };
}

// Option keys and words of the language, which are never column names.
const NOT_COLUMNS = new Set(
  (
    'key value merge pk timeunit expr src dst field from sort limit true false null and or not if ' +
    'like notlike exclude exist notexist over under default query type first last sum avg min max cnt ' +
    'count desc asc rows backward filter notnull datetime timezone decimal cast pct stime etime recent ' +
    'duration delta oid okind onode inject sub end unlimit'
  ).split(' '),
);
const MAX_QUERY_COLUMNS = 120;

/** The words of a query that may name columns (for categories whose catalog lists no columns). */
function queryColumnsOf(text: string): string[] {
  const words = new Set<string>();
  for (const line of text.split('\n')) {
    const code = line.replace(/^\s*(#|\/\/|--).*$/, '');
    for (const [word] of code.matchAll(/[A-Za-z_][\w.]*/g)) {
      if (word === word.toUpperCase() && /[A-Z]/.test(word)) continue;
      if (NOT_COLUMNS.has(word.toLowerCase()) || word.startsWith('$')) continue;
      words.add(word);
      if (words.size >= MAX_QUERY_COLUMNS) return [...words];
    }
  }
  return [...words];
}

function contextFor(
  data: DemoData,
  project: DemoProject,
  req: MxqlRequest,
  signal: AbortSignal,
  slowMs: number,
  doc: MxqlDocument,
  text: string,
): QueryContext {
  let depth = 0;
  const qc: QueryContext = {
    queryColumns: queryColumnsOf(text),
    notices: [],
    data,
    project,
    params: implicitParams(req),
    inject: req.inject,
    stime: req.stime,
    etime: req.etime,
    now: data.now(),
    pacer: new Pacer(signal),
    slowMs,
    runQuery: async (name) => {
      if (++depth > MAX_QUERY_DEPTH)
        throw new MxqlQueryError(
          `Sub-queries nest more than ${MAX_QUERY_DEPTH} deep (via ${name}).`,
          'mxql/query-depth',
        );
      try {
        const statements = name.startsWith('/')
          ? parseQuery(pathText(name), `Predefined query ${name}`).main
          : subStatements(doc, name);
        const context = name.startsWith('/') ? { ...qc, inject: {} } : qc;
        return await collect(buildPipeline(expandInjects(statements, context.inject), context), qc.pacer);
      } finally {
        depth--;
      }
    },
  };
  return qc;
}

function subStatements(doc: MxqlDocument, name: string): MxqlDocument['main'] {
  const sub = doc.subs.find((s) => s.name === name);
  if (!sub) {
    const known =
      doc.subs
        .map((s) => s.name)
        .filter(Boolean)
        .join(', ') || 'none';
    throw new MxqlQueryError(
      `SUB '${name}' is not defined in this query (SUBs: ${known}).`,
      'mxql/unknown-sub',
    );
  }
  return sub.commands;
}

/** Runs one request to its output rows (composites rendered as averages), at most `req.limit` of them. */
export async function runMxqlRequest(
  data: DemoData,
  req: MxqlRequest,
  signal: AbortSignal,
  options: MxqlEngineOptions = {},
): Promise<Row[]> {
  const project = data.project(req.pcode);
  if (!project) throw new MxqlQueryError(`Unknown project ${req.pcode}.`, 'mxql/unknown-project');
  const text = req.kind === 'path' ? pathText(req.mql) : req.mql;
  const doc = parseQuery(text, req.kind === 'path' ? `Predefined query ${req.mql}` : 'Query');
  const qc = contextFor(data, project, req, signal, options.slowMs ?? 30_000, doc, text);
  const stream = buildPipeline(expandInjects(doc.main, req.inject), qc);
  const rows: Row[] = [];
  for await (const batch of stream) {
    for (const row of batch) {
      rows.push(outputRow(row));
      if (rows.length >= req.limit) return withNotices(rows, qc.notices);
    }
    await qc.pacer.pace();
  }
  return withNotices(rows, qc.notices);
}

/** An executor factory for the demo server; `options` tune the engine. */
export function createMxqlEngine(options: MxqlEngineOptions = {}): MxqlExecutorFactory {
  return (data): MxqlExecutor =>
    (req, signal) =>
      runMxqlRequest(data, req, signal, options);
}
