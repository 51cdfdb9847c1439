/**
 * Names checked against the catalog: categories (warning, with did-you-mean) and column references
 * against the column flow. Nothing is reported where the catalog cannot know: categories known
 * without metadata are fine, and open column sets (unknown columns) are never checked.
 */
import { findIdentityColumn, suggestClosest } from '../catalog/index';
import { type FlowStep, type PipelineFlow } from '../columns/flow';
import { columnReads } from '../columns/reads';
import { splitCategorySuffix } from '../../../common/categoryName';
import { categoryOfCommand } from '../syntax/categoryOperand';
import { type CheckContext } from './context';
import { diagnostic } from '../diagnostics/table';

import { type NameRef } from '../syntax/valueNames';

/** Reports CATEGORY names the catalog does not know, in every pipeline. */
export function checkCategories(ctx: CheckContext): void {
  const statements = [...ctx.doc.main, ...ctx.doc.subs.flatMap((s) => s.commands)];
  for (const s of statements) {
    if (s.kind !== 'command' || s.upperName !== 'CATEGORY') continue;
    for (const ref of categoryOfCommand(s)?.all ?? []) {
      const name = ref.name;
      if (/[$@]|\{\{|<%/.test(name) || ctx.catalog.isKnownCategory(name)) continue;
      const { base } = splitCategorySuffix(name);
      if (ctx.catalog.isKnownCategory(base)) continue;
      const suggestions = ctx.catalog.suggestCategories(base).slice(0, 3);
      // Near a known name it is most likely a typo; otherwise the catalog may simply lack it.
      if (suggestions.length === 0) {
        ctx.report(diagnostic('category/not-in-catalog', ref.range, { name }));
        continue;
      }
      ctx.report({
        ...diagnostic('category/unknown', ref.range, { name, suggestions }),
        data: { replacements: suggestions.map((c) => ({ kind: 'change', newText: c })) },
      });
    }
  }
}

/** Reports column references missing from the columns flowing into each command. */
export function checkColumns(ctx: CheckContext): void {
  for (const flow of [ctx.flow.main, ...ctx.flow.subs.values()]) checkPipelineColumns(ctx, flow);
}

function checkPipelineColumns(ctx: CheckContext, flow: PipelineFlow): void {
  for (const step of flow.steps) {
    if (step.statement.kind !== 'command' || !isCheckedStep(ctx, step)) continue;
    const def = ctx.catalog.findCommand(step.statement.name);
    // Deleting a column that is not there is harmless, so DELETE is not checked.
    if (!def || def.columnEffect === 'delete') continue;
    for (const ref of columnReads(step.statement, def)) reportUnknownColumn(ctx, step, ref, step.category);
  }
}

/** True when column references of this step can be checked: known columns and rows loaded (or a loader). */
export function isCheckedStep(ctx: CheckContext, step: FlowStep): boolean {
  if (step.before.open || step.statement.kind !== 'command') return false;
  const def = ctx.catalog.findCommand(step.statement.name);
  return def !== undefined && (step.loaded || def.stage === 'load');
}

/** Reports `ref` unless it exists before the step (system and agent columns always do). */
export function reportUnknownColumn(
  ctx: CheckContext,
  step: FlowStep,
  ref: NameRef,
  category: string | null,
): void {
  // System and agent columns ride along with rows even where category metadata omits them.
  if (step.before.columns.has(ref.name) || findIdentityColumn(ref.name)) return;
  const suggestions = suggestClosest(ref.name, step.before.columns.keys());
  const found = { name: ref.name, suggestions };
  // A warning only where the columns are known completely; elsewhere the catalog may simply lack it.
  const complete = category !== null && ctx.catalog.isComplete(category);
  ctx.report({
    ...(complete
      ? diagnostic('column/unknown', ref.range, { ...found, category })
      : diagnostic('column/not-in-catalog', ref.range, { ...found, category: category ?? 'unknown' })),
    data: { replacements: suggestions.map((c) => ({ kind: 'change', newText: c })) },
  });
}
