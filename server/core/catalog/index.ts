/**
 * Language facts as data: commands, option kinds, enumerable values, well-known `$params`, system
 * columns, expression functions, and the category and path catalogs.
 *
 * The category and path data are NOT imported here: hosts pass a loader to
 * {@link createCategoryCatalog} / {@link createPathCatalog} (the language server reads
 * dist/catalog/*.json; hosts that want the data inline use catalog/bundledCatalog.ts).
 */
export {
  COMMAND_STAGES,
  OPERAND_KINDS,
  OPTION_VALUE_KINDS,
  type ColumnEffect,
  type ColumnRole,
  type CommandDef,
  type CommandStage,
  type FreeOptionKeys,
  type OperandForm,
  type OperandKind,
  type OptionDef,
  type OptionValueKind,
  type SourceConfidence,
} from './commandTypes';
export {
  COMMANDS,
  allCommandSpellings,
  categoryLoaders,
  commandsOfStage,
  findCommand,
  findOption,
  optionMatches,
  isCanonicalSpelling,
  normaliseCommandName,
} from './commands';
export { LOAD_FILTER_KEYS } from './commandsLoad';
export {
  DIRECTIVES,
  DIRECTIVE_KEYS,
  directiveLine,
  findDirective,
  type DirectiveDef,
  type DirectiveKey,
  type DirectiveValueKind,
} from './directives';
export {
  BOOLEAN_VALUES,
  CAST_TYPES,
  CATEGORY_SUFFIXES,
  DURATION_VALUES,
  ENV_VALUES,
  FORMAT_TYPES,
  HEADER_TYPE_CODES,
  HVTEXT_TYPES,
  JOIN_TYPES,
  MERGE_FUNCTIONS,
  SORT_ORDERS,
  TIMEUNIT_VALUES,
  TIMEZONE_VALUES,
  UPDATE_KINDS,
  VALUE_LISTS,
  type EnumValue,
  type ValueListName,
} from './enumValues';
export {
  INJECT_NAMES,
  WELL_KNOWN_PARAMS,
  findWellKnownParam,
  type InjectName,
  type WellKnownParam,
} from './wellKnownNames';
export {
  AGENT_COLUMNS,
  AGENT_IDENTITY_FIELDS,
  GENERATED_COLUMNS,
  SYSTEM_COLUMNS,
  findIdentityColumn,
  findSystemColumn,
} from './systemColumns';
export {
  EXPRESSION_FUNCTIONS,
  EXPRESSION_OPERATORS,
  findExpressionFunction,
  type ExpressionFunction,
} from './expressionFunctions';
export {
  COLUMN_TYPE_CODES,
  type CatalogJson,
  type CategoryInfo,
  type Column,
  type ColumnKind,
  type CompactCategory,
  type CompactColumn,
  type PathsJson,
} from './categoryTypes';
export { createCategoryCatalog, splitCategorySuffix, type CategoryCatalog } from './categoryCatalog';
export {
  MAX_LEARNED_CATEGORIES,
  MAX_LEARNED_COLUMNS,
  capLearned,
  withLearnedColumns,
  type LearnedCategoryCatalog,
  type LearnedColumns,
  type OwnReads,
} from './learnedCatalog';
export { createPathCatalog, type PathCatalog } from './pathCatalog';
export { CATALOG_FILES, catalogsFromFiles } from './catalogFiles';
export { CATEGORY_DESCRIPTIONS, FIELD_DESCRIPTIONS, describeField } from './fieldDescriptions';
export { editDistance, suggestClosest } from './closestNames';
export { PRODUCT_LINES, productLineOf, type ProductLine } from './productLines';
