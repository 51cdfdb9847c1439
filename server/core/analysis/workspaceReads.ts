/**
 * What a workspace's own queries read: per query text (a file or an open document), the categories it
 * reads with the columns it reads from each (`queryReads`), and the sum over every text as
 * {@link LearnedColumns} for `withLearnedColumns`. The language server and the assistant's find-data
 * search both learn through here.
 */
import {
  capLearned,
  createCategoryCatalog,
  MAX_LEARNED_COLUMNS,
  type CategoryCatalog,
  type LearnedColumns,
  type OwnReads,
} from '../catalog/index';
import { flowReads, queryReads } from './columnUsage';
import { type DocumentAnalysis } from './documentAnalysis';

/** With no catalog, column flow still finds the categories and the columns a query reads. */
const NO_CATALOG: CategoryCatalog = createCategoryCatalog(() => ({
  v: 1,
  categories: {},
  knownWithoutColumns: {},
}));

/** A name that can be a category (not a `$param`, a template marker or a quoted expression). */
const CATEGORY_NAME = /^[\w#.-]+$/;

/**
 * The categories one query text reads, each with the columns it reads; by default learned without a
 * catalog, so what is learned does not depend on what is already known. Never throws (empty when it
 * cannot tell).
 */
export function learnQueryReads(
  text: string,
  catalog: CategoryCatalog = NO_CATALOG,
): Map<string, Set<string>> {
  try {
    return categoriesOnly(queryReads(text, catalog));
  } catch {
    return new Map();
  }
}

/** {@link learnQueryReads} from an editor's analysis of the text (its column flow is computed already). */
export function learnAnalysisReads(analysis: DocumentAnalysis): Map<string, Set<string>> {
  try {
    return categoriesOnly(flowReads(analysis.flow, analysis.catalogs.categories));
  } catch {
    return new Map();
  }
}

function categoriesOnly(reads: Map<string, Set<string>>): Map<string, Set<string>> {
  for (const category of reads.keys()) if (!CATEGORY_NAME.test(category)) reads.delete(category);
  return reads;
}

/** Query texts remembered at most; more texts than this teach nothing new. */
export const MAX_LEARNED_TEXTS = 5_000;
/** Characters of one text learned from at most (a larger file is read no further). */
export const MAX_LEARNED_TEXT_LENGTH = 1_000_000;
/** Categories remembered per text at most (a real query reads a few). */
const MAX_CATEGORIES_PER_TEXT = 50;

type Reads = Map<string, Set<string>>;

/** What one update changed in what its source reads. */
export interface ReadsChange {
  /** Categories the source started or stopped reading. */
  readonly categories: ReadonlySet<string>;
  /** Per category, the columns the source started or stopped reading. */
  readonly columns: ReadonlyMap<string, ReadonlySet<string>>;
}

/** One text's reads within the per-text bounds. */
function bounded(reads: Reads): Reads {
  const out: Reads = new Map();
  for (const [category, columns] of reads) {
    if (out.size >= MAX_CATEGORIES_PER_TEXT) break;
    const kept = columns.size > MAX_LEARNED_COLUMNS ? [...columns].slice(0, MAX_LEARNED_COLUMNS) : columns;
    out.set(category, new Set(kept));
  }
  return out;
}

/**
 * The reads of every query text of a workspace by source (a URI or path), and how many sources read
 * each category and column, kept up to date with each update (which says what it changed).
 */
export class WorkspaceReads {
  private readonly bySource = new Map<string, Reads>();
  /** Category → column → how many sources read it. */
  private readonly counts = new Map<string, Map<string, number>>();
  /** Category → how many sources read it. */
  private readonly readers = new Map<string, number>();

  /** Learns `text` as the content of `source`; undefined when what it reads did not change. */
  set(source: string, text: string): ReadsChange | undefined {
    return this.setReads(source, learnQueryReads(text.length > MAX_LEARNED_TEXT_LENGTH ? '' : text));
  }

  /** Learns `reads` (from {@link learnQueryReads} or {@link learnAnalysisReads}) as what `source` reads. */
  setReads(source: string, reads: Map<string, Set<string>>): ReadsChange | undefined {
    if (!this.bySource.has(source) && this.bySource.size >= MAX_LEARNED_TEXTS) return undefined;
    const next = bounded(reads);
    const before = this.bySource.get(source) ?? new Map<string, Set<string>>();
    this.bySource.set(source, next);
    const change = difference(before, next);
    if (!change) return undefined;
    this.count(before, -1);
    this.count(next, 1);
    return change;
  }

  /** Forgets `source` (a deleted file); undefined when it read nothing. */
  delete(source: string): ReadsChange | undefined {
    const before = this.bySource.get(source);
    if (!before) return undefined;
    this.bySource.delete(source);
    this.count(before, -1);
    return difference(before, new Map());
  }

  /** What `source` reads, as learned (undefined when it was not learned). */
  readsOf(source: string): ReadonlyMap<string, ReadonlySet<string>> | undefined {
    return this.bySource.get(source);
  }

  /** How many sources are learned. */
  get size(): number {
    return this.bySource.size;
  }

  /**
   * How many sources read each column of each category, within the caps of the learned catalog. The
   * map is live: make the catalog anew after each update.
   */
  learned(): LearnedColumns {
    return capLearned(this.counts);
  }

  /**
   * What only `source` reads: a document's own reads must not vouch for themselves (a misspelt column
   * would otherwise silence its own warning). Undefined when it shares every read with another source.
   */
  ownReads(source: string): OwnReads | undefined {
    const reads = this.bySource.get(source);
    if (!reads) return undefined;
    const categories = new Set<string>();
    const columns = new Map<string, Set<string>>();
    for (const [category, read] of reads) {
      const counts = this.counts.get(category);
      const alone = [...read].filter((column) => counts?.get(column) === 1);
      if (alone.length > 0) columns.set(category, new Set(alone));
      if (this.readers.get(category) === 1) categories.add(category);
    }
    return categories.size > 0 || columns.size > 0 ? { categories, columns } : undefined;
  }

  private count(reads: Reads, by: 1 | -1): void {
    for (const [category, columns] of reads) {
      const readers = (this.readers.get(category) ?? 0) + by;
      if (readers > 0) this.readers.set(category, readers);
      else this.readers.delete(category);
      const counts = this.counts.get(category) ?? new Map<string, number>();
      for (const column of columns) {
        const n = (counts.get(column) ?? 0) + by;
        if (n > 0) counts.set(column, n);
        else counts.delete(column);
      }
      if (readers > 0) this.counts.set(category, counts);
      else this.counts.delete(category);
    }
  }
}

/** What changed from `a` to `b`, or undefined when they read the same. */
function difference(a: Reads, b: Reads): ReadsChange | undefined {
  const categories = new Set<string>();
  const columns = new Map<string, Set<string>>();
  for (const category of new Set([...a.keys(), ...b.keys()])) {
    const before = a.get(category);
    const after = b.get(category);
    if (!before || !after) categories.add(category);
    const changed = new Set<string>();
    for (const column of before ?? []) if (!after?.has(column)) changed.add(column);
    for (const column of after ?? []) if (!before?.has(column)) changed.add(column);
    if (changed.size > 0) columns.set(category, changed);
  }
  return categories.size > 0 || columns.size > 0 ? { categories, columns } : undefined;
}
