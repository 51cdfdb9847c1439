// `mxql check [files | dirs | globs] [--format text|json] [--locale en|ko|ja] [--no-color]`: validates .mxql files with the
// language core and prints one line per diagnostic (`path:line:col: severity code message`, 1-based)
// plus a summary. JSON files (dashboards) are checked query by query, positions mapped back into the
// JSON. Exit codes: 0 clean or warnings only, 1 any error, 2 usage error. Output is sorted by path then
// position, and uncoloured unless stdout is a terminal, so CI logs are stable.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  checkEventRuleScan,
  findEventRules,
  findJsonQueries,
  jsonRangeOf,
  lineRangeOf,
  lineStartsOf,
  localizedMessage,
  validate,
  type UiLanguage,
  type ValidationDiagnostic,
} from '../server/core/index';
// The CLI ships the catalog data inline: bundledCatalog.ts exists for such hosts and stays out of the core index.
import { bundledCategoryCatalog } from '../server/core/catalog/bundledCatalog';
import { expandOperands, MAX_FILE_BYTES, readQueryFile, type FileProblem } from './files';
import type { Subcommand } from './main';
import { translatedLanguage } from '../common/l10n';
import { localeFlag } from './locale';

const HELP = `Usage: mxql check [files, directories or globs…] [options]

Checks MXQL files and prints their diagnostics. A directory means every *.mxql file below it and
every *.json file that holds MXQL; globs support *, ? and ** (quote them so the shell does not expand
them). Default: the current directory.

In a JSON file (a dashboard), the strings of keys mql and query and every string under an inject
object are checked as MXQL, and positions are given in the JSON file; --format json adds each
finding's JSON pointer. In an event-rule file (objects with category and rule), the fields named by
each rule, its \${field} placeholders and alertLabel are checked against the rule's category.

Options:
  --format text|json   output format (default: text)
  --locale en|ko|ja    language of the messages (default: en, whatever the environment says)
  --no-color           never colour the output (colour is used only on a terminal)
  -h, --help           show this help

Only regular UTF-8 files of at most ${MAX_FILE_BYTES / (1024 * 1024)} MB are checked; any other path named or found
(a FIFO, device, dangling link, link loop, non-UTF-8 or larger file) gets a line on stderr.

Exit codes: 0 no errors, 1 at least one error-severity diagnostic or a file that could not be
checked, 2 usage error.
`;

/** One checked file and its diagnostics with 1-based positions. */
interface FileReport {
  readonly path: string;
  readonly diagnostics: readonly PositionedDiagnostic[];
}

interface PositionedDiagnostic {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly severity: ValidationDiagnostic['severity'];
  readonly code: string;
  readonly message: string;
  /** In a JSON file, the JSON pointer of the query string the finding is in. */
  readonly pointer?: string;
}

class UsageError extends Error {}

/** The `mxql check` subcommand. */
export const check: Subcommand = (args) => {
  try {
    return Promise.resolve(runCheck(args));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`mxql check: ${error.message}\nRun 'mxql check --help' for usage.\n`);
    return Promise.resolve(2);
  }
};

function runCheck(args: readonly string[]): number {
  const { values, positionals } = readArguments(args);
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json')
    throw new UsageError(`--format must be text or json (got '${format}')`);
  const language = messageLanguage(values.locale);
  const cwd = process.cwd();
  const operands = positionals.length > 0 ? positionals : ['.'];
  const { files, problems, unmatched, walkedJson } = expandOperands(operands, cwd, { json: true });
  if (unmatched.length > 0)
    throw new UsageError(`no .mxql or .json files match ${unmatched.map((u) => `'${u}'`).join(', ')}`);
  const walked = new Set(walkedJson);
  const reports: FileReport[] = [];
  for (const path of files) {
    const read = readQueryFile(resolve(cwd, path));
    if (!read.ok) {
      // A JSON file found by a walk is only a candidate: one that cannot be read is not known to hold MXQL.
      if (!walked.has(path)) problems.push({ path, reason: read.reason });
    } else if (!path.endsWith('.json')) reports.push(checkText(path, read.text, language));
    else {
      const report = checkJson(path, read.text, language, walked.has(path));
      if (report) reports.push(report);
    }
  }
  reportProblems(problems);
  const color =
    format === 'text' && !values['no-color'] && process.stdout.isTTY === true && !process.env.NO_COLOR;
  process.stdout.write(format === 'json' ? renderJson(reports) : renderText(reports, color));
  const failed =
    problems.length > 0 || reports.some((r) => r.diagnostics.some((d) => d.severity === 'error'));
  return failed ? 1 : 0;
}

/** One stderr line per path that was not checked, and why. */
function reportProblems(problems: readonly FileProblem[]): void {
  for (const p of problems) process.stderr.write(`mxql check: ${p.path}: not checked: ${p.reason}\n`);
}

function readArguments(args: readonly string[]) {
  try {
    return parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        format: { type: 'string' },
        locale: { type: 'string' },
        'no-color': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** The language `--locale` asks for: undefined for English, the core's own words. */
function messageLanguage(locale: string | undefined): UiLanguage | undefined {
  return translatedLanguage(localeFlag(locale, (message) => new UsageError(message)));
}

function checkText(path: string, text: string, language: UiLanguage | undefined): FileReport {
  const lineStarts = lineStartsOf(text);
  const diagnostics = validateText(text).map((d) =>
    positioned(d, lineRangeOf(lineStarts, d.range), language),
  );
  return { path, diagnostics };
}

function validateText(text: string): ValidationDiagnostic[] {
  return validate(text, { catalog: bundledCategoryCatalog });
}

function positioned(
  d: ValidationDiagnostic,
  place: ReturnType<typeof lineRangeOf>,
  language: UiLanguage | undefined,
): PositionedDiagnostic {
  return { ...place, severity: d.severity, code: d.code, message: localizedMessage(d, language) };
}

/**
 * Each MXQL string of a JSON file checked as a .mxql file would be, its findings placed in the JSON
 * file through the string's offset map. Malformed JSON is one `json/syntax` error. A file a directory
 * walk found is left out (undefined) when it holds no MXQL: most JSON files are not dashboards.
 */
function checkJson(
  path: string,
  json: string,
  language: UiLanguage | undefined,
  walked: boolean,
): FileReport | undefined {
  const { queries, problems } = findJsonQueries(json);
  const rules = findEventRules(json);
  if (walked && queries.length === 0 && rules.rules.length === 0) return undefined;
  const lineStarts = lineStartsOf(json);
  const at = (offset: number) => lineRangeOf(lineStarts, { start: offset, end: offset });
  const syntax = problems.find((p) => p.kind === 'syntax');
  if (syntax)
    return {
      path,
      diagnostics: [
        { ...at(syntax.offset), severity: 'error', code: 'json/syntax', message: syntax.message },
      ],
    };
  const diagnostics: PositionedDiagnostic[] = problems.map((p) => ({
    ...at(p.offset),
    severity: 'warning',
    code: 'json/not-a-string',
    message: p.message,
    ...(p.pointer === undefined ? {} : { pointer: p.pointer }),
  }));
  // A file whose only mql is not a string has its warning; "no MXQL" is for files that never meant any.
  if (queries.length === 0 && problems.length === 0 && rules.rules.length === 0)
    diagnostics.push({
      ...at(0),
      severity: 'information',
      code: 'json/no-queries',
      message: 'no MXQL in this JSON file (no string under a mql or query key or an inject object)',
    });
  for (const query of queries) {
    for (const d of validateText(query.text)) {
      const place = lineRangeOf(lineStarts, jsonRangeOf(query.map, d.range));
      diagnostics.push({ ...positioned(d, place, language), pointer: query.pointer });
    }
  }
  // Event rules' findings are placed in the JSON file already.
  for (const d of checkEventRuleScan(rules, bundledCategoryCatalog)) {
    diagnostics.push({ ...positioned(d, lineRangeOf(lineStarts, d.range), language), pointer: d.pointer });
  }
  diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
  return { path, diagnostics };
}

const COLORS = { error: '\x1b[31m', warning: '\x1b[33m', information: '\x1b[36m', hint: '\x1b[90m' } as const;

function renderText(reports: readonly FileReport[], color: boolean): string {
  const paint = (severity: keyof typeof COLORS, s: string): string =>
    color ? `${COLORS[severity]}${s}\x1b[0m` : s;
  const lines: string[] = [];
  for (const r of reports) {
    for (const d of r.diagnostics) {
      lines.push(`${r.path}:${d.line}:${d.column}: ${paint(d.severity, d.severity)} ${d.code} ${d.message}`);
    }
  }
  lines.push(summaryLine(reports));
  return `${lines.join('\n')}\n`;
}

function counts(reports: readonly FileReport[]): Record<ValidationDiagnostic['severity'], number> {
  const out = { error: 0, warning: 0, information: 0, hint: 0 };
  for (const r of reports) for (const d of r.diagnostics) out[d.severity]++;
  return out;
}

function summaryLine(reports: readonly FileReport[]): string {
  const c = counts(reports);
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(reports.length, 'file')} checked: ${plural(c.error, 'error')}, ${plural(c.warning, 'warning')}, ${c.information} information, ${plural(c.hint, 'hint')}`;
}

function renderJson(reports: readonly FileReport[]): string {
  return `${JSON.stringify({ files: reports, summary: { files: reports.length, ...counts(reports) } }, null, 2)}\n`;
}

// File discovery moved to files.ts, which `mxql run` shares; re-exported for existing importers.
export { expandOperands, globToRegExp } from './files';
