// `mxql check [files | dirs | globs] [--format text|json] [--no-color]`: validates .mxql files with the
// language core and prints one line per diagnostic (`path:line:col: severity code message`, 1-based)
// plus a summary. Exit codes: 0 clean or warnings only, 1 any error, 2 usage error. Output is sorted
// by path then position, and uncoloured unless stdout is a terminal, so CI logs are stable.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { lineColumnOf, lineStartsOf, validate, type ValidationDiagnostic } from '../server/core/index';
// The CLI ships the catalog data inline: bundledCatalog.ts exists for such hosts and stays out of the core index.
import { bundledCategoryCatalog } from '../server/core/catalog/bundledCatalog';
import type { Subcommand } from './main';

const HELP = `Usage: mxql check [files, directories or globs…] [options]

Checks MXQL files and prints their diagnostics. A directory means every *.mxql file below it;
globs support *, ? and ** (quote them so the shell does not expand them). Default: the current
directory.

Options:
  --format text|json   output format (default: text)
  --no-color           never colour the output (colour is used only on a terminal)
  -h, --help           show this help

Exit codes: 0 no errors, 1 at least one error-severity diagnostic, 2 usage error.
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
  const cwd = process.cwd();
  const operands = positionals.length > 0 ? positionals : ['.'];
  const { files, unmatched } = expandOperands(operands, cwd);
  if (unmatched.length > 0)
    throw new UsageError(`no .mxql files match ${unmatched.map((u) => `'${u}'`).join(', ')}`);
  const reports = files.map((path) => checkFile(path, cwd));
  const color =
    format === 'text' && !values['no-color'] && process.stdout.isTTY === true && !process.env.NO_COLOR;
  process.stdout.write(format === 'json' ? renderJson(reports) : renderText(reports, color));
  return reports.some((r) => r.diagnostics.some((d) => d.severity === 'error')) ? 1 : 0;
}

function readArguments(args: readonly string[]) {
  try {
    return parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        format: { type: 'string' },
        'no-color': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function checkFile(path: string, cwd: string): FileReport {
  let text: string;
  try {
    text = readFileSync(resolve(cwd, path), 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const failure = {
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 1,
      severity: 'error' as const,
      code: 'io/unreadable',
    };
    return { path, diagnostics: [{ ...failure, message: `cannot read the file: ${reason}` }] };
  }
  const lineStarts = lineStartsOf(text);
  const diagnostics = validate(text, { catalog: bundledCategoryCatalog }).map((d) => {
    const start = lineColumnOf(lineStarts, d.range.start);
    const end = lineColumnOf(lineStarts, d.range.end);
    return {
      line: start.line,
      column: start.column,
      endLine: end.line,
      endColumn: end.column,
      severity: d.severity,
      code: d.code,
      message: d.message,
    };
  });
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

// ---------------------------------------------------------------------------------------------
// File discovery: plain files, directories (every *.mxql below them) and simple globs (`*`, `?`,
// `**`) expanded with node:fs, so the CLI needs no extra dependency.

const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git']);

/** Files named by the operands, deduplicated and sorted; `unmatched` lists operands that named none. */
export function expandOperands(
  operands: readonly string[],
  cwd: string,
): { files: string[]; unmatched: string[] } {
  const files = new Set<string>();
  const unmatched: string[] = [];
  for (const operand of operands) {
    const found = expandOne(operand, cwd);
    if (found.length === 0) unmatched.push(operand);
    for (const f of found) files.add(f);
  }
  return { files: [...files].sort(), unmatched };
}

function expandOne(operand: string, cwd: string): string[] {
  if (!/[*?]/.test(operand)) {
    const kind = statKind(resolve(cwd, operand));
    if (kind === 'file') return [toPosix(operand)];
    if (kind !== 'dir') return [];
    return walk(resolve(cwd, operand))
      .filter((f) => f.endsWith('.mxql'))
      .map((f) => display(f, cwd));
  }
  const parts = toPosix(operand).split('/');
  const firstWild = parts.findIndex((p) => /[*?]/.test(p));
  const base = parts.slice(0, firstWild).join('/');
  const baseAbs = operand.startsWith('/') ? `/${base}` : join(cwd, base);
  if (statKind(baseAbs) !== 'dir') return [];
  const pattern = globToRegExp(parts.slice(firstWild).join('/'));
  return walk(baseAbs)
    .filter((f) => pattern.test(toPosix(relative(baseAbs, f))))
    .map((f) => display(f, cwd));
}

/** `**` spans directories; `*` and `?` stay within one path segment. */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] ?? '';
    if (c === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      source += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else source += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

function walk(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    const kind = statKind(path);
    if (kind === 'file') return [path];
    return kind === 'dir' && !SKIPPED_DIRECTORIES.has(name) ? walk(path) : [];
  });
}

function statKind(path: string): 'file' | 'dir' | undefined {
  try {
    const s = statSync(path);
    return s.isFile() ? 'file' : s.isDirectory() ? 'dir' : undefined;
  } catch {
    return undefined;
  }
}

function display(abs: string, cwd: string): string {
  const rel = relative(cwd, abs);
  return toPosix(rel.startsWith('..') || rel === '' ? abs : rel);
}

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}
