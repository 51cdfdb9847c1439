/**
 * Incremental validation: the document checks run over the whole text (they are cheap), the statement
 * checks (commands, categories, columns, formulas: the costly ones) run per block and are kept until
 * the block's parse or the column flow it reads changes. The result equals `validate()`.
 */
import { type ParseResult, type SubBlock, type SyntaxBlock } from '../syntax/index';
import { type ColumnFlow, type FlowStep, type PipelineFlow } from '../columns/flow';
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
  // What the block's checks read from the flow; the same objects mean the same findings.
  /** The block's main-pipeline steps (undefined without segment steps: never reused then). */
  readonly steps: readonly FlowStep[] | undefined;
  /** The main pipeline's category, which findings name. */
  readonly category: string | null;
  /** The flow of each of the block's SUBs, in order. */
  readonly subFlows: readonly (PipelineFlow | undefined)[];
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
  const category = input.flow.main.category;
  // Reading a kept block's inputs allocates nothing: this loop visits every block on each run.
  input.blocks.forEach((block, i) => {
    const steps = segments?.[i];
    const subs = block.parsed.ast.subs;
    const hit = cache.byBlock.get(block.parsed);
    if (
      hit &&
      steps !== undefined &&
      hit.steps === steps &&
      hit.category === category &&
      hit.subFlows.length === subs.length &&
      hit.subFlows.every((flow, j) => flow === flowOfSub(input.flow, subs[j] as SubBlock))
    ) {
      for (const d of hit.diagnostics) out.push(d);
      return;
    }
    const subFlows = subs.map((sub) => flowOfSub(input.flow, sub));
    const found: ValidationDiagnostic[] = [];
    const view = blockContext(ctx, block, steps ?? [], subFlows, found);
    for (const check of STATEMENT_CHECKS) runGuarded(check, view);
    cache.byBlock.set(block.parsed, { steps, category, subFlows, diagnostics: found });
    cache.checked++;
    for (const d of found) out.push(d);
  });
  return finish(out, promqlRanges(ctx), options.enabled);
}

/** The flow of a SUB block: the one of its name, when this block is the SUB of that name. */
function flowOfSub(flow: ColumnFlow, sub: SubBlock): PipelineFlow | undefined {
  const found = sub.name === null ? undefined : flow.subs.get(sub.name);
  return found?.sub === sub ? found : undefined;
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
