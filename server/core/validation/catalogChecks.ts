/**
 * Names checked against the catalog: categories (warning, with did-you-mean) and column references
 * against the column flow. Nothing is reported where the catalog cannot know: categories known
 * without metadata are fine, and open column sets (unknown columns) are never checked.
 */
import { findIdentityColumn, findSystemColumn, suggestClosest } from '../catalog/index';
import { type FlowStep, type PipelineFlow } from '../columns/flow';
import { renamePairs } from '../columns/effects';
import { columnReads } from '../columns/reads';
import { lineOf } from '../syntax/navigate';
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
  // A column the pipeline had and a command above took away, read where a missing column changes no
  // row, is a leftover common in working queries: say where it went, faded, instead of calling it
  // unknown. Read by FILTER, GROUP and the like it changes what comes back, so it stays a warning.
  const removal = LEFTOVER_TOLERANT.has(commandName(ctx, step)) ? removalAbove(ctx, step, ref.name) : null;
  if (removal) {
    ctx.report({
      ...diagnostic('column/removed-above', ref.range, removal),
      tags: ['unnecessary'],
      ...(removal.renamedTo
        ? { data: { replacements: [{ kind: 'change', newText: removal.renamedTo }] } }
        : {}),
    });
    return;
  }
  // `_id_`, `_name_`, `_rows_` … exist once a command makes them; the service may add some itself.
  if (findSystemColumn(ref.name)) {
    ctx.report({ ...diagnostic('column/not-created', ref.range, { name: ref.name }), tags: ['unnecessary'] });
    return;
  }
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

/** Commands that return the same rows when a column they read is missing (they only copy, sort or show it). */
const LEFTOVER_TOLERANT: ReadonlySet<string> = new Set([
  'SELECT',
  'ORDER',
  'CREATE',
  'CREATE-EXPR',
  'RENAME',
  'UPDATE',
]);

/** The canonical name of the step's command (an alias reads as the command it stands for). */
function commandName(ctx: CheckContext, step: FlowStep): string {
  return step.statement.kind === 'command' ? (ctx.catalog.findCommand(step.statement.name)?.name ?? '') : '';
}

/** Where a column went: the command that took it away, its line, and the new name after a RENAME. */
interface Removal {
  name: string;
  command: string;
  line: number;
  renamedTo: string | null;
}

/**
 * The nearest command of the document above `step`, in its own pipeline, that had column `name` before
 * it and not after (a SELECT that left it out, a RENAME, a GROUP, a DELETE), or null. Commands of INJECT
 * fragments are not the document's text, so a column they remove stays unexplained here.
 */
function removalAbove(ctx: CheckContext, step: FlowStep, name: string): Removal | null {
  const pipeline = [ctx.flow.main, ...ctx.flow.subs.values()].find((f) => f.steps.includes(step));
  if (!pipeline) return null;
  const own = new Set([...ctx.doc.main, ...ctx.doc.subs.flatMap((s) => s.commands)]);
  for (let i = pipeline.steps.indexOf(step) - 1; i >= 0; i--) {
    const above = pipeline.steps[i] as FlowStep;
    if (!above.before.columns.has(name) || above.after.columns.has(name)) continue;
    const command = above.statement;
    if (command.kind !== 'command' || !own.has(command)) return null;
    const renamed =
      commandName(ctx, above) === 'RENAME'
        ? renamePairs(command.operand).pairs.find(([src]) => src.name === name)?.[1].name
        : undefined;
    return {
      name,
      command: command.upperName,
      line: lineOf(ctx.doc, command.nameRange.start) + 1,
      renamedTo: renamed ?? null,
    };
  }
  return null;
}
