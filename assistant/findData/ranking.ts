/**
 * BM25 over the category documents: a term that few categories have and that one category has often
 * scores most; long documents are discounted (mildly: a category with many columns really does offer
 * more) so size alone does not win. A word the glossary knows also counts through its English
 * equivalents, a little less than the word itself. Two priors follow: categories whose name the words
 * spell out, and categories of a product line the words point to, rank higher.
 */
import { type ProductLine } from '../../server/core/index';
import { type CategoryDocument } from './documents';
import { glossaryHits } from './glossary';
import { normalise, tokenize } from './tokenize';

const K1 = 1.2;
const B = 0.4;
/** How much a glossary equivalent counts against a word the user wrote. */
const GLOSSARY_WEIGHT = 0.7;
/** The boost of a category whose name the words spell out in full (a share of it for part). */
const NAME_BOOST = 0.5;
/** The boost of categories of a product line the words point to. */
const LINE_BOOST = 0.35;
/** The boost per order of magnitude of public queries reading a category's columns. */
const USE_BOOST = 0.04;

/** One word of the query: its own terms and the glossary's English equivalents. */
export interface QueryWord {
  readonly word: string;
  readonly own: readonly string[];
  readonly equivalents: readonly string[];
}

export interface AnalysedQuery {
  readonly words: readonly QueryWord[];
  readonly lines: ReadonlySet<ProductLine>;
}

/** The words of a query, each with the glossary's equivalents unless `withGlossary` is false. */
export function analyseQuery(query: string, withGlossary: boolean): AnalysedQuery {
  const words = new Map<string, { own: string[]; equivalents: Set<string> }>();
  const seen = new Set<string>();
  for (const word of query.split(/[\s,;/()<>[\]{}|&+]+/).filter(Boolean)) {
    // A term counts once per query, however many words repeat it.
    const own = [...new Set(tokenize(word))].filter((t) => !seen.has(t));
    for (const t of own) seen.add(t);
    if (own.length > 0 && !words.has(word)) words.set(word, { own, equivalents: new Set() });
  }
  const lines = new Set<ProductLine>();
  if (withGlossary) {
    for (const hit of glossaryHits(query)) {
      if (hit.line) lines.add(hit.line);
      const fresh = hit.terms.filter((t) => !seen.has(t));
      for (const t of fresh) seen.add(t);
      const home = [...words.keys()].find((w) => normalise(w).includes(hit.word));
      const entry = home === undefined ? undefined : words.get(home);
      if (entry) for (const t of fresh) entry.equivalents.add(t);
      else if (fresh.length > 0) words.set(hit.word, { own: [], equivalents: new Set(fresh) });
    }
  }
  return {
    words: [...words].map(([word, w]) => ({ word, own: w.own, equivalents: [...w.equivalents] })),
    lines,
  };
}

/** A query word a category matched, with the terms that did and what they scored. */
export interface MatchedWord {
  readonly word: string;
  readonly terms: readonly string[];
  readonly weight: number;
}

export interface Scored {
  readonly doc: CategoryDocument;
  readonly score: number;
  readonly matched: readonly MatchedWord[];
}

/** Postings with their BM25 term scores, computed once per index. */
export class Bm25 {
  /** Term → [document index, the term's score in that document] for every document that has it. */
  private readonly postings = new Map<string, [number, number][]>();

  constructor(private readonly docs: readonly CategoryDocument[]) {
    const n = docs.length;
    const mean = docs.reduce((sum, d) => sum + d.length, 0) / Math.max(n, 1) || 1;
    docs.forEach((doc, i) => {
      const norm = K1 * (1 - B + (B * doc.length) / mean);
      for (const [term, tf] of doc.terms) {
        let list = this.postings.get(term);
        if (!list) this.postings.set(term, (list = []));
        list.push([i, (tf * (K1 + 1)) / (tf + norm)]);
      }
    });
    for (const list of this.postings.values()) {
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const entry of list) entry[1] *= idf;
    }
  }

  /** Every kept category with at least one matching word, best first. */
  rank(
    query: AnalysedQuery,
    line: (doc: CategoryDocument) => ProductLine,
    keep: (doc: CategoryDocument) => boolean,
  ): Scored[] {
    const matched = new Map<number, MatchedWord[]>();
    for (const w of query.words) {
      const perDoc = new Map<number, { score: number; terms: string[] }>();
      const collect = (terms: readonly string[], weight: number): void => {
        for (const term of terms)
          for (const [i, s] of this.postings.get(term) ?? []) {
            const m = perDoc.get(i) ?? { score: 0, terms: [] };
            m.score += s * weight;
            m.terms.push(term);
            perDoc.set(i, m);
          }
      };
      collect(w.own, 1);
      collect(w.equivalents, GLOSSARY_WEIGHT);
      for (const [i, m] of perDoc) {
        const list = matched.get(i) ?? [];
        list.push({ word: w.word, terms: m.terms, weight: m.score });
        matched.set(i, list);
      }
    }
    const out: Scored[] = [];
    for (const [i, words] of matched) {
      const doc = this.docs[i];
      if (!doc || !keep(doc)) continue;
      let score = words.reduce((sum, m) => sum + m.weight, 0);
      const named = new Set(words.flatMap((m) => m.terms).filter((t) => doc.nameTerms.has(t)));
      if (doc.nameTerms.size > 0) score *= 1 + (NAME_BOOST * named.size) / doc.nameTerms.size;
      if (query.lines.has(line(doc))) score *= 1 + LINE_BOOST;
      score *= 1 + USE_BOOST * Math.log10(1 + doc.uses);
      out.push({ doc, score, matched: words });
    }
    return out.sort((a, b) => b.score - a.score || (a.doc.category < b.doc.category ? -1 : 1));
  }
}
