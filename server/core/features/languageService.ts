/**
 * One analysed MXQL document: the parse, the directives and the column flow, computed once per text
 * and shared by completion, hover, symbols and the other editor features. Hosts (the language server)
 * cache one analysis per document version so that every request after the first is cheap.
 */
import {
  type CategoryCatalog,
  type CategoryInfo,
  type Column,
  type PathCatalog,
  findSystemColumn,
} from '../catalog/index';
import {
  parse,
  parseDirectives,
  type Directives,
  type MxqlDocument,
  type ParseResult,
  type SubBlock,
} from '../syntax/index';
import { flowWithCatalog, type ColumnFlow, type PipelineFlow } from './columns';
import { featureCatalog } from './validation/catalogAccess';
import { directiveFacts } from './validation/directiveFacts';
import { parseFragments } from './validation/fragments';

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
  /** Column flow of every pipeline, with INJECT fragments from `-- @inject` applied (computed on first use). */
  readonly flow: ColumnFlow;
}

/** Analyses `text`. Never throws; the parse is eager, directives and column flow are lazy. */
export function analyzeDocument(text: string, catalogs: LanguageCatalogs): DocumentAnalysis {
  const parsed = parse(text);
  let directives: Directives | undefined;
  let flow: ColumnFlow | undefined;
  return {
    text,
    catalogs,
    parsed,
    doc: parsed.ast,
    get directives() {
      directives ??= parseDirectives(text);
      return directives;
    },
    get flow() {
      flow ??= flowWithCatalog(parsed.ast, featureCatalog(catalogs.categories), {
        fragments: parseFragments(directiveFacts(text).facts.injects),
      });
      return flow;
    },
  };
}

/** The flow of the pipeline a SUB block (or the main pipeline, for null) runs. */
export function pipelineFlowOf(analysis: DocumentAnalysis, sub: SubBlock | null): PipelineFlow | undefined {
  if (sub === null) return analysis.flow.main;
  return sub.name === null ? undefined : analysis.flow.subs.get(sub.name);
}

/** The category metadata of the pipeline a SUB block (or the main pipeline) reads, if known. */
export function categoryOfFlow(analysis: DocumentAnalysis, sub: SubBlock | null): CategoryInfo | undefined {
  const name = pipelineFlowOf(analysis, sub)?.category;
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
): Column | undefined {
  const info = categoryOfFlow(analysis, sub);
  const fromCategory = info ? [...info.tags, ...info.fields].find((c) => c.name === name) : undefined;
  return fromCategory ?? findSystemColumn(name);
}
