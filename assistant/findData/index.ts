/**
 * The data search behind the `mxql_find_data` tool: words in English, Korean or Japanese become the
 * categories (and their columns) that answer them, best first. Pure: the host passes the loaded
 * catalog and what the workspace's queries taught; the index searches only what the product may
 * bundle (names, columns, types, units, our own descriptions and their translations) and those.
 */
import { productLineOf, type ProductLine } from '../../server/core/index';
import { buildDocuments, type CategoryDocument } from './documents';
import { describeCategory } from './describe';
import { columnsOf, whyOf } from './explain';
import { Bm25, analyseQuery } from './ranking';
import { type DataIndex, type FindOptions, type FoundCategory, type IndexSources } from './types';

export { learnFromQueries, leadingComment } from './learn';
export { tokenize } from './tokenize';
export type * from './types';

const DEFAULT_LIMIT = 5;
/**
 * Below this confidence a match is a guess (see `Scored.confidence`): the search answers nothing
 * rather than fuzzy leftovers, so the caller can say plainly that nothing matches well.
 */
export const MIN_CONFIDENCE = 0.5;

/** Builds the index once; `find` is then cheap enough to call per keystroke. */
export function buildDataIndex(sources: IndexSources): DataIndex {
  const full = sources.mode !== 'names';
  const docs = buildDocuments(sources);
  const bm25 = new Bm25(docs);
  const lines = new Map<CategoryDocument, ProductLine>(docs.map((d) => [d, productLineOf(d.category)]));
  const lineOf = (doc: CategoryDocument): ProductLine => lines.get(doc) ?? 'apm';
  return {
    find(query: string, options: FindOptions = {}): FoundCategory[] {
      const limit = Math.max(1, options.limit ?? DEFAULT_LIMIT);
      const wanted = options.productLine?.toLowerCase();
      const keep = (doc: CategoryDocument): boolean =>
        wanted === undefined || lineOf(doc) === wanted || lineOf(doc) === 'any';
      return (
        bm25
          .rank(analyseQuery(query, full), lineOf, keep)
          // The names-only baseline keeps every match: it is the naive reference the search is measured against.
          .filter((scored) => !full || scored.confidence >= MIN_CONFIDENCE)
          .slice(0, limit)
          .map((scored) => {
            const interval = scored.doc.info?.interval?.join(', ');
            return {
              category: scored.doc.category,
              productLine: lineOf(scored.doc),
              description: describeCategory(scored.doc, lineOf(scored.doc)),
              ...(interval ? { interval } : {}),
              why: whyOf(scored),
              columns: columnsOf(scored),
              score: Math.round(scored.score * 1000) / 1000,
            };
          })
      );
    },
  };
}
