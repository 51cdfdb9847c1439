/**
 * `validate`: every diagnostic of an MXQL file in one sorted list — the parser's syntax problems, the
 * directive parser's, and the feature checks (INJECT, $params, structure, commands, catalog names,
 * ranges). Checks run independently, so a broken line never hides the problems of the others, and
 * nothing MXQL-specific is reported inside PromQL lines.
 */
import { parse, type ParseResult, type Range, type Statement } from '../syntax/index';
import { type CategoryCatalog } from '../catalog/index';
import { flowWithCatalog, type ColumnFlow } from '../columns/flow';
import { featureCatalog } from '../catalog/featureCatalog';
import { checkCategories, checkColumns } from './catalogChecks';
import { commandDiagnostics } from './commandChecks';
import { type Check, type CheckContext } from './context';
import { type ValidationDiagnostic } from '../diagnostics/types';
import { directiveFacts, type DirectiveReading } from '../syntax/directiveFacts';
import { checkFormulas } from './formulaChecks';
import { parseFragments } from './fragments';
import { checkInjects } from './injectChecks';
import { checkParams } from './paramChecks';
import { checkRanges } from './rangeChecks';
import { checkStructure } from './structureChecks';
import { checkSubReferences } from './subChecks';
import { optionFormDiagnostics } from './optionFormChecks';
import { checkSqlHabits } from './sqlChecks';

/** Options of {@link validate}. */
export interface ValidateOptions {
  /** The category catalog (commands come from the built-in table). */
  readonly catalog: CategoryCatalog;
  /** Fragment names the run supplies in its inject map (besides `-- @inject` directives). */
  readonly injectNames?: readonly string[];
  /** `$param` names (with `$`) the run supplies, as a list or as the run's param map. */
  readonly params?: readonly string[] | Readonly<Record<string, unknown>>;
  /** Only report these codes; an entry may be a whole group (`inject`) or a code (`inject/bare`). */
  readonly enabled?: readonly string[];
}

/** Text with its parse result, for callers that already parsed it. */
export interface ParsedText {
  readonly text: string;
  readonly parsed: ParseResult;
}

/** Parser diagnostics that the feature checks re-report with their own codes and wording. */
const SUPERSEDED_SYNTAX_CODES = new Set(['syntax/inject-in-operand', 'syntax/param-key']);

/** Checks of the document as a whole (directives, $params, INJECTs, structure, SUB references): cheap. */
export const DOCUMENT_CHECKS: readonly Check[] = [
  checkInjects,
  checkParams,
  checkStructure,
  checkRanges,
  checkSubReferences,
  checkSqlHabits,
];

/**
 * Checks of each statement against the command table, the catalog and the column flow: the costly
 * ones. They read only the statements and flow steps in `ctx`, so incremental validation runs them
 * per block (blockValidation.ts).
 */
export const STATEMENT_CHECKS: readonly Check[] = [
  (ctx) => commandDiagnostics(allStatements(ctx), ctx.catalog, ctx.text).forEach((d) => ctx.report(d)),
  checkCategories,
  checkColumns,
  checkFormulas,
  (ctx) => optionFormDiagnostics(allStatements(ctx), ctx.text).forEach((d) => ctx.report(d)),
];

const CHECKS: readonly Check[] = [...DOCUMENT_CHECKS, ...STATEMENT_CHECKS];

/** Every diagnostic of `input`, sorted by position then code. Never throws. */
export function validate(input: string | ParsedText, options: ValidateOptions): ValidationDiagnostic[] {
  const text = typeof input === 'string' ? input : input.text;
  const parsed = typeof input === 'string' ? parse(text) : input.parsed;
  const { ctx, out } = checkContext(text, parsed, options);
  for (const check of CHECKS) runGuarded(check, ctx);
  return finish(out, promqlRanges(ctx), options.enabled);
}

/**
 * The context every check shares, with the directive and parser diagnostics already in `out`. The
 * column flow is `flow` when the caller has it (an analysis), else computed here.
 */
export function checkContext(
  text: string,
  parsed: ParseResult,
  options: ValidateOptions,
  flow?: ColumnFlow,
  directives: DirectiveReading = directiveFacts(text),
): { ctx: CheckContext; out: ValidationDiagnostic[] } {
  const catalog = featureCatalog(options.catalog);
  const out: ValidationDiagnostic[] = [...directives.diagnostics];
  for (const d of parsed.diagnostics) if (!SUPERSEDED_SYNTAX_CODES.has(d.code)) out.push(d);
  const ctx: CheckContext = {
    text,
    doc: parsed.ast,
    catalog,
    flow:
      flow ?? flowWithCatalog(parsed.ast, catalog, { fragments: parseFragments(directives.facts.injects) }),
    directives: directives.facts,
    runInjects: new Set(options.injectNames ?? []),
    runParams: new Set(Array.isArray(options.params) ? options.params : Object.keys(options.params ?? {})),
    report: (d) => out.push(d),
  };
  return { ctx, out };
}

function allStatements(ctx: CheckContext): Statement[] {
  return [...ctx.doc.main, ...ctx.doc.subs.flatMap((s) => s.commands)];
}

/** A failing check must not take the other checks' findings with it; its own are simply absent. */
export function runGuarded(check: Check, ctx: CheckContext): void {
  try {
    check(ctx);
  } catch {
    // Deliberately silent: the core never throws on user input, and the remaining checks still run.
  }
}

/** The PromQL text of every pipeline (main first, then each SUB): one pass, no copy of the statements. */
export function promqlRanges(ctx: CheckContext): Range[] {
  const out: Range[] = [];
  const add = (statements: readonly Statement[]): void => {
    for (const s of statements) if (s.kind === 'promql') out.push(s.queryRange);
  };
  add(ctx.doc.main);
  for (const sub of ctx.doc.subs) add(sub.commands);
  return out;
}

/** Drops findings inside PromQL and codes not enabled, and sorts by position then code. */
export function finish(all: ValidationDiagnostic[], promql: readonly Range[], enabled?: readonly string[]) {
  const inPromql = (r: Range): boolean => promql.some((p) => r.start >= p.start && r.start < p.end);
  const wanted = (code: string): boolean =>
    enabled === undefined || enabled.some((e) => e === code || code.startsWith(`${e}/`));
  const kept = all.filter((d) => !inPromql(d.range) && wanted(d.code));
  // A SQL habit names the text's meaning and rewrite; the parser's "unexpected text" or a wrong operand form
  // inside it adds nothing.
  const sql = kept.filter((d) => d.code.startsWith('sql/')).map((d) => d.range);
  const superseded = (d: ValidationDiagnostic): boolean =>
    (d.code === 'syntax/unexpected-token' || d.code.startsWith('operand/')) &&
    sql.some((r) => d.range.start >= r.start && d.range.start < r.end);
  return kept
    .filter((d) => !superseded(d))
    .sort(
      (a, b) => a.range.start - b.range.start || a.range.end - b.range.end || a.code.localeCompare(b.code),
    );
}
