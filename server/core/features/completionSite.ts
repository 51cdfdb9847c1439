/**
 * The first half of completion: decide WHAT KIND of thing belongs at the cursor (a command, an option
 * key, a column, a category …). The second half (completion.ts) fills each kind. Deciding on the
 * tolerant tree (syntax/cursorContext.ts) makes this work on half-typed and invalid text.
 */
import {
  findCommand,
  findDirective,
  type CommandDef,
  type DirectiveKey,
  type OptionDef,
} from '../catalog/index';
import {
  commentAt,
  cursorContext,
  type CursorContext,
  type Range,
  type Statement,
  type SubBlock,
} from '../syntax/index';
import { type DocumentAnalysis } from '../analysis/documentAnalysis';
import { optionAt, optionsAt } from '../analysis/optionValues';

/** The kinds of thing completion can offer at a cursor. */
export const SiteKind = {
  /** A command name at the start of a logical line. */
  command: 'command',
  /** An option key inside `{}` of a command. */
  optionKey: 'option-key',
  /** An enumerable option value (sort, timeunit, merge function, boolean …). */
  optionValue: 'option-value',
  /** A column from the column flow at that line. */
  column: 'column',
  /** Identifiers and functions inside an `expr:` / `if:` formula string. */
  expression: 'expression',
  /** A HEADER key: a result column followed by `$`. */
  headerKey: 'header-key',
  /** A roll-up suffix inside `CATEGORY name{…}`. */
  categorySuffix: 'category-suffix',
  /** A category after CATEGORY. */
  category: 'category',
  /** A `$param`. */
  param: 'param',
  /** The name after INJECT. */
  injectName: 'inject-name',
  /** A SUB name where a query is referenced (APPEND, `query:`, `include:`, `exclude:`). */
  subReference: 'sub-reference',
  /** The name of a new SUB block: names referenced but not declared yet. */
  subDeclaration: 'sub-declaration',
  /** A directive key after `-- @`. */
  directiveKey: 'directive-key',
  /** A predefined path after `-- @path`. */
  directivePath: 'directive-path',
  /** A fragment name after `-- @inject`, or a `$param` after `-- @param`. */
  directiveName: 'directive-name',
  /** The value after `-- @param $name = `: the choices of what `$name` stands for. */
  directiveParamValue: 'directive-param-value',
  /** Nothing useful (inside a plain comment, PromQL, a new column name). */
  none: 'none',
} as const;
/** One of the {@link SiteKind} values. */
export type SiteKind = (typeof SiteKind)[keyof typeof SiteKind];

/** What belongs at the cursor, and what completion needs to fill it. */
export interface CompletionSite {
  /** The kinds offered, most specific first (a `query:` value takes SUB names and paths). */
  readonly kinds: readonly SiteKind[];
  /** The command whose operand holds the cursor. */
  readonly command: CommandDef | undefined;
  /** The option whose value holds the cursor (for option values). */
  readonly option: OptionDef | undefined;
  /** The options to offer as keys (top level or nested). */
  readonly keyOptions: readonly OptionDef[];
  /** Keys already written in the object holding the cursor. */
  readonly writtenKeys: ReadonlySet<string>;
  /** The SUB the cursor is in, or null. */
  readonly sub: SubBlock | null;
  /** What the user typed so far, and the range a completion replaces. */
  readonly prefix: string;
  readonly replaceRange: Range;
  /** Where column flow is read: the start of the statement holding the cursor (else the cursor). */
  readonly flowOffset: number;
  /** Extra text for directive value completion (`@inject` vs `@param`). */
  readonly directiveKey?: DirectiveKey;
  /** The `$param` whose value follows `-- @param $name = `. */
  readonly directiveParam?: string;
  /** True when the cursor is before the pipeline's loader (selection commands come first then). */
  readonly beforeLoad: boolean;
}

const DIRECTIVE_LINE = /^--[ \t]*@([A-Za-z]*)$/;
const DIRECTIVE_VALUE = /^--[ \t]*@([A-Za-z]+)[ \t]+(\S*)$/;
/** `-- @param $name = value`, up to the cursor (the name as the directive parser accepts it). */
const PARAM_VALUE = /^--[ \t]*@param[ \t]+(\$[A-Za-z_][A-Za-z0-9_]*)[ \t]*=[ \t]*(\S*)$/i;

/** Decides what belongs at `offset`. Never throws. */
export function completionSite(analysis: DocumentAnalysis, offset: number): CompletionSite {
  const ctx = cursorContext(analysis.doc, analysis.text, offset);
  const base = baseSite(ctx);
  const comment = commentAt(analysis.doc, offset, analysis.text);
  if (comment) return directiveSite(analysis.text, comment.range.start, offset, base);
  if (ctx.prefix.startsWith('$')) return { ...base, kinds: [SiteKind.param] };
  if (base.command?.name === 'CATEGORY') {
    const special = categorySite(analysis.text, ctx);
    if (special) return { ...base, ...special };
  }
  return { ...base, ...kindsFor(ctx, base) };
}

/** The lookback of the JSON form of CATEGORY (`{"cat": 6h, "cat{m5}": 3d, "cat{h1}": unlimit}`). */
const LOOKBACK_OPTION: OptionDef = {
  name: 'lookback',
  valueKind: 'duration',
  values: ['1h', '6h', '1d', '3d', '7d', 'unlimit'],
  confidence: 'documented',
  description: 'Use this category when the queried window is at most this long (`unlimit`: any length).',
};

/** CATEGORY's own positions: a roll-up suffix right after a name, or a lookback in the JSON form. */
function categorySite(text: string, ctx: CursorContext): Partial<Site> | null {
  const start = ctx.replaceRange.start;
  if (text[start - 1] === '{' && /[\w#]/.test(text[start - 2] ?? '') && !ctx.inString)
    return { kinds: [SiteKind.categorySuffix] };
  if (ctx.kind === 'value' && ctx.keyPath.length === 1)
    return { kinds: [SiteKind.optionValue], option: LOOKBACK_OPTION };
  return null;
}

type Site = CompletionSite;

function baseSite(ctx: CursorContext): Site {
  let beforeLoad = true;
  for (let i = 0; i < ctx.pipeline.index && beforeLoad; i++) {
    const s = ctx.pipeline.statements[i] as Statement;
    if (s.kind === 'promql' || (s.kind === 'command' && findCommand(s.name)?.stage === 'load'))
      beforeLoad = false;
  }
  return {
    kinds: [],
    command: ctx.command ? findCommand(ctx.command) : undefined,
    option: undefined,
    keyOptions: [],
    writtenKeys: new Set(),
    sub: ctx.sub,
    prefix: ctx.prefix,
    replaceRange: ctx.replaceRange,
    // An unclosed operand (`SELECT [time, `) ends before the cursor: read the columns its command sees.
    flowOffset: ctx.statement?.range.start ?? ctx.replaceRange.start,
    beforeLoad,
  };
}

function directiveSite(text: string, lineStart: number, offset: number, base: Site): Site {
  const before = text.slice(lineStart, offset);
  const key = DIRECTIVE_LINE.exec(before);
  if (key) {
    const start = offset - (key[1] ?? '').length;
    return {
      ...base,
      kinds: [SiteKind.directiveKey],
      prefix: key[1] ?? '',
      replaceRange: { start, end: offset },
    };
  }
  const paramValue = PARAM_VALUE.exec(before);
  if (paramValue) {
    const typed = paramValue[2] ?? '';
    return {
      ...base,
      kinds: [SiteKind.directiveParamValue],
      directiveParam: paramValue[1] ?? '',
      prefix: typed,
      replaceRange: { start: offset - typed.length, end: offset },
    };
  }
  const value = DIRECTIVE_VALUE.exec(before);
  if (!value) return { ...base, kinds: [SiteKind.none] };
  const def = findDirective(value[1] ?? '');
  const typed = value[2] ?? '';
  const range = { start: offset - typed.length, end: offset };
  if (def?.value === 'queryPath')
    return { ...base, kinds: [SiteKind.directivePath], prefix: typed, replaceRange: range };
  if (def?.value === 'fragmentAssignment' || def?.value === 'paramAssignment')
    return {
      ...base,
      kinds: [SiteKind.directiveName],
      directiveKey: def.key,
      prefix: typed,
      replaceRange: range,
    };
  return { ...base, kinds: [SiteKind.none] };
}

function kindsFor(ctx: CursorContext, base: Site): Partial<Site> {
  switch (ctx.kind) {
    case 'command-name':
      return { kinds: [SiteKind.command] };
    case 'inject-name':
      return { kinds: [SiteKind.injectName] };
    case 'sub-name':
      return { kinds: [SiteKind.subDeclaration] };
    case 'operand':
      return operandKinds(base.command, ctx);
    case 'key':
      return keyKinds(base.command, ctx);
    case 'value':
    case 'item':
      return valueKinds(base.command, ctx);
    default:
      return { kinds: [SiteKind.none] };
  }
}

function operandKinds(def: CommandDef | undefined, ctx: CursorContext): Partial<Site> {
  if (!def) return { kinds: [SiteKind.none] };
  const forms = new Set(def.operands.map((f) => f.kind));
  if (ctx.inString && forms.has('category')) return { kinds: [SiteKind.category] };
  if (forms.has('category')) return { kinds: [SiteKind.category, SiteKind.param] };
  if (forms.has('subName')) return { kinds: [SiteKind.subReference] };
  if (forms.has('injectName')) return { kinds: [SiteKind.injectName] };
  if (def.operandColumns || forms.has('field')) return { kinds: [SiteKind.column] };
  if (forms.has('expression')) return { kinds: [SiteKind.column] };
  if (forms.has('param') || forms.has('number') || forms.has('word')) return { kinds: [SiteKind.param] };
  return { kinds: [SiteKind.none] };
}

function writtenKeysOf(ctx: CursorContext): Set<string> {
  const keys = new Set<string>();
  if (ctx.container?.kind !== 'object') return keys;
  for (const m of ctx.container.members) {
    if (m.key && m.key !== ctx.node) keys.add(m.key.name);
  }
  return keys;
}

function keyKinds(def: CommandDef | undefined, ctx: CursorContext): Partial<Site> {
  if (!def) return { kinds: [SiteKind.none] };
  if (def.name === 'CATEGORY') return { kinds: [SiteKind.category] };
  const writtenKeys = writtenKeysOf(ctx);
  const keyOptions = optionsAt(def, ctx.keyPath);
  // A plain list in braces (`UNFOLD {a, b}`) or free keys (CREATE-EXPR, HEADER) name columns.
  const columnKeys =
    def.freeOptionKeys?.column === 'reads' || (def.options.length === 0 && def.operandColumns === 'reads');
  const kinds: SiteKind[] = [SiteKind.optionKey];
  if (columnKeys) kinds.push(SiteKind.column);
  if (def.name === 'HEADER' && ctx.keyPath.length === 0) kinds.push(SiteKind.headerKey);
  return { kinds, keyOptions, writtenKeys };
}

function valueKinds(def: CommandDef | undefined, ctx: CursorContext): Partial<Site> {
  if (!def) return { kinds: [SiteKind.none] };
  if (ctx.keyPath.length === 0) {
    if (def.name === 'CATEGORY') return { kinds: [SiteKind.category] };
    return operandKinds(def, ctx);
  }
  const option = optionAt(def, ctx.keyPath);
  const free = def.freeOptionKeys;
  const valueKind = option?.valueKind ?? free?.valueKind;
  return { kinds: valueSiteKinds(valueKind, ctx), option };
}

function valueSiteKinds(valueKind: OptionDef['valueKind'] | undefined, ctx: CursorContext): SiteKind[] {
  switch (valueKind) {
    case 'field':
    case 'fieldList':
      return [SiteKind.column];
    case 'expression':
      return ctx.inString || ctx.node === null || ctx.node.kind !== 'string' ? [SiteKind.expression] : [];
    case 'query':
      return [SiteKind.subReference];
    case 'object':
    case 'filterSpec':
      return [SiteKind.none];
    case 'newField':
    case 'newFieldList':
    case 'string':
    case 'pattern':
    case undefined:
      // New names and free text: nothing to suggest, the user types freely (`$` still offers params).
      return [SiteKind.none];
    default:
      return [SiteKind.optionValue];
  }
}
