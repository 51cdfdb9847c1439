/**
 * The analysis cache: one core analysis per document version, so a burst of completion, hover and
 * semantic-token requests on the same version parses once and computes the column flow once. A new
 * version is derived from the previous one with the edits that made it (recorded as they are applied,
 * see textSync.ts), so only the blocks they touch are parsed and checked again.
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
  readonly version: number;
  readonly analysis: DocumentAnalysis;
}

/** How a version's analysis was made, for benchmarks and the floor tests. */
export interface AnalysisStats {
  /** Analyses derived from the previous version (incremental) and made from scratch. */
  incremental: number;
  fresh: number;
  /** Blocks parsed again by incremental analyses. */
  reparsedBlocks: number;
}

/** Cached analyses keyed by URI; stale versions are replaced on first use. */
export class AnalysisCache {
  private readonly entries = new Map<string, Entry>();
  /** Edits applied since the cached version, in order. */
  private readonly edits = new Map<string, TextEdit[]>();
  readonly stats: AnalysisStats = { incremental: 0, fresh: 0, reparsedBlocks: 0 };

  constructor(private readonly catalogs: LanguageCatalogs) {}

  /** Records an edit applied to the document (offsets into the text before it). */
  recordEdit(uri: string, edit: TextEdit): void {
    if (!this.entries.has(uri)) return;
    const list = this.edits.get(uri);
    if (list) list.push(edit);
    else this.edits.set(uri, [edit]);
  }

  /** The analysis of the document's current version. */
  get(doc: TextDocument): DocumentAnalysis {
    const cached = this.entries.get(doc.uri);
    if (cached && cached.version === doc.version) return cached.analysis;
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
      analysis = analyzeDocument(text, this.catalogs);
      this.stats.fresh++;
    }
    this.entries.set(doc.uri, { version: doc.version, analysis });
    return analysis;
  }

  /** Forgets a closed document. */
  delete(uri: string): void {
    this.entries.delete(uri);
    this.edits.delete(uri);
  }

  get size(): number {
    return this.entries.size;
  }
}
