/**
 * Custom LSP requests of the MXQL language server (method names `mxql/*`). Plain data only, so both
 * the server (server/src) and the extension (client/src) import these types. Offsets are UTF-16 code
 * units into the document text; positions are LSP positions (0-based line and UTF-16 character).
 */

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

/** Method names, one place to spell them. */
export const LspMethods = {
  queryAtCursor: 'mxql/queryAtCursor',
  documentInfo: 'mxql/documentInfo',
  serverStatus: 'mxql/serverStatus',
} as const;

/** Parameters of `mxql/queryAtCursor` (client → server). Give `offset` or `position`. */
export interface QueryAtCursorParams {
  readonly uri: string;
  readonly offset?: number;
  readonly position?: LspPosition;
}

/**
 * Result of `mxql/queryAtCursor` (server → client), or null when the document is not open.
 *
 * A query is defined as follows. The main pipeline's lines are split into blocks at blank lines (at
 * bracket depth 0) and at separator comment lines starting with `--- `. A block starts a new query
 * when it brings a CATEGORY (or PromQL line) and the query so far already has one, or a loader and
 * the query so far already has one; any other block belongs to the query before it. So a file with a
 * single pipeline is one query however many blank lines it has. The query at the cursor is the one whose blocks hold the
 * cursor; a cursor inside a SUB block selects the first query that references it. `text` is that
 * query's lines followed by every SUB block it references (transitively), with directive lines removed;
 * directives apply to the whole file and are returned separately.
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

/** Parameters of `mxql/documentInfo` (client → server). */
export interface DocumentInfoParams {
  readonly uri: string;
}

/** Result of `mxql/documentInfo` (server → client), or null when the document is not open. */
export interface DocumentInfoResult {
  readonly directives: DirectiveSummary;
  /** `$param` names used anywhere in the file. */
  readonly params: readonly string[];
  /** INJECT names used anywhere in the file. */
  readonly injects: readonly string[];
  /** How many diagnostics of each severity the file has now. */
  readonly diagnostics: { readonly errors: number; readonly warnings: number; readonly infos: number };
}

/** Result of `mxql/serverStatus` (client → server, no params): health figures for benchmarks and support. */
export interface ServerStatusResult {
  readonly version: string;
  readonly openDocuments: number;
  /** `process.memoryUsage()` figures in bytes. */
  readonly memory: { readonly rss: number; readonly heapUsed: number; readonly heapTotal: number };
}
