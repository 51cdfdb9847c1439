/**
 * The contract of the data search behind `mxql_find_data` (the search itself is its own module and
 * replaces this file whole): words in, the categories that answer them out, best first. Until then
 * `find` refuses, so the tool says the search is not available instead of answering wrongly.
 */
import type { CategoryCatalog } from '../../server/core/index';

/** One column of a found category, with what we know of it. */
export interface FoundColumn {
  name: string;
  type?: string;
  unit?: string;
  meaning?: string;
}

/** One category that answers the words, best first. */
export interface FoundCategory {
  category: string;
  productLine?: string;
  interval?: string;
  why: string;
  columns: FoundColumn[];
  score: number;
}

export interface FindOptions {
  limit?: number;
  productLine?: string;
}

export interface DataIndex {
  find(query: string, options?: FindOptions): FoundCategory[];
}

/** What a workspace's own queries teach. */
export interface WorkspaceEntry {
  category: string;
  columns: string[];
  text: string;
}

export interface IndexSources {
  catalog: CategoryCatalog;
  workspace?: readonly WorkspaceEntry[];
  mode?: 'full' | 'names';
}

export function learnFromQueries(texts: readonly string[], catalog?: CategoryCatalog): WorkspaceEntry[] {
  void catalog;
  void texts;
  return [];
}

export function buildDataIndex(sources: IndexSources): DataIndex {
  void sources;
  return {
    find() {
      throw new Error('the data search is not part of this build');
    },
  };
}
