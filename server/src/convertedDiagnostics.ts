/**
 * LSP publishes a document's diagnostics as one list, so after a keystroke every diagnostic of the
 * document is sent again. The core hands back the same diagnostic objects for the blocks an edit left
 * alone; each of them is converted to LSP (worded, its range made into lines and characters) once and
 * reused while the text before it is unchanged, so a publish converts only what the edit moved or
 * found anew.
 */
import { type Diagnostic } from 'vscode-languageserver/node';
import { type TextDocument } from 'vscode-languageserver-textdocument';
import { type ValidationDiagnostic } from '../core/index';

interface Published {
  /** The LSP form of each diagnostic of the last publish. */
  readonly converted: Map<ValidationDiagnostic, Diagnostic>;
  /** The text is unchanged before this offset since that publish. */
  unchangedBefore: number;
}

/** Converted diagnostics per document, from one publish to the next. */
export class ConvertedDiagnostics {
  private readonly documents = new Map<string, Published>();

  /** Notes an edit of `uri` at `start` (an offset of the text before it): positions from there on may move. */
  recordEdit(uri: string, start: number): void {
    const published = this.documents.get(uri);
    if (published) published.unchangedBefore = Math.min(published.unchangedBefore, start);
  }

  /** `list` in LSP form, converting with `convert` only the diagnostics not converted before the edits. */
  convert(
    doc: TextDocument,
    list: readonly ValidationDiagnostic[],
    convert: (d: ValidationDiagnostic) => Diagnostic,
  ): Diagnostic[] {
    const last = this.documents.get(doc.uri);
    const converted = new Map<ValidationDiagnostic, Diagnostic>();
    const out = list.map((d) => {
      // A position depends only on the text before it (a CRLF across the edit's start included).
      let lsp = last && d.range.end < last.unchangedBefore ? last.converted.get(d) : undefined;
      lsp ??= convert(d);
      converted.set(d, lsp);
      return lsp;
    });
    this.documents.set(doc.uri, { converted, unchangedBefore: Number.POSITIVE_INFINITY });
    return out;
  }

  /** Forgets a closed document. */
  forget(uri: string): void {
    this.documents.delete(uri);
  }
}
