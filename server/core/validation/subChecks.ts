/**
 * SUB references: JOIN, APPEND, FILTER-SUBQUERY and JOINByTime name a SUB block of the same file (or
 * a quoted predefined path). A name with no SUB is most likely a typo; it stays a warning because a
 * server may resolve names this file cannot see.
 */
import { suggestClosest } from '../catalog/index';
import { type CheckContext } from './context';
import { diagnostic } from '../diagnostics/table';

/** Reports SUB references that no SUB block of the file declares. */
export function checkSubReferences(ctx: CheckContext): void {
  const declared = ctx.doc.subs.flatMap((s) => (s.name === null ? [] : [s.name]));
  for (const ref of ctx.doc.subRefs) {
    if (ref.resolved) continue;
    const suggestions = suggestClosest(ref.name, declared);
    ctx.report({
      ...diagnostic('sub/unresolved', ref.range, { name: ref.name, command: ref.command, suggestions }),
      data: { replacements: suggestions.map((s) => ({ kind: 'change', newText: s })) },
    });
  }
}
