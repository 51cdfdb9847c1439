/**
 * INJECT placeholders: every INJECT should have a fragment (a directive or the run's inject map), every
 * declared fragment should be used, fragments must be valid MXQL themselves, and INJECT only works as a
 * command of its own.
 */
import { parse, type InjectNode } from '../syntax/index';
import { type InjectDirective } from '../syntax/directiveFacts';
import { type CheckContext } from './context';
import { diagnostic } from '../diagnostics/table';
import { type ValidationDiagnostic } from '../diagnostics/types';
import { fragmentDiagnostics } from './fragments';

/** The name an INJECT stands for; a bare INJECT is treated as `default`. */
export function injectName(node: { readonly name: string | null }): string {
  return node.name ?? 'default';
}

/** Reports bare, fragment-less and misplaced INJECTs, unused fragments and invalid fragment text. */
export function checkInjects(ctx: CheckContext): void {
  const declared = new Set(ctx.directives.injects.map((d) => d.name));
  const inputs = `${ctx.directives.insertAt}\n${[...declared].join('\n')}`;
  const used = new Set<string>();
  for (const node of ctx.doc.injects) {
    if ('keywordRange' in node) {
      used.add(injectName(node));
      for (const d of statementFindings(ctx, node, declared, inputs)) ctx.report(d);
    } else {
      ctx.report(diagnostic('inject/in-operand', node.range));
    }
  }
  // A fragment may INJECT another one (`-- @inject a = INJECT b`): that uses b too.
  for (const directive of ctx.directives.injects) {
    if (!/inject/i.test(directive.value)) continue;
    for (const node of parse(directive.value).ast.injects)
      if ('keywordRange' in node) used.add(injectName(node));
  }
  const reportedUnused = new Set<string>();
  for (const directive of ctx.directives.injects) {
    if (!used.has(directive.name) && !reportedUnused.has(directive.name)) {
      reportedUnused.add(directive.name);
      ctx.report({
        ...diagnostic('inject/unused-fragment', directive.range, { name: directive.name }),
        tags: ['unnecessary'],
      });
    }
    checkFragmentText(ctx, directive);
  }
}

/**
 * An INJECT statement's findings read the node, the declared fragments, where a directive fits and
 * whether the run supplies the name: while those are the same (an unchanged block), the same objects.
 */
const findingsByNode = new WeakMap<
  InjectNode,
  { readonly inputs: string; readonly run: boolean; readonly found: readonly ValidationDiagnostic[] }
>();

function statementFindings(
  ctx: CheckContext,
  node: InjectNode,
  declared: ReadonlySet<string>,
  inputs: string,
): readonly ValidationDiagnostic[] {
  const run = ctx.runInjects.has(injectName(node));
  const known = findingsByNode.get(node);
  if (known && known.inputs === inputs && known.run === run) return known.found;
  const found: ValidationDiagnostic[] = [];
  checkInjectStatement({ ...ctx, report: (d) => found.push(d) }, node, declared);
  findingsByNode.set(node, { inputs, run, found });
  return found;
}

function checkInjectStatement(ctx: CheckContext, node: InjectNode, declared: ReadonlySet<string>): void {
  const name = injectName(node);
  if (node.name === null) {
    ctx.report(diagnostic('inject/bare', node.keywordRange));
  }
  if (declared.has(name) || ctx.runInjects.has(name)) return;
  const range = node.nameRange ?? node.keywordRange;
  // A file that declares fragments says it supplies them itself; one left out there is a slip.
  // Otherwise the caller (dashboard, Open API request, run prompt) supplies it: only a hint.
  const found =
    declared.size > 0
      ? diagnostic('inject/undeclared-fragment', range, { name, declared: [...declared] })
      : diagnostic('inject/missing-fragment', range, { name });
  ctx.report({ ...found, data: { name, insertAt: ctx.directives.insertAt } });
}

/** A finding inside a fragment keeps its weight: the fragment is sent where INJECT stands. */
const FRAGMENT_CODES = {
  error: 'inject/fragment-error',
  warning: 'inject/fragment-warning',
  information: 'inject/fragment-note',
  hint: 'inject/fragment-note',
} as const;

/** Parses the directive's fragment as MXQL and reports its problems inside the directive's value. */
function checkFragmentText(ctx: CheckContext, directive: InjectDirective): void {
  for (const d of fragmentDiagnostics(directive.value, ctx.catalog)) {
    const start = Math.min(directive.valueRange.start + d.range.start, directive.valueRange.end);
    const end = Math.min(
      directive.valueRange.start + Math.max(d.range.end, d.range.start),
      directive.valueRange.end,
    );
    const found = { name: directive.name, message: d.message, code: d.code, args: d.args };
    ctx.report(diagnostic(FRAGMENT_CODES[d.severity], { start, end }, found));
  }
}
