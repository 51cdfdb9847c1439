// What a notebook cell inherits from the notebook header, as options of the ordinary run pipeline.
// Pure (no vscode): the cell's own directives win over the header, the header wins over the
// window's status bar (profile, project and range). Range strings are read by the core's directive
// parser, so the header takes exactly what `@range` takes. Problems are texts as data, said by the UI.
import { MXQL_RANGE } from '../../../common/limits';
import { templateText, type ShownText, type TemplateText } from '../../../common/templateText';
import { parseDirectives } from '../../../server/core/index';
import type { Selection } from '../profiles/profiles';
import type { RunOptions } from '../run/runner';
import type { RangeChoice } from '../run/timeRange';
import type { NotebookHeader } from './notebookFile';

/** The header's range as a run choice, or a readable problem. Undefined when the header sets none. */
export function headerRange(range: string | undefined): { choice?: RangeChoice; problem?: TemplateText } {
  if (range === undefined || range.trim() === '') return {};
  const parsed = parseDirectives(`-- @range ${range.trim()}\n`);
  const problem = parsed.diagnostics.find((d) => d.severity === 'error');
  if (problem || !parsed.range) {
    return {
      problem: templateText(
        'The notebook header\'s range "{0}" is not valid: give a duration such as 5m, 1h or 2d (at most {1} days).',
        range,
        MXQL_RANGE.amount,
      ),
    };
  }
  return { choice: { kind: 'relative', ms: parsed.range.ms } };
}

/** The header's profile and project, when it names a profile. */
export function headerSelection(header: NotebookHeader): Selection | undefined {
  if (!header.profile) return undefined;
  return { profile: header.profile, ...(header.pcode !== undefined ? { pcode: header.pcode } : {}) };
}

/** Header `$params` that the cell does not set itself with `@param`. */
export function inheritedParams(header: NotebookHeader, cellText: string): Record<string, string> {
  const own = parseDirectives(cellText).params;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(header.params ?? {})) {
    const key = name.startsWith('$') ? name : `$${name}`;
    if (own[key] === undefined) out[key] = value;
  }
  return out;
}

/** Run options of one cell, or the problem that stops it before anything is sent. */
export function cellRunOptions(
  header: NotebookHeader,
  cellText: string,
  signal: AbortSignal,
): { ok: true; options: RunOptions } | { ok: false; problem: TemplateText } {
  const range = headerRange(header.range);
  if (range.problem) return { ok: false, problem: range.problem };
  const selection = headerSelection(header);
  const params = inheritedParams(header, cellText);
  return {
    ok: true,
    options: {
      quiet: true,
      signal,
      params,
      ...(selection ? { selection } : {}),
      ...(range.choice ? { range: range.choice } : {}),
    },
  };
}

/** A cell's title for the history and the results panel: its `@name`, else "notebook › Cell n". */
export function cellTitle(cellText: string, notebookName: string, index: number): ShownText {
  return parseDirectives(cellText).name ?? templateText('{0} › Cell {1}', notebookName, index + 1);
}

/** Parses `$a=1, $b=two` (the header editor's input) into params; a problem names the bad part. */
export function parseParamList(text: string): {
  params?: Record<string, string>;
  problem?: TemplateText;
} {
  const params: Record<string, string> = {};
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')) {
    const match = /^\$?([A-Za-z_][\w]*)\s*=\s*(.*)$/.exec(part);
    if (!match)
      return { problem: templateText('"{0}" is not name=value (for example $agent=web-01).', part) };
    params[`$${match[1] ?? ''}`] = match[2] ?? '';
  }
  return { params };
}
