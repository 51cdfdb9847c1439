/**
 * `$param` checks: a bind variable may only stand for a value (never a key); one with no value is
 * asked for when the query runs (information, not an error); a declared one nobody uses is a hint.
 */
import { type CheckContext } from './context';
import { DiagnosticCodes } from './diagnostic';

/** Reports `$params` used as keys, unbound `$params` and unused `@param` directives. */
export function checkParams(ctx: CheckContext): void {
  const declared = new Set(ctx.directives.params.map((p) => p.name));
  const used = new Set<string>();
  for (const ref of ctx.doc.params) {
    used.add(ref.name);
    if (ref.inKey) {
      ctx.report({
        code: DiagnosticCodes.paramAsKey,
        severity: 'error',
        message: `'${ref.name}' is used as a key, but a $param can only stand for a value: write e.g. '{value: ${ref.name}}'.`,
        range: ref.range,
      });
    } else if (!declared.has(ref.name) && !ctx.runParams.has(ref.name)) {
      ctx.report({
        code: DiagnosticCodes.paramUnbound,
        severity: 'information',
        message: `'${ref.name}' has no value here; it will be asked for when the query runs. Add '-- @param ${ref.name} = <value>' to fix one.`,
        range: ref.range,
        data: { name: ref.name, insertAt: ctx.directives.insertAt },
      });
    }
  }
  for (const directive of ctx.directives.params) {
    if (used.has(directive.name)) continue;
    ctx.report({
      code: DiagnosticCodes.paramUnused,
      severity: 'hint',
      message: `'${directive.name}' is declared but the query never uses it; remove the directive or use the $param.`,
      range: directive.range,
      tags: ['unnecessary'],
    });
  }
}
