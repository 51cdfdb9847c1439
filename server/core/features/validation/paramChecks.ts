/**
 * `$param` checks: a bind variable may only stand for a value (never a key); one with no value is
 * asked for when the query runs (information, not an error), except `$stime`/`$etime`, which the run
 * fills from its time range; a declared one nobody uses is a hint.
 */
import { type Range } from '../../syntax/index';
import { type CheckContext } from './context';
import { diagnostic } from '../../diagnostics/table';
import { isRangeParam } from '../rangeParams';

/** Reports `$params` used as keys, unbound `$params` and unused `@param` directives. */
export function checkParams(ctx: CheckContext): void {
  const declared = new Set(ctx.directives.params.map((p) => p.name));
  const used = new Set<string>();
  const ignoredWhenUnbound = commandsIgnoringUnboundParams(ctx);
  for (const ref of ctx.doc.params) {
    used.add(ref.name);
    if (ref.inKey) {
      ctx.report(diagnostic('param/as-key', ref.range, { name: ref.name }));
    } else if (!declared.has(ref.name) && !ctx.runParams.has(ref.name) && !isRangeParam(ref.name)) {
      const command = ignoredWhenUnbound.find((c) => within(ref.range, c.range))?.command;
      const found =
        command === undefined
          ? diagnostic('param/unbound', ref.range, { name: ref.name })
          : diagnostic('param/ignored-when-unbound', ref.range, { name: ref.name, command });
      ctx.report({ ...found, data: { name: ref.name, insertAt: ctx.directives.insertAt } });
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

/**
 * The service skips OID, OKIND, ONODE and OIDSET when their $param is not passed (the reference
 * quotes the documentation), so an unbound $param there is normal: the query runs unfiltered.
 */
const SKIPPED_WHEN_UNBOUND: ReadonlySet<string> = new Set(['OID', 'OKIND', 'ONODE', 'OIDSET']);

function commandsIgnoringUnboundParams(ctx: CheckContext): { command: string; range: Range }[] {
  const statements = [...ctx.doc.main, ...ctx.doc.subs.flatMap((s) => s.commands)];
  return statements.flatMap((s) =>
    s.kind === 'command' && SKIPPED_WHEN_UNBOUND.has(s.upperName)
      ? [{ command: s.upperName, range: s.range }]
      : [],
  );
}

function within(inner: Range, outer: Range): boolean {
  return inner.start >= outer.start && inner.end <= outer.end;
}
