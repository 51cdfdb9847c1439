/**
 * Public shapes of the category catalog, and the compact JSON it is built from.
 */

/** Where a column comes from: a category tag, a category field, or a column every row carries. */
export type ColumnKind = 'tag' | 'field' | 'system';

/** One column a query can name. */
export interface Column {
  readonly name: string;
  readonly kind: ColumnKind;
  /** Value type as the metadata names it: Number, String, List, Long. */
  readonly type?: string;
  /** Unit as the metadata names it: count, ms, byte, pct, … */
  readonly unit?: string;
  readonly deprecated?: boolean;
  /** Our own short description, where one was written. */
  readonly description?: string;
  /** How many public queries read this column of this category (absent when none). */
  readonly uses?: number;
  /** True when only public queries name it (the category metadata lacks it). */
  readonly fromQueries?: boolean;
  /** How many of the workspace's own queries read it, when only they name it (the catalog lacks it). */
  readonly workspaceUses?: number;
}

/** Everything known about one category. */
export interface CategoryInfo {
  /**
   * The catalog name: without any `{m5}`/`{h1}` roll-up suffix, except for the few roll-ups that
   * have metadata of their own (`visitor{h1}`).
   */
  readonly name: string;
  readonly tags: readonly Column[];
  readonly fields: readonly Column[];
  /** Collection intervals, e.g. `['1h', '5m', '5s']` (a `5m`/`1h` entry means a roll-up exists). */
  readonly interval?: readonly string[];
  /** Columns identifying one series. */
  readonly pk?: readonly string[];
  /** The loader real queries use with it (TAGLOAD, FLEXLOAD, LogCountLoad …). */
  readonly loader?: string;
  /**
   * False when the column list is missing or known to be incomplete: features must then not report
   * unknown columns for this category.
   */
  readonly columnsKnown: boolean;
  /**
   * True only when the column list is believed complete: metadata lists the columns and no public
   * query names a column it lacks. Only then is an unknown column a warning.
   */
  readonly columnsComplete: boolean;
  /** Our own one-line description, for the categories users meet most. */
  readonly description?: string;
  /** Titles of public dashboards and saved queries that read it, e.g. `kafka dashboard broker`. */
  readonly titles?: readonly string[];
}

/** A column as stored: a bare name, or `[name, typeCode|0, unit|0, 1 if deprecated]` trimmed at the end. */
export type CompactColumn = string | readonly (string | number)[];

/** One category as stored (short keys, empty parts omitted). */
export interface CompactCategory {
  /** interval */
  readonly i?: readonly string[];
  /** pk */
  readonly k?: readonly string[];
  /** loader */
  readonly l?: string;
  /** tags */
  readonly t?: readonly CompactColumn[];
  /** fields */
  readonly f?: readonly CompactColumn[];
  /** 1 when the column lists are incomplete */
  readonly u?: number;
  /** 1 when the lists are usable but public queries name columns the metadata lacks (listed in `q`) */
  readonly p?: number;
  /** fields public queries read that the metadata lacks (type and unit inferred from the name) */
  readonly q?: readonly CompactColumn[];
  /** Usage counts: column name → how many public queries read it (absent when none) */
  readonly n?: Readonly<Record<string, number>>;
}

/** The bundled `categories.json`, written by scripts/buildCatalog.mjs. */
export interface CatalogJson {
  readonly v: number;
  readonly categories: Readonly<Record<string, CompactCategory>>;
  /** Categories real queries use but without metadata: name → loader seen ('' when unclear). */
  readonly knownWithoutColumns: Readonly<Record<string, string>>;
  /** Titles of the public dashboards and saved queries that read each category (from their file names). */
  readonly titles?: Readonly<Record<string, readonly string[]>>;
}

/** The bundled `paths.json`: the predefined query paths for the path endpoint. */
export interface PathsJson {
  readonly v: number;
  readonly paths: readonly string[];
}

/** Column type codes used in {@link CompactColumn}. */
export const COLUMN_TYPE_CODES: Readonly<Record<string, string>> = {
  N: 'Number',
  S: 'String',
  L: 'List',
  G: 'Long',
};
