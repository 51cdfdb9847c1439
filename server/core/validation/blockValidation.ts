/**
 * Incremental validation: the document checks run over the whole text (they are cheap), the statement
 * checks (commands, categories, columns, formulas: the costly ones) run per block and are kept until
 * the block's parse or the column flow it reads changes. The result equals `validate()`.
 */
import { type ParseResult, type SyntaxBlock } from '../syntax/index';
import { type ColumnFlow, type PipelineFlow } from '../columns/flow';
import { type DirectiveReading } from '../syntax/directiveFacts';
import { type CheckContext } from './context';
import { type ValidationDiagnostic } from '../diagnostics/types';
import {
  checkContext,
  DOCUMENT_CHECKS,
  finish,
  promqlRanges,
  runGuarded,
  STATEMENT_CHECKS,
  type ValidateOptions,
} from './validate';

/** A document parsed as blocks, with its column flow computed over those blocks' segments. */
export interface BlockValidationInput {
  readonly text: string;
  readonly parsed: ParseResult;
  readonly blocks: readonly SyntaxBlock[];
  readonly flow: ColumnFlow;
  /** The directive facts of `text`, when the caller has them. */
  readonly directives?: DirectiveReading;
}

interface CachedBlock {
  /** The flow objects the block's checks read; equal objects mean equal findings. */
  readonly reads: readonly unknown[];
  readonly diagnostics: readonly ValidationDiagnostic[];
}

/** Per-block findings kept between versions of one document, for one catalog. */
export interface ValidationCache {
  readonly byBlock: WeakMap<ParseResult, CachedBlock>;
  /** Blocks whose statement checks ran (not reused), over the cache's life. */
  checked: number;
}

/** A new, empty {@link ValidationCache}. */
export function createValidationCache(): ValidationCache {
  return { byBlock: new WeakMap(), checked: 0 };
}

/** Every diagnostic of the document, as {@link validate} gives it, re-checking only changed blocks. */
export function validateBlocks(
  input: BlockValidationInput,
  options: ValidateOptions,
  cache: ValidationCache,
): ValidationDiagnostic[] {
  const { ctx, out } = checkContext(input.text, input.parsed, options, input.flow, input.directives);
  for (const check of DOCUMENT_CHECKS) runGuarded(check, ctx);
  const segments = input.flow.segmentSteps;
  input.blocks.forEach((block, i) => {
    const subFlows = block.parsed.ast.subs.map((sub) => {
      const flow = sub.name === null ? undefined : input.flow.subs.get(sub.name);
      return flow?.sub === sub ? flow : undefined;
    });
    const steps = segments?.[i];
    // Findings name the main pipeline's category, so it is read too.
    const reads = [steps, input.flow.main.category, ...subFlows];
    const hit = cache.byBlock.get(block.parsed);
    if (hit && steps !== undefined && sameReads(hit.reads, reads)) {
      for (const d of hit.diagnostics) out.push(d);
      return;
    }
    const found: ValidationDiagnostic[] = [];
    const view = blockContext(ctx, block, steps ?? [], subFlows, found);
    for (const check of STATEMENT_CHECKS) runGuarded(check, view);
    cache.byBlock.set(block.parsed, { reads, diagnostics: found });
    cache.checked++;
    for (const d of found) out.push(d);
  });
  return finish(out, promqlRanges(ctx), options.enabled);
}

function sameReads(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The check context narrowed to one block: its statements, its main-pipeline steps and its SUBs' flows. */
function blockContext(
  ctx: CheckContext,
  block: SyntaxBlock,
  steps: PipelineFlow['steps'],
  subFlows: readonly (PipelineFlow | undefined)[],
  found: ValidationDiagnostic[],
): CheckContext {
  const subs = new Map<string, PipelineFlow>();
  for (const flow of subFlows) if (flow?.sub?.name) subs.set(flow.sub.name, flow);
  return {
    ...ctx,
    doc: block.parsed.ast,
    flow: { main: { ...ctx.flow.main, steps }, subs, columnsAt: (offset) => ctx.flow.columnsAt(offset) },
    report: (d) => found.push(d),
  };
}
