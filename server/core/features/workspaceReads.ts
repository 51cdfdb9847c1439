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
import { queryReads } from './columnUsage';

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
    const reads = queryReads(text, catalog);
    for (const category of reads.keys()) if (!CATEGORY_NAME.test(category)) reads.delete(category);
    return reads;
  } catch {
    return new Map();
  }
}

/** Query texts remembered at most; more texts than this teach nothing new. */
export const MAX_LEARNED_TEXTS = 5_000;
/** Characters of one text learned from at most (a larger file is read no further). */
export const MAX_LEARNED_TEXT_LENGTH = 1_000_000;
/** Categories remembered per text at most (a real query reads a few). */
const MAX_CATEGORIES_PER_TEXT = 50;

type Reads = Map<string, Set<string>>;

/** One text's reads within the per-text bounds. */
function boundedReads(text: string): Reads {
  const reads = learnQueryReads(text.length > MAX_LEARNED_TEXT_LENGTH ? '' : text);
  const out: Reads = new Map();
  for (const [category, columns] of reads) {
    if (out.size >= MAX_CATEGORIES_PER_TEXT) break;
    out.set(category, columns.size > MAX_LEARNED_COLUMNS ? new Set([...columns].slice(0, MAX_LEARNED_COLUMNS)) : columns);
  }
  return out;
}

/**
 * The reads of every query text of a workspace by source (a URI or path), and their sum. Updating one
 * source re-reads only its text; each update says which categories it changed.
 */
export class WorkspaceReads {
  private readonly bySource = new Map<string, Reads>();
  private sum: Map<string, Map<string, number>> | undefined;
  /** Category → how many sources read it, made with {@link sum}. */
  private readers = new Map<string, number>();

  /** Learns `text` as the content of `source`: the categories whose reads changed (empty: none). */
  set(source: string, text: string): ReadonlySet<string> {
    if (!this.bySource.has(source) && this.bySource.size >= MAX_LEARNED_TEXTS) return new Set();
    const reads = boundedReads(text);
    const changed = changedCategories(this.bySource.get(source) ?? new Map(), reads);
    this.bySource.set(source, reads);
    if (changed.size > 0) this.sum = undefined;
    return changed;
  }

  /** Forgets `source` (a deleted file): the categories it read. */
  delete(source: string): ReadonlySet<string> {
    const had = this.bySource.get(source);
    if (!had) return new Set();
    this.bySource.delete(source);
    if (had.size > 0) this.sum = undefined;
    return new Set(had.keys());
  }

  /** The categories `source` reads, as learned (empty when unknown). */
  categoriesOf(source: string): ReadonlySet<string> {
    return new Set(this.bySource.get(source)?.keys());
  }

  /** How many sources are learned. */
  get size(): number {
    return this.bySource.size;
  }

  /** How many sources read each column of each category, within the caps of the learned catalog. */
  learned(): LearnedColumns {
    this.sum ??= this.total();
    return this.sum;
  }

  /**
   * What only `source` reads: a document's own reads must not vouch for themselves (a misspelt column
   * would otherwise silence its own warning). Undefined when it shares every read with another source.
   */
  ownReads(source: string): OwnReads | undefined {
    const reads = this.bySource.get(source);
    if (!reads) return undefined;
    const sum = this.learned();
    const categories = new Set<string>();
    const columns = new Map<string, Set<string>>();
    for (const [category, read] of reads) {
      const counts = sum.get(category);
      if (!counts) continue;
      const alone = [...read].filter((column) => counts.get(column) === 1);
      if (alone.length > 0) columns.set(category, new Set(alone));
      if (this.readers.get(category) === 1) categories.add(category);
    }
    return categories.size > 0 || columns.size > 0 ? { categories, columns } : undefined;
  }

  private total(): Map<string, Map<string, number>> {
    const sum = new Map<string, Map<string, number>>();
    this.readers = new Map();
    for (const reads of this.bySource.values()) {
      for (const [category, columns] of reads) {
        this.readers.set(category, (this.readers.get(category) ?? 0) + 1);
        const counts = sum.get(category) ?? new Map<string, number>();
        sum.set(category, counts);
        for (const column of columns) counts.set(column, (counts.get(column) ?? 0) + 1);
      }
    }
    return capLearned(sum) as Map<string, Map<string, number>>;
  }
}

/** The categories read by one of `a` and `b` only, or with other columns. */
function changedCategories(a: Reads, b: Reads): Set<string> {
  const changed = new Set<string>();
  for (const [category, columns] of b) {
    const other = a.get(category);
    if (!other || other.size !== columns.size || [...columns].some((c) => !other.has(c))) changed.add(category);
  }
  for (const category of a.keys()) if (!b.has(category)) changed.add(category);
  return changed;
}
