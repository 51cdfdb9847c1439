/**
 * INJECT placeholders: every INJECT should have a fragment (a directive or the run's inject map), every
 * declared fragment should be used, fragments must be valid MXQL themselves, and INJECT only works as a
 * command of its own.
 */
import { parse, type InjectNode } from '../../syntax/index';
import { type CheckContext, type InjectDirective } from './context';
import { DiagnosticCodes } from './diagnostic';
import { fragmentDiagnostics } from './fragments';

/** The name an INJECT stands for; a bare INJECT is treated as `default`. */
export function injectName(node: { readonly name: string | null }): string {
  return node.name ?? 'default';
}

/** Reports bare, fragment-less and misplaced INJECTs, unused fragments and invalid fragment text. */
export function checkInjects(ctx: CheckContext): void {
  const declared = new Set(ctx.directives.injects.map((d) => d.name));
  const used = new Set<string>();
  for (const node of ctx.doc.injects) {
    if ('keywordRange' in node) {
      used.add(injectName(node));
      checkInjectStatement(ctx, node, declared);
    } else {
      ctx.report({
        code: DiagnosticCodes.injectInOperand,
        severity: 'error',
        message:
          'INJECT is not expanded inside an operand: the service only replaces INJECT written as a command on its own line. Move it to a line of its own.',
        range: node.range,
      });
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
        code: DiagnosticCodes.injectUnusedFragment,
        severity: 'warning',
        message: `Fragment '${directive.name}' is declared but no INJECT uses it, so it is never sent. Add 'INJECT ${directive.name}' where it belongs or remove the directive.`,
        range: directive.range,
        tags: ['unnecessary'],
      });
    }
    checkFragmentText(ctx, directive);
  }
}

function checkInjectStatement(ctx: CheckContext, node: InjectNode, declared: ReadonlySet<string>): void {
  const name = injectName(node);
  if (node.name === null) {
    ctx.report({
      code: DiagnosticCodes.injectBare,
      severity: 'information',
      message: "A bare INJECT is treated as 'INJECT default'. Write the name to make that explicit.",
      range: node.keywordRange,
    });
  }
  if (declared.has(name) || ctx.runInjects.has(name)) return;
  ctx.report({
    code: DiagnosticCodes.injectMissingFragment,
    severity: 'warning',
    message: `No fragment named '${name}' is given, so this INJECT adds nothing when the query runs. Declare it with '-- @inject ${name} = <MXQL>' or pass it in the run's inject map.`,
    range: node.nameRange ?? node.keywordRange,
    data: { name, insertAt: ctx.directives.insertAt },
  });
}

/** Parses the directive's fragment as MXQL and reports its problems inside the directive's value. */
function checkFragmentText(ctx: CheckContext, directive: InjectDirective): void {
  for (const d of fragmentDiagnostics(directive.value, ctx.catalog)) {
    const start = Math.min(directive.valueRange.start + d.range.start, directive.valueRange.end);
    const end = Math.min(
      directive.valueRange.start + Math.max(d.range.end, d.range.start),
      directive.valueRange.end,
    );
    ctx.report({
      code: DiagnosticCodes.injectFragmentError,
      severity: d.severity,
      message: `In fragment '${directive.name}': ${d.message} (${d.code})`,
      range: { start, end },
    });
  }
}
