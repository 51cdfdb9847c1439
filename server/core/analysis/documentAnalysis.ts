/**
 * One analysed MXQL document: the parse, the directives and the column flow, computed once per text
 * and shared by completion, hover, symbols and the other editor features. Hosts (the language server)
 * cache one analysis per document version so that every request after the first is cheap, and derive
 * the next version's analysis from the previous one with {@link updateAnalysis}: the document is a
 * list of blocks (syntax/blocks.ts), and an edit re-parses, re-flows and re-validates only the blocks
 * it touches and those whose inputs it changed (a SUB they join, the columns flowing into them).
 */
import {
  type CategoryCatalog,
  type CategoryInfo,
  type Column,
  type PathCatalog,
  findSystemColumn,
} from '../catalog/index';
import {
  blockDirectiveEntries,
  directivesOf,
  parseBlocks,
  reparseBlocks,
  type BlockParse,
  type DirectiveEntry,
  type Directives,
  type MxqlDocument,
  type ParseResult,
  type Statement,
  type SubBlock,
  type TextEdit,
} from '../syntax/index';
import {
  createFlowCache,
  flowWithCatalog,
  type ColumnFlow,
  type FlowCache,
  stepAt,
  type PipelineFlow,
} from '../columns/flow';
import { createValidationCache, validateBlocks, type ValidationCache } from '../validation/blockValidation';
import { featureCatalog } from '../catalog/featureCatalog';
import { type ValidationDiagnostic } from '../diagnostics/types';
import { directiveFacts, type DirectiveReading } from '../syntax/directiveFacts';
import { parseFragments } from '../validation/fragments';
import { type ValidateOptions } from '../validation/validate';

/** The catalogs an analysis reads; the path catalog is optional (only `-- @path` completion uses it). */
export interface LanguageCatalogs {
  readonly categories: CategoryCatalog;
  readonly paths?: PathCatalog;
}

/** Everything the editor features need about one text. Fields are computed lazily and cached. */
export interface DocumentAnalysis {
  readonly text: string;
  readonly catalogs: LanguageCatalogs;
  readonly parsed: ParseResult;
  readonly doc: MxqlDocument;
  /** The file's directives (parsed on first use). */
  readonly directives: Directives;
  /** The file's directive lines, gathered from the blocks that hold any (on first use). */
  readonly directiveEntries: readonly DirectiveEntry[];
  /** Column flow of every pipeline, with INJECT fragments from `-- @inject` applied (computed on first use). */
  readonly flow: ColumnFlow;
  /** The document as blocks: `parsed` is their joined parse. */
  readonly blocks: BlockParse;
  /** Flows and findings kept for the next version (see {@link updateAnalysis}). */
  readonly caches: AnalysisCaches;
}

/** What one version hands to the next: flows per block and SUB, findings per block, the fragments. */
export interface AnalysisCaches {
  flow: FlowCache | undefined;
  readonly validation: ValidationCache;
  /** The INJECT fragments parsed, with the key (their source text) they were parsed from. */
  fragments?: { readonly key: string; readonly parsed: ReadonlyMap<string, readonly Statement[]> };
}

/** Analyses `text`. Never throws; the parse is eager, directives and column flow are lazy. */
export function analyzeDocument(text: string, catalogs: LanguageCatalogs): DocumentAnalysis {
  return analysisOf(parseBlocks(text), catalogs, { flow: undefined, validation: createValidationCache() });
}

/**
 * The analysis of the text `previous` becomes after `edits` (in order, each against the text the
 * previous one left). Only the blocks the edits touch are parsed again; flows and findings of the
 * others are reused while what they read is unchanged. Never throws.
 */
export function updateAnalysis(previous: DocumentAnalysis, edits: readonly TextEdit[]): DocumentAnalysis {
  return analysisOf(reparseBlocks(previous.blocks, edits), previous.catalogs, previous.caches);
}

/**
 * Every diagnostic of the analysed document, equal to `validate({ text, parsed }, options)`, with the
 * statement checks of unchanged blocks reused. `options.catalog` must be the analysis's categories.
 */
export function diagnosticsOf(analysis: DocumentAnalysis, options: ValidateOptions): ValidationDiagnostic[] {
  return validateBlocks(
    {
      text: analysis.text,
      parsed: analysis.parsed,
      blocks: analysis.blocks.blocks,
      flow: analysis.flow,
      directives: directiveReadingOf(analysis),
    },
    options,
    analysis.caches.validation,
  );
}

function analysisOf(
  blocks: BlockParse,
  catalogs: LanguageCatalogs,
  caches: AnalysisCaches,
): DocumentAnalysis {
  return new LazyAnalysis(blocks, catalogs, caches);
}

/**
 * A class, not an object literal with getters: each literal's getters are new closures, which gives
 * every analysis its own hidden class hanging off a shared one, and that keeps the whole analysis
 * reachable for the young-generation collector until the next full collection (every analysis then
 * survived into the old space, growing the heap with the number of documents analysed).
 */
class LazyAnalysis implements DocumentAnalysis {
  readonly text: string;
  readonly parsed: ParseResult;
  readonly doc: MxqlDocument;
  private directivesOnce: Directives | undefined;
  private entriesOnce: readonly DirectiveEntry[] | undefined;
  private flowOnce: ColumnFlow | undefined;

  constructor(
    readonly blocks: BlockParse,
    readonly catalogs: LanguageCatalogs,
    readonly caches: AnalysisCaches,
  ) {
    this.text = blocks.text;
    this.parsed = blocks.parsed;
    this.doc = blocks.parsed.ast;
  }

  get directives(): Directives {
    this.directivesOnce ??= directivesOf([...this.directiveEntries]);
    return this.directivesOnce;
  }

  get directiveEntries(): readonly DirectiveEntry[] {
    this.entriesOnce ??= blockDirectiveEntries(this.blocks);
    return this.entriesOnce;
  }

  get flow(): ColumnFlow {
    this.flowOnce ??= blockFlow(this, this.catalogs, this.caches);
    return this.flowOnce;
  }
}

/** Per analysis: its directive facts, read once for both the column flow and the diagnostics. */
const directiveReadings = new WeakMap<DocumentAnalysis, DirectiveReading>();

function directiveReadingOf(analysis: DocumentAnalysis): DirectiveReading {
  let reading = directiveReadings.get(analysis);
  if (!reading) {
    reading = directiveFacts(analysis.text, [...analysis.directiveEntries]);
    directiveReadings.set(analysis, reading);
  }
  return reading;
}

/** The column flow over the blocks' segments, reusing the cache while fragments and catalog are the same. */
function blockFlow(analysis: LazyAnalysis, catalogs: LanguageCatalogs, caches: AnalysisCaches): ColumnFlow {
  const blocks = analysis.blocks;
  const injects = directiveReadingOf(analysis).facts.injects;
  const fragmentsKey = injects.map((d) => `${d.name}=${d.value}`).join('\n');
  const catalog = featureCatalog(catalogs.categories);
  if (caches.flow?.catalog !== catalog || caches.flow.fragmentsKey !== fragmentsKey) {
    caches.flow = createFlowCache(catalog, fragmentsKey);
  }
  // Fragments are parsed from their own text: the same key, the same statements.
  if (caches.fragments?.key !== fragmentsKey) {
    caches.fragments = { key: fragmentsKey, parsed: parseFragments(injects) };
  }
  return flowWithCatalog(blocks.parsed.ast, catalog, {
    fragments: caches.fragments.parsed,
    segments: blocks.segments,
    cache: caches.flow,
  });
}

/** The flow of the pipeline a SUB block (or the main pipeline, for null) runs. */
export function pipelineFlowOf(analysis: DocumentAnalysis, sub: SubBlock | null): PipelineFlow | undefined {
  if (sub === null) return analysis.flow.main;
  return sub.name === null ? undefined : analysis.flow.subs.get(sub.name);
}

/**
 * The category metadata a SUB block (or the main pipeline) reads, if known: at `offset`, the category
 * in effect there (a file of several queries has one per query); without it, the pipeline's first.
 */
export function categoryOfFlow(
  analysis: DocumentAnalysis,
  sub: SubBlock | null,
  offset?: number,
): CategoryInfo | undefined {
  const flow = pipelineFlowOf(analysis, sub);
  const step = flow && offset !== undefined ? stepAt(flow, offset) : undefined;
  const name = step ? step.category : flow?.category;
  return name ? analysis.catalogs.categories.getCategory(name) : undefined;
}

/**
 * What is known about a column name in the pipeline of `sub`: the category's metadata first, then
 * the system, agent and generated columns. Undefined for names nobody declares (which is fine:
 * real queries use columns the metadata lacks).
 */
export function describeColumn(
  analysis: DocumentAnalysis,
  sub: SubBlock | null,
  name: string,
  offset?: number,
): Column | undefined {
  const info = categoryOfFlow(analysis, sub, offset);
  const fromCategory = info ? [...info.tags, ...info.fields].find((c) => c.name === name) : undefined;
  return fromCategory ?? findSystemColumn(name);
}
