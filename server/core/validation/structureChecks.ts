/**
 * Pipeline shape: a loader that reads the category needs a CATEGORY before it, and processing commands
 * belong after the loader. Each SUB block is its own pipeline. Pipelines without a loader (JOIN- or
 * APPEND-only, PromQL) are legitimate and left alone.
 */
import { type Statement } from '../syntax/index';
import { type CheckContext } from './context';
import { diagnostic } from '../diagnostics/table';

/** Checks the main pipeline and every SUB block. */
export function checkStructure(ctx: CheckContext): void {
  checkPipeline(ctx, ctx.doc.main);
  for (const sub of ctx.doc.subs) checkPipeline(ctx, sub.commands);
}

function checkPipeline(ctx: CheckContext, statements: readonly Statement[]): void {
  let category = false;
  // INJECT fragments and template markers may supply a CATEGORY or loader we cannot see.
  let hidden = false;
  let loaderSeen = false;
  const early: Statement[] = [];
  let categoryCommand: Statement | undefined;
  for (const s of statements) {
    if (s.kind === 'inject' || s.kind === 'template-line') hidden = true;
    if (s.kind === 'promql') loaderSeen = true;
    if (s.kind !== 'command') continue;
    const def = ctx.catalog.findCommand(s.name);
    if (s.upperName === 'CATEGORY') {
      category = true;
      categoryCommand ??= s;
    }
    if (def?.stage === 'load') {
      if (def.needsCategory && !category && !hidden) {
        ctx.report(diagnostic('structure/missing-category', s.nameRange, { loader: def.name }));
      }
      if (!loaderSeen) reportEarly(ctx, early, def.name);
      loaderSeen = true;
    } else if (def?.stage === 'process' && !loaderSeen && def.name !== 'SELECT') {
      // SELECT before the loader is a real form (dashboards name the columns to load that way).
      early.push(s);
    }
  }
  if (categoryCommand && !loaderSeen && !hidden) reportMissingLoader(ctx, categoryCommand);
}

function reportMissingLoader(ctx: CheckContext, category: Statement): void {
  if (category.kind !== 'command') return;
  ctx.report(diagnostic('structure/missing-loader', category.nameRange));
}

function reportEarly(ctx: CheckContext, early: readonly Statement[], loader: string): void {
  for (const s of early) {
    if (s.kind !== 'command') continue;
    ctx.report(
      diagnostic('structure/process-before-load', s.nameRange, { command: s.name.toUpperCase(), loader }),
    );
  }
}
