/**
 * Workspace knowledge from a workspace's own queries: each category a query reads (the core's column
 * flow), the columns it reads from it, and the words of the comment lines above its first command,
 * which are how people describe what a query shows.
 */
import { learnQueryReads, looksLikeCommand, type CategoryCatalog } from '../../server/core/index';
import { type WorkspaceEntry } from './types';

const COMMENT = /^\s*(--|\/\/|#|\/\*|\*)/;

/** A comment line without its markers; empty for directives (`-- @range`) and commented-out commands. */
function commentWords(line: string): string {
  const text = line
    .replace(/^\s*(--+|\/\/+|#+|\/\*+|\*+)/, '')
    .replace(/\*+\/\s*$/, '')
    .trim();
  if (text.startsWith('@')) return '';
  const first = /^[A-Za-z][\w.-]*/.exec(text)?.[0];
  return first !== undefined && looksLikeCommand(first) ? '' : text;
}

/** The words of the comment lines that open a query text (blank lines between them allowed). */
export function leadingComment(text: string): string {
  const words: string[] = [];
  for (const line of text.split(/\r?\n|\r/)) {
    if (line.trim() === '') continue;
    if (!COMMENT.test(line)) break;
    const w = commentWords(line);
    if (w) words.push(w);
  }
  return words.join(' / ');
}

/** What each query text teaches: one entry per category it reads. Never throws. */
export function learnFromQueries(texts: readonly string[], catalog?: CategoryCatalog): WorkspaceEntry[] {
  const out: WorkspaceEntry[] = [];
  for (const text of texts) {
    const words = leadingComment(text);
    for (const [category, columns] of learnQueryReads(text, catalog)) {
      out.push({ category, columns: [...columns], text: words });
    }
  }
  return out;
}
