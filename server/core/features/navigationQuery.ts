/**
 * The query at a cursor, for "run the query under the cursor". See `QueryAtCursorResult` in
 * common/lspMethods.ts for the definition: blocks split at blank lines (depth 0) and `--- ` separator
 * lines; a block starts a new query when it brings a CATEGORY/PromQL line or a loader that the query
 * so far already has; referenced SUB blocks are appended.
 */
import { findCommand } from '../catalog/index';
import { stripDirectives, type Range, type Statement, type SubBlock } from '../syntax/index';
import { type DocumentAnalysis } from './languageService';

/** A query of a file: its own range, the text to send, and the names it uses. */
export interface QueryAt {
  readonly range: Range;
  readonly text: string;
  readonly params: readonly string[];
  readonly injects: readonly string[];
}

function isSource(s: Statement): boolean {
  return s.kind === 'promql' || (s.kind === 'command' && s.upperName === 'CATEGORY');
}

function isLoader(s: Statement): boolean {
  return s.kind === 'command' && findCommand(s.name)?.stage === 'load';
}

/** A block starts a new query when the query so far already has what the block brings: a source or a loader. */
function startsNewQuery(block: readonly Statement[], current: readonly Statement[]): boolean {
  return (block.some(isSource) && current.some(isSource)) || (block.some(isLoader) && current.some(isLoader));
}

function separated(text: string, from: number, to: number): boolean {
  const between = text.slice(from, to);
  return /\n[ \t\r]*\n/.test(between) || /(^|\n)[ \t]*--- /.test(between);
}

/** The main pipeline's statements grouped into queries. */
function queries(analysis: Pick<DocumentAnalysis, 'text' | 'doc'>): Statement[][] {
  const blocks: Statement[][] = [];
  let previous: Statement | undefined;
  for (const s of analysis.doc.main) {
    if (!previous || separated(analysis.text, previous.range.end, s.range.start)) blocks.push([]);
    (blocks[blocks.length - 1] as Statement[]).push(s);
    previous = s;
  }
  const out: Statement[][] = [];
  for (const block of blocks) {
    const last = out[out.length - 1];
    if (last && !startsNewQuery(block, last)) last.push(...block);
    else out.push([...block]);
  }
  return out;
}

function referencedSubs(analysis: DocumentAnalysis, range: Range): SubBlock[] {
  const found = new Map<string, SubBlock>();
  const visit = (r: Range): void => {
    for (const ref of analysis.doc.subRefs) {
      if (ref.range.start < r.start || ref.range.end > r.end || found.has(ref.name)) continue;
      const sub = analysis.doc.subs.find((s) => s.name === ref.name);
      if (!sub) continue;
      found.set(ref.name, sub);
      visit(sub.range);
    }
  };
  visit(range);
  return [...found.values()].sort((a, b) => a.range.start - b.range.start);
}

function pickQuery(analysis: DocumentAnalysis, all: Statement[][], offset: number): Statement[] | undefined {
  const sub = analysis.doc.subs.find((s) => s.range.start <= offset && offset <= s.range.end);
  if (sub?.name) {
    const user = all.find((q) => referencedSubs(analysis, spanOf(q)).includes(sub));
    if (user) return user;
  }
  let chosen = all[0];
  for (const q of all) if ((q[0] as Statement).range.start <= offset) chosen = q;
  return chosen;
}

function spanOf(q: readonly Statement[]): Range {
  return { start: (q[0] as Statement).range.start, end: (q[q.length - 1] as Statement).range.end };
}

/**
 * The range of every query of a file, in order: the boundaries {@link queryAt} uses. Needs only the
 * text and its parse (`{ text, doc: parse(text).ast }`), no catalogs. SUB blocks are not queries.
 */
export function queryRanges(analysis: Pick<DocumentAnalysis, 'text' | 'doc'>): Range[] {
  return queries(analysis).map(spanOf);
}

/** The query at `offset`, or null when the file has no main pipeline. Never throws. */
export function queryAt(analysis: DocumentAnalysis, offset: number): QueryAt | null {
  const chosen = pickQuery(analysis, queries(analysis), offset);
  if (!chosen || chosen.length === 0) return null;
  const range = spanOf(chosen);
  const subs = referencedSubs(analysis, range);
  const parts = [
    analysis.text.slice(range.start, range.end),
    ...subs.map((s) => analysis.text.slice(s.range.start, s.range.end)),
  ];
  const text = stripDirectives(parts.join('\n'));
  const spans = [range, ...subs.map((s) => s.range)];
  const inSpans = (r: Range): boolean => spans.some((s) => s.start <= r.start && r.end <= s.end);
  const params = [...new Set(analysis.doc.params.filter((p) => inSpans(p.range)).map((p) => p.name))];
  const injects = [
    ...new Set(analysis.doc.injects.filter((i) => inSpans(i.range)).map((i) => i.name ?? 'default')),
  ];
  return { range, text, params, injects };
}
