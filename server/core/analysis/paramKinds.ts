/**
 * What each `$param` of a query stands for, read from where it is used: an agent filter (optional when
 * the service skips it unbound), a column, a row count, a category, a duration, a time unit, a value of
 * a column (a tag value), or free text; with the static choices a run can offer for it, and for a tag
 * value the lookup that lists the column's values live. Option positions are judged by the catalog's
 * value kinds, so a new command with a `duration` or `field` option is understood without code here.
 */
import {
  AGENT_IDENTITY_FIELDS,
  findCommand,
  type CategoryCatalog,
  type CommandDef,
  type OptionDef,
} from '../catalog/index';
import { type CommandNode, type Statement } from '../syntax/index';
import {
  computeColumnFlow,
  stepAt,
  type ColumnFlow,
  type ColumnInfo,
  type ColumnSet,
  type FlowStep,
} from '../columns/flow';
import { optionAt } from './optionValues';
import { valuesForOption } from './optionValues';
import { type DocumentAnalysis } from './documentAnalysis';
import { queryParamRefs, type QueryAt, type QuerySource } from '../queries/queries';
import { isRangeParam } from '../queries/rangeParams';
import { optionalParams, paramUses, selectionCommandOf, type ParamUse } from '../queries/selectionParams';
import { BOARD_MERGES, BOARD_MERGE_PARAMS } from '../queries/boardMerges';
import { type ParamKind } from '../queries/paramKind';
import { comparedColumn } from './comparedColumns';
import { valueLookup, type ValueLookup } from './valueLookup';
import { ENGLISH_WORDING, type Wording } from '../l10n/wording';

export interface ParamNeed {
  readonly name: string; // with its `$`
  readonly kind: ParamKind;
  /** True when every use is an operand of OID/OKIND/ONODE/OIDSET (incl. `microOid`): unbound means "all agents". */
  readonly optional: boolean;
  /** Static choices, best first (columns of the category at that point, catalog categories, units ...); [] for agent/text. */
  readonly choices: readonly string[];
  /** A value to offer first when there is an obvious one (e.g. '100' for a row count); undefined otherwise. */
  readonly defaultValue?: string;
  /** For kind 'agent': which agent field it stands for: 'oid' | 'okind' | 'onode' | 'oname' | 'okindName' | 'onodeName'. */
  readonly agentField?: string;
  /** For kind 'tagValue': the column the value is compared with. */
  readonly column?: string;
  /** For kind 'tagValue': the category in effect there, when the query names it. */
  readonly category?: string;
  /**
   * For kind 'tagValue': the query that lists the column's values, most frequent first, for a caller
   * with a backend to run over the same range and project; absent when the category or its loader is
   * not one a lookup can read, or the column is made by the pipeline.
   */
  readonly lookup?: ValueLookup;
}

/** Row counts a run offers, and the one it offers first. */
const ROW_COUNTS: readonly string[] = ['10', '100', '1000'];
const DEFAULT_ROW_COUNT = '100';

/** Option keys whose number is a count of rows (LIMIT's operand is the other row-count position). */
const ROW_COUNT_KEYS: ReadonlySet<string> = new Set(['rows', 'limit']);

/** What one use says about its `$param`; `choices` is computed only for the use that decides. */
interface UseKind {
  readonly kind: ParamKind;
  readonly agentField?: string;
  readonly option?: OptionDef;
  /** For a tag value: the column it is compared with. */
  readonly column?: string;
}

/**
 * Every `$param` `query` uses (as {@link QueryAt.params} lists them), except `$stime`/`$etime`, in
 * first-use order. `catalog` gives the category names and columns offered as choices; an analysis
 * brings its own. Without one, column and category choices are empty. Never throws.
 */
export function paramNeeds(source: QuerySource, query: QueryAt, catalog?: CategoryCatalog): ParamNeed[] {
  const analysis = isAnalysis(source) ? source : undefined;
  const categories = catalog ?? analysis?.catalogs.categories;
  const uses = paramUses(source.parsed.ast, queryParamRefs(source, query));
  const optional = optionalParams(uses);
  let flow: ColumnFlow | undefined;
  const flowOf = (): ColumnFlow | undefined => {
    if (!categories) return undefined;
    flow ??= analysis && !catalog ? analysis.flow : computeColumnFlow(source.parsed.ast, categories);
    return flow;
  };
  const byName = new Map<string, ParamUse[]>();
  for (const use of uses) {
    if (isRangeParam(use.ref.name)) continue;
    const list = byName.get(use.ref.name);
    if (list) list.push(use);
    else byName.set(use.ref.name, [use]);
  }
  return [...byName].map(([name, list]) => {
    const judged = list.map((use) => ({ use, kind: useKind(use) }));
    const agent = judged.find((j) => j.kind.kind === 'agent');
    const field = AGENT_IDENTITY_FIELDS.find((f) => `$${f}` === name) ?? agent?.kind.agentField;
    const isOptional = optional.has(name);
    if (field !== undefined || agent)
      return {
        name,
        kind: 'agent',
        optional: isOptional,
        choices: [],
        ...(field ? { agentField: field } : {}),
      };
    // A board's merge placeholder offers the board's merges, wherever the query writes it.
    if (BOARD_MERGE_PARAMS.has(name))
      return { name, kind: 'text', optional: isOptional, choices: BOARD_MERGES };
    // A typed use decides (a column, a count … before a tag value, which only says what it is compared
    // with); else an option with a fixed set of values (a merge function) offers them.
    const decisive =
      judged.find((j) => j.kind.kind !== 'text' && j.kind.kind !== 'tagValue') ??
      judged.find((j) => j.kind.kind === 'tagValue') ??
      judged.find((j) => j.kind.option);
    const judgedNeed: Judged = decisive
      ? choicesFor(decisive.use, decisive.kind, categories, flowOf, source.text)
      : { kind: 'text', choices: [] };
    return { name, optional: isOptional, ...judgedNeed };
  });
}

/**
 * What `need` stands for in words (`column at that point`, `value of host`), in `wording`'s language:
 * the one wording of the kinds, for the editor's prompt, `mxql run`'s refusal and completion's detail.
 */
export function describeParamKind(
  need: Pick<ParamNeed, 'kind' | 'column'>,
  wording: Wording = ENGLISH_WORDING,
): string {
  const { labels } = wording;
  return need.kind === 'tagValue' && need.column !== undefined
    ? labels.tagValueOf(need.column)
    : labels.paramValueKinds[need.kind];
}

function isAnalysis(source: QuerySource): source is DocumentAnalysis {
  return 'catalogs' in source && 'flow' in source;
}

/** The kind a single use gives its `$param`. */
function useKind(use: ParamUse): UseKind {
  const command = use.command;
  const path = use.keyPath;
  if (!command) return { kind: 'text' };
  if (path !== null) {
    const selection = selectionCommandOf(use);
    if (selection !== undefined) return { kind: 'agent', agentField: selectionField(selection, path) };
  }
  // A value compared with a column, also inside a formula (where the path is null).
  const compared = comparedColumn(command, use.ref);
  if (compared !== undefined) return { kind: 'tagValue', column: compared };
  if (path === null) return { kind: 'text' };
  const def = findCommand(command.name);
  if (!def) return { kind: 'text' };
  return path.length === 0 ? operandKind(def, command) : optionKind(def, path);
}

/** The agent field an OID/OKIND/ONODE operand or an OIDSET option stands for. */
function selectionField(command: string, keyPath: readonly string[]): string {
  if (command !== 'OIDSET') return command.toLowerCase();
  const key = keyPath[0];
  return key === 'okind' || key === 'onode' ? key : 'oid';
}

/** A `$param` written as the operand itself (or an item of its list). */
function operandKind(def: CommandDef, command: CommandNode): UseKind {
  const forms = new Set(def.operands.map((f) => f.kind));
  if (forms.has('category') && command.operand?.kind !== 'object') return { kind: 'category' };
  if (def.name === 'LIMIT') return { kind: 'rowCount' };
  if (def.operandColumns === 'reads' || forms.has('field')) return { kind: 'column' };
  // A scalar standing for the one required option (`TIME-PAST $delta` for `{delta: …}`).
  const required = def.options.filter((o) => o.required);
  const only = required.length === 1 ? required[0] : undefined;
  return only ? kindOfOption(only) : { kind: 'text' };
}

/** A `$param` written as the value of an option key. */
function optionKind(def: CommandDef, keyPath: readonly string[]): UseKind {
  const option = optionAt(def, keyPath);
  if (option) return kindOfOption(option);
  const key = keyPath[keyPath.length - 1] ?? '';
  if (ROW_COUNT_KEYS.has(key)) return { kind: 'rowCount' };
  const free = keyPath.length === 1 ? def.freeOptionKeys : undefined;
  return free?.valueKind === 'field' || free?.valueKind === 'fieldList'
    ? { kind: 'column' }
    : { kind: 'text' };
}

function kindOfOption(option: OptionDef): UseKind {
  switch (option.valueKind) {
    case 'field':
    case 'fieldList':
      return { kind: 'column', option };
    case 'duration':
      return { kind: 'duration', option };
    case 'timeunit':
      return { kind: 'timeUnit', option };
    case 'number':
      return ROW_COUNT_KEYS.has(option.name) ? { kind: 'rowCount', option } : { kind: 'text', option };
    default:
      return { kind: 'text', option };
  }
}

type Judged = Pick<ParamNeed, 'kind' | 'choices' | 'defaultValue' | 'column' | 'category' | 'lookup'>;

function choicesFor(
  use: ParamUse,
  kind: UseKind,
  categories: CategoryCatalog | undefined,
  flowOf: () => ColumnFlow | undefined,
  text: string,
): Judged {
  switch (kind.kind) {
    case 'rowCount':
      return { kind: 'rowCount', choices: ROW_COUNTS, defaultValue: DEFAULT_ROW_COUNT };
    case 'category':
      return { kind: 'category', choices: categories ? categoriesByUse(categories) : [] };
    case 'duration':
    case 'timeUnit':
      return { kind: kind.kind, choices: valuesForOption(kind.option).map((v) => v.value) };
    case 'column':
      return { kind: 'column', choices: columnChoices(use, categories, flowOf()) };
    case 'tagValue':
      return tagValueNeed(use, kind.column ?? '', flowOf(), text);
    default:
      // A fixed set the catalog knows (a merge function, an enum).
      return {
        kind: kind.kind,
        choices: kind.option ? valuesForOption(kind.option).map((v) => v.value) : [],
      };
  }
}

/** The steps of the pipeline holding `use`, and the step of its command; undefined when unknown. */
function stepsOf(
  use: ParamUse,
  flow: ColumnFlow | undefined,
): { steps: readonly FlowStep[]; step: FlowStep } | undefined {
  if (!flow || !use.command) return undefined;
  const pipeline = use.sub === null ? flow.main : [...flow.subs.values()].find((f) => f.sub === use.sub);
  const step = pipeline ? stepAt(pipeline, use.command.range.start) : undefined;
  return pipeline && step ? { steps: pipeline.steps, step } : undefined;
}

/** Columns the pipeline makes itself: their values are not in the category's data. */
const MADE_BY_PIPELINE: ReadonlySet<ColumnInfo['origin']> = new Set(['created', 'renamed', 'joined']);

function commandOf(statement: Statement, name?: string): CommandNode | undefined {
  if (statement.kind !== 'command') return undefined;
  return name === undefined || statement.upperName === name ? statement : undefined;
}

/**
 * A tag value compared with `column`: the category in effect at the use and, when the pipeline reads
 * it with a loader a lookup can use, the lookup of the column's values (the CATEGORY statement as
 * written, so the lookup reads what the query reads).
 */
function tagValueNeed(use: ParamUse, column: string, flow: ColumnFlow | undefined, text: string): Judged {
  const base: Judged = { kind: 'tagValue', choices: [], column };
  const at = stepsOf(use, flow);
  if (!at || at.step.category === null) return base;
  const category = at.step.category;
  const made = at.step.before.columns.get(column);
  const upTo = at.steps.slice(0, at.steps.indexOf(at.step) + 1);
  const categoryStatement =
    [...upTo].reverse().find((s) => commandOf(s.statement, 'CATEGORY')) ??
    at.steps.find((s) => commandOf(s.statement, 'CATEGORY'));
  const isLoader = (s: FlowStep) => {
    const command = commandOf(s.statement);
    return command !== undefined && findCommand(command.name)?.stage === 'load';
  };
  const loader = [...upTo].reverse().find(isLoader) ?? at.steps.find(isLoader);
  const loaderName = loader ? commandOf(loader.statement)?.upperName : undefined;
  if (!categoryStatement || !loaderName || (made && MADE_BY_PIPELINE.has(made.origin)))
    return { ...base, category };
  const { start, end } = categoryStatement.statement.range;
  const lookup = valueLookup(text.slice(start, end), category, column, loaderName);
  return { ...base, category, ...(lookup ? { lookup } : {}) };
}

/** Tiers of column choices, best first: made by the pipeline, fields, tags, the rest. */
const ORIGIN_RANK: Readonly<Record<ColumnInfo['origin'], number>> = {
  created: 0,
  renamed: 0,
  joined: 0,
  field: 1,
  tag: 2,
  system: 3,
};

/**
 * The columns the command holding `use` reads from (the step before it in the column flow), most
 * likely first; [] when they are unknown (an open set whose category has no column list).
 */
function columnChoices(
  use: ParamUse,
  categories: CategoryCatalog | undefined,
  flow: ColumnFlow | undefined,
): string[] {
  if (!categories) return [];
  const step = stepsOf(use, flow)?.step;
  if (!step) return [];
  const info = step.category !== null ? categories.getCategory(step.category) : undefined;
  const uses = new Map<string, number>();
  for (const c of [...(info?.tags ?? []), ...(info?.fields ?? [])]) uses.set(c.name, c.uses ?? 0);
  if (step.before.open && !info?.columnsKnown) {
    // The list is incomplete, but the columns public queries read of this category are real ones:
    // offer those (fields before tags, most read first), never a guess; nothing when none are known.
    const known = [...(info?.fields ?? []), ...(info?.tags ?? [])];
    return [...new Set(known.map((c) => c.name))].sort(
      (a, b) => (uses.get(b) ?? 0) - (uses.get(a) ?? 0) || a.localeCompare(b),
    );
  }
  return ranked(step.before, uses, categories);
}

function ranked(set: ColumnSet, uses: ReadonlyMap<string, number>, categories: CategoryCatalog): string[] {
  return [...set.columns.values()]
    .map((c) => ({
      name: c.name,
      rank: ORIGIN_RANK[c.origin],
      uses: uses.get(c.name) ?? 0,
      global: categories.columnUses(c.name),
    }))
    .sort((a, b) => a.rank - b.rank || b.uses - a.uses || b.global - a.global || a.name.localeCompare(b.name))
    .map((c) => c.name);
}

const categoryRanking = new WeakMap<CategoryCatalog, readonly string[]>();

/** Every known category, those public queries read most first (the uses of their columns), then by name. */
function categoriesByUse(categories: CategoryCatalog): readonly string[] {
  let names = categoryRanking.get(categories);
  if (!names) {
    const reads = (name: string): number => {
      const info = categories.getCategory(name);
      return [...(info?.tags ?? []), ...(info?.fields ?? [])].reduce((sum, c) => sum + (c.uses ?? 0), 0);
    };
    names = categories
      .categoryNames()
      .map((name) => ({ name, reads: reads(name) }))
      .sort((a, b) => b.reads - a.reads || a.name.localeCompare(b.name))
      .map((c) => c.name);
    categoryRanking.set(categories, names);
  }
  return names;
}
