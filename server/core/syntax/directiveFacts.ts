/**
 * Adapts the shared directive parser (syntax/directives.ts) to the facts the checks use: which
 * `$params` and fragments are declared and where, the time spans to check, and where a new
 * directive line fits.
 */
import { type MxqlDiagnostic, type Range } from '../diagnostics/types';
import { directiveEntries, directivesOf, type DirectiveEntry } from './directives';
import { nextLineStart } from './lineIndex';

/** A `-- @param $x = value` directive. */
export interface ParamDirective {
  readonly name: string;
  /** The whole directive line (without its line break). */
  readonly range: Range;
}

/** A `-- @inject name = fragment` directive; repeated names append lines to the fragment. */
export interface InjectDirective {
  readonly name: string;
  readonly value: string;
  /** Where `value` sits in the document, so fragment problems map back exactly. */
  readonly valueRange: Range;
  readonly range: Range;
}

/** The directive facts the checks need, independent of how directives.ts shapes them. */
export interface DirectiveFacts {
  readonly params: readonly ParamDirective[];
  readonly injects: readonly InjectDirective[];
  /** `@range` as milliseconds, or `@stime`..`@etime`, with the range to report at. */
  readonly spans: readonly { readonly ms: number; readonly range: Range }[];
  /** Offset of the line after the last directive (or of the first line) where a new directive fits. */
  readonly insertAt: number;
}

/** Directive facts and the directive parser's own diagnostics. */
export interface DirectiveReading {
  readonly facts: DirectiveFacts;
  readonly diagnostics: readonly MxqlDiagnostic[];
}

/**
 * Directive facts of `text` and the directive parser's own diagnostics, from its directive `entries`
 * when the caller has them (an analysis gathers them per block). Never throws.
 */
export function directiveFacts(
  text: string,
  entries: DirectiveEntry[] = directiveEntries(text),
): DirectiveReading {
  // Most files have no directive at all.
  if (entries.length === 0)
    return { facts: { params: [], injects: [], spans: [], insertAt: 0 }, diagnostics: [] };
  const parsed = directivesOf(entries);
  const params: ParamDirective[] = [];
  const injects: InjectDirective[] = [];
  for (const entry of parsed.entries) {
    const a = assignment(entry);
    if (!a) continue;
    if (entry.key === 'param' && /^\$[A-Za-z_][A-Za-z0-9_]*$/.test(a.name))
      params.push({ name: a.name, range: entry.range });
    if (entry.key === 'inject' && /^[A-Za-z_][A-Za-z0-9_-]*$/.test(a.name)) {
      injects.push({ name: a.name, value: a.value, valueRange: a.valueRange, range: entry.range });
    }
  }
  const spans: { ms: number; range: MxqlDiagnostic['range'] }[] = [];
  const rangeEntry = lastEntry(parsed.entries, 'range');
  if (parsed.range && rangeEntry) spans.push({ ms: parsed.range.ms, range: rangeEntry.valueRange });
  const etimeEntry = lastEntry(parsed.entries, 'etime');
  if (parsed.stime !== undefined && parsed.etime !== undefined && etimeEntry) {
    spans.push({ ms: parsed.etime - parsed.stime, range: etimeEntry.valueRange });
  }
  return {
    facts: { params, injects, spans, insertAt: insertionPoint(text, parsed.entries) },
    diagnostics: parsed.diagnostics,
  };
}

/** `name = value` of a directive, with the exact range of the value text. */
function assignment(
  entry: DirectiveEntry,
): { name: string; value: string; valueRange: MxqlDiagnostic['range'] } | null {
  const eq = entry.value.indexOf('=');
  if (eq <= 0) return null;
  const raw = entry.value.slice(eq + 1);
  const value = raw.trim();
  const start = entry.valueRange.start + eq + 1 + (raw.length - raw.trimStart().length);
  return { name: entry.value.slice(0, eq).trim(), value, valueRange: { start, end: start + value.length } };
}

/** The start of the line after the last directive, or 0 when the file has none. */
function insertionPoint(text: string, entries: readonly DirectiveEntry[]): number {
  const last = entries.at(-1);
  if (!last) return 0;
  return nextLineStart(text, last.range.end);
}

function lastEntry(entries: readonly DirectiveEntry[], key: string): DirectiveEntry | undefined {
  return entries.filter((e) => e.key === key).at(-1);
}
