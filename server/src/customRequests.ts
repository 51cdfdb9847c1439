/** The `mxql/*` requests (see common/lspMethods.ts): the query at a cursor and server status. */
import { type TextDocument } from 'vscode-languageserver-textdocument';
import {
  type DirectiveSummary,
  type QueryAtCursorParams,
  type QueryAtCursorResult,
  type ServerStatusResult,
} from '../../common/lspMethods';
import { queryAt, type DocumentAnalysis } from '../core/index';
import { toLspRange, toOffset } from './convert';

/** The directives of an analysis in the request's plain shape. */
export function directiveSummary(analysis: DocumentAnalysis): DirectiveSummary {
  const d = analysis.directives;
  return {
    ...(d.name !== undefined ? { name: d.name } : {}),
    ...(d.range !== undefined ? { rangeMs: d.range.ms } : {}),
    ...(d.stime !== undefined ? { stime: d.stime } : {}),
    ...(d.etime !== undefined ? { etime: d.etime } : {}),
    ...(d.limit !== undefined ? { limit: d.limit } : {}),
    ...(d.path !== undefined ? { path: d.path } : {}),
    ...(d.pcode !== undefined ? { pcode: d.pcode } : {}),
    params: { ...d.params },
    injects: { ...d.injects },
  };
}

/** `mxql/queryAtCursor`. */
export function queryAtCursor(
  doc: TextDocument,
  analysis: DocumentAnalysis,
  params: QueryAtCursorParams,
): QueryAtCursorResult | null {
  const offset = params.offset ?? (params.position ? toOffset(doc, params.position) : 0);
  const query = queryAt(analysis, Math.max(0, Math.min(offset, analysis.text.length)));
  if (!query) return null;
  return {
    text: query.text,
    range: toLspRange(doc, query.range),
    directives: directiveSummary(analysis),
    params: query.params,
    injects: query.injects,
  };
}

/** `mxql/serverStatus`. */
export function serverStatus(version: string, openDocuments: number): ServerStatusResult {
  const m = process.memoryUsage();
  return { version, openDocuments, memory: { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal } };
}
