/**
 * The shape of a command definition. One table of these drives completion, hover, validation and
 * column flow, so every field is a fact a feature can act on rather than prose to be parsed.
 */

/** Pipeline stages, in the order a query runs through them. */
export const COMMAND_STAGES = ['select', 'load', 'process', 'structure'] as const;

/**
 * Where a command sits in a pipeline: `select` picks what to load (before the loader), `load` reads
 * rows, `process` transforms rows (order matters), `structure` shapes the file itself (SUB, END,
 * INJECT placeholders, embedded PromQL).
 */
export type CommandStage = (typeof COMMAND_STAGES)[number];

/**
 * How well a fact is backed: `documented` by the vendor's manual, `observed` in production queries
 * only, `unverified` seen once in generated dashboards and possibly ignored by the engine.
 */
export type SourceConfidence = 'documented' | 'observed' | 'unverified';

/** The shapes an operand can take after a command name. */
export const OPERAND_KINDS = [
  'none',
  'word',
  'list',
  'pairList',
  'object',
  'string',
  'number',
  'param',
  'category',
  'categoryMap',
  'subName',
  'injectName',
  'field',
  'expression',
  'promql',
] as const;

/**
 * One operand shape: `none` (bare command), `word` (a bare identifier), `list` (`[a, b]`), `pairList`
 * (`[[a, b], …]`), `object` (`{key: value}`), `string` (quoted), `number`, `param` (`$name`),
 * `category` (a category name), `categoryMap` (`{"cat": 6h, "cat{m5}": 3d}`), `subName` (the name of a
 * SUB block), `injectName` (an INJECT placeholder name), `field` (one column name), `expression`
 * (a bare condition), `promql` (the rest of the line is PromQL).
 */
export type OperandKind = (typeof OPERAND_KINDS)[number];

/** A permitted operand shape with a sample written for this project. */
export interface OperandForm {
  readonly kind: OperandKind;
  /** A full command line showing this form. */
  readonly example: string;
}

/** What kind of value an option key takes. */
export const OPTION_VALUE_KINDS = [
  'field',
  'fieldList',
  'newField',
  'newFieldList',
  'duration',
  'timeunit',
  'enum',
  'expression',
  'number',
  'numberList',
  'boolean',
  'string',
  'pattern',
  'timezone',
  'query',
  'mergeFunction',
  'object',
  'filterSpec',
  'any',
] as const;

/**
 * The value an option takes:
 * - `field` one existing column; `fieldList` one column or a `[list]` of them;
 * - `newField` / `newFieldList` the name(s) of a column this command creates;
 * - `duration` (`15s`, `1h`, `7d`, or milliseconds); `timeunit` (a duration or `m5`/`h1`/`d1` form);
 * - `enum` one of {@link OptionDef.values}; `mergeFunction` a MetricValue reduction (`sum`, `avg`…);
 * - `expression` a formula over columns; `pattern` a Java date or number format in quotes;
 * - `timezone` (`GMT9`, `'GMT+9'`); `query` a SUB name or a quoted predefined path;
 * - `number`, `numberList`, `boolean`, `string`, `object` (nested options), `filterSpec` (one load
 *   filter object or a list of them), `any` (a constant of any type).
 */
export type OptionValueKind = (typeof OPTION_VALUE_KINDS)[number];

/**
 * How an option's value relates to the columns flowing through the pipeline: `reads` names columns
 * that must already exist, `defines` names columns this command adds, `imports` names columns brought
 * in from another query (they exist afterwards but are not checked against the upstream set).
 */
export type ColumnRole = 'reads' | 'defines' | 'imports';

/** One option key of an object operand. */
export interface OptionDef {
  /** The key as written inside `{…}`; matched case-sensitively, as the engine does. */
  readonly name: string;
  readonly valueKind: OptionValueKind;
  /** Legal values for `enum` (and suggested values for other kinds, e.g. `boolean`). */
  readonly values?: readonly string[];
  /** Another spelling of the same key (`primaryKey` for `pk`, `dur` for `duration`). */
  readonly aliases?: readonly string[];
  readonly required?: boolean;
  readonly column?: ColumnRole;
  /**
   * Columns the command adds when this option is given, whatever its value (GROUP `user` keeps the
   * merged user bits in `userbytes`).
   */
  readonly addsColumns?: readonly string[];
  /** True when a `[list]` of such values is also accepted (ORDER `sort: [desc, asc]`). */
  readonly acceptsList?: boolean;
  /**
   * The sibling option naming the column this value is compared with (FILTER `value` → `key`): a
   * `$param` here stands for a value of that column, which a run can read from the data. With a list of
   * columns (FILTER-KEYS `keys`), the value at position i goes with the column at position i.
   */
  readonly comparedWith?: string;
  /** Keys of a nested object value (TAGLOAD `filter`, PART-BY `task`). */
  readonly nested?: readonly OptionDef[];
  readonly confidence: SourceConfidence;
  /** One line, in our own words. */
  readonly description: string;
}

/**
 * Commands whose object keys are not fixed (HEADER's `<field>$` keys, CREATE-EXPR's new columns): what
 * an arbitrary key means and what its value is.
 */
export interface FreeOptionKeys {
  readonly keyMeaning: string;
  readonly valueKind: OptionValueKind;
  /** Values offered for the free keys (HEADER display codes). */
  readonly values?: readonly string[];
  /** How the key itself relates to columns; absent when keys are not column names. */
  readonly column?: ColumnRole;
}

/**
 * What a command does to the set of columns, for column flow:
 * - `keep` passes columns through (values may change);
 * - `add` keeps them and adds those named by `defines` options, {@link CommandDef.addsColumns} and
 *   the {@link OptionDef.addsColumns} of the options given;
 * - `select` keeps only the listed columns (a `[list]` operand), or all when there is no operand;
 * - `delete` removes the listed columns; `rename` maps `src` to `dst`;
 * - `load` starts a fresh set from the category (plus the system columns);
 * - `merge` adds the `imports` columns of another query when they are listed; when they are not,
 *   the resulting set is unknown;
 * - `opaque` makes the resulting columns unknowable statically (pivots, plugins, sub-query merges
 *   without a field list): column checks must stop after it.
 */
export type ColumnEffect = 'keep' | 'add' | 'select' | 'delete' | 'rename' | 'load' | 'merge' | 'opaque';

/** Everything the language knows about one command. */
export interface CommandDef {
  /** Canonical spelling, as shown in completion and hover. */
  readonly name: string;
  /** Other accepted spellings (`LASTONLY`, `HvText`); all names match case-insensitively. */
  readonly aliases: readonly string[];
  readonly stage: CommandStage;
  readonly operands: readonly OperandForm[];
  /** Keys accepted in an object operand; empty when the command takes no object. */
  readonly options: readonly OptionDef[];
  /** Present when any key is accepted besides {@link CommandDef.options}. */
  readonly freeOptionKeys?: FreeOptionKeys;
  readonly columnEffect: ColumnEffect;
  /**
   * What a word or `[list]` operand names, for column flow: `reads` (SELECT, DELETE, FIRST-ONLY…).
   * Absent when such operands are not column names (OID values, SUB names, INJECT names).
   */
  readonly operandColumns?: ColumnRole;
  /** Columns this command always adds, whatever its options (ROWNUM adds `rownum`). */
  readonly addsColumns?: readonly string[];
  /** True for loaders that read the CATEGORY chosen earlier in the same pipeline. */
  readonly needsCategory?: boolean;
  readonly deprecated?: { readonly replacedBy: readonly string[]; readonly reason: string };
  readonly confidence: SourceConfidence;
  /** Service-bundled templates only; works on the server but rarely in hand-written queries. */
  readonly serviceBundled?: boolean;
  /** A short description in our own words. */
  readonly description: string;
}
