/**
 * Pipeline shape: a loader that reads the category needs a CATEGORY before it, and processing commands
 * belong after the loader. Each SUB block is its own pipeline. Pipelines without a loader (JOIN- or
 * APPEND-only, PromQL) are legitimate and left alone.
 */
import { type Statement } from '../../syntax/index';
import { type CheckContext } from './context';
import { DiagnosticCodes } from './diagnostic';

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
        ctx.report({
          code: DiagnosticCodes.missingCategory,
          severity: 'error',
          message: `${def.name} loads the category chosen by CATEGORY, but this pipeline has none before it. Add 'CATEGORY <name>' above this line.`,
          range: s.nameRange,
        });
      }
      if (!loaderSeen) reportEarly(ctx, early, def.name);
      loaderSeen = true;
    } else if (def?.stage === 'process' && !loaderSeen) {
      early.push(s);
    }
  }
  if (categoryCommand && !loaderSeen && !hidden) reportMissingLoader(ctx, categoryCommand);
}

function reportMissingLoader(ctx: CheckContext, category: Statement): void {
  if (category.kind !== 'command') return;
  ctx.report({
    code: DiagnosticCodes.missingLoader,
    severity: 'warning',
    message:
      'CATEGORY only chooses what to read; without a loader no rows are loaded. Add TAGLOAD (or FLEXLOAD for field-only categories) after it.',
    range: category.nameRange,
  });
}

function reportEarly(ctx: CheckContext, early: readonly Statement[], loader: string): void {
  for (const s of early) {
    if (s.kind !== 'command') continue;
    ctx.report({
      code: DiagnosticCodes.processBeforeLoad,
      severity: 'warning',
      message: `${s.name.toUpperCase()} runs before ${loader} has loaded any rows, so it has nothing to work on. Move it below the ${loader} line.`,
      range: s.nameRange,
    });
  }
}
