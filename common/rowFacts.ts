// What the columns of a result row mean, whoever reads them: which columns name the agent a row is from
// and how that agent is called, which columns are ids or the time rather than measures, and which
// columns a chart of the rows draws, and the rows as a table of cells. The one owner of these facts: the core's comparison and alert
// draft, the results panel's and the dashboards' charts, the notebook's exported chart and the
// assistant's summaries all ask here. Pure and small enough for every program, the webview included.
import type { Cell, ColumnInfo, ColumnKind } from './resultsMessages';

/**
 * The columns that say which agent a row is from: its id, its name and the group (okind) and node (onode)
 * it is filed under. The run planner's agent filters, the demo's generated rows and the comparison skip
 * or keep them together.
 */
export const AGENT_IDENTITY_FIELDS: readonly string[] = [
  'oid',
  'oname',
  'okind',
  'okindName',
  'onode',
  'onodeName',
];

/** The column rows name their agent by, or null when no row names one (the rows are one series). */
export type AgentKey = 'oid' | 'oname' | null;

type Row = Readonly<Record<string, unknown>>;

/** What rows name their agent by: `oid` when any row has one, else `oname`, else null (one series). */
export function agentKeyOf(rows: readonly Row[]): AgentKey {
  const has = (key: string) => rows.some((r) => r[key] !== undefined && r[key] !== null && r[key] !== '');
  return has('oid') ? 'oid' : has('oname') ? 'oname' : null;
}

/** The agent of a row: its grouping id, its label (oname, `oid N`, or `all`) and its oid when it has one. */
export function agentOf(row: Row, key: AgentKey): { id: string; label: string; oid?: number } {
  const value = key === null ? 'all' : row[key];
  const id = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const oid = typeof row['oid'] === 'number' ? row['oid'] : undefined;
  const name = typeof row['oname'] === 'string' && row['oname'] !== '' ? row['oname'] : undefined;
  const label = key === null ? 'all' : (name ?? (oid !== undefined ? `oid ${oid}` : id));
  return { id, label, ...(oid !== undefined ? { oid } : {}) };
}

/** True for the column of the rows' timestamp (epoch ms). */
export function isTimeColumn(name: string): boolean {
  return name.toLowerCase() === 'time';
}

/** True for a numeric column that identifies (an agent, a project) rather than measures. */
export function isIdColumn(name: string): boolean {
  return /^(oid|pcode)$/i.test(name);
}

/** The columns a chart splits its lines by, most wanted first: one line per agent when rows name one. */
const SPLIT_PREFERENCE: readonly string[] = ['oname', 'oid', 'okind', 'okindName', 'host', 'key'];

/** Which columns a chart of the rows uses: indexes into the columns; `split` -1 = one line per y column. */
export interface ChartColumns {
  readonly x: number;
  readonly ys: readonly number[];
  readonly split: number;
}

/** The kind of each column as far as a chart cares (a column the kinds do not know draws nothing). */
export type ChartKind = Exclude<ColumnKind, 'unknown'>;

/**
 * The columns a chart may use: the time axis (the `time` column when it holds times, else the first
 * time column; -1 when none), the numeric measures and the keys a chart may split by.
 */
export function chartCandidates(
  names: readonly string[],
  kinds: readonly ChartKind[],
): { x: number; numeric: number[]; keys: number[] } {
  const x = names.findIndex((name, i) => isTimeColumn(name) && kinds[i] === 'time');
  const fallbackX = x >= 0 ? x : kinds.indexOf('time');
  const idLike = (i: number): boolean => isIdColumn(names[i] ?? '');
  const numeric = kinds.flatMap((k, i) => (k === 'number' && !idLike(i) ? [i] : []));
  const keys = kinds.flatMap((k, i) => (k === 'string' || (k === 'number' && idLike(i)) ? [i] : []));
  return { x: fallbackX, numeric, keys };
}

/**
 * The chart of the rows: the wanted y columns that are measures (else the first measure) over time, split
 * by the wanted key (`-` for none) or else by the agent (oname, oid …). Undefined without a time axis
 * and a measure.
 */
export function chartColumnsOf(
  names: readonly string[],
  kinds: readonly ChartKind[],
  wantedY: readonly string[] = [],
  wantedSplit = '',
): ChartColumns | undefined {
  const { x, numeric, keys } = chartCandidates(names, kinds);
  if (x < 0 || numeric.length === 0) return undefined;
  const ys = wantedY.map((name) => names.indexOf(name)).filter((i) => numeric.includes(i));
  const named = wantedSplit === '-' ? -1 : names.indexOf(wantedSplit);
  const preferred = SPLIT_PREFERENCE.map((name) => names.indexOf(name)).find((i) => keys.includes(i)) ?? -1;
  const split = keys.includes(named) || (named === -1 && wantedSplit === '-') ? named : preferred;
  return { x, ys: ys.length ? ys : numeric.slice(0, 1), split };
}

/** A decoded JSON value as a cell: nested values become JSON text. */
function toCell(value: unknown): Cell {
  if (value === undefined) return null;
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return value as Cell;
}

/** Column names in first-seen key order over all rows. */
export function columnNamesOf(objects: readonly unknown[]): string[] {
  const seen = new Set<string>();
  for (const object of objects) {
    if (typeof object !== 'object' || object === null) continue;
    for (const key in object) if (Object.hasOwn(object, key)) seen.add(key);
  }
  return [...seen];
}

/**
 * The rows as a table: columns in first-seen key order over all rows, and each row as cells in that
 * order (a missing key an empty cell, a nested value its JSON text). What the results panel, the
 * dashboards and `mxql run` show; anything that is not an object is an empty row.
 */
export function tabulate(objects: readonly unknown[]): { columns: ColumnInfo[]; rows: Cell[][] } {
  const names = columnNamesOf(objects);
  const width = names.length;
  const empty: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  // A plain loop: this runs over every row of every result (see test/bench/resultsModel.bench.ts).
  const rows = objects.map((object) => {
    const record =
      typeof object === 'object' && object !== null ? (object as Record<string, unknown>) : empty;
    const cells = new Array<Cell>(width);
    for (let i = 0; i < width; i++) {
      const name = names[i] as string;
      cells[i] = Object.hasOwn(record, name) ? toCell(record[name]) : null;
    }
    return cells;
  });
  return { columns: names.map((name) => ({ name })), rows };
}
