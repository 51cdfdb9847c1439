// The results panel's state and the pure reducer that applies host messages to it.
// Pure: no DOM, no vscode; tested in node (test/client/webviewState.test.ts).

import { type ColumnsChunk, validColumnsChunk } from '../../../common/columnChunks';
import {
  type ColumnInfo,
  type ComparisonInfo,
  type ExtensionToResults,
  type ResultsError,
  type RunInfo,
  RESULTS_PROTOCOL_VERSION,
} from '../../../common/resultsMessages';
import { isResultFacts, type LimitCut, type ResultFacts } from '../../../common/resultFacts';
import { strings } from './strings';

/** Where the current run is. */
export type Phase = 'idle' | 'running' | 'receiving' | 'done' | 'error' | 'cancelled';

/** Totals of a finished run. */
export interface RunTotals {
  readonly totalRows: number;
  readonly elapsedMs: number;
  readonly bytes: number;
  /** What the rows are, as the host judged them: a reached limit and which end it kept, missing columns. */
  readonly facts?: ResultFacts;
}

/** Everything the host told us about the current result. Rows are kept as received chunks. */
export interface ResultsState {
  readonly phase: Phase;
  readonly run?: RunInfo;
  readonly columns: readonly ColumnInfo[];
  /** Validated chunks in `seq` order; appending a chunk copies only this short outer array. */
  readonly chunks: readonly ColumnsChunk[];
  readonly rowCount: number;
  readonly nextSeq: number;
  readonly totals?: RunTotals;
  readonly error?: ResultsError;
  readonly notice?: { readonly level: 'info' | 'warning' | 'error'; readonly text: string };
  /** A protocol problem (a missing chunk): shown, because a silent gap would be wrong data. */
  readonly problem?: string;
  /** The run compared with its baseline (Compare with…). */
  readonly comparison?: ComparisonInfo;
}

/** How rows are displayed; persisted across reloads. */
export type TimeMode = 'local' | 'utc' | 'raw';

/** View choices of the user, persisted with `vscode.setState`. */
export interface ViewState {
  readonly timeMode: TimeMode;
  readonly tab: 'grid' | 'chart' | 'compare';
  readonly filter: string;
  readonly sort?: { readonly column: string; readonly asc: boolean };
  readonly hidden: readonly string[];
  readonly chartY: readonly string[];
  readonly chartSplit: string;
  /** Whether the detail pane (the selected cell in full) is open; closed by default. */
  readonly detail: boolean;
  /** True while the tab is the chart because a run asked for it (not the user): the next run may go back. */
  readonly chartByRun?: boolean;
}

/** The empty panel before any message. */
export const initialState: ResultsState = { phase: 'idle', columns: [], chunks: [], rowCount: 0, nextSeq: 0 };

/** Default view choices. */
export const initialView: ViewState = {
  timeMode: 'local',
  tab: 'grid',
  filter: '',
  hidden: [],
  chartY: [],
  chartSplit: '',
  detail: false,
};

function sameRun(state: ResultsState, runId: unknown): boolean {
  return typeof runId === 'string' && state.run?.runId === runId;
}

function applyChunk(
  state: ResultsState,
  msg: Extract<ExtensionToResults, { type: 'columnsChunk' }>,
): ResultsState {
  const chunk = sameRun(state, msg.runId) ? validColumnsChunk(msg.chunk, state.columns.length) : undefined;
  if (!chunk) return state;
  if (msg.seq < state.nextSeq) return state; // a duplicate of a replayed chunk
  if (msg.seq > state.nextSeq) {
    return {
      ...state,
      problem: strings.missingChunk(state.nextSeq, msg.seq),
    };
  }
  return {
    ...state,
    phase: state.phase === 'done' ? 'done' : 'receiving',
    chunks: [...state.chunks, chunk],
    rowCount: state.rowCount + chunk.rowCount,
    nextSeq: state.nextSeq + 1,
  };
}

const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0;

/** Applies one host message. Unknown, stale or malformed messages return `state` unchanged. */
export function reduce(state: ResultsState, msg: ExtensionToResults): ResultsState {
  switch (msg.type) {
    case 'running':
      return { ...initialState, phase: 'running', run: msg.run };
    case 'init': {
      const columns = Array.isArray(msg.columns)
        ? msg.columns.filter((c: ColumnInfo | undefined) => typeof c?.name === 'string')
        : [];
      return { ...initialState, phase: 'receiving', run: msg.run, columns };
    }
    case 'columnsChunk':
      return applyChunk(state, msg);
    case 'done':
      if (!sameRun(state, msg.runId)) return state;
      return {
        ...state,
        phase: 'done',
        totals: {
          totalRows: isCount(msg.totalRows) ? msg.totalRows : state.rowCount,
          elapsedMs: isCount(msg.elapsedMs) ? msg.elapsedMs : 0,
          bytes: isCount(msg.bytes) ? msg.bytes : 0,
          ...(isResultFacts(msg.facts) ? { facts: msg.facts } : {}),
        },
      };
    case 'error':
      if (msg.runId !== undefined && state.run && !sameRun(state, msg.runId)) return state;
      return { ...state, phase: 'error', error: msg.error };
    case 'cancelled':
      return sameRun(state, msg.runId) ? { ...state, phase: 'cancelled' } : state;
    case 'notice':
      return { ...state, notice: { level: msg.level, text: String(msg.text) } };
    case 'theme':
      return state;
    case 'comparison':
      return sameRun(state, msg.runId) && isComparisonInfo(msg.comparison)
        ? { ...state, comparison: msg.comparison }
        : state;
  }
}

const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const isWindow = (x: unknown): boolean =>
  typeof x === 'object' &&
  x !== null &&
  isNumber((x as { stime?: unknown }).stime) &&
  isNumber((x as { etime?: unknown }).etime);
const isText = (x: unknown): boolean => typeof x === 'string';
const isField = (x: unknown): boolean => {
  if (typeof x !== 'object' || x === null) return false;
  const f = x as Record<string, unknown>;
  return (
    isText(f.agent) &&
    isText(f.field) &&
    isNumber(f.window) &&
    isNumber(f.baseline) &&
    isNumber(f.change) &&
    isNumber(f.score) &&
    (f.relative === null || isNumber(f.relative))
  );
};

/** A comparison as the panel draws it; anything malformed is ignored, never half drawn. */
export function isComparisonInfo(x: unknown): x is ComparisonInfo {
  if (typeof x !== 'object' || x === null) return false;
  const c = x as Record<string, unknown>;
  const columns = c.baselineColumns;
  return (
    (c.baseline === 'prev' || c.baseline === '1d' || c.baseline === '7d') &&
    isText(c.name) &&
    isWindow(c.window) &&
    isWindow(c.baselineWindow) &&
    isNumber(c.shiftMs) &&
    Array.isArray(columns) &&
    columns.every((col: unknown) => isText((col as { name?: unknown } | null)?.name)) &&
    validColumnsChunk(c.baselineRows, columns.length) !== undefined &&
    Array.isArray(c.changes) &&
    c.changes.every(isField) &&
    Array.isArray(c.onlyInWindow) &&
    c.onlyInWindow.every(isText) &&
    Array.isArray(c.onlyInBaseline) &&
    c.onlyInBaseline.every(isText)
  );
}

/** What the row limit kept, when the host judged that it cut a finished result; undefined otherwise. */
export function limitCut(state: ResultsState): LimitCut | undefined {
  return state.phase === 'done' ? state.totals?.facts?.cut : undefined;
}

/**
 * The limit a "re-run with a higher limit" offers: the one the host judged would return every row, else
 * ten times the current one; at most 100,000 rows, so one click never asks for more than the grid
 * comfortably holds.
 */
export function higherLimit(limit: number, suggested?: number): number | undefined {
  const next = Math.min(100_000, suggested ?? limit * 10);
  return next > limit ? next : undefined;
}

/** True while the host is still working on the run (cancel makes sense). */
export function isBusy(state: ResultsState): boolean {
  return state.phase === 'running' || state.phase === 'receiving';
}

/**
 * The view a new run opens in: a run that says how it is shown (a dashboard query's HEADER) opens on the
 * chart with those columns; any other run keeps the user's choices.
 */
export function viewForRun(view: ViewState, run: RunInfo | undefined): ViewState {
  const ys = stringList(run?.chart?.ys);
  if (ys.length > 0) return { ...view, tab: 'chart', chartY: ys, chartByRun: true };
  // The chart a previous run chose does not stay for a run that asked for nothing.
  return view.chartByRun ? { ...view, tab: 'grid', chartByRun: false } : view;
}

/** What `vscode.setState` keeps: metadata and view choices, never the rows. */
export interface PersistedState {
  readonly v: number;
  readonly run?: RunInfo;
  readonly view: ViewState;
}

/** The persisted form of the panel. */
export function toPersisted(state: ResultsState, view: ViewState): PersistedState {
  return { v: RESULTS_PROTOCOL_VERSION, run: state.run, view };
}

function stringList(x: unknown): string[] {
  return Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string') : [];
}

/** Reads back what {@link toPersisted} stored; anything malformed falls back to defaults. */
export function fromPersisted(saved: unknown): { runId?: string; view: ViewState } {
  if (typeof saved !== 'object' || saved === null) return { view: initialView };
  const s = saved as { v?: unknown; run?: { runId?: unknown }; view?: Record<string, unknown> };
  if (s.v !== RESULTS_PROTOCOL_VERSION) return { view: initialView };
  const v = s.view ?? {};
  const sort = v.sort as { column?: unknown; asc?: unknown } | undefined;
  const view: ViewState = {
    timeMode: v.timeMode === 'utc' || v.timeMode === 'raw' ? v.timeMode : 'local',
    tab: v.tab === 'chart' || v.tab === 'compare' ? v.tab : 'grid',
    filter: typeof v.filter === 'string' ? v.filter : '',
    hidden: stringList(v.hidden),
    chartY: stringList(v.chartY),
    chartSplit: typeof v.chartSplit === 'string' ? v.chartSplit : '',
    detail: v.detail === true,
    ...(v.chartByRun === true ? { chartByRun: true } : {}),
    ...(sort && typeof sort.column === 'string'
      ? { sort: { column: sort.column, asc: sort.asc !== false } }
      : {}),
  };
  const runId = typeof s.run?.runId === 'string' ? s.run.runId : undefined;
  return runId === undefined ? { view } : { runId, view };
}
