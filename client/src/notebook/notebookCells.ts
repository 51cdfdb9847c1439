// Cell texts the ways into a notebook write: one cell per query of an .mxql file, a history entry as
// a cell, and an agent's scoped query. Pure (no vscode): query boundaries come from the core's
// `queryRanges` (the same as the language server's "query at cursor"), directives from its parser.
import {
  directiveEntries,
  parseDirectives,
  parsedText,
  queryRanges,
  stripDirectives,
} from '../../../server/core/index';
import type { HistoryEntry } from '../history/historyStore';
import type { FileCell, NotebookFile } from './notebookFile';

/** Line start at or before `offset`. */
function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Moves a query's start up over the comment lines right above it, so its description goes with it. */
function withLeadingComments(text: string, start: number, floor: number): number {
  let at = lineStart(text, start);
  while (at > floor) {
    const previous = lineStart(text, at - 1);
    if (!/^\s*(--|#)/.test(text.slice(previous, at - 1))) break;
    at = previous;
  }
  return at;
}

/**
 * A notebook of an .mxql file: a title cell when the file has `@name`, then one MXQL cell per query.
 * File directives apply to every query of a file, so each cell repeats them (but `@name`). A file
 * with SUB blocks stays one cell, because a SUB is never sent apart from its user.
 */
export function notebookOfQueries(text: string): NotebookFile {
  const entries = directiveEntries(text);
  const shared = entries
    .filter((e) => e.key !== 'name')
    .map((e) => text.slice(e.range.start, e.range.end).trim());
  const name = parseDirectives(text).name;
  const source = parsedText(text);
  const ranges = source.parsed.ast.subs.length > 0 ? [] : queryRanges(source);
  const starts = ranges.map((r, i) =>
    i === 0 ? 0 : withLeadingComments(text, r.start, ranges[i - 1]?.end ?? 0),
  );
  const slices =
    starts.length > 0 ? starts.map((s, i) => text.slice(s, starts[i + 1] ?? text.length)) : [text];
  const cells: FileCell[] = slices
    .map((slice) => stripDirectives(slice).trim())
    .filter((body) => body !== '')
    .map((body) => ({ kind: 'mxql', source: [...shared, body].join('\n') }));
  const title: FileCell[] = name ? [{ kind: 'markdown', source: `# ${name}` }] : [];
  return { header: {}, cells: [...title, ...cells] };
}

/** A history entry as a cell: its query (or `@path`), parameters, fragments and project. */
export function historyCellText(entry: HistoryEntry): string {
  const isPath = entry.endpoint.endsWith('/path');
  const lines = [`-- @name ${entry.title}`];
  if (entry.pcode !== undefined) lines.push(`-- @pcode ${entry.pcode}`);
  for (const [name, value] of Object.entries(entry.params)) lines.push(`-- @param ${name} = ${value}`);
  for (const [name, fragment] of Object.entries(entry.injects)) {
    for (const line of fragment.split('\n')) lines.push(`-- @inject ${name} = ${line}`);
  }
  if (isPath) lines.push(`-- @path ${entry.query}`);
  else lines.push(entry.query.trim());
  return lines.join('\n');
}
