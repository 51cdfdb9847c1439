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
/** How much spelling out a category's name adds to its score (see `spelled`). */
const NAME_WEIGHT = 2;
/** How many times the share of the words that spell a name counts (see `spelled`). */
const SPELLING_SHARE = 2;
/** The boost of categories of a product line the words point to. */
const LINE_BOOST = 0.35;
/** The boost per order of magnitude of public queries reading a category's columns. */
const USE_BOOST = 0.04;

/** One word of the query: its own terms and the glossary's English equivalents. */
export interface QueryWord {
  readonly word: string;
  readonly own: readonly string[];
  readonly equivalents: readonly string[];
  /** Product lines the word points to (컨테이너 → kubernetes). */
  readonly lines: readonly ProductLine[];
  /** A grouping word (에이전트별, エージェント別, "per agent"): how to split the data, not what it is. */
  readonly dimension: boolean;
}

export interface AnalysedQuery {
  readonly words: readonly QueryWord[];
  readonly lines: ReadonlySet<ProductLine>;
}

/** Korean and Japanese endings that make a word a grouping (에이전트별, 5초마다, 種類別, 日ごと). */
const GROUPING_ENDING = /(별|마다|別|ごと|毎)$/u;
/** English words that make the next word a grouping (per agent, by kind). */
const GROUPING_BEFORE = new Set(['per', 'by', 'each']);

/** The words of a query, each with the glossary's equivalents unless `withGlossary` is false. */
export function analyseQuery(query: string, withGlossary: boolean): AnalysedQuery {
  const words = new Map<
    string,
    { own: string[]; equivalents: Set<string>; lines: Set<ProductLine>; dimension: boolean }
  >();
  const seen = new Set<string>();
  let previous = '';
  for (const word of query.split(/[\s,;/()<>[\]{}|&+]+/).filter(Boolean)) {
    // A term counts once per query, however many words repeat it.
    const own = [...new Set(tokenize(word))].filter((t) => !seen.has(t));
    for (const t of own) seen.add(t);
    const dimension = GROUPING_ENDING.test(word) || GROUPING_BEFORE.has(previous);
    previous = normalise(word);
    if (own.length > 0 && !words.has(word))
      words.set(word, { own, equivalents: new Set(), lines: new Set(), dimension });
  }
  const lines = new Set<ProductLine>();
  if (withGlossary) {
    for (const hit of glossaryHits(query)) {
      if (hit.line) lines.add(hit.line);
      const fresh = hit.terms.filter((t) => !seen.has(t));
      for (const t of fresh) seen.add(t);
      const home = [...words.keys()].find((w) => normalise(w).includes(hit.word));
      const entry = home === undefined ? undefined : words.get(home);
      if (entry) {
        for (const t of fresh) entry.equivalents.add(t);
        if (hit.line) entry.lines.add(hit.line);
      } else if (fresh.length > 0)
        words.set(hit.word, {
          own: [],
          equivalents: new Set(fresh),
          lines: new Set(hit.line ? [hit.line] : []),
          dimension: false,
        });
    }
  }
  return {
    words: [...words].map(([word, w]) => ({
      word,
      own: w.own,
      equivalents: [...w.equivalents],
      lines: [...w.lines],
      dimension: w.dimension,
    })),
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
  /**
   * How well it answers, comparable across catalogs and queries: the score in units of the rarest
   * term's weight, times the share of the query's words it matched, or the share of its name the
   * words say when that is more. Fuzzy leftovers (one word of three matching a column's description)
   * stay well under 0.5.
   */
  readonly confidence: number;
}

/** Postings with their BM25 term scores, computed once per index. */
export class Bm25 {
  /** Term → [document index, the term's score in that document] for every document that has it. */
  private readonly postings = new Map<string, [number, number][]>();
  /** The idf of a term only one category has: scores in these units compare across catalogs. */
  private readonly rarest: number;
  /** Name term → how rare it is among category names (words few names share say most). */
  private readonly nameIdf = new Map<string, number>();

  constructor(private readonly docs: readonly CategoryDocument[]) {
    const n = docs.length;
    this.rarest = Math.log(1 + (n - 0.5) / 1.5) || 1;
    const mean = docs.reduce((sum, d) => sum + d.length, 0) / Math.max(n, 1) || 1;
    docs.forEach((doc, i) => {
      const norm = K1 * (1 - B + (B * doc.length) / mean);
      for (const [term, tf] of doc.terms) {
        let list = this.postings.get(term);
        if (!list) this.postings.set(term, (list = []));
        list.push([i, (tf * (K1 + 1)) / (tf + norm)]);
      }
    });
    const inNames = new Map<string, number>();
    for (const doc of docs) for (const t of doc.nameTerms) inNames.set(t, (inNames.get(t) ?? 0) + 1);
    for (const [t, df] of inNames) this.nameIdf.set(t, Math.log(1 + (n - df + 0.5) / (df + 0.5)));
    for (const list of this.postings.values()) {
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const entry of list) entry[1] *= idf;
    }
  }

  /**
   * How well the words spell the category's name. `score`: the rarity of each name term they say (a
   * glossary equivalent a little less), times the share of the name they cover, times the share of the
   * words that spell it (twice, capped at all), so `agent_count` outranks categories that merely have
   * agent columns when the words say "agent count", but one name word among many does not take over.
   * `share`: how much of the name they say. Grouping words (에이전트별, per agent) spell nothing.
   */
  private spelled(doc: CategoryDocument, query: AnalysedQuery): { score: number; share: number } {
    if (doc.nameTerms.size === 0) return { score: 0, share: 0 };
    const said = new Map<string, number>();
    let spelling = 0;
    for (const w of query.words) {
      if (w.dimension) continue;
      if ([...w.own, ...w.equivalents].some((t) => doc.nameTerms.has(t))) spelling++;
      for (const t of w.own) if (doc.nameTerms.has(t)) said.set(t, 1);
      for (const t of w.equivalents)
        if (doc.nameTerms.has(t)) said.set(t, Math.max(said.get(t) ?? 0, GLOSSARY_WEIGHT));
    }
    let sum = 0;
    for (const [t, weight] of said) sum += weight * (this.nameIdf.get(t) ?? 0);
    const share = said.size / doc.nameTerms.size;
    const speaking = Math.min(1, (SPELLING_SHARE * spelling) / Math.max(query.words.length, 1));
    return { score: sum * share * speaking, share };
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
      const spelled = this.spelled(doc, query);
      let score = words.reduce((sum, m) => sum + m.weight, 0) + NAME_WEIGHT * spelled.score;
      const named = new Set(words.flatMap((m) => m.terms).filter((t) => doc.nameTerms.has(t)));
      if (doc.nameTerms.size > 0) score *= 1 + (NAME_BOOST * named.size) / doc.nameTerms.size;
      if (query.lines.has(line(doc))) score *= 1 + LINE_BOOST;
      score *= 1 + USE_BOOST * Math.log10(1 + doc.uses);
      // A word is answered when it matched, or when it names the category's product line.
      const answered = query.words.filter(
        (w) => words.some((m) => m.word === w.word) || w.lines.includes(line(doc)),
      ).length;
      const coverage = answered / Math.max(query.words.length, 1);
      // Of two categories, the one that answers more of the words ranks higher (gently: long needs
      // carry words no category says).
      score *= Math.sqrt(coverage);
      // Saying half a category's name is an answer however many other words there are.
      const confidence = Math.max((score / this.rarest) * coverage, spelled.share);
      out.push({ doc, score, matched: words, confidence });
    }
    return out.sort((a, b) => b.score - a.score || (a.doc.category < b.doc.category ? -1 : 1));
  }
}
