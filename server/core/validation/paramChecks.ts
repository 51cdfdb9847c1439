/**
 * `$param` checks: a bind variable may only stand for a value (never a key); one with no value needs
 * one when the query runs (information, not an error), except `$stime`/`$etime`, which the run fills
 * from its time range, and a selection `$param` the service skips when unbound (a hint that it is
 * optional); a declared one nobody uses is a hint.
 */
import { type CheckContext } from './context';
import { diagnostic } from '../diagnostics/table';
import { type ValidationDiagnostic } from '../diagnostics/types';
import { type ParamRef } from '../syntax/index';
import { isRangeParam } from '../queries/rangeParams';
import { skippedWhenUnbound } from '../queries/selectionParams';

/** An unbound occurrence's finding, the same object while its inputs are (an unchanged block). */
const unboundByRef = new WeakMap<
  ParamRef,
  { readonly command: string | undefined; readonly insertAt: number; readonly found: ValidationDiagnostic }
>();

function unboundFinding(ref: ParamRef, command: string | undefined, insertAt: number): ValidationDiagnostic {
  const known = unboundByRef.get(ref);
  if (known && known.command === command && known.insertAt === insertAt) return known.found;
  const finding =
    command === undefined
      ? diagnostic('param/unbound', ref.range, { name: ref.name })
      : diagnostic('param/ignored-when-unbound', ref.range, { name: ref.name, command });
  const found = { ...finding, data: { name: ref.name, insertAt } };
  unboundByRef.set(ref, { command, insertAt, found });
  return found;
}

/** Reports `$params` used as keys, unbound `$params` and unused `@param` directives. */
export function checkParams(ctx: CheckContext): void {
  const declared = new Set(ctx.directives.params.map((p) => p.name));
  const used = new Set<string>();
  const skipped = skippedWhenUnbound({ text: ctx.text, parsed: { ast: ctx.doc, diagnostics: [] } });
  for (const ref of ctx.doc.params) {
    used.add(ref.name);
    if (ref.inKey) {
      ctx.report(diagnostic('param/as-key', ref.range, { name: ref.name }));
    } else if (!declared.has(ref.name) && !ctx.runParams.has(ref.name) && !isRangeParam(ref.name)) {
      ctx.report(unboundFinding(ref, skipped.get(ref), ctx.directives.insertAt));
    }
  }
  for (const directive of ctx.directives.params) {
    if (used.has(directive.name)) continue;
    ctx.report({
      ...diagnostic('param/unused', directive.range, { name: directive.name }),
      tags: ['unnecessary'],
    });
  }
}
