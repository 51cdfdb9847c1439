/**
 * Document sync that a client cannot corrupt: each incremental change's range is clamped to the
 * document before it is applied (whole numbers, lines and characters within the text), so a change
 * past the end, with fractions or negatives, edits the nearest valid place instead of leaving a
 * line index that later answers `character: null`.
 */
import { type TextDocumentContentChangeEvent, type TextDocumentsConfiguration } from 'vscode-languageserver';
import { TextDocument, type Position } from 'vscode-languageserver-textdocument';

/** The offset of `p` in `doc`, clamped: non-finite or negative parts count as 0, lines past the end as its end. */
export function clampedOffset(doc: TextDocument, p: Position): number {
  const whole = (n: unknown): number =>
    typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
  const line = whole(p.line);
  if (line >= doc.lineCount) return doc.getText().length;
  const lineStart = doc.offsetAt({ line, character: 0 });
  const lineEnd =
    line + 1 < doc.lineCount ? doc.offsetAt({ line: line + 1, character: 0 }) : doc.getText().length;
  return Math.min(lineStart + whole(p.character), lineEnd);
}

/** `change` with its range (if any) clamped to `doc` and in order (start before end). */
export function clampChange(
  doc: TextDocument,
  change: TextDocumentContentChangeEvent,
): TextDocumentContentChangeEvent {
  if (!('range' in change) || !change.range) return { text: String(change.text ?? '') };
  const a = clampedOffset(doc, change.range.start);
  const b = clampedOffset(doc, change.range.end);
  const range = { start: doc.positionAt(Math.min(a, b)), end: doc.positionAt(Math.max(a, b)) };
  return { range, text: String(change.text ?? '') };
}

/** Called with each change as applied (offsets into the text before it), for incremental analysis. */
export type ChangeListener = (uri: string, start: number, end: number, text: string) => void;

/** The TextDocuments configuration of the server: clamps every change, then tells `onChange` about it. */
export function safeTextDocuments(
  onChange: ChangeListener = () => undefined,
): TextDocumentsConfiguration<TextDocument> {
  return {
    create: (uri, languageId, version, content) => TextDocument.create(uri, languageId, version, content),
    update: (doc, changes, version) => {
      for (const change of changes) {
        const safe = clampChange(doc, change);
        if ('range' in safe) {
          onChange(doc.uri, doc.offsetAt(safe.range.start), doc.offsetAt(safe.range.end), safe.text);
        } else {
          onChange(doc.uri, 0, doc.getText().length, safe.text);
        }
        TextDocument.update(doc, [safe], version);
      }
      return doc;
    },
  };
}
