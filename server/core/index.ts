/**
 * The MXQL language core: plain text in, plain data with offsets out. It imports neither `vscode` nor
 * LSP packages, and does no IO. Product code outside the core imports it through this file only (and
 * the bundled catalog data through `catalog/bundledCatalog.ts`); ESLint refuses any other core path.
 * The names are grouped by the consumer that reads them; a name joins here when product code needs it.
 */

// ---- Shared by several of the consumers below.
export { splitCategorySuffix } from '../../common/categoryName';
export { parseDuration } from '../../common/durations';
export { languageOf, type UiLanguage } from '../../common/l10n';
export { catalogsFromFiles } from './catalog/catalogFiles';
export { type CategoryCatalog } from './catalog/categoryCatalog';
export { findCommand } from './catalog/commands';
export { type ProductLine, productLineOf } from './catalog/productLines';
export { type ValidationDiagnostic } from './diagnostics/types';
export { boardInjects, isInjectFragment, siblingFragments } from './embedded/boardConventions';
export { checkEventRuleScan, findEventRules, type EventRuleScan } from './embedded/eventRules';
export { findJsonQueries, type JsonQuery, type JsonQueryScan, jsonRangeOf } from './embedded/jsonQueries';
export { quickFixes } from './features/codeActions';
export { analyzeDocument, type LanguageCatalogs } from './analysis/documentAnalysis';
export { type ParamNeed } from './analysis/paramKinds';
export { localizedMessage } from './l10n/diagnostics';
export { type Wording, wordingFor } from './l10n/wording';
export { type QueryAt, queryAt } from './queries/queries';
export {
  type Baseline,
  BASELINES,
  baselineShiftMs,
  compareRows,
  type Comparison,
  type ComparisonPlans,
  type CompareRow,
  type FieldChange,
  isBaseline,
  planComparison,
} from './run/compare';
export { type MxqlBody, needsText, type PlanInput, planRun, type RunPlan } from './run/plan';
export { englishOfRunText } from './run/runText';
export { parseTimeInput, type RangeChoice } from './run/timeRange';
export { type Statement } from './syntax/ast';
export { lineColumnOf, lineRangeOf, lineStartsOf } from './syntax/lineIndex';
export { parse } from './syntax/parser';
export { validate } from './validation/validate';

// ---- The language server (server/src): LSP requests onto the analysis.
export { type LearnedCategoryCatalog, withLearnedColumns } from './catalog/learnedCatalog';
export { type Range } from './diagnostics/types';
export { eventRuleCompletionsAt, eventRuleHoverAt, mayHoldEventRules } from './embedded/eventRules';
export { jsonProblemDiagnostic } from './embedded/jsonDiagnostics';
export { textChange } from './embedded/jsonEdit';
export {
  decodedOffsetOf,
  escapeForJson,
  escapeSnippetForJson,
  type JsonEdit,
  type JsonProblem,
  type JsonScanOptions,
  updateJsonQueries,
} from './embedded/jsonQueries';
export { type QuickFix } from './features/codeActions';
export { complete } from './features/completion';
export { type CompletionEntry, type CompletionList } from './features/completionTypes';
export { foldingRanges, type FoldingSpan } from './features/folding';
export { hover, type HoverInfo } from './features/hover';
export { diagnosticsOf, type DocumentAnalysis, updateAnalysis } from './analysis/documentAnalysis';
export { definition, references } from './features/navigation';
export { prepareRename, rename } from './features/rename';
export {
  SEMANTIC_TOKEN_MODIFIERS,
  SEMANTIC_TOKEN_TYPES,
  type SemanticToken,
  semanticTokens,
} from './features/semanticTokens';
export { signatureHelp } from './features/signatureHelp';
export { documentSymbols, type OutlineSymbol } from './features/symbols';
export {
  learnAnalysisReads,
  MAX_LEARNED_TEXT_LENGTH,
  type ReadsChange,
  WorkspaceReads,
} from './analysis/workspaceReads';
export { type TextEdit } from './syntax/blocks';
export { format } from './syntax/format';

// ---- The extension (client/): runs, boards, embedded queries and its words.
export { directiveLine } from './catalog/directives';
export { createPathCatalog, type PathCatalog } from './catalog/pathCatalog';
export {
  type BoardModel,
  boardOf,
  type BoardQuery,
  boardWidgetViews,
  MAX_BOARD_CHARS,
} from './embedded/board';
export { headerChart, jsonQueryAt, jsonQueryByPointer } from './embedded/boardConventions';
export { boardValues, planBoardQuery, type BoardValues } from './embedded/boardRun';
export {
  authoredValues,
  authoredValuesOfJson,
  originWords,
  type AuthoredValue,
  type AuthoredValues,
  type RefusedValue,
} from './embedded/authoredValues';
export { jsonStringEdit } from './embedded/jsonEdit';
export { describeParamKind, paramNeeds } from './analysis/paramKinds';
export { parsedText, queryRanges, type QuerySource, wholeQuery } from './queries/queries';
export { DEFAULT_ROW_LIMIT, MXQL_ENDPOINTS, type MxqlEndpointId, type RunProblem } from './run/plan';
export {
  choiceLabel,
  DEFAULT_RANGE,
  formatLocal,
  formatZone,
  rangeProblem,
  type ResolvedRange,
  resolveRange,
} from './run/timeRange';
export { directiveEntries, parseDirectives, stripDirectives } from './syntax/directives';
export { parseAbsoluteTime } from './syntax/time';

// ---- The CLI (cli/): check, run and JSON files.
export { computeColumnFlow } from './columns/flow';
export { jsonOffsetOf } from './embedded/jsonQueries';
export { fileLineOf, inFileLines, type RunRequest } from './run/plan';
export { type TimezoneOffset } from './syntax/time';

// ---- The demo backend (demo/): the engine reads the parser and the catalog.
export { suggestClosest } from './catalog/closestNames';
export { AGENT_IDENTITY_FIELDS } from './catalog/systemColumns';
export { type CommandNode, type MxqlDocument, type Value } from './syntax/ast';
export { readDuration } from './syntax/classify';
export { isKnownCommand } from './syntax/commandNames';
export { type ExprNode, parseExpression } from './syntax/expression';

// ---- The assistant toolset (assistant/).
export { formatDuration } from '../../common/durations';
export { UI_LANGUAGES } from '../../common/l10n';
export { type CategoryInfo, type Column } from './catalog/categoryTypes';
export { PRODUCT_LINES } from './catalog/productLines';
export { type FlowStep, type PipelineFlow } from './columns/flow';
export { pipelineFlowOf } from './analysis/documentAnalysis';
export { learnQueryReads } from './analysis/workspaceReads';
export { looksLikeCommand } from './syntax/commandNames';

// ---- The API client (api/): value lookups for a run's `$params`, and the columns a run's rows promise.
export { LOOKUP_VALUES, lookupValues } from './analysis/valueLookup';
export { selectedColumnsOf } from './run/resultColumns';
export { categoriesRead, fieldUnits } from './run/fieldUnits';
export { filterProbe, type FilterProbe } from './run/emptyProbe';
export { categoryOfCommand } from './syntax/categoryOperand';

// ---- Build scripts (scripts/buildCatalog.mjs): the catalog data, its shape and the columns queries read.
export { createCategoryCatalog } from './catalog/categoryCatalog';
export { type CatalogJson } from './catalog/categoryTypes';
export { applyColumnUsage, countColumnUsage } from './analysis/columnUsage';
export {
  applyQueryTitles,
  collectQueryTitles,
  titleOfQueryFile,
  type QueryTitles,
} from './analysis/queryTitles';
export * from './alerts/index';
