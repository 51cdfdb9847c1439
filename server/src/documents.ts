/**
 * The analysis cache: one core analysis per document version, so a burst of completion, hover and
 * semantic-token requests on the same version parses once and computes the column flow once. A new
 * version is derived from the previous one with the edits that made it (recorded as they are applied,
 * see textSync.ts), so only the blocks they touch are parsed and checked again.
 *
 * Only the documents used most recently keep their analysis (bounded by count and by text length): a
 * document the user is not working on costs its text alone, and its next request analyses that text
 * again (the same result: an incremental analysis equals a fresh one). So memory does not grow with
 * the number of open files.
 */
import { type TextDocument } from 'vscode-languageserver-textdocument';
import {
  analyzeDocument,
  updateAnalysis,
  type DocumentAnalysis,
  type LanguageCatalogs,
  type TextEdit,
} from '../core/index';

interface Entry {
  readonly uri: string;
  readonly version: number;
  readonly analysis: DocumentAnalysis;
  /** When the entry was last read (a counter): the smallest is evicted first. */
  used: number;
}

/** Analyses kept at most: the few files a user works on at once. */
export const KEPT_ANALYSES = 8;
/** Text (UTF-16 units) the kept analyses may cover together; the most recent one is always kept. */
export const KEPT_ANALYSIS_TEXT = 1_000_000;

/** How a version's analysis was made, for benchmarks and the floor tests. */
export interface AnalysisStats {
  /** Analyses derived from the previous version (incremental) and made from scratch. */
  incremental: number;
  fresh: number;
  /** Analyses dropped to stay within {@link KEPT_ANALYSES} and {@link KEPT_ANALYSIS_TEXT}. */
  evicted: number;
  /** Blocks parsed again by incremental analyses. */
  reparsedBlocks: number;
}

/**
 * Cached analyses in a fixed set of slots; stale versions are replaced on first use, the least
 * recently used entry makes room for a new one. Slots rather than a Map re-ordered on every use: a
 * Map that grows and shrinks leaves old tables behind that still point at evicted analyses, and those
 * kept every analysis alive through young-generation collections (the heap grew with each file opened).
 */
export class AnalysisCache {
  private readonly slots: (Entry | undefined)[] = new Array<Entry | undefined>(KEPT_ANALYSES).fill(undefined);
  private clock = 0;
  /** Edits applied since the cached version, in order, per document with a kept analysis. */
  private readonly edits = new Map<string, TextEdit[]>();
  readonly stats: AnalysisStats = { incremental: 0, fresh: 0, evicted: 0, reparsedBlocks: 0 };

  private readonly catalogsFor: (uri: string) => LanguageCatalogs;

  /** `catalogs`, or per document the catalogs to analyse it with (what the workspace reads differs). */
  constructor(catalogs: LanguageCatalogs | ((uri: string) => LanguageCatalogs)) {
    this.catalogsFor = typeof catalogs === 'function' ? catalogs : () => catalogs;
  }

  /** Records an edit applied to the document (offsets into the text before it). */
  recordEdit(uri: string, edit: TextEdit): void {
    if (this.slotOf(uri) < 0) return;
    const list = this.edits.get(uri);
    if (list) list.push(edit);
    else this.edits.set(uri, [edit]);
  }

  /** The analysis of the document's current version. */
  get(doc: TextDocument): DocumentAnalysis {
    const slot = this.slotOf(doc.uri);
    const cached = slot < 0 ? undefined : this.slots[slot];
    if (cached && cached.version === doc.version) {
      cached.used = ++this.clock;
      return cached.analysis;
    }
    const text = doc.getText();
    const edits = this.edits.get(doc.uri);
    this.edits.delete(doc.uri);
    let analysis: DocumentAnalysis | undefined;
    if (cached && edits) {
      const updated = updateAnalysis(cached.analysis, edits);
      // The recorded edits must lead to the document's text; anything else (a missed event) starts over.
      if (updated.text === text) {
        analysis = updated;
        this.stats.incremental++;
        this.stats.reparsedBlocks += updated.blocks.reparsed;
      }
    }
    if (!analysis) {
      analysis = analyzeDocument(text, this.catalogsFor(doc.uri));
      this.stats.fresh++;
    }
    const entry: Entry = { uri: doc.uri, version: doc.version, analysis, used: ++this.clock };
    this.slots[slot < 0 ? this.freeSlot() : slot] = entry;
    this.evictBeyondTextBudget(entry);
    return analysis;
  }

  /** Forgets a closed document. */
  delete(uri: string): void {
    const slot = this.slotOf(uri);
    if (slot >= 0) this.slots[slot] = undefined;
    this.edits.delete(uri);
  }

  /** Drops every analysis: they were made with catalogs that changed since (not counted as evictions). */
  clear(): void {
    this.slots.fill(undefined);
    this.edits.clear();
  }

  /** Whether the document's analysis is kept (false once evicted or never made). */
  has(uri: string): boolean {
    return this.slotOf(uri) >= 0;
  }

  get size(): number {
    return this.slots.filter((e) => e !== undefined).length;
  }

  private slotOf(uri: string): number {
    return this.slots.findIndex((e) => e?.uri === uri);
  }

  /** An empty slot, else the least recently used one (its analysis evicted). */
  private freeSlot(): number {
    let oldest = 0;
    for (let i = 0; i < this.slots.length; i++) {
      const e = this.slots[i];
      if (e === undefined) return i;
      if (e.used < (this.slots[oldest] as Entry).used) oldest = i;
    }
    this.evict(oldest);
    return oldest;
  }

  /** Evicts the least recently used others while the kept analyses cover more text than the budget. */
  private evictBeyondTextBudget(newest: Entry): void {
    const textOf = (e: Entry | undefined): number => e?.analysis.text.length ?? 0;
    let kept = this.slots.reduce((sum, e) => sum + textOf(e), 0);
    while (kept > KEPT_ANALYSIS_TEXT) {
      let oldest = -1;
      this.slots.forEach((e, i) => {
        if (e && e !== newest && (oldest < 0 || e.used < (this.slots[oldest] as Entry).used)) oldest = i;
      });
      if (oldest < 0) return;
      kept -= textOf(this.slots[oldest]);
      this.evict(oldest);
    }
  }

  private evict(slot: number): void {
    const e = this.slots[slot];
    if (!e) return;
    this.slots[slot] = undefined;
    this.edits.delete(e.uri);
    this.stats.evicted++;
  }
}
