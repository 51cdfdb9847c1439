// Plain-text forms of a result table, shared by the webview (copy as TSV) and the extension
// (export to CSV/JSON, open as a JSON document). Pure functions: no DOM, no Node.

import { type Cell, type ColumnInfo } from './resultsMessages';

/** Options of {@link toCsv}. */
export interface CsvOptions {
  /** Line separator; RFC 4180 says CRLF. */
  readonly eol?: string;
  /**
   * Prefix text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR) with `'`.
   * Numbers stay untouched. On by default because exported files are opened in spreadsheets.
   */
  readonly guardFormulas?: boolean;
}

const formulaStart = /^[=+\-@\t\r]/;

/** The text of one cell as exported: null → empty, everything else its JSON-ish string. */
export function cellText(value: Cell | undefined): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : String(value);
}

function guardFormula(value: Cell | undefined, text: string): string {
  if (typeof value !== 'string' || !formulaStart.test(text)) return text;
  return Number.isFinite(Number(text)) && text.trim() !== '' ? text : `'${text}`;
}

function quoteCsv(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function quoteTsv(text: string): string {
  return /["\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV with a header line of column names. */
export function toCsv(
  columns: readonly ColumnInfo[],
  rows: Iterable<readonly Cell[]>,
  options: CsvOptions = {},
): string {
  const eol = options.eol ?? '\r\n';
  const guard = options.guardFormulas ?? true;
  const field = (value: Cell | undefined): string => {
    const text = cellText(value);
    return quoteCsv(guard ? guardFormula(value, text) : text);
  };
  const lines = [columns.map((c) => quoteCsv(c.name)).join(',')];
  for (const row of rows) lines.push(columns.map((_, i) => field(row[i])).join(','));
  return lines.join(eol) + eol;
}

/**
 * Tab-separated values as spreadsheets paste them: fields holding a tab, newline or quote are
 * quoted. `header` adds a first line of column names.
 */
export function toTsv(
  columns: readonly ColumnInfo[],
  rows: Iterable<readonly Cell[]>,
  header = false,
): string {
  const lines: string[] = header ? [columns.map((c) => quoteTsv(c.name)).join('\t')] : [];
  for (const row of rows) lines.push(columns.map((_, i) => quoteTsv(cellText(row[i]))).join('\t'));
  return lines.join('\n');
}

/** Unique keys for JSON objects: a repeated column name gets `_2`, `_3` … appended. */
export function uniqueColumnKeys(columns: readonly ColumnInfo[]): string[] {
  const seen = new Map<string, number>();
  return columns.map((c) => {
    const count = (seen.get(c.name) ?? 0) + 1;
    seen.set(c.name, count);
    return count === 1 ? c.name : `${c.name}_${count}`;
  });
}

/** Rows as objects keyed by column name, for JSON export and "open as JSON". */
export function toObjects(
  columns: readonly ColumnInfo[],
  rows: Iterable<readonly Cell[]>,
): Record<string, Cell>[] {
  const keys = uniqueColumnKeys(columns);
  const out: Record<string, Cell>[] = [];
  for (const row of rows) {
    // fromEntries defines own properties, so a column named `__proto__` stays an ordinary key.
    const obj = Object.fromEntries(keys.map((key, i) => [key, row[i] ?? null])) as Record<string, Cell>;
    out.push(obj);
  }
  return out;
}

/** Pretty JSON (an array of row objects) for export and "open as JSON". */
export function toJson(columns: readonly ColumnInfo[], rows: Iterable<readonly Cell[]>): string {
  return JSON.stringify(toObjects(columns, rows), null, 2) + '\n';
}
