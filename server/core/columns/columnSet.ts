/**
 * The set of columns at one point of a pipeline: what the flow carries and each command's effect
 * changes. When the columns cannot be known statically the set is `open`.
 */
import { type Range } from '../diagnostics/types';

/** Where a column comes from. */
export type ColumnOrigin = 'tag' | 'field' | 'system' | 'created' | 'renamed' | 'joined';

/** One column available at a point of a pipeline. */
export interface ColumnInfo {
  readonly name: string;
  readonly origin: ColumnOrigin;
  /** The option value that created or renamed the column; null for category and system columns. */
  readonly definedAt: Range | null;
}

/** The columns available at one point. `open` means more columns may exist than those listed. */
export interface ColumnSet {
  readonly open: boolean;
  readonly columns: ReadonlyMap<string, ColumnInfo>;
}

/** An open set with no known columns: nothing is checked against it. */
export const OPEN_COLUMNS: ColumnSet = { open: true, columns: new Map() };
