/**
 * BM25 over the category documents: a term that few categories have and that one category has often
 * scores most; long documents are discounted so a category with hundreds of columns does not win on
 * size. Query terms from the glossary count a little less than the user's own words.
 */
import { type ProductLine } from '../../server/core/index';
import { type CategoryDocument } from './documents';
import { glossaryHits } from './glossary';
import { tokenize } from './tokenize';

const K1 = 1.2;
const B = 0.6;
/** How much a glossary term counts against a word the user wrote. */
const GLOSSARY_WEIGHT = 0.7;
/** The boost of categories of a product line the words point to. */
const LINE_BOOST = 0.35;
/** The boost per order of magnitude of public queries reading a category's columns. */
const USE_BOOST = 0.04;

/** A query term, its weight, and the word of the query it came from. */
export interface QueryTerm {
  readonly term: string;
  readonly weight: number;
  readonly word: string;
}

export interface AnalysedQuery {
  readonly terms: readonly QueryTerm[];
  readonly lines: ReadonlySet<ProductLine>;
}

/** The terms of a query: its own words, plus the glossary's unless `names` only. */
export function analyseQuery(query: string, withGlossary: boolean): AnalysedQuery {
  const byTerm = new Map<string, QueryTerm>();
  for (const word of query.split(/[\s,;/()<>[\]{}|&+]+/).filter(Boolean))
    for (const term of tokenize(word)) if (!byTerm.has(term)) byTerm.set(term, { term, weight: 1, word });
  const lines = new Set<ProductLine>();
  if (withGlossary) {
    for (const hit of glossaryHits(query)) {
      if (hit.line) lines.add(hit.line);
      for (const term of hit.terms)
        if (!byTerm.has(term)) byTerm.set(term, { term, weight: GLOSSARY_WEIGHT, word: hit.word });
    }
  }
  return { terms: [...byTerm.values()], lines };
}

export interface Scored {
  readonly doc: CategoryDocument;
  readonly score: number;
  /** The query terms this category matched. */
  readonly matched: readonly QueryTerm[];
}

/** Inverse document frequencies and the mean length, computed once per index. */
export class Bm25 {
  private readonly idf = new Map<string, number>();
  private readonly meanLength: number;

  constructor(private readonly docs: readonly CategoryDocument[]) {
    const df = new Map<string, number>();
    for (const doc of docs) for (const term of doc.terms.keys()) df.set(term, (df.get(term) ?? 0) + 1);
    const n = docs.length;
    for (const [term, count] of df) this.idf.set(term, Math.log(1 + (n - count + 0.5) / (count + 0.5)));
    this.meanLength = docs.reduce((sum, d) => sum + d.length, 0) / Math.max(n, 1);
  }

  /** Every category with at least one matching term, best first. */
  rank(query: AnalysedQuery, line: (doc: CategoryDocument) => ProductLine, keep: (doc: CategoryDocument) => boolean): Scored[] {
    const out: Scored[] = [];
    const known = query.terms.filter((t) => this.idf.has(t.term));
    if (known.length === 0) return out;
    for (const doc of this.docs) {
      if (!keep(doc)) continue;
      let score = 0;
      const matched: QueryTerm[] = [];
      const norm = K1 * (1 - B + (B * doc.length) / (this.meanLength || 1));
      for (const q of known) {
        const tf = doc.terms.get(q.term);
        if (!tf) continue;
        score += q.weight * (this.idf.get(q.term) ?? 0) * ((tf * (K1 + 1)) / (tf + norm));
        matched.push(q);
      }
      if (score <= 0) continue;
      if (query.lines.has(line(doc))) score *= 1 + LINE_BOOST;
      score *= 1 + USE_BOOST * Math.log10(1 + doc.uses);
      out.push({ doc, score, matched });
    }
    return out.sort((a, b) => b.score - a.score || (a.doc.category < b.doc.category ? -1 : 1));
  }
}
