// Output of `mxql run` and `mxql api`: any decoded response as a text table, JSON or CSV.
// Responses come in many shapes (row arrays, `records`/`data` envelopes, single objects, bare
// numbers), so tabulate() first finds the rows, then flattens each row one level into cells.
import { toCsv } from '../common/tabular';
import type { Cell } from '../common/resultsMessages';

export const OutputFormats = ['table', 'json', 'csv'] as const;
export type OutputFormat = (typeof OutputFormats)[number];

export interface Table {
  columns: string[];
  rows: Cell[][];
}

/** Envelope keys that hold the rows of a response, in order of preference. */
const ROW_KEYS = ['records', 'data', 'servers', 'objects', 'dbc_total', 'unmatchedKeys', 'values', 'series'];

/** The list of rows inside a response, or the response itself as one row. */
export function pickRows(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'object' || value === null) return [{ value }];
  const record = value as Record<string, unknown>;
  for (const key of ROW_KEYS) {
    const inner = record[key];
    if (Array.isArray(inner)) return inner;
    if (key === 'values' && typeof inner === 'object' && inner !== null && 'servers' in inner) {
      return pickRows(inner);
    }
  }
  return [value];
}

function cell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

function flatten(item: unknown): Record<string, Cell> {
  if (Array.isArray(item)) return Object.fromEntries(item.map((v, i) => [`[${i}]`, cell(v)]));
  if (typeof item !== 'object' || item === null) return { value: cell(item) };
  return Object.fromEntries(Object.entries(item).map(([k, v]) => [k, cell(v)]));
}

/** Rows and columns (in order of first appearance) of any response. */
export function tabulate(value: unknown): Table {
  const flat = pickRows(value).map(flatten);
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const row of flat) {
    for (const key of Object.keys(row)) {
      if (!seen.has(key)) {
        seen.add(key);
        columns.push(key);
      }
    }
  }
  return { columns, rows: flat.map((row) => columns.map((c) => row[c] ?? null)) };
}

const MAX_CELL = 60;

function display(value: Cell): string {
  const text = value === null ? '' : String(value).replace(/[\r\n\t]+/g, ' ');
  return text.length > MAX_CELL ? `${text.slice(0, MAX_CELL - 1)}…` : text;
}

/** A fixed-width text table; numbers are right-aligned. */
export function renderTable(table: Table): string {
  if (table.rows.length === 0) return '(no rows)\n';
  const texts = table.rows.map((row) => row.map(display));
  const widths = table.columns.map((c, i) => Math.max(c.length, ...texts.map((r) => (r[i] ?? '').length)));
  const pad = (text: string, i: number, right: boolean) =>
    right ? text.padStart(widths[i] ?? 0) : text.padEnd(widths[i] ?? 0);
  const lines = [
    table.columns.map((c, i) => pad(c, i, false)).join('  '),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...texts.map((r, ri) => r.map((t, i) => pad(t, i, typeof table.rows[ri]?.[i] === 'number')).join('  ')),
  ];
  return `${lines.map((l) => l.trimEnd()).join('\n')}\n`;
}

/** The text printed for a response in the chosen format. */
export function formatOutput(value: unknown, format: OutputFormat): string {
  if (format === 'json') return `${JSON.stringify(value, null, 2)}\n`;
  const table = tabulate(value);
  if (format === 'csv') {
    return toCsv(
      table.columns.map((name) => ({ name })),
      table.rows,
      { eol: '\n', guardFormulas: false },
    );
  }
  return renderTable(table);
}
