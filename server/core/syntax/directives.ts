/**
 * The one parser of `-- @word value` directive lines; which keys exist and how each value is read is
 * the catalog's directive table (`catalog/directives.ts`). Directives apply to the whole file wherever they appear; they are comments
 * to the service, and {@link stripDirectives} removes them before sending.
 */
import { DIRECTIVE_KEYS, findDirective, type DirectiveKey } from '../catalog/directives';
import { describeInjectCycle, findInjectCycle } from './injectCycles';
import { diagnostic } from '../diagnostics/table';
import type { MxqlDiagnostic, Range } from './ast';
import { lex, mayHoldDirectives } from './lexer';
import { nextLineStart } from './lineIndex';
import { parseAbsoluteTime, parseDuration, type TimezoneOffset } from './time';

/** One directive line as written. `key` is the word after `@`, lower-cased. */
export interface DirectiveEntry {
  readonly key: string;
  /** The text after the key, trimmed. */
  readonly value: string;
  /** The whole comment. */
  readonly range: Range;
  /** `@key`. */
  readonly keyRange: Range;
  /** The value text (empty range right after the key when there is none). */
  readonly valueRange: Range;
}

/** A relative time range: `-- @range 1h` means now-1h .. now. */
export interface DirectiveDuration {
  readonly raw: string;
  readonly ms: number;
}

/** Everything the directives of a file say. Later lines win for single-valued directives. */
export interface Directives {
  name?: string;
  range?: DirectiveDuration;
  /** Absolute start, epoch ms (local times resolved with `timezoneOffsetMinutes`). */
  stime?: number;
  /** Absolute end, epoch ms. */
  etime?: number;
  limit?: number;
  /** `$name` → value, for the request's `param` map. */
  params: Record<string, string>;
  /** fragment name → MXQL text, for the request's `inject` map; repeated names add lines. */
  injects: Record<string, string>;
  path?: string;
  pcode?: number;
  entries: DirectiveEntry[];
  diagnostics: MxqlDiagnostic[];
}

/** Options of {@link parseDirectives}. */
export interface DirectiveOptions {
  /**
   * The zone of local times (`2026-11-01 00:00`): minutes east of UTC (540 for UTC+9) or a
   * function of the instant (see {@link TimezoneOffset}). Default 0 (UTC). The core does no
   * environment lookups, so the host passes its zone.
   */
  readonly timezoneOffsetMinutes?: TimezoneOffset;
}

/** Splits a directive comment (`-- @key value`) into an entry. */
function entryOf(text: string, start: number): DirectiveEntry {
  let i = 2;
  while (text[i] === ' ' || text[i] === '\t') i++;
  const keyStart = i;
  i++;
  while (i < text.length && /[A-Za-z0-9_-]/.test(text[i] as string)) i++;
  const keyEnd = i;
  const rest = text.slice(keyEnd);
  const value = rest.trim();
  const valueStart = value ? keyEnd + rest.indexOf(value) : keyEnd;
  return {
    key: text.slice(keyStart + 1, keyEnd).toLowerCase(),
    value,
    range: { start, end: start + text.length },
    keyRange: { start: start + keyStart, end: start + keyEnd },
    valueRange: { start: start + valueStart, end: start + valueStart + value.length },
  };
}

/**
 * The directive comments of `text` (full-line `-- @word` comments, not inside block comments), with
 * offsets from `origin` (where `text` starts in its document; it must start at a line start outside
 * any comment).
 */
export function directiveEntries(text: string, origin = 0): DirectiveEntry[] {
  if (!mayHoldDirectives(text)) return [];
  return lex(text)
    .comments.filter((c) => c.directive && !c.trailing)
    .map((c) => entryOf(c.text, origin + c.range.start));
}

function stripQuotes(s: string): string {
  const q = s[0];
  return s.length >= 2 && (q === '"' || q === "'") && s[s.length - 1] === q ? s.slice(1, -1) : s;
}

/** Splits `lhs = rhs`; null when there is no `=` or no left side. */
function assignment(value: string): { lhs: string; rhs: string } | null {
  const eq = value.indexOf('=');
  if (eq <= 0) return null;
  return { lhs: value.slice(0, eq).trim(), rhs: value.slice(eq + 1).trim() };
}

type Handler = (out: Directives, e: DirectiveEntry, options: DirectiveOptions) => void;

function positiveInt(value: string): number | null {
  return /^[0-9]+$/.test(value) && Number(value) > 0 && Number.isSafeInteger(Number(value))
    ? Number(value)
    : null;
}

function absolute(out: Directives, e: DirectiveEntry, options: DirectiveOptions): number | undefined {
  const ms = parseAbsoluteTime(e.value, options.timezoneOffsetMinutes ?? 0);
  if (ms !== null) return ms;
  out.diagnostics.push(diagnostic('directive/bad-time', e.valueRange, { value: e.value }));
  return undefined;
}

// One handler per key of the table: a new key without a handler does not compile.
const HANDLERS: { readonly [K in DirectiveKey]: Handler } = {
  name: (out, e) => {
    out.name = e.value;
  },
  range: (out, e) => {
    const ms = /^[0-9]+[smhd]$/.test(e.value) ? parseDuration(e.value) : null;
    if (ms !== null && ms > 0) out.range = { raw: e.value, ms };
    else out.diagnostics.push(diagnostic('directive/bad-range', e.valueRange, { value: e.value }));
  },
  stime: (out, e, o) => {
    const ms = absolute(out, e, o);
    if (ms !== undefined) out.stime = ms;
  },
  etime: (out, e, o) => {
    const ms = absolute(out, e, o);
    if (ms !== undefined) out.etime = ms;
  },
  limit: (out, e) => {
    const n = positiveInt(e.value);
    if (n !== null) out.limit = n;
    else out.diagnostics.push(diagnostic('directive/bad-limit', e.valueRange, { value: e.value }));
  },
  param: (out, e) => {
    const a = assignment(e.value);
    if (!a || !/^\$[A-Za-z_][A-Za-z0-9_]*$/.test(a.lhs)) {
      out.diagnostics.push(diagnostic('directive/bad-param', e.valueRange));
      return;
    }
    out.params[a.lhs] = stripQuotes(a.rhs);
  },
  inject: (out, e) => {
    const a = assignment(e.value);
    if (!a || !/^[A-Za-z_][A-Za-z0-9_-]*$/.test(a.lhs)) {
      out.diagnostics.push(diagnostic('directive/bad-inject', e.valueRange));
      return;
    }
    const previous = out.injects[a.lhs];
    out.injects[a.lhs] = previous === undefined ? a.rhs : `${previous}\n${a.rhs}`;
  },
  path: (out, e) => {
    if (/^\/\S*$/.test(e.value)) out.path = e.value;
    else out.diagnostics.push(diagnostic('directive/bad-path', e.valueRange));
  },
  pcode: (out, e) => {
    const n = positiveInt(e.value);
    if (n !== null) out.pcode = n;
    else out.diagnostics.push(diagnostic('directive/bad-pcode', e.valueRange, { value: e.value }));
  },
};

function checkCombinations(out: Directives, byKey: Map<string, DirectiveEntry>): void {
  const s = byKey.get('stime');
  const e = byKey.get('etime');
  if (s && !e) out.diagnostics.push(diagnostic('directive/stime-without-etime', s.range));
  if (e && !s) out.diagnostics.push(diagnostic('directive/etime-without-stime', e.range));
  if (out.stime !== undefined && out.etime !== undefined && out.stime >= out.etime && e) {
    out.diagnostics.push(diagnostic('directive/bad-time-order', e.valueRange));
  }
  const r = byKey.get('range');
  if (r && (s || e)) out.diagnostics.push(diagnostic('directive/range-and-stime', r.range));
}

/** Reads every directive of `text`, with diagnostics for bad values. Never throws. */
export function parseDirectives(text: string, options: DirectiveOptions = {}): Directives {
  return directivesOf(directiveEntries(text), options);
}

/** What the directive entries of a file say (see {@link parseDirectives}). Never throws. */
export function directivesOf(entries: DirectiveEntry[], options: DirectiveOptions = {}): Directives {
  const out: Directives = { params: {}, injects: {}, entries, diagnostics: [] };
  const byKey = new Map<string, DirectiveEntry>();
  for (const e of out.entries) {
    const def = findDirective(e.key);
    if (!def) {
      out.diagnostics.push(
        diagnostic('directive/unknown', e.keyRange, { key: e.key, known: DIRECTIVE_KEYS }),
      );
      continue;
    }
    if (def.single && byKey.has(e.key)) {
      out.diagnostics.push(diagnostic('directive/duplicate', e.keyRange, { key: e.key }));
    }
    byKey.set(e.key, e);
    HANDLERS[def.key](out, e, options);
  }
  checkCombinations(out, byKey);
  checkInjectCycle(out);
  return out;
}

/** A fragment that INJECTs itself, directly or through others, can never be expanded: an error. */
function checkInjectCycle(out: Directives): void {
  const cycle = findInjectCycle(out.injects);
  const first = cycle && out.entries.find((e) => e.key === 'inject' && assignment(e.value)?.lhs === cycle[0]);
  if (!cycle || !first) return;
  out.diagnostics.push(
    diagnostic('directive/inject-cycle', first.valueRange, { cycle: describeInjectCycle(cycle) }),
  );
}

/**
 * Removes directive lines entirely (with their line ends) so that the service never sees them.
 * Line numbers of later lines shift; callers that map service errors back must use
 * {@link directiveEntries} to account for the removed lines. With `keys`, only the lines of those keys go.
 */
export function stripDirectives(text: string, keys?: readonly DirectiveKey[]): string {
  const all = directiveEntries(text);
  const entries = keys ? all.filter((e) => (keys as readonly string[]).includes(e.key)) : all;
  if (entries.length === 0) return text;
  const parts: string[] = [];
  let from = 0;
  for (const e of entries) {
    let lineStart = e.range.start;
    while (lineStart > 0 && text[lineStart - 1] !== '\n' && text[lineStart - 1] !== '\r') lineStart--;
    const lineEnd = nextLineStart(text, e.range.end);
    parts.push(text.slice(from, lineStart));
    from = lineEnd;
  }
  parts.push(text.slice(from));
  return parts.join('');
}
