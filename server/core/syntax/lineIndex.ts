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
