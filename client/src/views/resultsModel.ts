// The results of runs as plain data, independent of VS Code: the panel host keeps one model, the
// webview gets the replay of a result from here, exports read the rows from here, and tests take
// snapshots. Rows arrive from the service as objects; the model keeps them as the typed-column
// chunks the panel receives, encoded once. A kept result is then a few typed arrays instead of an
// array per row, which the extension host's garbage collector would walk on every major collection
// (a 50,000-row result: 50,000 arrays, whose collections landed in the middle of posting the rows).
import type { ChartMarks, ThresholdMark } from '../../../common/chartMarks';
import { decodeRows } from '../../../common/columnChunks';
import {
  chunkColumns,
  RESULTS_PROTOCOL_VERSION as v,
  type Cell,
  type ColumnInfo,
  type ColumnsChunkMessage,
  type ComparisonInfo,
  type ExtensionToResults,
  type ResultsError,
  type RunInfo,
} from '../../../common/resultsMessages';
import { toCsv, toJson } from '../../../common/tabular';
import type { ResultFacts } from '../../../common/resultFacts';
import { tabulate } from '../../../common/rowFacts';

export type ResultStatus = 'running' | 'done' | 'error' | 'cancelled';

/** One run's result. */
export interface RunResult {
  readonly run: RunInfo;
  status: ResultStatus;
  columns: ColumnInfo[];
  /** The rows as `columnsChunk` messages, in order (see `chunkColumns`); {@link ResultsModel.rows} decodes them. */
  chunks: ColumnsChunkMessage[];
  rowCount: number;
  elapsedMs: number;
  bytes: number;
  error?: ResultsError;
  /** Why the server says the result is what it is (e.g. why it is empty), shown as the panel's status line. */
  notice?: string;
  /** What the rows are (common/resultFacts.ts), from the executor; the panel's banners say them. */
  facts?: ResultFacts;
  /** The run compared with its baseline (Compare with…): posted after `done`. */
  comparison?: ComparisonInfo;
}

/** What tests and the history see of a result; rows are capped to keep snapshots small. */
export interface ResultSnapshot {
  readonly runId: string;
  readonly title: string;
  readonly status: ResultStatus;
  readonly endpoint: string;
  readonly columns: readonly string[];
  readonly rowCount: number;
  readonly firstRows: readonly (readonly Cell[])[];
  readonly error?: ResultsError;
  readonly params: Readonly<Record<string, string>>;
  /** Names in `params` the run filled from its time range. */
  readonly paramsFromRange: readonly string[];
  /** A dashboard query's: where each of `params` came from. */
  readonly paramOrigins?: RunInfo['paramOrigins'];
  /** The range sent, epoch ms (absent when nothing was sent). */
  readonly stime?: number;
  readonly etime?: number;
  readonly injects: Readonly<Record<string, string>>;
  /** Compare with…: the baseline, both windows, the baseline's row count and the ranking (first 10). */
  readonly comparison?: {
    readonly baseline: ComparisonInfo['baseline'];
    readonly window: ComparisonInfo['window'];
    readonly baselineWindow: ComparisonInfo['baselineWindow'];
    readonly baselineRows: number;
    readonly changes: ComparisonInfo['changes'];
  };
  /** What the chart draws over the rows (units, a rule's threshold and firing spans). */
  readonly marks?: ChartMarks;
  /** The panel's status line. */
  readonly notice?: string;
}

/** How many results stay in memory for replay and export; older ones must be re-run. */
export const KEPT_RESULTS = 20;

export class ResultsModel {
  private readonly results = new Map<string, RunResult>();

  /** Records a run that has started; evicts the oldest results beyond {@link KEPT_RESULTS}. */
  start(run: RunInfo): RunResult {
    const result: RunResult = {
      run,
      status: 'running',
      columns: [],
      chunks: [],
      rowCount: 0,
      elapsedMs: 0,
      bytes: 0,
    };
    this.results.set(run.runId, result);
    while (this.results.size > KEPT_RESULTS) {
      const oldest = this.results.keys().next().value;
      if (oldest === undefined) break;
      this.results.delete(oldest);
    }
    return result;
  }

  complete(
    runId: string,
    objects: readonly unknown[],
    elapsedMs: number,
    bytes: number,
    notice?: string,
    facts?: ResultFacts,
  ): void {
    const result = this.results.get(runId);
    if (!result) return;
    const { columns, rows } = tabulate(objects);
    const chunks = chunkColumns(runId, rows, columns.length);
    Object.assign(
      result,
      { columns, chunks, rowCount: rows.length, status: 'done', elapsedMs, bytes },
      notice ? { notice } : {},
      facts ? { facts } : {},
    );
  }

  /** Attaches the comparison of a finished run with its baseline. */
  compared(runId: string, comparison: ComparisonInfo): void {
    const result = this.results.get(runId);
    if (result) result.comparison = comparison;
  }

  fail(runId: string, error: ResultsError): void {
    const result = this.results.get(runId);
    if (result) Object.assign(result, { status: 'error', error });
  }

  cancel(runId: string): void {
    const result = this.results.get(runId);
    if (result) result.status = 'cancelled';
  }

  /**
   * Draws `marks` over a kept run's chart (merged with its own, e.g. units), says `notice`, and with `ys`
   * opens the panel on the chart of those columns.
   */
  mark(runId: string, marks: ChartMarks, notice?: string, ys?: readonly string[]): void {
    const result = this.results.get(runId);
    if (!result) return;
    const run: RunInfo = {
      ...result.run,
      marks: { ...result.run.marks, ...marks },
      ...(ys ? { chart: { ys } } : {}),
    };
    Object.assign(result, { run }, notice ? { notice } : {});
  }

  /**
   * Gives a run the thresholds of the workspace's rules, unless it has thresholds of its own already (a
   * drafted alert's): the rules are found in the background and may arrive after the run's own marks.
   */
  markRuleThresholds(runId: string, thresholds: readonly ThresholdMark[]): boolean {
    const result = this.results.get(runId);
    if (!result || thresholds.length === 0 || result.run.marks?.thresholds) return false;
    const run: RunInfo = { ...result.run, marks: { ...result.run.marks, thresholds } };
    Object.assign(result, { run });
    return true;
  }

  get(runId: string): RunResult | undefined {
    return this.results.get(runId);
  }

  /** The messages that show a result from scratch, in protocol order (also used after a reload). */
  messagesFor(runId: string): ExtensionToResults[] {
    const result = this.results.get(runId);
    if (!result) return [];
    const { run } = result;
    if (result.status === 'running') return [{ type: 'running', v, run }];
    const head: ExtensionToResults = { type: 'init', v, run, columns: result.columns };
    // fail() is the one way to the error status, and it always brings the error the panel shows.
    if (result.status === 'error' && result.error)
      return [head, { type: 'error', v, runId, error: result.error }];
    const { chunks } = result;
    if (result.status === 'cancelled') return [head, ...chunks, { type: 'cancelled', v, runId }];
    const done: ExtensionToResults = {
      type: 'done',
      v,
      runId,
      totalRows: result.rowCount,
      elapsedMs: result.elapsedMs,
      bytes: result.bytes,
      ...(result.facts ? { facts: result.facts } : {}),
    };
    const notice: ExtensionToResults[] = result.notice
      ? [{ type: 'notice', v, level: 'info', text: result.notice }]
      : [];
    const compared: ExtensionToResults[] = result.comparison
      ? [{ type: 'comparison', v, runId, comparison: result.comparison }]
      : [];
    return [head, ...chunks, done, ...notice, ...compared];
  }

  /** The rows of a kept result, decoded from its chunks; undefined when it is no longer in memory. */
  rows(runId: string): Cell[][] | undefined {
    const result = this.results.get(runId);
    return result ? result.chunks.flatMap((m) => decodeRows(m.chunk)) : undefined;
  }

  /** CSV or JSON text of a kept result; undefined when it is no longer in memory. */
  exportText(runId: string, format: 'csv' | 'json'): string | undefined {
    const result = this.results.get(runId);
    const rows = this.rows(runId);
    if (!result || !rows) return undefined;
    return format === 'csv' ? toCsv(result.columns, rows) : toJson(result.columns, rows);
  }

  /** JSON of the rows at `rowIndexes` (all rows when absent). */
  jsonOf(runId: string, rowIndexes?: readonly number[]): string | undefined {
    const result = this.results.get(runId);
    const all = this.rows(runId);
    if (!result || !all) return undefined;
    const picked = rowIndexes?.map((i) => all[i]).filter((r): r is Cell[] => r !== undefined);
    return toJson(result.columns, picked ?? all);
  }

  snapshot(runId: string, rowCap = 5): ResultSnapshot | undefined {
    const result = this.results.get(runId);
    if (!result) return undefined;
    return {
      runId,
      title: result.run.title,
      status: result.status,
      endpoint: result.run.endpoint,
      columns: result.columns.map((c) => c.name),
      rowCount: result.rowCount,
      firstRows: (result.chunks[0] ? decodeRows(result.chunks[0].chunk) : []).slice(0, rowCap),
      params: result.run.params ?? {},
      paramsFromRange: result.run.paramsFromRange ?? [],
      ...(result.run.paramOrigins ? { paramOrigins: result.run.paramOrigins } : {}),
      ...(result.run.stime !== undefined ? { stime: result.run.stime } : {}),
      ...(result.run.etime !== undefined ? { etime: result.run.etime } : {}),
      injects: result.run.injects ?? {},
      ...(result.error ? { error: result.error } : {}),
      ...(result.comparison ? { comparison: comparisonSnapshot(result.comparison) } : {}),
      ...(result.run.marks ? { marks: result.run.marks } : {}),
      ...(result.notice ? { notice: result.notice } : {}),
    };
  }
}

function comparisonSnapshot(c: ComparisonInfo): NonNullable<ResultSnapshot['comparison']> {
  return {
    baseline: c.baseline,
    window: c.window,
    baselineWindow: c.baselineWindow,
    baselineRows: c.baselineRows.rowCount,
    changes: c.changes.slice(0, 10),
  };
}
