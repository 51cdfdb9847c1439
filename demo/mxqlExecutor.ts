// The seam between the demo HTTP server and whatever executes MXQL. The server validates the request
// body and the 31-day limit, then hands a normalised request to an executor; the executor returns rows
// or throws MxqlQueryError, which the server turns into a 400 JSON error naming the problem.
import type { DemoData } from './data/index';

/** A validated MXQL request, as the executor receives it. */
export interface MxqlRequest {
  pcode: number;
  /** The query text (kind 'text') or the predefined path (kind 'path'). */
  mql: string;
  kind: 'text' | 'path';
  stime: number;
  etime: number;
  /** Maximum number of rows to return. */
  limit: number;
  /** `$name` → value, keys as sent (with their `$`). */
  param: Record<string, string>;
  /** Fragment name → MXQL text for INJECT. */
  inject: Record<string, string>;
}

/** Runs one request. Must stop early and reject when `signal` aborts (the client went away). */
export type MxqlExecutor = (req: MxqlRequest, signal: AbortSignal) => Promise<Record<string, unknown>[]>;

/** Builds an executor over a data set; the demo server calls it once per server. */
export type MxqlExecutorFactory = (data: DemoData) => MxqlExecutor;

/** A problem with the query itself (unknown category, bad syntax, unknown path…): reported as HTTP 400. */
export class MxqlQueryError extends Error {
  constructor(
    message: string,
    /** A short stable code for the error body, e.g. `mxql/unknown-category`. */
    readonly code: string = 'mxql/query',
  ) {
    super(message);
    this.name = 'MxqlQueryError';
  }
}

const NOTICES = new WeakMap<object, readonly string[]>();

/**
 * Attaches notices to a result (why it is empty, for instance) without changing the rows the API
 * returns: the route sends them in {@link MXQL_NOTICE_HEADER}.
 */
export function withNotices<T extends object>(rows: T, notices: readonly string[]): T {
  if (notices.length > 0) NOTICES.set(rows, notices);
  return rows;
}

/** The notices attached to a result by {@link withNotices}. */
export function noticesOf(rows: object): readonly string[] {
  return NOTICES.get(rows) ?? [];
}
