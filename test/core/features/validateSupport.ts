// Helpers for the diagnostic tables: expected ranges are written inline as ⟦…⟧ in the query text,
// so a case reads like the query it checks and the offsets never have to be counted by hand.

/** A query with its ⟦…⟧ markers removed and the ranges they enclosed. */
export interface MarkedText {
  readonly text: string;
  readonly ranges: readonly { start: number; end: number }[];
}

/** Strips `⟦` and `⟧` from `source`, returning the clean text and the marked ranges in order. */
export function parseMarked(source: string): MarkedText {
  let text = '';
  const ranges: { start: number; end: number }[] = [];
  const open: number[] = [];
  for (const ch of source) {
    if (ch === '⟦') open.push(text.length);
    else if (ch === '⟧') {
      const start = open.pop();
      if (start === undefined) throw new Error(`unbalanced ⟧ in case: ${source}`);
      ranges.push({ start, end: text.length });
    } else text += ch;
  }
  if (open.length > 0) throw new Error(`unbalanced ⟦ in case: ${source}`);
  ranges.sort((a, b) => a.start - b.start || a.end - b.end);
  return { text, ranges };
}

/** Renders a diagnostic's range back into the text with markers, for readable assertion failures. */
export function markRange(text: string, range: { start: number; end: number }): string {
  return `${text.slice(0, range.start)}⟦${text.slice(range.start, range.end)}⟧${text.slice(range.end)}`;
}
