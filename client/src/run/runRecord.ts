// Pure builders of what a run leaves behind: the RunInfo the results header shows (what was sent,
// never a token) and the history entry (enough to re-run, nothing secret).
import type { ChartMarks } from '../../../common/chartMarks';
import type { RunInfo } from '../../../common/resultsMessages';
import type { HistoryEntry } from '../history/historyStore';
import type { Target } from '../profiles/profiles';
import type { PreparedRun } from './runRequest';
import { headerChart, type AuthoredValues } from '../../../server/core/index';

/** A query to run: where it comes from and its text. */
export interface RunSource {
  readonly title: string;
  /** The whole file (directives apply from anywhere in it). */
  readonly fileText: string;
  /** The part to send: the file, a selection or the query at the cursor. */
  readonly queryText: string;
  readonly uri?: string;
  /** A predefined path to run instead of the text. */
  readonly path?: string;
  /**
   * A dashboard's query (server/core/embedded/board.ts): the board's INJECTs go empty unless given (the
   * fragments its JSON keeps beside it count as given), its `$params` take the author's values before the
   * board's default merge, and its HEADER chooses the chart.
   */
  readonly board?: {
    readonly fragments: Readonly<Record<string, string>>;
    /** What the dashboard's author set for the query (its `param`, its fields' merges). */
    readonly authored?: AuthoredValues;
  };
}

/** How a run ended, for the history. */
export interface RunResultSummary {
  readonly status: HistoryEntry['status'];
  readonly rows: number;
  readonly ms: number;
  readonly error?: string;
}

/** What was sent (or, without `prepared`, that nothing was). */
export function runInfoOf(
  runId: string,
  source: RunSource,
  prepared?: PreparedRun,
  target?: Pick<Target, 'baseUrl' | 'pcode'>,
  marks?: ChartMarks,
): RunInfo {
  const chart = source.board ? headerChart(source.queryText) : undefined;
  const base = {
    runId,
    title: source.title,
    endpoint: prepared?.endpoint ?? '(not sent)',
    startedAt: Date.now(),
    ...(chart ? { chart: { ys: chart.ys } } : {}),
    ...(marks ? { marks } : {}),
  };
  if (!prepared || !target) return base;
  const pcode = prepared.pcode ?? target.pcode;
  return {
    ...base,
    server: target.baseUrl,
    stime: prepared.range.stime,
    etime: prepared.range.etime,
    limit: prepared.limit,
    params: prepared.params,
    ...(prepared.paramsFromRange.length > 0 ? { paramsFromRange: prepared.paramsFromRange } : {}),
    ...(prepared.paramOrigins && Object.keys(prepared.paramOrigins).length > 0
      ? { paramOrigins: prepared.paramOrigins }
      : {}),
    injects: prepared.injects,
    ...(pcode !== undefined ? { pcode } : {}),
    ...(prepared.endpointId === 'mxqlPath' ? { path: prepared.mql } : {}),
  };
}

/** The values the user gave: a re-run fills `$stime`/`$etime` again from its own range. */
function givenParams(prepared: PreparedRun): Record<string, string> {
  const fromRange = new Set(prepared.paramsFromRange);
  return Object.fromEntries(Object.entries(prepared.params).filter(([name]) => !fromRange.has(name)));
}

/** The history entry of a finished run. */
export function historyEntryOf(
  run: RunInfo,
  source: RunSource,
  prepared: PreparedRun,
  profile: string,
  result: RunResultSummary,
): HistoryEntry {
  return {
    id: run.runId,
    time: run.startedAt,
    title: source.title,
    profile,
    pcode: run.pcode,
    endpoint: prepared.endpoint,
    stime: prepared.range.stime,
    etime: prepared.range.etime,
    range: prepared.range.choice,
    params: givenParams(prepared),
    injects: prepared.injects,
    query: prepared.mql,
    ...result,
    ...(source.uri ? { uri: source.uri } : {}),
  };
}
