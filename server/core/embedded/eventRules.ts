/**
 * Event (alert) rules kept as JSON: an array of rule objects (at the top, or under a key), each with a
 * `category`, a `rule` expression over that category's fields (`cpu > 90`), and texts that name fields
 * as `${field}` placeholders (`eventTitle`, `eventMessage`, `select`) or list them (`alertLabel`).
 * This module finds the field names of every rule and checks, completes and describes them against
 * the category's fields in the catalog, with the severity policy of columns in `.mxql` files: a
 * warning only where the category's fields are known completely. Every range is a JSON-text offset,
 * mapped through the string's escapes. It never throws on any text.
 */
import {
  AGENT_COLUMNS,
  EXPRESSION_FUNCTIONS,
  SYSTEM_COLUMNS,
  findExpressionFunction,
  findIdentityColumn,
  suggestClosest,
  type CategoryCatalog,
  type Column,
} from '../catalog/index';
import { diagnostic, type JsonValueKind } from '../diagnostics/table';
import {
  CompletionKind,
  MAX_COMPLETIONS,
  type CompletionEntry,
  type CompletionList,
} from '../features/completionTypes';
import { categoryMarkdown, columnMarkdown, functionMarkdown, type HoverInfo } from '../features/hover';
import { splitCategorySuffix } from '../../../common/categoryName';
import { type ValidationDiagnostic } from '../diagnostics/types';
import { type UiLanguage } from '../l10n/language';
import { wordingFor } from '../l10n/wording';
import { parseExpression, type ExprNode, type Range } from '../syntax/index';
import {
  decodedOffsetOf,
  escapeForJson,
  jsonRangeOf,
  parseJsonTree,
  type JsonNode,
  type JsonObjectNode,
  type JsonProblem,
  type JsonString,
  type OffsetRange,
} from './jsonQueries';

/** Keys of a rule whose text names fields as `${field}` placeholders (camelCase and snake_case files). */
const PLACEHOLDER_KEYS = new Set(['eventTitle', 'eventMessage', 'event_title', 'event_message', 'select']);
/** Keys of a rule whose value is a list of field names. */
const LABEL_KEYS = new Set(['alertLabel']);
/** Keys every rule has, as text. */
const REQUIRED_KEYS = new Set(['rule', 'category']);
/** Keys whose value the service reads as text. */
const TEXT_KEYS = new Set(['rule', 'category', ...PLACEHOLDER_KEYS]);

/** A string value of a rule, with its JSON pointer. */
export interface RuleString extends JsonString {
  readonly pointer: string;
}

/** One rule object of the file. */
export interface EventRule {
  /** JSON pointer of the rule object, e.g. `/3`. */
  readonly pointer: string;
  /** The rule object in the JSON text. */
  readonly range: OffsetRange;
  /** The `category` string, when it is one. */
  readonly category?: RuleString;
  /** The `rule` expression, when it is a string. */
  readonly rule?: RuleString;
  /** The strings with `${field}` placeholders. */
  readonly texts: readonly RuleString[];
  /** The strings of field-name lists (`alertLabel`). */
  readonly labels: readonly RuleString[];
  /** Text keys holding something else than a string. */
  readonly notStrings: readonly {
    readonly key: string;
    readonly found: JsonValueKind;
    readonly node: JsonNode;
  }[];
}

export interface EventRuleScan {
  readonly rules: readonly EventRule[];
  /** The JSON syntax error that cut the file short, if any (the rules before it are still found). */
  readonly problem?: JsonProblem;
}

/** A finding of {@link checkEventRules}: a diagnostic at JSON-text offsets, with the pointer of its string. */
export interface EventRuleDiagnostic extends ValidationDiagnostic {
  readonly pointer: string;
}

/** Cheap test before any scan: a file without a `"rule"` key holds no rules. */
export function mayHoldEventRules(json: string): boolean {
  return json.includes('"rule"');
}

/**
 * The rules of a JSON text: every object in an array (the top value, or an array anywhere under
 * keys) that has both a `rule` and a `category` key.
 */
export function findEventRules(json: string): EventRuleScan {
  if (!mayHoldEventRules(json)) return { rules: [] };
  const { root, problem } = parseJsonTree(json);
  const rules: EventRule[] = [];
  const stack: JsonNode[] = root ? [root] : [];
  while (stack.length > 0) {
    const node = stack.pop() as JsonNode;
    if (node.kind === 'array') {
      for (const item of node.items) {
        if (item.kind === 'object' && isRule(item)) rules.push(readRule(item));
        else stack.push(item);
      }
    } else if (node.kind === 'object') stack.push(...node.members.map((m) => m.value));
  }
  rules.sort((a, b) => a.range.start - b.range.start);
  return problem ? { rules, problem } : { rules };
}

function isRule(node: JsonObjectNode): boolean {
  return (
    node.members.some((m) => m.key.text === 'rule') && node.members.some((m) => m.key.text === 'category')
  );
}

function readRule(node: JsonObjectNode): EventRule {
  let category: RuleString | undefined;
  let rule: RuleString | undefined;
  const texts: RuleString[] = [];
  const labels: RuleString[] = [];
  const notStrings: { key: string; found: JsonValueKind; node: JsonNode }[] = [];
  for (const { key, value } of node.members) {
    const name = key.text;
    if (value.kind === 'string') {
      const s = { ...value.value, pointer: value.pointer };
      if (name === 'rule') rule = s;
      else if (name === 'category') category = s;
      else if (PLACEHOLDER_KEYS.has(name)) texts.push(s);
    } else if (LABEL_KEYS.has(name) && value.kind === 'array') {
      for (const item of value.items)
        if (item.kind === 'string') labels.push({ ...item.value, pointer: item.pointer });
    } else if (TEXT_KEYS.has(name) && (REQUIRED_KEYS.has(name) || kindOf(value) !== 'null')) {
      // A null title, message or select means "none"; a rule or category must be text.
      notStrings.push({ key: name, found: kindOf(value), node: value });
    }
  }
  return {
    pointer: node.pointer,
    range: { start: node.start, end: node.end },
    ...(category ? { category } : {}),
    ...(rule ? { rule } : {}),
    texts,
    labels,
    notStrings,
  };
}

function kindOf(node: JsonNode): JsonValueKind {
  if (node.kind === 'object' || node.kind === 'array') return node.kind;
  if (node.kind === 'literal') {
    if (node.text === 'null') return 'null';
    return node.text === 'true' || node.text === 'false' ? 'boolean' : 'number';
  }
  return 'null';
}

/** A field named by a rule: in the expression, in a `${…}` placeholder, or in a label list. */
interface FieldRef {
  readonly name: string;
  /** JSON-text range of the name. */
  readonly range: OffsetRange;
  readonly pointer: string;
}

/** What the catalog knows of a rule's category. */
interface RuleFields {
  /** The category name as written (trimmed). */
  readonly category: string;
  /** Its columns by name, or undefined when the catalog does not know them. */
  readonly columns: ReadonlyMap<string, Column> | undefined;
  /** True when the list is complete: only then is an unknown field a warning. */
  readonly complete: boolean;
}

/** The category name of a rule, unless it is missing, empty or a template (`$x`, `{{x}}`, `<% x %>`). */
function categoryName(rule: EventRule): string | undefined {
  const name = rule.category?.text.trim();
  return name && !/[$@]|\{\{|<%/.test(name) ? name : undefined;
}

/** Whether the catalog knows the category, with or without its `{m5}`-style roll-up suffix. */
function isKnown(name: string, catalog: CategoryCatalog): boolean {
  return catalog.isKnownCategory(name) || catalog.isKnownCategory(splitCategorySuffix(name).base);
}

function fieldsOf(rule: EventRule, catalog: CategoryCatalog): RuleFields | undefined {
  const category = categoryName(rule);
  if (category === undefined || !isKnown(category, catalog)) return undefined;
  const info = catalog.getCategory(category);
  if (!info?.columnsKnown) return { category, columns: undefined, complete: false };
  const columns = new Map(catalog.categoryColumns(category).map((c) => [c.name, c]));
  return { category, columns, complete: info.columnsComplete };
}

/** Identifiers of an expression that name fields: every identifier that is not a function name. */
function ruleRefs(rule: RuleString): FieldRef[] {
  return parseExpression(rule.text).identifiers.map((id) => ({
    name: id.name,
    range: jsonRangeOf(rule.map, id.range),
    pointer: rule.pointer,
  }));
}

const PLACEHOLDER = /\$\{\s*([^{}\s]+)\s*\}/g;

/** The `${field}` placeholders of a text, each name at its JSON range. */
function placeholderRefs(text: RuleString): FieldRef[] {
  const out: FieldRef[] = [];
  for (const match of text.text.matchAll(PLACEHOLDER)) {
    const name = match[1] as string;
    const start = (match.index ?? 0) + match[0].indexOf(name, 2);
    out.push({
      name,
      range: jsonRangeOf(text.map, { start, end: start + name.length }),
      pointer: text.pointer,
    });
  }
  return out;
}

function labelRef(label: RuleString): FieldRef | undefined {
  const name = label.text.trim();
  if (name === '') return undefined;
  const start = label.text.indexOf(name);
  return { name, range: jsonRangeOf(label.map, { start, end: start + name.length }), pointer: label.pointer };
}

/** Every field a rule names, in document order. */
function fieldRefs(rule: EventRule): FieldRef[] {
  const refs = [
    ...(rule.rule ? ruleRefs(rule.rule) : []),
    ...rule.texts.flatMap(placeholderRefs),
    ...rule.labels.flatMap((l) => labelRef(l) ?? []),
  ];
  return refs.sort((a, b) => a.range.start - b.range.start);
}

/** The content of a string token (inside its quotes) as a JSON range. */
function contentRange(s: JsonString): OffsetRange {
  return { start: s.token.start + 1, end: s.token.end - 1 };
}

/**
 * The findings of every rule of `json`: fields unknown to the rule's category, categories the catalog
 * does not know, malformed `rule` expressions and text keys holding other values. JSON syntax errors
 * are not reported here (the scan's `problem` says where; editors and `mxql check` report them).
 */
export function checkEventRules(json: string, catalog: CategoryCatalog): EventRuleDiagnostic[] {
  return checkEventRuleScan(findEventRules(json), catalog);
}

/** {@link checkEventRules} over rules already found. */
export function checkEventRuleScan(scan: EventRuleScan, catalog: CategoryCatalog): EventRuleDiagnostic[] {
  const out: EventRuleDiagnostic[] = [];
  // Rules of one file repeat their categories and names: each did-you-mean is computed once.
  const suggested = new Map<string, string[]>();
  const suggest = (name: string, fields: RuleFields): string[] => {
    const key = `${fields.category}\u0000${name}`;
    let found = suggested.get(key);
    if (!found) suggested.set(key, (found = suggestClosest(name, fields.columns?.keys() ?? [])));
    return found;
  };
  for (const rule of scan.rules) checkRule(rule, catalog, suggest, out);
  return out.sort((a, b) => a.range.start - b.range.start);
}

function checkRule(
  rule: EventRule,
  catalog: CategoryCatalog,
  suggest: (name: string, fields: RuleFields) => string[],
  out: EventRuleDiagnostic[],
): void {
  for (const bad of rule.notStrings) {
    const range = { start: bad.node.start, end: bad.node.end };
    out.push({
      ...diagnostic('rule/not-a-string', range, { key: bad.key, found: bad.found }),
      pointer: bad.node.pointer,
    });
  }
  if (rule.rule) {
    const { map, pointer } = rule.rule;
    for (const d of parseExpression(rule.rule.text).diagnostics)
      out.push({ ...d, range: jsonRangeOf(map, d.range), pointer });
  }
  const name = categoryName(rule);
  if (name !== undefined && rule.category && !isKnown(name, catalog)) {
    const suggestions = catalog.suggestCategories(splitCategorySuffix(name).base).slice(0, 3);
    out.push({
      ...diagnostic('rule/unknown-category', contentRange(rule.category), { name, suggestions }),
      data: { replacements: suggestions.map((c) => ({ kind: 'change', newText: c })) },
      pointer: rule.category.pointer,
    });
  }
  const fields = fieldsOf(rule, catalog);
  if (!fields?.columns) return;
  for (const ref of fieldRefs(rule)) {
    // System and agent columns ride along with every row, even where the metadata omits them.
    if (fields.columns.has(ref.name) || findIdentityColumn(ref.name)) continue;
    const suggestions = suggest(ref.name, fields);
    const args = { name: ref.name, suggestions, category: fields.category };
    out.push({
      ...(fields.complete
        ? diagnostic('rule/unknown-field', ref.range, args)
        : diagnostic('rule/field-not-in-catalog', ref.range, args)),
      data: { replacements: suggestions.map((c) => ({ kind: 'change', newText: c })) },
      pointer: ref.pointer,
    });
  }
}

/** The rule and string of `json` whose content holds `offset` (between the quotes, either end included). */
function stringAt(
  json: string,
  offset: number,
): { rule: EventRule; string: RuleString; role: 'rule' | 'category' | 'text' | 'label' } | undefined {
  const inside = (s: JsonString | undefined): boolean =>
    s !== undefined && s.token.start < offset && offset < s.token.end;
  for (const rule of findEventRules(json).rules) {
    if (inside(rule.rule)) return { rule, string: rule.rule as RuleString, role: 'rule' };
    if (inside(rule.category)) return { rule, string: rule.category as RuleString, role: 'category' };
    const text = rule.texts.find(inside);
    if (text) return { rule, string: text, role: 'text' };
    const label = rule.labels.find(inside);
    if (label) return { rule, string: label, role: 'label' };
  }
  return undefined;
}

const NAME_CHAR = /[\w.@#]/;

/**
 * Completion at `offset` of a rule file: the fields of the rule's category (and the formula
 * functions) inside `rule`, the fields inside `${…}` of a message or title and in `alertLabel`, and
 * the category names inside `category`. Null elsewhere.
 */
export function eventRuleCompletionsAt(
  json: string,
  offset: number,
  catalog: CategoryCatalog,
  language?: UiLanguage,
): CompletionList | null {
  const at = stringAt(json, offset);
  if (!at) return null;
  const { string: s } = at;
  const d = decodedOffsetOf(s.map, offset);
  const before = s.text.slice(0, d);
  if (at.role === 'category') {
    const range = contentRange(s);
    const items = catalog.categoryNames().map((name): CompletionEntry => ({
      label: name,
      kind: CompletionKind.category,
      detail: '',
      documentation: '',
      insertText: escapeForJson(name),
      range,
    }));
    return cut(items);
  }
  let start = d;
  while (start > 0 && NAME_CHAR.test(before[start - 1] as string)) start--;
  if (at.role === 'rule') {
    // Inside a quoted text of the expression, or after a digit, nothing is a field name.
    if ((before.match(/['"]/g)?.length ?? 0) % 2 === 1 || /^\d/.test(before.slice(start))) return null;
  } else if (at.role === 'text') {
    const open = before.lastIndexOf('${');
    if (open < 0 || before.indexOf('}', open) >= 0 || open + 2 !== start) return null;
  }
  const range = jsonRangeOf(s.map, { start, end: d });
  const items = fieldItems(at.rule, catalog, range, language);
  if (at.role === 'rule') items.push(...functionItems(range, language));
  return cut(items);
}

function cut(items: CompletionEntry[]): CompletionList {
  return { items: items.slice(0, MAX_COMPLETIONS), isIncomplete: items.length > MAX_COMPLETIONS };
}

/** The category's columns (system and agent columns only where they are unknown), most used first. */
function fieldItems(
  rule: EventRule,
  catalog: CategoryCatalog,
  range: Range,
  language: UiLanguage | undefined,
): CompletionEntry[] {
  const w = wordingFor(language);
  const fields = fieldsOf(rule, catalog);
  const columns = fields?.columns ? [...fields.columns.values()] : [...SYSTEM_COLUMNS, ...AGENT_COLUMNS];
  return columns.map((c, i) => ({
    label: c.name,
    kind: CompletionKind.column,
    detail: [w.labels.columnKinds[c.kind], c.type, c.unit].filter(Boolean).join(' · '),
    documentation: columnMarkdown(c.name, c.kind, c, w),
    ...(escapeForJson(c.name) === c.name ? {} : { insertText: escapeForJson(c.name) }),
    // Fields the public queries read most come first; the catalog's order breaks ties.
    sortText: `${String(1e6 - Math.min(c.uses ?? 0, 999999)).padStart(7, '0')}${String(i).padStart(5, '0')}`,
    range,
    ...(c.deprecated ? { deprecated: true } : {}),
  }));
}

function functionItems(range: Range, language: UiLanguage | undefined): CompletionEntry[] {
  const w = wordingFor(language);
  return EXPRESSION_FUNCTIONS.map((fn) => ({
    label: fn.name,
    kind: CompletionKind.function,
    detail: fn.signature,
    documentation: functionMarkdown(fn, w),
    insertText: `${fn.name}(`,
    sortText: `z${fn.name}`,
    range,
  }));
}

/** Calls of an expression tree (their callee names are functions, not fields). */
function callsOf(expr: ExprNode | null): { name: string; range: Range }[] {
  const out: { name: string; range: Range }[] = [];
  const stack: ExprNode[] = expr ? [expr] : [];
  while (stack.length > 0) {
    const node = stack.pop() as ExprNode;
    if (node.kind === 'call') {
      out.push({ name: node.callee, range: node.calleeRange });
      stack.push(...node.args);
    } else if (node.kind === 'unary') stack.push(node.operand);
    else if (node.kind === 'binary') stack.push(node.left, node.right);
    else if (node.kind === 'conditional') stack.push(node.test, node.consequent, node.alternate);
  }
  return out;
}

/**
 * Hover at `offset` of a rule file: a field (its kind, type and unit from the catalog, and the rule's
 * category), a formula function of `rule`, or the category. Null elsewhere.
 */
export function eventRuleHoverAt(
  json: string,
  offset: number,
  catalog: CategoryCatalog,
  language?: UiLanguage,
): HoverInfo | null {
  const at = stringAt(json, offset);
  if (!at) return null;
  const w = wordingFor(language);
  const { rule, string: s } = at;
  if (at.role === 'category') {
    const info = catalog.getCategory(s.text.trim());
    return info ? { markdown: categoryMarkdown(info, w), range: contentRange(s) } : null;
  }
  if (at.role === 'rule') {
    const call = callsOf(parseExpression(s.text).expr)
      .map((c) => ({ ...c, range: jsonRangeOf(s.map, c.range) }))
      .find((c) => c.range.start <= offset && offset <= c.range.end);
    const fn = call ? findExpressionFunction(call.name) : undefined;
    if (call && fn) return { markdown: functionMarkdown(fn, w), range: call.range };
  }
  const ref = fieldRefs(rule).find((r) => r.range.start <= offset && offset <= r.range.end);
  if (!ref) return null;
  const fields = fieldsOf(rule, catalog);
  const column = fields?.columns?.get(ref.name) ?? findIdentityColumn(ref.name);
  if (fields?.columns && !column) return null;
  const lines = [columnMarkdown(ref.name, column?.kind ?? 'column', column, w)];
  const category = categoryName(rule);
  if (category !== undefined) lines.push('', w.labels.ruleCategory(category));
  if (fields && !fields.columns) lines.push('', w.labels.columnListUnknown);
  return { markdown: lines.join('\n'), range: ref.range };
}
