/**
 * The shapes of the data search behind the `mxql_find_data` tool: words in, ranked categories out.
 */
import { type CategoryCatalog, type ProductLine } from '../../server/core/index';

/** One column of a found category, with what we know of it. */
export interface FoundColumn {
  name: string;
  type?: string;
  unit?: string;
  /** Our own short description, where one was written. */
  meaning?: string;
}

/** One category that answers the words, best first. */
export interface FoundCategory {
  category: string;
  productLine?: string;
  /** One line on what it holds: our own words, else facts (line, intervals, columns, dashboards). */
  description: string;
  /** The collection intervals, e.g. `5s, 5m, 1h`. */
  interval?: string;
  /** Which words matched what, in words. */
  why: string;
  /** The columns the words matched, else the columns queries read most. */
  columns: FoundColumn[];
  score: number;
}

export interface FindOptions {
  /** How many categories at most (default 5). */
  limit?: number;
  /** Only categories of this product line (and those that fit every line). */
  productLine?: string;
}

export interface DataIndex {
  find(query: string, options?: FindOptions): FoundCategory[];
}

/** What a workspace's own queries teach: a category they read, the columns, and their description words. */
export interface WorkspaceEntry {
  category: string;
  columns: string[];
  text: string;
}

/** Everything the index may search: bundled facts, our own descriptions and a workspace's queries. */
export interface IndexSources {
  /** The category catalog the host loaded (names, columns, types, units, our descriptions). */
  catalog: CategoryCatalog;
  /** Entries learned from the workspace's queries (see `learnFromQueries`). */
  workspace?: readonly WorkspaceEntry[];
  /**
   * `names` matches category and column names only (no descriptions, translations, glossary or
   * workspace): the baseline the benchmark measures against.
   */
  mode?: 'full' | 'names';
}

export type { ProductLine };
