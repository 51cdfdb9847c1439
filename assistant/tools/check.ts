// mxql_check: the core's diagnostics of a query, worded in the context's language, with its quick fixes
// as text edits, exactly as `mxql check` and the editor report them.
import {
  lineRangeOf,
  lineStartsOf,
  localizedMessage,
  quickFixes,
  validate,
  type ValidationDiagnostic,
} from '../../server/core/index';
import { done } from '../results';
import { translatedLanguage } from '../../common/l10n';
import { toolProse } from '../texts';
import type { ToolContext, ToolDefinition } from '../types';
import { MQL_INPUT_SCHEMA } from './schemas';

export interface CheckInput {
  readonly mql: string;
}

interface Position {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface CheckedDiagnostic extends Position {
  severity: ValidationDiagnostic['severity'];
  code: string;
  message: string;
  fixes: { title: string; edits: (Position & { newText: string })[] }[];
}

const POSITION = {
  line: { type: 'integer', minimum: 1 },
  column: { type: 'integer', minimum: 1 },
  endLine: { type: 'integer', minimum: 1 },
  endColumn: { type: 'integer', minimum: 1 },
} as const;

/** The diagnostics of `mql` with 1-based positions, messages and fix titles in the context's language. */
export function checkQuery(mql: string, context: ToolContext): CheckedDiagnostic[] {
  const language = translatedLanguage(context.locale);
  const starts = lineStartsOf(mql);
  return validate(mql, { catalog: context.catalogs.categories }).map((d) => ({
    ...lineRangeOf(starts, d.range),
    severity: d.severity,
    code: d.code,
    message: localizedMessage(d, language),
    fixes: quickFixes(mql, d, language).map((fix) => ({
      title: fix.title,
      edits: fix.edits.map((e) => ({ ...lineRangeOf(starts, e.range), newText: e.newText })),
    })),
  }));
}

export const check: ToolDefinition<CheckInput> = {
  name: 'mxql_check',
  title: 'Check an MXQL query',
  description:
    'Checks MXQL text without running it: syntax, commands, options, categories and columns against the catalog. ' +
    'Returns each diagnostic with 1-based line/column, severity, code, message and quick fixes as text edits. ' +
    'Use it on every query you write or change before mxql_run, and apply the fixes it offers. ' +
    'It does not reach the service, so it cannot say whether data exists; mxql_run does. Next: mxql_run.',
  inputSchema: MQL_INPUT_SCHEMA,
  outputSchema: {
    type: 'object',
    properties: {
      diagnostics: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            ...POSITION,
            severity: { enum: ['error', 'warning', 'information', 'hint'] },
            code: { type: 'string' },
            message: { type: 'string' },
            fixes: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  title: { type: 'string' },
                  edits: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: { ...POSITION, newText: { type: 'string' } },
                      required: ['line', 'column', 'endLine', 'endColumn', 'newText'],
                    },
                  },
                },
                required: ['title', 'edits'],
              },
            },
          },
          required: ['line', 'column', 'endLine', 'endColumn', 'severity', 'code', 'message', 'fixes'],
        },
      },
      errors: { type: 'integer', minimum: 0 },
      warnings: { type: 'integer', minimum: 0 },
    },
    required: ['diagnostics', 'errors', 'warnings'],
  },
  readsService: false,
  run(input, context) {
    const diagnostics = checkQuery(input.mql, context);
    const count = (severity: CheckedDiagnostic['severity']) =>
      diagnostics.filter((d) => d.severity === severity).length;
    const counts = [count('error'), count('warning'), count('information'), count('hint')] as const;
    const lines =
      diagnostics.length === 0
        ? [toolProse(context.locale, 'checkClean')]
        : [
            toolProse(context.locale, 'checkCounts', ...counts),
            ...diagnostics.map((d) => {
              const fixes = d.fixes
                .map((f) => ` (${toolProse(context.locale, 'fixAvailable', f.title)})`)
                .join('');
              return `${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}${fixes}`;
            }),
          ];
    return done(lines.join('\n'), { diagnostics, errors: counts[0], warnings: counts[1] });
  },
};
