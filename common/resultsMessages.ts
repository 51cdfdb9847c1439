/**
 * Messages between the extension host and the results webview (`client/webview/results`).
 * Every message is a member of a discriminated union on `type`, carries the protocol version `v`
 * and states the direction it travels.
 *
 * ## Protocol
 * 1. The webview loads and posts `ready` (W→E). After a reload (the panel was hidden and VS Code
 *    discarded it) `ready.resumeRunId` names the run the webview restored from `vscode.setState`;
 *    rows are never persisted there, so the extension replays them.
 * 2. For a run the extension posts, in order: `running` (optional, a query is in flight), `init`
 *    (run metadata and columns), zero or more `columnsChunk` with `seq` = 0, 1, 2 … (at most
 *    {@link ROWS_PER_CHUNK} rows each; rows in columnar, typed form, see `columnChunks.ts`), then
 *    `done` (counts, elapsed, bytes). A failure posts `error` instead of `done`; a cancel posts
 *    `cancelled`. The webview paints once, when `done` arrives, except for a large result: then
 *    the first chunk holds a screenful ({@link FIRST_CHUNK_ROWS} rows) and says `paintNow`, the
 *    host posts it on its own turn before the rest (VS Code joins the messages posted in one turn
 *    into one write to the window), and the grid shows it and appends each later chunk while the
 *    user already scrolls. See {@link EARLY_PAINT_REST_BYTES} for why only a large one.
 *    Answering `ready` is the same sequence for the current result (a replay).
 * 3. A new `init` (or `running`) with another `runId` replaces the whole result. Chunks of another
 *    run are ignored, so a late chunk from a cancelled run cannot mix into a new one.
 * 4. The webview asks the host for everything with side effects: `copy` (the host writes the
 *    clipboard), `export` (the host asks where and writes the file from its own copy of the rows),
 *    `openJson`, `rerun`, `cancel`, `action` (a button of an error).
 * 5. The host may answer with `notice` (a short status line such as "Exported 1,234 rows").
 * 6. Compare with… (additive, no version change): the toolbar posts `compare` (W→E) for the shown run;
 *    the host asks which baseline, re-runs the query over the result's window and the baseline as a new
 *    run (`running`, `init`, chunks, `done` as any run), then posts `comparison` (E→W) for that run: both
 *    windows, the baseline's rows (one chunk, for the chart's overlay) and what moved, in rank order.
 *    A replay sends `comparison` after `done`. A page that does not know `comparison` ignores it.
 *
 * The webview never sees a token: `RunInfo` describes the request without credentials.
 */

import { type Cell, type ColumnsChunk, columnsChunkBytes, encodeColumns } from './columnChunks';
import type { ChartMarks } from './chartMarks';
import type { ResultFacts } from './resultFacts';
import type { RunRecord } from './runRecord';

export type { Cell, ColumnsChunk } from './columnChunks';

/**
 * Version of this protocol; bump it on any incompatible change. Both sides send and check it.
 * 2: rows travel as typed columns (`columnsChunk`) instead of JSON row arrays (`rowsChunk`).
 * 3: number columns may travel as `scaled` integers and text codes as 8- or 16-bit arrays.
 */
export const RESULTS_PROTOCOL_VERSION = 3;

/** Rows in the first `columnsChunk` of a large result: a screenful, painted before the rest arrives. */
export const FIRST_CHUNK_ROWS = 2_000;

/**
 * The rest of a result (after its first screenful) from which the first rows are painted before
 * it arrives. Below it the rest comes within about a tenth of a second, and painting early would
 * only delay it: the page's first render (building the grid) runs on the thread that also takes
 * the window's messages (measured on a remote window: the 50,000-row demo result, 0.55 MB, reached
 * the page in 2.6–3.3× the time of one message when painted early, 1.8× when painted once).
 */
export const EARLY_PAINT_REST_BYTES = 2_000_000;

/**
 * Rows in every later `columnsChunk`: the rest of a result up to this size travels as one message,
 * because every message costs a hop through the window's connection and a task in the page.
 */
export const ROWS_PER_CHUNK = 100_000;

/** Column type hints. `time` means epoch milliseconds. `unknown` lets the webview infer it. */
export const ColumnKinds = {
  number: 'number',
  string: 'string',
  time: 'time',
  boolean: 'boolean',
  unknown: 'unknown',
} as const;
/** A column type hint, see {@link ColumnKinds}. */
export type ColumnKind = (typeof ColumnKinds)[keyof typeof ColumnKinds];

/** A result column. */
export interface ColumnInfo {
  readonly name: string;
  /** Optional hint from the extension; the webview infers the kind from name and values otherwise. */
  readonly kind?: ColumnKind;
}

/**
 * What was sent, shown collapsed in the panel header: the run's record (common/runRecord.ts) as far as
 * it is known when the run starts; without a request sent, only its title and start. Never contains a token.
 */
export interface RunInfo
  extends
    Pick<RunRecord, 'title' | 'endpoint' | 'startedAt'>,
    Partial<Pick<RunRecord, 'stime' | 'etime' | 'pcode' | 'params' | 'injects'>> {
  /** Identifies one execution; every later message of the run carries it. */
  readonly runId: string;
  /** The server base URL without credentials. */
  readonly server?: string;
  /** Row limit sent; `done.totalRows === limit` shows the "limit reached" banner. */
  readonly limit?: number;
  /** Names in `params` the run filled from its time range (`$stime`, `$etime`), not the user. */
  readonly paramsFromRange?: readonly string[];
  /** Where a dashboard query's `$params` came from (its author's `param`, its fields' merges, the board's default). */
  readonly paramOrigins?: Readonly<Record<string, ParamOrigin>>;
  /** MXQL path when run against `/mxql/path`. */
  readonly path?: string;
  /** How the query asks to be shown (a dashboard query's HEADER): a time series of these numeric columns. */
  readonly chart?: { readonly ys: readonly string[] };
  /** What the chart draws over the lines: a rule's thresholds, time spans, the fields' units (common/chartMarks.ts). */
  readonly marks?: ChartMarks;
}

/**
 * Where a value sent for a `$param` of a dashboard query came from: the `param` object at `pointer`
 * (of the query's metric or its widget), a field's `timeMerge`/`objectMerge` (`how` says why that field:
 * it is a key the query merges, every field agrees, or the most common value, `agreeing` of `fields`),
 * the board's default merge, or the caller (a command line `--param`, a prompt, an explicit choice).
 */
export type ParamOrigin =
  | { readonly kind: 'param'; readonly pointer: string }
  | {
      readonly kind: 'field';
      readonly pointer: string;
      readonly key: string;
      readonly how: 'key' | 'agreed' | 'most-common';
      readonly agreeing: number;
      readonly fields: number;
    }
  | { readonly kind: 'default' }
  | { readonly kind: 'given' };

/** A button shown under an error; clicking it posts `action` with its `id`. */
export interface ErrorAction {
  readonly id: string;
  readonly label: string;
}

/** An error as rendered in the panel. */
export interface ResultsError {
  readonly message: string;
  /** How to fix it. */
  readonly hint?: string;
  /** Stable code such as `http/401` or `mxql/syntax`. */
  readonly code?: string;
  readonly actions?: readonly ErrorAction[];
}

// ---------------------------------------------------------------- extension → webview

/** E→W: a query started; the panel shows a spinner and a cancel button. */
export interface RunningMessage {
  readonly type: 'running';
  readonly v: number;
  readonly run: RunInfo;
}
/** E→W: a result begins: metadata and columns. Replaces any previous result. */
export interface InitMessage {
  readonly type: 'init';
  readonly v: number;
  readonly run: RunInfo;
  readonly columns: readonly ColumnInfo[];
}
/** E→W: the next rows of the run, `seq` counting from 0, as typed columns (one per column of `init`). */
export interface ColumnsChunkMessage {
  readonly type: 'columnsChunk';
  readonly v: number;
  readonly runId: string;
  readonly seq: number;
  readonly chunk: ColumnsChunk;
  /** Epoch ms at which the host posted it, so a receiver can time delivery apart from decoding. */
  readonly sentAt?: number;
  /** The first screenful of a large result: paint it now, the rest follows in a later write. */
  readonly paintNow?: boolean;
}
/** E→W: all rows were sent. */
export interface DoneMessage {
  readonly type: 'done';
  readonly v: number;
  readonly runId: string;
  readonly totalRows: number;
  readonly elapsedMs: number;
  /** Size of the response body in bytes; 0 when it is not known (the panel then shows no size). */
  readonly bytes: number;
  /**
   * What the rows are (common/resultFacts.ts): a reached limit and which end it kept, selected columns no
   * row carries. The panel's limit banner says what these say, and nothing it would have to guess.
   */
  readonly facts?: ResultFacts;
}
/** E→W: the run failed (or the request could not be built). `runId` is absent for failures before a run. */
export interface ErrorMessage {
  readonly type: 'error';
  readonly v: number;
  readonly runId?: string;
  readonly error: ResultsError;
}
/** E→W: the run was cancelled by the user; rows received so far stay visible. */
export interface CancelledMessage {
  readonly type: 'cancelled';
  readonly v: number;
  readonly runId: string;
}
/** E→W: optional; the colour theme changed (the body class changes too; this lets the chart redraw). */
export interface ThemeMessage {
  readonly type: 'theme';
  readonly v: number;
  readonly kind: 'light' | 'dark' | 'highContrast' | 'highContrastLight';
}
/** E→W: a short status line, e.g. after a copy or an export. */
export interface NoticeMessage {
  readonly type: 'notice';
  readonly v: number;
  readonly level: 'info' | 'warning' | 'error';
  readonly text: string;
}

/** The baselines of Compare with… (the core's BASELINES). */
export type ComparisonBaseline = 'prev' | '1d' | '7d';

/** One agent's field as it moved between the baseline and the window (the core's FieldChange). */
export interface ComparedField {
  readonly agent: string;
  readonly field: string;
  /** Means over the agent's rows in each window. */
  readonly window: number;
  readonly baseline: number;
  readonly change: number;
  /** change / |baseline|; null when the baseline was 0. */
  readonly relative: number | null;
  /** The change in standard deviations of the baseline (with the core's floor). */
  readonly score: number;
}

/** A run compared with its baseline. */
export interface ComparisonInfo {
  readonly baseline: ComparisonBaseline;
  /** The baseline's name in the host's language, e.g. "yesterday": the chart names its series by it. */
  readonly name: string;
  readonly window: { readonly stime: number; readonly etime: number };
  readonly baselineWindow: { readonly stime: number; readonly etime: number };
  /** How far back the baseline lies, ms: its rows are drawn this much later, on the window's axis. */
  readonly shiftMs: number;
  readonly baselineColumns: readonly ColumnInfo[];
  readonly baselineRows: ColumnsChunk;
  /** Every agent field in both windows, the farthest moved first (the core's compareRows order). */
  readonly changes: readonly ComparedField[];
  readonly onlyInWindow: readonly string[];
  readonly onlyInBaseline: readonly string[];
}

/** E→W: the run `runId` compared with its baseline (Compare with…); follows the run's `done`. */
export interface ComparisonMessage {
  readonly type: 'comparison';
  readonly v: number;
  readonly runId: string;
  readonly comparison: ComparisonInfo;
}

/** Every message the extension posts to the results webview. */
export type ExtensionToResults =
  | RunningMessage
  | InitMessage
  | ColumnsChunkMessage
  | DoneMessage
  | ErrorMessage
  | CancelledMessage
  | ThemeMessage
  | NoticeMessage
  | ComparisonMessage;

// ---------------------------------------------------------------- webview → extension

/** W→E: the webview is ready; `resumeRunId` is the run it restored after a reload (replay it). */
export interface ReadyMessage {
  readonly type: 'ready';
  readonly v: number;
  readonly resumeRunId?: string;
}
/** W→E: write `text` (TSV) to the clipboard. */
export interface CopyMessage {
  readonly type: 'copy';
  readonly v: number;
  readonly text: string;
  readonly rows: number;
  readonly cells: number;
}
/** W→E: export every row of the run; the host shows a save dialog and writes the file. */
export interface ExportMessage {
  readonly type: 'export';
  readonly v: number;
  readonly runId: string;
  readonly format: 'csv' | 'json';
}
/** W→E: open rows as a JSON document; `rowIndexes` (in received order) limits it to a selection. */
export interface OpenJsonMessage {
  readonly type: 'openJson';
  readonly v: number;
  readonly runId: string;
  readonly rowIndexes?: readonly number[];
}
/** W→E: run the same query again; `limit` replaces the row limit (the limit banner's re-run). */
export interface RerunMessage {
  readonly type: 'rerun';
  readonly v: number;
  readonly runId: string;
  readonly limit?: number;
}
/** W→E: cancel the running query. */
export interface CancelMessage {
  readonly type: 'cancel';
  readonly v: number;
  readonly runId: string;
}
/** W→E: the user clicked an error action button. */
export interface ActionMessage {
  readonly type: 'action';
  readonly v: number;
  readonly actionId: string;
  readonly runId?: string;
}
/** W→E: compare the run with a baseline (the toolbar's Compare with…); the host asks which. */
export interface CompareMessage {
  readonly type: 'compare';
  readonly v: number;
  readonly runId: string;
}
/** W→E: the webview hit an unexpected failure; the host logs it. */
export interface WebviewFailureMessage {
  readonly type: 'webviewError';
  readonly v: number;
  readonly message: string;
}

/** Every message the results webview posts to the extension. */
export type ResultsToExtension =
  | ReadyMessage
  | CopyMessage
  | ExportMessage
  | OpenJsonMessage
  | RerunMessage
  | CancelMessage
  | ActionMessage
  | CompareMessage
  | WebviewFailureMessage;

type Guard = (m: Record<string, unknown>) => boolean;
const isString = (x: unknown): x is string => typeof x === 'string';
const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0;
const optional = (x: unknown, check: (y: unknown) => boolean): boolean => x === undefined || check(x);
const isIndexList = (x: unknown): boolean => Array.isArray(x) && x.every(isCount);

const webviewGuards: Readonly<Record<ResultsToExtension['type'], Guard>> = {
  ready: (m) => optional(m.resumeRunId, isString),
  copy: (m) => isString(m.text) && isCount(m.rows) && isCount(m.cells),
  export: (m) => isString(m.runId) && (m.format === 'csv' || m.format === 'json'),
  openJson: (m) => isString(m.runId) && optional(m.rowIndexes, isIndexList),
  rerun: (m) => isString(m.runId) && optional(m.limit, (x) => isCount(x) && x > 0),
  cancel: (m) => isString(m.runId),
  action: (m) => isString(m.actionId) && optional(m.runId, isString),
  compare: (m) => isString(m.runId),
  webviewError: (m) => isString(m.message),
};

/**
 * Validates a message received from the webview (the host must not trust it blindly).
 * Returns the typed message, or `undefined` for anything malformed or of another protocol version.
 */
export function parseResultsToExtension(data: unknown): ResultsToExtension | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const m = data as Record<string, unknown>;
  if (m.v !== RESULTS_PROTOCOL_VERSION || !isString(m.type) || !Object.hasOwn(webviewGuards, m.type)) {
    return undefined;
  }
  const guard = webviewGuards[m.type as ResultsToExtension['type']];
  return guard(m) ? (m as unknown as ResultsToExtension) : undefined;
}

const hostTypes: ReadonlySet<string> = new Set<ExtensionToResults['type']>([
  'running',
  'init',
  'columnsChunk',
  'done',
  'error',
  'cancelled',
  'theme',
  'notice',
  'comparison',
]);

/**
 * Recognises a message from the extension by its `type` and version. The webview's reducer then
 * checks the fields it uses, so a malformed message degrades to "ignored", never to a crash.
 */
export function isExtensionToResults(data: unknown): data is ExtensionToResults {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  return m.v === RESULTS_PROTOCOL_VERSION && isString(m.type) && hostTypes.has(m.type);
}

/**
 * Splits rows (arrays in column order, `width` columns) into `columnsChunk` messages of at most
 * `size` rows (the extension side of step 2). A large result (see {@link EARLY_PAINT_REST_BYTES})
 * starts with a `paintNow` chunk of {@link FIRST_CHUNK_ROWS} rows; `first` forces that split at
 * `first` rows whatever the size.
 */
export function chunkColumns(
  runId: string,
  rows: readonly (readonly Cell[])[],
  width: number,
  size: number = ROWS_PER_CHUNK,
  first?: number,
): ColumnsChunkMessage[] {
  const step = Math.max(1, Math.floor(size));
  const message = (seq: number, chunk: ColumnsChunk, paintNow = false): ColumnsChunkMessage => ({
    type: 'columnsChunk',
    v: RESULTS_PROTOCOL_VERSION,
    runId,
    seq,
    chunk,
    ...(paintNow ? { paintNow } : {}),
  });
  const chunks: ColumnsChunkMessage[] = [];
  let start = 0;
  const head = Math.max(1, Math.min(step, Math.floor(first ?? FIRST_CHUNK_ROWS)));
  if (rows.length > head) {
    const screenful = encodeColumns(rows, width, 0, head);
    const restBytes = (columnsChunkBytes(screenful) / head) * (rows.length - head);
    if (first !== undefined || restBytes >= EARLY_PAINT_REST_BYTES) {
      chunks.push(message(0, screenful, true));
      start = head;
    }
  }
  for (let seq = chunks.length; start < rows.length; seq++) {
    const end = Math.min(rows.length, start + step);
    chunks.push(message(seq, encodeColumns(rows, width, start, end)));
    start = end;
  }
  return chunks;
}
