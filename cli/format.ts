// Output of `mxql run` and `mxql api`: any decoded response as a text table, JSON or CSV. The rows are
// api/'s reading of the answer (responseTable), the same the results grid shows.
import { responseTable } from '../api/index';
import { tabulate as tabulateRows } from '../common/rowFacts';
import { toCsv } from '../common/tabular';
import type { Cell } from '../common/resultsMessages';

export const OutputFormats = ['table', 'json', 'csv'] as const;
export type OutputFormat = (typeof OutputFormats)[number];

export interface Table {
  columns: string[];
  rows: Cell[][];
}

/** Rows and columns (in order of first appearance) of any response, read as the results grid reads it. */
export function tabulate(value: unknown): Table {
  const table = tabulateRows(responseTable(value).rows);
  return { columns: table.columns.map((c) => c.name), rows: table.rows };
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
