/**
 * The analysis cache: one core analysis per document version, so a burst of completion, hover and
 * semantic-token requests on the same version parses once and computes the column flow once.
 */
import { type TextDocument } from 'vscode-languageserver-textdocument';
import { analyzeDocument, type DocumentAnalysis, type LanguageCatalogs } from '../core/index';

interface Entry {
  readonly version: number;
  readonly analysis: DocumentAnalysis;
}

/** Cached analyses keyed by URI; stale versions are replaced on first use. */
export class AnalysisCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly catalogs: LanguageCatalogs) {}

  /** The analysis of the document's current version. */
  get(doc: TextDocument): DocumentAnalysis {
    const cached = this.entries.get(doc.uri);
    if (cached && cached.version === doc.version) return cached.analysis;
    const analysis = analyzeDocument(doc.getText(), this.catalogs);
    this.entries.set(doc.uri, { version: doc.version, analysis });
    return analysis;
  }

  /** Forgets a closed document. */
  delete(uri: string): void {
    this.entries.delete(uri);
  }

  get size(): number {
    return this.entries.size;
  }
}
