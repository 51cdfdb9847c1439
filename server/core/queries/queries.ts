/**
 * What "a query" of an .mxql file is: the one definition behind the Run CodeLens, Run Query at Cursor,
 * Run File / Run Selection, `mxql run` and the server's `mxql/queryAtCursor`.
 *
 * The main pipeline's statements are split into blocks at blank lines (between statements, so a blank
 * line inside brackets never splits) and at `--- ` separator comment lines. A block starts a new query
 * when it brings a source (a CATEGORY or PromQL line) and the query so far already has one, or a loader
 * (any command of the catalog's load stage: TAGLOAD, FLEXLOAD, KV.LOAD, LogCountLoad, LogSink,
 * KV.SNAPSHOT, …) and the query so far already has one; any other block continues the query before it.
 * So `CATEGORY a`, a blank line, `TAGLOAD` is one query. A cursor inside a SUB block selects the first
 * query that uses it. The text to send is the query's lines followed by every SUB block it references
 * (transitively), with directive lines removed; directives apply to the whole file.
 */
import { findCommand } from '../catalog/index';
import {
  lineColumnOf,
  lineStartsOf,
  parse,
  stripDirectives,
  type Directives,
  type MxqlDocument,
  type ParamRef,
  type ParseResult,
  type Range,
  type Statement,
  type SubBlock,
} from '../syntax/index';

/** A query of a file: its own range, the text to send, and the names it uses. */
export interface QueryAt {
  /** The query's own lines (without the appended SUB blocks). */
  readonly range: Range;
  /** What to send: the query, then the SUB blocks it references, directive lines removed. */
  readonly text: string;
  /** `$param` names (with `$`) the text uses, in first-use order. */
  readonly params: readonly string[];
  /** INJECT names the text uses (`default` for a bare INJECT), in first-use order. */
  readonly injects: readonly string[];
}

/** A text and its parse, as this module reads them (a `DocumentAnalysis` is one too). */
export interface QuerySource {
  readonly text: string;
  readonly parsed: ParseResult;
}

/** Parses `text` for the functions of this module. */
export function parsedText(text: string): QuerySource {
  return { text, parsed: parse(text) };
}

function isSource(s: Statement): boolean {
  return s.kind === 'promql' || (s.kind === 'command' && s.upperName === 'CATEGORY');
}

function isLoader(s: Statement): boolean {
  return s.kind === 'command' && findCommand(s.name)?.stage === 'load';
}

/** What a statement brings to a query, as bits: {@link SOURCE} and {@link LOADER}. */
const SOURCE = 1;
const LOADER = 2;

/**
 * Roles by statement: the editor splits the file into queries on every change, and statements of the
 * blocks an edit left alone are the same objects, so each is looked up in the command table once.
 */
const roles = new WeakMap<Statement, number>();

function roleOf(s: Statement): number {
  let role = roles.get(s);
  if (role === undefined) {
    role = (isSource(s) ? SOURCE : 0) | (isLoader(s) ? LOADER : 0);
    roles.set(s, role);
  }
  return role;
}

function rolesOf(statements: readonly Statement[]): number {
  let all = 0;
  for (const s of statements) all |= roleOf(s);
  return all;
}

function separated(text: string, from: number, to: number): boolean {
  const between = text.slice(from, to);
  return /\n[ \t\r]*\n/.test(between) || /(^|\n)[ \t]*--- /.test(between);
}

/** The main pipeline's statements grouped into queries. */
function queries(source: QuerySource): Statement[][] {
  const blocks: Statement[][] = [];
  let previous: Statement | undefined;
  for (const s of source.parsed.ast.main) {
    if (!previous || separated(source.text, previous.range.end, s.range.start)) blocks.push([]);
    (blocks[blocks.length - 1] as Statement[]).push(s);
    previous = s;
  }
  const out: Statement[][] = [];
  // A block starts a new query when the query so far already has what the block brings: a source or a loader.
  let current = 0;
  for (const block of blocks) {
    const last = out[out.length - 1];
    const brings = rolesOf(block);
    if (last && (brings & current) === 0) {
      last.push(...block);
      current |= brings;
    } else {
      out.push([...block]);
      current = brings;
    }
  }
  return out;
}

function spanOf(q: readonly Statement[]): Range {
  return { start: (q[0] as Statement).range.start, end: (q[q.length - 1] as Statement).range.end };
}

/** The range of each query of the file, in order (where the Run CodeLens sits). Never throws. */
export function queryRanges(source: QuerySource): Range[] {
  return queries(source).map(spanOf);
}

/** Index of the first item whose range starts at or after `offset` (items sorted by start). */
function firstAtOrAfter(items: readonly { range: Range }[], offset: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((items[mid] as { range: Range }).range.start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The SUB blocks by name (the first of each name wins) and the SUB references sorted by start. */
interface SubIndex {
  readonly byName: ReadonlyMap<string, SubBlock>;
  readonly refs: readonly MxqlDocument['subRefs'][number][];
}

const subIndexes = new WeakMap<MxqlDocument, SubIndex>();

/** Built once per parse: every query of a file looks its SUBs up in it. */
function subIndexOf(doc: MxqlDocument): SubIndex {
  let index = subIndexes.get(doc);
  if (!index) {
    const byName = new Map<string, SubBlock>();
    for (const sub of doc.subs) if (sub.name && !byName.has(sub.name)) byName.set(sub.name, sub);
    index = { byName, refs: [...doc.subRefs].sort((a, b) => a.range.start - b.range.start) };
    subIndexes.set(doc, index);
  }
  return index;
}

/**
 * The SUB blocks that `range` references, transitively, in file order. Iterative with indexes, so a
 * chain of thousands of SUBs each using the next costs linear time and no stack.
 */
function referencedSubs(source: QuerySource, range: Range): SubBlock[] {
  const { byName, refs } = subIndexOf(source.parsed.ast);
  const found = new Map<string, SubBlock>();
  const pending: Range[] = [range];
  for (let r = pending.pop(); r; r = pending.pop()) {
    for (let i = firstAtOrAfter(refs, r.start); i < refs.length; i++) {
      const ref = refs[i] as (typeof refs)[number];
      if (ref.range.start >= r.end) break;
      if (ref.range.end > r.end || found.has(ref.name)) continue;
      const sub = byName.get(ref.name);
      if (!sub) continue;
      found.set(ref.name, sub);
      pending.push(sub.range);
    }
  }
  return [...found.values()].sort((a, b) => a.range.start - b.range.start);
}

function pickQuery(source: QuerySource, all: Statement[][], offset: number): Statement[] | undefined {
  const sub = source.parsed.ast.subs.find((s) => s.range.start <= offset && offset <= s.range.end);
  if (sub?.name) {
    const user = all.find((q) => referencedSubs(source, spanOf(q)).includes(sub));
    if (user) return user;
  }
  let chosen = all[0];
  for (const q of all) if ((q[0] as Statement).range.start <= offset) chosen = q;
  return chosen;
}

/** The `$param` and INJECT names used inside `spans`, in first-use order. */
function namesIn(doc: MxqlDocument, spans: readonly Range[]): Pick<QueryAt, 'params' | 'injects'> {
  const inSpans = spanTest(spans);
  const params = [...new Set(doc.params.filter((p) => inSpans(p.range)).map((p) => p.name))];
  const injects = [...new Set(doc.injects.filter((i) => inSpans(i.range)).map((i) => i.name ?? 'default'))];
  return { params, injects };
}

/** `spans` merged into disjoint ones, sorted by start (a SUB block may sit between a query's statements). */
function mergedSpans(spans: readonly Range[]): { range: Range }[] {
  const merged: { range: Range }[] = [];
  for (const range of [...spans].sort((a, b) => a.start - b.start)) {
    const last = merged[merged.length - 1];
    if (last && range.start <= last.range.end)
      last.range = { start: last.range.start, end: Math.max(last.range.end, range.end) };
    else merged.push({ range });
  }
  return merged;
}

/** A test of whether a range lies inside one of `spans`. */
function spanTest(spans: readonly Range[]): (r: Range) => boolean {
  // The last merged span starting at or before a name decides whether it is inside.
  const merged = mergedSpans(spans);
  return (r: Range): boolean => {
    const span = merged[firstAtOrAfter(merged, r.start + 1) - 1];
    return span !== undefined && r.end <= span.range.end;
  };
}

/**
 * The `$param` occurrences of `query` in `source` (its own lines and the SUB blocks sent with it), in
 * text order: where each name of {@link QueryAt.params} is used. Never throws.
 */
export function queryParamRefs(source: QuerySource, query: QueryAt): ParamRef[] {
  return paramRefsOf(source, query.range);
}

/** The `$param` occurrences of every query of the file, query by query (see {@link queryParamRefs}). */
export function paramRefsByQuery(source: QuerySource): ParamRef[][] {
  return queries(source).map((q) => paramRefsOf(source, spanOf(q)));
}

/**
 * The `$params` inside `range` and the SUB blocks it sends, in text order: each span's own run of the
 * (start-sorted) occurrences, found by binary search, so a file of many queries costs no more than
 * its occurrences (the editor asks for every query on each change).
 */
function paramRefsOf(source: QuerySource, range: Range): ParamRef[] {
  const params = source.parsed.ast.params;
  const out: ParamRef[] = [];
  for (const { range: span } of mergedSpans([range, ...referencedSubs(source, range).map((s) => s.range)])) {
    for (let i = firstAtOrAfter(params, span.start); i < params.length; i++) {
      const p = params[i] as ParamRef;
      if (p.range.start > span.end) break;
      if (p.range.end <= span.end) out.push(p);
    }
  }
  return out;
}

/** The query at `offset`, or null when the file has no main pipeline. Never throws. */
export function queryAt(source: QuerySource, offset: number): QueryAt | null {
  const chosen = pickQuery(source, queries(source), offset);
  if (!chosen || chosen.length === 0) return null;
  const range = spanOf(chosen);
  const subs = referencedSubs(source, range);
  const parts = [
    source.text.slice(range.start, range.end),
    ...subs.map((s) => source.text.slice(s.range.start, s.range.end)),
  ];
  const text = stripDirectives(parts.join('\n'));
  return { range, text, ...namesIn(source.parsed.ast, [range, ...subs.map((s) => s.range)]) };
}

/**
 * The spans of the file that `query` (from {@link queryAt}) sends, in the order of its text: its own
 * lines, then each SUB block it references. The run planner maps the service's line numbers back with it.
 */
export function sentSpans(source: QuerySource, query: QueryAt): Range[] {
  return [query.range, ...referencedSubs(source, query.range).map((s) => s.range)];
}

/**
 * The whole of `text` as one query, for Run File, Run Selection and `mxql run` without a line: the text
 * with directive lines removed and the names it uses. Never throws.
 */
export function wholeQuery(text: string): QueryAt {
  const doc = parse(text).ast;
  return { range: doc.range, text: stripDirectives(text), ...namesIn(doc, [doc.range]) };
}

/** True when the query has something to send: a line that is neither blank nor a comment. */
export function hasStatements(query: QueryAt): boolean {
  return parse(query.text).ast.main.length > 0;
}

/** A directive error that blocks a run, with its 1-based line in the file. */
export interface DirectiveError {
  readonly line: number;
  readonly message: string;
}

/** The errors among the file's directive diagnostics, which block a run (warnings do not). */
export function directiveErrors(fileText: string, directives: Directives): DirectiveError[] {
  const starts = lineStartsOf(fileText);
  return directives.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => ({ line: lineColumnOf(starts, d.range.start).line, message: d.message }));
}
