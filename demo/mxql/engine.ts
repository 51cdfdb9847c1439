// The executor the demo server plugs in: resolves the text (or the predefined path), binds the
// request's params, expands INJECTs, runs the main pipeline lazily and stops at the request's limit.
import { suggestClosest, type MxqlDocument } from '../../server/core/index';
import { bundledPathCatalog } from '../../server/core/catalog/bundledCatalog';
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
import { queryFacts } from './queryFacts';
import { collect, outputRow, Pacer, type Row } from './rows';

/** Tuning of the engine. */
export interface MxqlEngineOptions {
  /** How long loading `CATEGORY demo_slow` waits before answering, in ms (default 30000). */
  readonly slowMs?: number;
}

const MAX_QUERY_DEPTH = 8;

/** The unknown-path error, naming the demo's paths closest to the one asked for. */
function unknownPath(path: string): MxqlQueryError {
  const closest = suggestClosest(path.replace(/^\/v2(?=\/)/, ''), PREDEFINED_PATHS, 3);
  const named = closest.length > 0 ? closest : PREDEFINED_PATHS;
  const known = bundledPathCatalog.isPredefinedPath(path)
    ? ' It is a path of the service, but the demo has no query for it.'
    : '';
  return new MxqlQueryError(
    `Predefined query '${path}' not found.${known} Closest known paths: ${named.join(', ')}.`,
    'mxql/unknown-path',
  );
}

function pathText(path: string): string {
  const text = predefinedQuery(path);
  if (text === undefined) throw unknownPath(path);
  return text;
}

function implicitParams(req: MxqlRequest): Record<string, string> {
  return { $stime: String(req.stime), $etime: String(req.etime), $pcode: String(req.pcode), ...req.param };
}

function contextFor(
  data: DemoData,
  project: DemoProject,
  req: MxqlRequest,
  signal: AbortSignal,
  slowMs: number,
  doc: MxqlDocument,
): QueryContext {
  let depth = 0;
  const params = implicitParams(req);
  const qc: QueryContext = {
    facts: queryFacts(doc, params),
    notices: [],
    data,
    project,
    params,
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
        // A path of the service the demo has no query for joins no rows instead of failing the query.
        if (
          name.startsWith('/') &&
          predefinedQuery(name) === undefined &&
          bundledPathCatalog.isPredefinedPath(name)
        ) {
          qc.notices.push(`no rows from ${name}: the demo has no query for this predefined path`);
          return [];
        }
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
  const qc = contextFor(data, project, req, signal, options.slowMs ?? 30_000, doc);
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
