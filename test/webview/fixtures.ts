// Synthetic results for the webview tests: the message sequence an extension posts for a run.

import {
  type Cell,
  chunkColumns,
  type ColumnInfo,
  type ExtensionToResults,
  RESULTS_PROTOCOL_VERSION,
  type RunInfo,
} from '../../common/resultsMessages';
import { resultFactsOf } from '../../common/resultFacts';

/** 2026-11-01 00:00:00 UTC. */
export const BASE_TIME = Date.UTC(2026, 10, 1);

/** Run metadata for a test run. */
export function testRun(runId: string, extra: Partial<RunInfo> = {}): RunInfo {
  return {
    runId,
    title: 'TPS per agent',
    endpoint: '/open/api/flush/mxql/text',
    server: 'http://127.0.0.1:8080',
    stime: BASE_TIME,
    etime: BASE_TIME + 3_600_000,
    limit: 10_000,
    params: { $oid: '1234' },
    injects: { default: 'ORDER {key:[tps], sort:[desc]}' },
    startedAt: BASE_TIME,
    ...extra,
  };
}

/** Columns of the standard test result. */
export const testColumns: ColumnInfo[] = [
  { name: 'time' },
  { name: 'oid' },
  { name: 'oname' },
  { name: 'tps' },
  { name: 'resp_time' },
  { name: 'service' },
];

/** `count` rows: 4 agents, one row per agent every 5 s, deterministic values. */
export function testRows(count: number): Cell[][] {
  const rows: Cell[][] = [];
  for (let i = 0; i < count; i++) {
    const agent = i % 4;
    rows.push([
      BASE_TIME + Math.floor(i / 4) * 5000,
      1000 + agent,
      `agent-${agent}`,
      Math.round(((i * 7919) % 10007) * 10) / 10 + 1000,
      (i * 31) % 997,
      i % 10 === 0 ? null : `/api/service/${i % 13}`,
    ]);
  }
  return rows;
}

/** The full message sequence of a finished run. */
export function runMessages(
  run: RunInfo,
  columns: readonly ColumnInfo[],
  rows: readonly (readonly Cell[])[],
  chunkSize = 5000,
  firstChunk = chunkSize,
): ExtensionToResults[] {
  const v = RESULTS_PROTOCOL_VERSION;
  return [
    { type: 'init', v, run, columns },
    ...chunkColumns(run.runId, rows, columns.length, chunkSize, firstChunk),
    {
      type: 'done',
      v,
      runId: run.runId,
      totalRows: rows.length,
      elapsedMs: 1234,
      bytes: 456_789,
      // The facts the extension's executor judges from the same rows (common/resultFacts.ts).
      facts: resultFactsOf(
        rows.map((row) => Object.fromEntries(columns.map((c, i) => [c.name, row[i]]))),
        { limit: run.limit ?? 0, stime: run.stime ?? 0, etime: run.etime ?? 0 },
      ),
    },
  ];
}
