/** Folding: SUB…END blocks, multi-line operands, multi-line block comments and runs of comment lines. */
import { lineOf, type MxqlDocument } from '../syntax/index';
import { type DocumentAnalysis } from '../analysis/documentAnalysis';

/** A foldable line span (0-based lines, inclusive). */
export interface FoldingSpan {
  readonly startLine: number;
  readonly endLine: number;
  readonly kind: 'region' | 'comment';
}

/** Folding: SUB…END, multi-line operands, multi-line block comments, and runs of comment lines (the directive header). */
export function foldingRanges(analysis: DocumentAnalysis): FoldingSpan[] {
  const { doc } = analysis;
  const out: FoldingSpan[] = [];
  for (const sub of doc.subs)
    if (sub.endLine > sub.line) out.push({ startLine: sub.line, endLine: sub.endLine, kind: 'region' });
  for (const s of [...doc.main, ...doc.subs.flatMap((b) => b.commands)]) {
    if (s.endLine > s.line) out.push({ startLine: s.line, endLine: s.endLine, kind: 'region' });
  }
  out.push(...commentRuns(doc));
  return out.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
}

function commentRuns(doc: MxqlDocument): FoldingSpan[] {
  const out: FoldingSpan[] = [];
  let runStart = -1;
  let runEnd = -1;
  const flush = (): void => {
    if (runStart >= 0 && runEnd > runStart)
      out.push({ startLine: runStart, endLine: runEnd, kind: 'comment' });
  };
  for (const c of doc.comments) {
    if (c.trailing) continue;
    const endLine = lineOf(doc, c.range.end);
    if (c.style === 'block' && endLine > c.line) out.push({ startLine: c.line, endLine, kind: 'comment' });
    if (c.style === 'block') continue;
    if (c.line === runEnd + 1 && runStart >= 0) runEnd = c.line;
    else {
      flush();
      runStart = c.line;
      runEnd = c.line;
    }
  }
  flush();
  return out;
}
