/**
 * Offset-to-line lookup, the one place that turns a UTF-16 offset into a line (and column). The parser
 * reports lines while parsing, the navigation helpers answer for a finished document, and the hosts
 * (CLI, demo engine, run command) print `line N` with it.
 */

/** Offsets of the first character of each line of `text` (`[0, …]`); only `\n` ends a line. */
export function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

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

/** 1-based line and column (UTF-16 units) of `offset`, as editors and compilers print them. */
export function lineColumnOf(
  lineStarts: readonly number[],
  offset: number,
): { line: number; column: number } {
  const index = lineIndexOf(lineStarts, offset);
  return { line: index + 1, column: offset - (lineStarts[index] as number) + 1 };
}
