/**
 * Offset-to-line lookup over a lexed text's line starts, shared by the parser (which reports lines
 * while parsing) and the navigation helpers (which answer for a finished document).
 */

/**
 * The 0-based index of the line containing `offset`, by binary search over `lineStarts` (ascending
 * offsets of each line's first character, starting with 0).
 */
export function lineIndexOf(lineStarts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((lineStarts[mid] as number) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Offsets of each line's first character, with `\n`, `\r\n` and a lone `\r` each one line break, as
 * LSP positions and editors count them (the lexer, the CLI and the server agree through this rule).
 */
export function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  return starts;
}

/** The offset of the line break (`\n`, or `\r` of `\r\n` or a lone `\r`) ending the line at `from`, or the text's length. */
export function lineEndOf(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return i;
  }
  return text.length;
}

/** The start of the line after the one holding `from` (after its `\n`, `\r\n` or `\r`), or the text's length. */
export function nextLineStart(text: string, from: number): number {
  const end = lineEndOf(text, from);
  if (end >= text.length) return text.length;
  return text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
}
