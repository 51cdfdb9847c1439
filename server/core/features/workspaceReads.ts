/**
 * What a workspace's own queries read: per query text (a file or an open document), the categories it
 * reads with the columns it reads from each (`queryReads`), and the sum over every text as
 * {@link LearnedColumns} for `withLearnedColumns`. The language server and the assistant's find-data
 * search both learn through here.
 */
import { createCategoryCatalog, type CategoryCatalog, type LearnedColumns } from '../catalog/index';
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

/**
 * The reads of every query text of a workspace by source (a URI), and their sum. Updating one source
 * re-reads only its text.
 */
export class WorkspaceReads {
  private readonly bySource = new Map<string, Map<string, Set<string>>>();
  private sum: Map<string, Map<string, number>> | undefined;

  /** Learns `text` as the content of `source`; true when what the workspace reads changed. */
  set(source: string, text: string): boolean {
    if (!this.bySource.has(source) && this.bySource.size >= MAX_LEARNED_TEXTS) return false;
    const reads = learnQueryReads(text.length > MAX_LEARNED_TEXT_LENGTH ? '' : text);
    const before = this.bySource.get(source) ?? new Map<string, Set<string>>();
    this.bySource.set(source, reads);
    if (sameReads(before, reads)) return false;
    this.sum = undefined;
    return true;
  }

  /** Forgets `source` (a deleted file); true when what the workspace reads changed. */
  delete(source: string): boolean {
    const had = this.bySource.get(source);
    if (!had) return false;
    this.bySource.delete(source);
    this.sum = undefined;
    return had.size > 0;
  }

  /** Whether `source` was learned. */
  has(source: string): boolean {
    return this.bySource.has(source);
  }

  /** How many sources are learned. */
  get size(): number {
    return this.bySource.size;
  }

  /**
   * Column counts over every source but `except`: a document's own reads must not vouch for
   * themselves (a misspelt column would otherwise silence its own warning).
   */
  learned(except?: string): LearnedColumns {
    const sum = (this.sum ??= this.total());
    const own = except === undefined ? undefined : this.bySource.get(except);
    if (except === undefined || !own || own.size === 0) return sum;
    const out = new Map<string, Map<string, number>>(sum);
    for (const [category, columns] of own) {
      const counts = new Map(out.get(category));
      for (const column of columns) {
        const left = (counts.get(column) ?? 0) - 1;
        if (left > 0) counts.set(column, left);
        else counts.delete(column);
      }
      if (counts.size > 0 || this.readers(category, except)) out.set(category, counts);
      else out.delete(category);
    }
    return out;
  }

  /** True when a source other than `except` reads `category`. */
  private readers(category: string, except: string): boolean {
    for (const [source, reads] of this.bySource) if (source !== except && reads.has(category)) return true;
    return false;
  }

  private total(): Map<string, Map<string, number>> {
    const sum = new Map<string, Map<string, number>>();
    for (const reads of this.bySource.values()) {
      for (const [category, columns] of reads) {
        const counts = sum.get(category) ?? new Map<string, number>();
        sum.set(category, counts);
        for (const column of columns) counts.set(column, (counts.get(column) ?? 0) + 1);
      }
    }
    return sum;
  }
}

function sameReads(a: Map<string, Set<string>>, b: Map<string, Set<string>>): boolean {
  if (a.size !== b.size) return false;
  for (const [category, columns] of b) {
    const other = a.get(category);
    if (!other || other.size !== columns.size) return false;
    for (const column of columns) if (!other.has(column)) return false;
  }
  return true;
}
