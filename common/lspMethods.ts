/**
 * Custom LSP requests of the MXQL language server (method names `mxql/*`). Plain data only, so both
 * the server (server/src) and the extension (client/src) import these types. Offsets are UTF-16 code
 * units into the document text; positions are LSP positions (0-based line and UTF-16 character).
 * Each method is one typed `RequestType` below, so the server's handler and every caller agree on its
 * parameters and result by construction.
 */
import { RequestType, RequestType0 } from 'vscode-languageserver-protocol';

/** An LSP position. */
export interface LspPosition {
  readonly line: number;
  readonly character: number;
}

/** An LSP range. */
export interface LspRange {
  readonly start: LspPosition;
  readonly end: LspPosition;
}

/** The directives of a file, as the run command needs them (see server/core/syntax/directives.ts). */
export interface DirectiveSummary {
  readonly name?: string;
  /** `-- @range`: milliseconds before now. */
  readonly rangeMs?: number;
  readonly stime?: number;
  readonly etime?: number;
  readonly limit?: number;
  /** `$name` → value. */
  readonly params: Readonly<Record<string, string>>;
  /** fragment name → MXQL text. */
  readonly injects: Readonly<Record<string, string>>;
  readonly path?: string;
  readonly pcode?: number;
}

/** Parameters of `mxql/queryAtCursor` (client → server). Give `offset` or `position`. */
export interface QueryAtCursorParams {
  readonly uri: string;
  readonly offset?: number;
  readonly position?: LspPosition;
}

/**
 * Result of `mxql/queryAtCursor` (server → client), or null when the document is not open: the core's
 * `QueryAt` (server/core/queries/queries.ts, the one definition of a query) on the wire, with its range
 * in LSP positions and the file's directives, which apply to the whole file.
 */
export interface QueryAtCursorResult {
  readonly text: string;
  /** The query's own lines in the document (without the appended SUB blocks). */
  readonly range: LspRange;
  readonly directives: DirectiveSummary;
  /** `$param` names (with `$`) the query text uses. */
  readonly params: readonly string[];
  /** INJECT names the query text uses (`default` for a bare INJECT). */
  readonly injects: readonly string[];
}

/** Result of `mxql/serverStatus` (client → server, no params): health figures for benchmarks and support. */
export interface ServerStatusResult {
  readonly version: string;
  readonly openDocuments: number;
  /** `process.memoryUsage()` figures in bytes. */
  readonly memory: { readonly rss: number; readonly heapUsed: number; readonly heapTotal: number };
}

/** `mxql/queryAtCursor` (client → server): the query at a position, or null when the document is not open. */
export const QueryAtCursorRequest = new RequestType<QueryAtCursorParams, QueryAtCursorResult | null, void>(
  'mxql/queryAtCursor',
);

/** `mxql/serverStatus` (client → server, no params): health figures. */
export const ServerStatusRequest = new RequestType0<ServerStatusResult, void>('mxql/serverStatus');
