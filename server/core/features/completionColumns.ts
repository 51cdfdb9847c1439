/**
 * Column completion from the column flow at the cursor's line, and identifier completion inside
 * `expr:` formulas. When the flow is open (unknown category, a pivot upstream …) the system and agent
 * columns are offered too, and nothing the user types is ever rejected.
 */
import {
  AGENT_COLUMNS,
  EXPRESSION_FUNCTIONS,
  GENERATED_COLUMNS,
  SYSTEM_COLUMNS,
  type CategoryInfo,
  type Column,
} from '../catalog/index';
import {
  walkValue,
  type ArrayValue,
  type ObjectValue,
  type Range,
  type SyntaxBlock,
  type Value,
} from '../syntax/index';
import { type ColumnInfo, type FlowStep } from '../columns/flow';
import { holdingOffset } from '../syntax/sortedRanges';
import { PartUnion } from '../analysis/partUnion';
import { type CompletionSite } from './completionSite';
import { CompletionKind, type CompletionEntry } from './completionTypes';
import { categoryOfFlow, type DocumentAnalysis } from '../analysis/documentAnalysis';
import { type ColumnKindWord } from '../l10n/labels';
import { ENGLISH_WORDING, type Wording } from '../l10n/wording';
import { columnMarkdown } from './hover';

const ORIGIN_TITLES: Readonly<Record<ColumnInfo['origin'], ColumnKindWord>> = {
  tag: 'tag',
  field: 'field',
  system: 'system column',
  created: 'created column',
  renamed: 'renamed column',
  joined: 'joined column',
};

/** Metadata indexes by category (catalogs hand out one info object per category): built once, not per keystroke. */
const metadataIndexes = new WeakMap<CategoryInfo, ReadonlyMap<string, Column>>();
let builtinIndex: ReadonlyMap<string, Column> | undefined;

function metadataIndex(analysis: DocumentAnalysis, site: CompletionSite): ReadonlyMap<string, Column> {
  const info = categoryOfFlow(analysis, site.sub, site.flowOffset);
  const cached = info ? metadataIndexes.get(info) : builtinIndex;
  if (cached) return cached;
  const index = new Map<string, Column>();
  for (const c of [...SYSTEM_COLUMNS, ...AGENT_COLUMNS, ...GENERATED_COLUMNS]) index.set(c.name, c);
  if (info) for (const c of [...info.tags, ...info.fields]) index.set(c.name, c);
  if (info) metadataIndexes.set(info, index);
  else builtinIndex = index;
  return index;
}

/**
 * Ranking tiers, best first: columns the pipeline made (created, renamed, joined), the category's
 * columns, those only the workspace's queries read, names only this file uses, internal columns
 * (`_name_`), and last the names already written in the same list or object.
 */
const Tier = { pipeline: 0, category: 1, workspace: 2, file: 3, internal: 4, listed: 5 } as const;
type Tier = (typeof Tier)[keyof typeof Tier];

/** Enough digits for any usage count; fewer uses sort later. */
const USES_WIDTH = 6;
const MAX_USES = 10 ** USES_WIDTH - 1;

function usesKey(uses: number): string {
  return String(MAX_USES - Math.min(uses, MAX_USES)).padStart(USES_WIDTH, '0');
}

/**
 * `tier`, then most used in this category, then most used in any category (a name many queries read
 * elsewhere, such as `oname`, is a good guess where this category has few counts), then the name.
 * VS Code sorts by sortText, then label.
 */
function sortKey(tier: Tier, mentioned: boolean, uses: number, globalUses: number, name: string): string {
  return `${tier}${mentioned ? 0 : 1}${usesKey(uses)}${usesKey(globalUses)}${name}`;
}

/** Per document (its analyses share `caches` from version to version): the words of its blocks. */
const wordUnions = new WeakMap<object, PartUnion<SyntaxBlock, string>>();

/** The words one block's operands hold (and HEADER keys without `$`). */
function wordsOfBlock(block: SyntaxBlock): string[] {
  const found = new Set<string>();
  const doc = block.parsed.ast;
  for (const s of [...doc.main, ...doc.subs.flatMap((sub) => sub.commands)]) {
    if (s.kind !== 'command' || s.operand === null) continue;
    walkValue(s.operand, (v) => {
      if (v.kind === 'word') found.add(v.text);
      else if (v.kind === 'object')
        for (const m of v.members) if (m.key?.name.endsWith('$')) found.add(m.key.name.slice(0, -1));
    });
  }
  return [...found];
}

/**
 * Every word the file's operands hold (and HEADER keys without `$`): names the query already talks
 * about. Kept per block (by its text, so a block an edit only moved is not walked again).
 */
function wordsInFile(analysis: DocumentAnalysis): ReadonlyMap<string, number> {
  let union = wordUnions.get(analysis.caches);
  if (!union) {
    union = new PartUnion((b: SyntaxBlock) => b.text, wordsOfBlock);
    wordUnions.set(analysis.caches, union);
  }
  return union.update(analysis.blocks.blocks);
}

function tierOf(name: string, base: Tier, listed: ReadonlySet<string>, column?: Column): Tier {
  if (listed.has(name)) return Tier.listed;
  if (name.startsWith('_')) return Tier.internal;
  return base === Tier.category && column?.workspaceUses ? Tier.workspace : base;
}

/** What an entry says about a column, whatever the cursor: its detail, documentation and insert text. */
interface Described {
  readonly meta: Column | undefined;
  readonly detail: string;
  readonly documentation: string;
  readonly quoted: string | undefined;
  /** Its last sort text: the next keystroke at the same site mostly ranks it the same way again. */
  sorted?: { readonly ranking: Ranking; readonly sortText: string };
}

/** Descriptions by wording, origin and name: a list offers the same columns keystroke after keystroke. */
const described = new WeakMap<Wording, Map<ColumnKindWord, Map<string, Described>>>();
/** Names are what files write, typos included: a table starts over beyond this many. */
const MAX_DESCRIBED = 5000;

function describe(name: string, origin: ColumnKindWord, meta: Column | undefined, w: Wording): Described {
  let byOrigin = described.get(w);
  if (!byOrigin) {
    byOrigin = new Map();
    described.set(w, byOrigin);
  }
  let table = byOrigin.get(origin);
  if (!table || table.size >= MAX_DESCRIBED) {
    table = new Map();
    byOrigin.set(origin, table);
  }
  let found = table.get(name);
  if (!found || found.meta !== meta) {
    found = {
      meta,
      detail: [w.labels.columnKinds[origin], meta?.type, meta?.unit].filter(Boolean).join(' · '),
      documentation: columnMarkdown(name, origin, meta, w),
      quoted: /^[A-Za-z_@#][\w.$@#-]*$/.test(name) ? undefined : `'${name}'`,
    };
    table.set(name, found);
  }
  return found;
}

/** What a column's sort text says besides its name (see {@link sortKey}). */
interface Ranking {
  readonly tier: Tier;
  readonly mentioned: boolean;
  readonly uses: number;
  readonly globalUses: number;
}

/** The entry for a column at the site; its sort text is reused while its ranking stays the same. */
function entry(
  name: string,
  origin: ColumnKindWord,
  meta: Column | undefined,
  site: CompletionSite,
  ranking: Ranking,
  w: Wording,
): CompletionEntry {
  const facts = describe(name, origin, meta, w);
  if (!facts.sorted || !sameRanking(facts.sorted.ranking, ranking)) {
    const { tier, mentioned, uses, globalUses } = ranking;
    facts.sorted = { ranking, sortText: sortKey(tier, mentioned, uses, globalUses, name) };
  }
  return madeEntry(name, facts, facts.sorted.sortText, site.replaceRange);
}

function sameRanking(a: Ranking, b: Ranking): boolean {
  return (
    a.tier === b.tier && a.mentioned === b.mentioned && a.uses === b.uses && a.globalUses === b.globalUses
  );
}

function madeEntry(name: string, facts: Described, sortText: string, range: Range): CompletionEntry {
  const { meta, detail, documentation, quoted } = facts;
  const plain: CompletionEntry = {
    label: name,
    kind: CompletionKind.column,
    detail,
    documentation,
    filterText: name,
    sortText,
    range,
  };
  if (quoted === undefined && !meta?.deprecated) return plain;
  return {
    ...plain,
    ...(quoted !== undefined ? { insertText: quoted } : {}),
    ...(meta?.deprecated ? { deprecated: true } : {}),
  };
}

/** Per document, per category asked about (null: any): the names its pipelines write, kept per run of steps. */
const writtenUnions = new WeakMap<object, Map<string | null, PartUnion<readonly FlowStep[]>>>();
const namesBySteps = new WeakMap<readonly FlowStep[], ReadonlyMap<string | null, readonly string[]>>();
const NO_NAMES: readonly string[] = [];

/**
 * Names a run of steps writes itself, by the category in effect where each is written (null: any
 * category), kept per steps list (an unchanged block's list is reused).
 */
function namesWritten(steps: readonly FlowStep[]): ReadonlyMap<string | null, readonly string[]> {
  let names = namesBySteps.get(steps);
  if (!names) {
    const all = new Set<string>();
    const byCategory = new Map<string | null, Set<string>>();
    for (const step of steps) {
      // Only names written in the file (created, renamed, or listed though the catalog lacks them).
      for (const [name, info] of step.after.columns) {
        if (info.definedAt === null) continue;
        all.add(name);
        // A name belongs to the category of the step that wrote it, not to those it is carried into.
        if (step.category === null || step.before.columns.get(name) === info) continue;
        let set = byCategory.get(step.category);
        if (!set) byCategory.set(step.category, (set = new Set()));
        set.add(name);
      }
    }
    const found = new Map<string | null, readonly string[]>([[null, [...all]]]);
    for (const [category, set] of byCategory) found.set(category, [...set]);
    names = found;
    namesBySteps.set(steps, names);
  }
  return names;
}

/**
 * The column names the file's pipelines write themselves (SELECT lists keep names the catalog lacks),
 * sorted, so the answer does not depend on the edits that led to the text. Real queries name columns
 * the metadata does not have, so these are offered too, after the known ones. Where the cursor's
 * category is known, only the names written under that category: another category's columns do not
 * exist here, and a file of many queries would otherwise offer every name it holds.
 */
function columnsUsedInFile(analysis: DocumentAnalysis, category: string | null): readonly string[] {
  let unions = writtenUnions.get(analysis.caches);
  if (!unions) {
    unions = new Map();
    writtenUnions.set(analysis.caches, unions);
  }
  let union = unions.get(category);
  if (!union) {
    const categories = analysis.catalogs.categories;
    union = new PartUnion(
      (steps: readonly FlowStep[]) => steps,
      (steps) => {
        const written = namesWritten(steps);
        if (category === null) return written.get(null) ?? NO_NAMES;
        // The same category however it is written (`app_counter`, `app_counter{m5}`).
        const names: string[] = [];
        for (const [name, list] of written)
          if (name !== null && categories.getCategory(name)?.name === category) names.push(...list);
        return names;
      },
    );
    unions.set(category, union);
  }
  const flow = analysis.flow;
  const runs = [...(flow.segmentSteps ?? [flow.main.steps]), ...[...flow.subs.values()].map((f) => f.steps)];
  return union.sorted(runs);
}

/**
 * The columns available where the cursor is (upstream of its command); when that set is open, the
 * system and agent columns and the other names the file uses.
 */
export function columnItems(
  analysis: DocumentAnalysis,
  site: CompletionSite,
  w: Wording = ENGLISH_WORDING,
): CompletionEntry[] {
  const set = analysis.flow.columnsAt(site.flowOffset);
  const meta = metadataIndex(analysis, site);
  const written = namesWrittenAround(analysis, site.replaceRange);
  const mentionedElsewhere = wordsInFile(analysis);
  const items: CompletionEntry[] = [];
  const offered = new Set<string>();
  const add = (name: string, origin: ColumnKindWord, column: Column | undefined, base: Tier): void => {
    if (offered.has(name)) return;
    offered.add(name);
    const globalUses = analysis.catalogs.categories.columnUses(name);
    const mentioned = mentionedElsewhere.has(name);
    const tier = tierOf(name, base, written, column);
    const uses = column?.uses ?? column?.workspaceUses ?? 0;
    items.push(entry(name, origin, column, site, { tier, mentioned, uses, globalUses }, w));
  };
  for (const [name, info] of set.columns) {
    const fromPipeline = info.origin === 'created' || info.origin === 'renamed' || info.origin === 'joined';
    add(name, ORIGIN_TITLES[info.origin], meta.get(name), fromPipeline ? Tier.pipeline : Tier.category);
  }
  if (set.open) {
    // Columns unknown here: offer what the catalog has for the category (an incomplete list still
    // holds the names public queries read), then the system and agent columns.
    const info = categoryOfFlow(analysis, site.sub, site.flowOffset);
    for (const c of [...(info?.tags ?? []), ...(info?.fields ?? [])])
      add(c.name, c.kind, meta.get(c.name), Tier.category);
    for (const c of [...SYSTEM_COLUMNS, ...AGENT_COLUMNS])
      add(c.name, 'system column', meta.get(c.name) ?? c, Tier.category);
  }
  const category = categoryOfFlow(analysis, site.sub, site.flowOffset)?.name ?? null;
  for (const name of columnsUsedInFile(analysis, category))
    add(name, 'used in this file', meta.get(name), Tier.file);
  return items;
}

/** The names already written in the list or object holding the cursor (`SELECT [a, b, |]`). */
function namesWrittenAround(analysis: DocumentAnalysis, cursor: Range): ReadonlySet<string> {
  const doc = analysis.doc;
  const holder =
    holdingOffset(doc.main, cursor.start)[0] ??
    holdingOffset(doc.subs, cursor.start)
      .map((sub) => holdingOffset(sub.commands, cursor.start)[0])
      .find((s) => s !== undefined);
  const names = new Set<string>();
  if (holder?.kind !== 'command' || holder.operand === null) return names;
  const container = innermostContainer(holder.operand, cursor.start);
  const values =
    container?.kind === 'array' ? container.items : (container?.members ?? []).map((m) => m.value);
  for (const v of values) {
    if (!v || (v.range.start <= cursor.start && cursor.end <= v.range.end)) continue;
    if (v.kind === 'word') names.add(v.text);
    else if (v.kind === 'string') names.add(v.value);
    else if (v.kind === 'array') for (const item of v.items) if (item.kind === 'word') names.add(item.text);
  }
  return names;
}

function holds(v: Value, offset: number): boolean {
  return v.range.start < offset && (offset <= v.range.end || !('closed' in v) || !v.closed);
}

function innermostContainer(v: Value, offset: number): ArrayValue | ObjectValue | undefined {
  if ((v.kind !== 'array' && v.kind !== 'object') || !holds(v, offset)) return undefined;
  const children = v.kind === 'array' ? v.items : v.members.map((m) => m.value);
  for (const child of children) {
    const inner = child ? innermostContainer(child, offset) : undefined;
    if (inner) return inner;
  }
  return v;
}

/** Columns and functions inside a formula string (`expr: "tps > 1 && |"`). */
export function expressionItems(
  analysis: DocumentAnalysis,
  site: CompletionSite,
  w: Wording = ENGLISH_WORDING,
): CompletionEntry[] {
  const functions: CompletionEntry[] = EXPRESSION_FUNCTIONS.map((f) => ({
    label: f.name,
    kind: CompletionKind.function,
    detail: `${f.signature} → ${f.returns}`,
    documentation: w.text(f.description),
    insertText: `${f.name}(\${1})`,
    snippet: true,
    sortText: `${Tier.internal}${f.name}`,
    range: site.replaceRange,
  }));
  return [...columnItems(analysis, site, w), ...functions];
}

/** HEADER keys: each column as `name$`, telling a dashboard widget how to display it. */
export function headerKeyItems(
  analysis: DocumentAnalysis,
  site: CompletionSite,
  w: Wording = ENGLISH_WORDING,
): CompletionEntry[] {
  return columnItems(analysis, site, w).map((item) => ({
    ...item,
    label: `${item.label}$`,
    detail: w.labels.displayTypeOf(item.label),
    insertText: `${item.insertText ?? item.label}$: `,
  }));
}
