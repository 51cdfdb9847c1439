/**
 * Offset-to-line lookup, the one place that turns a UTF-16 offset into a line (and column). The parser
 * reports lines while parsing, the navigation helpers answer for a finished document, and the hosts
 * (CLI, demo engine, run command) print `line N` with it. `\n`, `\r\n` and a lone `\r` are each one line
 * break, as LSP positions and editors count them (the lexer follows the same rule).
 */

/** Offsets of the first character of each line of `text` (`[0, …]`). */
export function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
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

/** 1-based start and end line and column of an offset range, as `mxql check` and the assistant tools print them. */
export function lineRangeOf(
  lineStarts: readonly number[],
  range: { readonly start: number; readonly end: number },
): { line: number; column: number; endLine: number; endColumn: number } {
  const start = lineColumnOf(lineStarts, range.start);
  const end = lineColumnOf(lineStarts, range.end);
  return { line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
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
