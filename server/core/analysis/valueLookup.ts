/**
 * Live choices for a `$param` compared with a column (a tag value): the small query a caller with a
 * backend runs, over the run's own range and project, to list the values that column holds, most
 * frequent first; and how to read them from its rows. Pure: building and reading only, never sending.
 */

/** A lookup of one column's values in one category. */
export interface ValueLookup {
  readonly category: string;
  readonly column: string;
  /** The MXQL to send (to `/mxql/text`, with the run's stime/etime). */
  readonly mql: string;
}

/** How many distinct values a lookup asks for: enough to pick from, small enough to read at once. */
export const LOOKUP_VALUES = 50;

/** The loaders a lookup can read a category with (the others need options a lookup cannot guess). */
const LOOKUP_LOADERS: ReadonlySet<string> = new Set(['TAGLOAD', 'FLEXLOAD']);

/**
 * The lookup of `column`'s values: `categoryLine` (the CATEGORY statement in effect, as written, so a
 * roll-up choice by range stays the service's), then the query's own loader, one column, a group per
 * value counting its rows, the most frequent first. Undefined when the loader is not one a lookup can
 * use or a name cannot be written safely.
 */
export function valueLookup(
  categoryLine: string,
  category: string,
  column: string,
  loader: string,
): ValueLookup | undefined {
  const upper = loader.toUpperCase();
  if (!LOOKUP_LOADERS.has(upper) || /["\n\r]/.test(column) || column === '') return undefined;
  if (/[$\n\r]|<%/.test(categoryLine) || !/^category\b/i.test(categoryLine)) return undefined;
  const name = JSON.stringify(column);
  const mql = [
    categoryLine,
    upper,
    `SELECT [${name}]`,
    `GROUP {pk: ${name}}`,
    'ORDER {key: _rows_, sort: desc}',
    `LIMIT ${LOOKUP_VALUES}`,
  ].join('\n');
  return { category, column, mql };
}

/**
 * The distinct values of the lookup's column in `rows`, as text, most frequent first (by the `_rows_`
 * count GROUP adds, else as returned); blanks and composite values are left out.
 */
export function lookupValues(
  lookup: ValueLookup,
  rows: readonly Readonly<Record<string, unknown>>[],
): string[] {
  const counted = rows.map((row, i) => ({ value: row[lookup.column], rows: Number(row._rows_), i }));
  counted.sort((a, b) => (b.rows || 0) - (a.rows || 0) || a.i - b.i);
  const seen = new Set<string>();
  for (const { value } of counted) {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
    const text = String(value);
    if (text.trim() !== '') seen.add(text);
    if (seen.size >= LOOKUP_VALUES) break;
  }
  return [...seen];
}
