/**
 * The fixed words of hover, completion and signature help (headings, notes, column kinds) in English,
 * the owner of each text. Korean and Japanese tables have the same type, so a label without a
 * translation is a type error. Labels with numbers take them as typed placeholders, so each language
 * words its own plurals.
 */
import { type CommandStage, type SourceConfidence } from '../catalog/commandTypes';
import { type ParamKind } from '../queries/paramKind';

/**
 * Every word a column's kind is shown with: its origin in the column flow (`tag`, `created` …), the
 * kinds completion names (`created column` …) and the fallbacks.
 */
export type ColumnKindWord =
  | 'tag'
  | 'field'
  | 'system'
  | 'created'
  | 'renamed'
  | 'joined'
  | 'column'
  | 'system column'
  | 'created column'
  | 'renamed column'
  | 'joined column'
  | 'used in this file';

/** The words of hover, completion and signature help in one language. */
export interface Labels {
  // Commands and options.
  readonly stage: Readonly<Record<CommandStage, string>>;
  readonly commandHeading: (stage: CommandStage) => string;
  readonly deprecatedNote: (reason: string, replacements: string) => string;
  readonly alsoWritten: (names: string) => string;
  readonly forms: string;
  readonly options: string;
  readonly anyKey: (meaning: string) => string;
  readonly optionHeading: (command: string, valueKind: string) => string;
  readonly values: (values: string) => string;
  readonly required: string;
  readonly requiredDetail: string;
  readonly confidenceNote: (confidence: Exclude<SourceConfidence, 'documented'>) => string;
  readonly optionValueDetail: (option: string | undefined) => string;
  readonly rollUpSuffix: string;
  // Columns.
  readonly columnKinds: Readonly<Record<ColumnKindWord, string>>;
  readonly unit: (unit: string) => string;
  readonly deprecatedColumn: string;
  readonly columnFromQueries: string;
  /** A column only the workspace's own queries name, read by `queries` of them. */
  readonly columnFromWorkspace: (queries: number) => string;
  readonly displayTypeOf: (column: string) => string;
  // Categories.
  readonly category: string;
  readonly loader: (loader: string) => string;
  readonly intervals: (intervals: string) => string;
  readonly intervalDetail: (intervals: string) => string;
  readonly seriesKey: (columns: string) => string;
  readonly columnCounts: (tags: number, fields: number) => string;
  readonly columnListUnknown: string;
  /** The category an event rule's field belongs to. */
  readonly ruleCategory: (category: string) => string;
  readonly columnsUnknownDetail: string;
  // Parameters, directives, INJECT, SUB.
  readonly parameter: string;
  readonly paramDeclared: (value: string) => string;
  readonly paramMissing: string;
  /** A selection `$param` without a value: the service skips `command` (queries/selectionParams.ts). */
  readonly paramOptional: (command: string) => string;
  /** `$stime`/`$etime` without a `-- @param`: the run fills them (queries/rangeParams.ts). */
  readonly paramFromRange: string;
  readonly exampleValue: (value: string) => string;
  readonly declaredDetail: (value: string) => string;
  readonly usedInFile: string;
  readonly giveParamValue: (name: string) => string;
  /**
   * What a `$param` stands for (queries/paramKind.ts names the kinds): the detail of a value offered after
   * `-- @param $name = `, the editor's prompt for a value and `mxql run`'s refusal all say it so.
   */
  readonly paramValueKinds: Readonly<Record<ParamKind, string>>;
  /** A tag value compared with `column` (the kind `tagValue` when the column is known). */
  readonly tagValueOf: (column: string) => string;
  readonly paramValueFor: (name: string) => string;
  readonly directive: string;
  readonly example: (example: string) => string;
  readonly fragmentPlaceholder: string;
  readonly injectDeclared: string;
  readonly injectMissing: string;
  readonly injectFragment: string;
  readonly exampleFragment: (fragment: string) => string;
  readonly subDeclared: (commands: number, uses: number) => string;
  readonly subReference: (line: number, commands: number) => string;
  readonly subDetail: (line: number) => string;
  readonly subInFile: (commands: number) => string;
  readonly subMissingDetail: string;
  readonly subMissing: (name: string) => string;
  readonly pathDetail: string;
  readonly pathRuns: (path: string) => string;
  // Outline (document symbols).
  readonly outlineQuery: string;
  readonly outlineUnnamedSub: string;
  readonly outlineCommands: (commands: number) => string;
}

/** `1 command`, `2 commands`. */
function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** `once`, `twice`, `3 times`. */
function times(n: number): string {
  return n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`;
}

/** English labels: the wording every translation follows. */
export const ENGLISH_LABELS: Labels = {
  stage: { select: 'selection', load: 'loading', process: 'processing', structure: 'structure' },
  commandHeading: (stage) => `${ENGLISH_LABELS.stage[stage]} command`,
  deprecatedNote: (reason, replacements) => `_Deprecated:_ ${reason} Use ${replacements}.`,
  alsoWritten: (names) => `Also written: ${names}`,
  forms: 'Forms:',
  options: 'Options:',
  anyKey: (meaning) => `Any key: ${meaning}.`,
  optionHeading: (command, valueKind) => `option of ${command} (${valueKind})`,
  values: (values) => `Values: ${values}`,
  required: 'Required.',
  requiredDetail: 'required',
  confidenceNote: (confidence) => `_${confidence} in real queries, not in the manual._`,
  optionValueDetail: (option) => (option === undefined ? 'value' : `${option} value`),
  rollUpSuffix: 'roll-up suffix',
  columnKinds: {
    tag: 'tag',
    field: 'field',
    system: 'system',
    created: 'created',
    renamed: 'renamed',
    joined: 'joined',
    column: 'column',
    'system column': 'system column',
    'created column': 'created column',
    'renamed column': 'renamed column',
    'joined column': 'joined column',
    'used in this file': 'used in this file',
  },
  unit: (unit) => `unit ${unit}`,
  deprecatedColumn: '_Deprecated in the category metadata._',
  columnFromQueries: '_Read by public queries; the category metadata does not list it._',
  columnFromWorkspace: (queries) =>
    `_Seen in ${queries} workspace ${queries === 1 ? 'query' : 'queries'}; the catalog does not list it._`,
  displayTypeOf: (column) => `display type of ${column}`,
  category: 'category',
  loader: (loader) => `Loader: \`${loader}\``,
  intervals: (intervals) => `Intervals: ${intervals}`,
  intervalDetail: (intervals) => `interval ${intervals}`,
  seriesKey: (columns) => `Series key: ${columns}`,
  columnCounts: (tags, fields) => `${count(tags, 'tag', 'tags')}, ${count(fields, 'field', 'fields')}`,
  columnListUnknown: 'Column list not in the catalog.',
  ruleCategory: (category) => `Category of the rule: ${category}`,
  columnsUnknownDetail: 'columns not in the catalog',
  parameter: 'parameter',
  paramDeclared: (value) => `Value from \`-- @param\`: \`${value}\``,
  paramMissing:
    'No `-- @param` value in this file: a run in the editor asks for it, and `mxql run` refuses without it.',
  paramOptional: (command) =>
    `Optional here: with no value, ${command} is skipped and the query reads all agents. A \`-- @param\` value narrows it.`,
  paramFromRange:
    'No `-- @param` value in this file: the run fills it from its time range (epoch milliseconds), and a value you give wins.',
  exampleValue: (value) => `Example value: \`${value}\``,
  declaredDetail: (value) => `declared: \`${value}\``,
  usedInFile: 'used in this file',
  giveParamValue: (name) => `Give \`${name}\` a value for runs of this file.`,
  paramValueKinds: {
    agent: 'agent of the project',
    column: 'column at that point',
    rowCount: 'row count',
    category: 'category',
    duration: 'duration',
    timeUnit: 'time unit',
    tagValue: 'value of a column',
    text: 'value',
  },
  tagValueOf: (column) => `value of ${column}`,
  paramValueFor: (name) => `A value for \`${name}\` in runs of this file.`,
  directive: 'directive',
  example: (example) => `Example: \`${example}\``,
  fragmentPlaceholder: 'fragment placeholder',
  injectDeclared: 'From `-- @inject`:',
  injectMissing: 'No `-- @inject` fragment in this file: the run may supply one, or nothing is inserted.',
  injectFragment: 'INJECT fragment',
  exampleFragment: (fragment) => `Example fragment: \`${fragment}\``,
  subDeclared: (commands, uses) =>
    `sub-query with ${count(commands, 'command', 'commands')}, ${uses === 0 ? 'not used' : `used ${times(uses)}`}`,
  subReference: (line, commands) => `sub-query (line ${line}, ${count(commands, 'command', 'commands')})`,
  subDetail: (line) => `SUB (line ${line})`,
  subInFile: (commands) => `Sub-query declared in this file with ${count(commands, 'command', 'commands')}.`,
  subMissingDetail: 'referenced, not declared yet',
  subMissing: (name) => `A command refers to \`${name}\` but no \`SUB ${name}\` block exists.`,
  pathDetail: 'predefined query path',
  pathRuns: (path) => `Runs the service's predefined query \`${path}\`.`,
  outlineQuery: 'Query',
  outlineUnnamedSub: '(unnamed)',
  outlineCommands: (commands) => count(commands, 'command', 'commands'),
};
