// What "a query" is inside an .mxql file, for Run Query at Cursor and the CodeLens.
//
// Definition (the same as the language server's `mxql/queryAtCursor`, which the command asks first;
// this copy serves the CodeLens and a server that is not running): lines split into blocks at blank
// lines and at `--- ` separator comments. A block holding a CATEGORY, a loader or a PromQL line starts
// a new query; any other block belongs to the query before it. A block of only comments and
// directives is not a query (directives apply to the whole file). A file that declares a `SUB` is a
// single query here, so a SUB is never sent apart from its user. The whole-file and selection
// commands ignore all this and send what they are given.

/** One runnable query of a file, as offsets into the file's text. */
export interface QueryBlock {
  /** Offset of the first character of the block's first line. */
  readonly start: number;
  /** Offset just past the block's last character (before its line end). */
  readonly end: number;
  /** Zero-based line of the block's first line (where the CodeLens sits). */
  readonly line: number;
  readonly text: string;
}

interface Line {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (;;) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    const raw = text.slice(start, end);
    lines.push({ start, end: raw.endsWith('\r') ? end - 1 : end, text: raw.replace(/\r$/, '') });
    if (newline < 0) return lines;
    start = newline + 1;
  }
}

const isBlank = (line: string): boolean => line.trim() === '' || /^\s*--- /.test(line);
const startsQuery = (text: string): boolean =>
  /^\s*(CATEGORY|TAGLOAD|FLEXLOAD|LOADPATTERN|>>|OPENMX)\b/im.test(text) || /^\s*>>/m.test(text);
const isComment = (line: string): boolean => /^\s*(--|#)/.test(line);
const declaresSub = (text: string): boolean => /^\s*SUB\b/im.test(text);

/** Groups lines into blank-line separated blocks, keeping only blocks with at least one command line. */
function blocksOf(text: string, lines: readonly Line[]): QueryBlock[] {
  const blocks: QueryBlock[] = [];
  let first = -1;
  const close = (last: number) => {
    const a = lines[first];
    const b = lines[last];
    if (a && b && lines.slice(first, last + 1).some((l) => !isComment(l.text))) {
      blocks.push({ start: a.start, end: b.end, line: first, text: text.slice(a.start, b.end) });
    }
    first = -1;
  };
  lines.forEach((line, index) => {
    if (isBlank(line.text)) {
      if (first >= 0) close(index - 1);
    } else if (first < 0) first = index;
  });
  if (first >= 0) close(lines.length - 1);
  return mergeContinuations(text, blocks);
}

/** Joins blocks without a query start to the query before them (or to the first query). */
function mergeContinuations(text: string, blocks: readonly QueryBlock[]): QueryBlock[] {
  const merged: QueryBlock[] = [];
  for (const block of blocks) {
    const previous = merged[merged.length - 1];
    if (previous && !startsQuery(block.text)) {
      merged[merged.length - 1] = {
        ...previous,
        end: block.end,
        text: text.slice(previous.start, block.end),
      };
    } else merged.push(block);
  }
  const [first, second] = merged;
  if (first && second && !startsQuery(first.text)) {
    merged.splice(0, 2, { ...first, end: second.end, text: text.slice(first.start, second.end) });
  }
  return merged;
}

/** The queries of a file in order. Never throws; an empty or comment-only file has none. */
export function queryBlocks(text: string): QueryBlock[] {
  const lines = splitLines(text);
  const blocks = blocksOf(text, lines);
  const first = blocks[0];
  const last = blocks[blocks.length - 1];
  if (!first || !last || blocks.length === 1 || !declaresSub(text)) return blocks;
  return [{ start: first.start, end: last.end, line: first.line, text: text.slice(first.start, last.end) }];
}

/**
 * The query at `offset`: the block containing it, else the nearest block above (the cursor sits in
 * the blank lines after a query), else the first block below. Undefined when the file has none.
 */
export function queryAtOffset(text: string, offset: number): QueryBlock | undefined {
  const blocks = queryBlocks(text);
  const containing = blocks.find((b) => offset >= b.start && offset <= b.end);
  if (containing) return containing;
  const above = blocks.filter((b) => b.end < offset).pop();
  return above ?? blocks.find((b) => b.start > offset);
}
