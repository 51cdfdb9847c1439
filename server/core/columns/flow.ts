/**
 * Column flow: which columns exist before and after every command of every pipeline (the main one and
 * each SUB). Completion offers the columns at the cursor; validation checks column references against
 * them. When the columns cannot be known statically the set is `open` and no column is reported missing.
 * This module walks the pipelines and carries the set along (SUBs, INJECT fragments, categories, the
 * cache between versions); what each command does to the set is `effects.ts`.
 */
import { type CategoryCatalog, type CommandDef } from '../catalog/index';
import { type CommandNode, type MxqlDocument, type Statement, type SubBlock } from '../syntax/index';
import { featureCatalog, type FeatureCatalog } from '../catalog/featureCatalog';
import { categoryOfCommand } from '../syntax/categoryOperand';
import { OPEN_COLUMNS, type ColumnInfo, type ColumnSet } from './columnSet';
import { commandEffect, createdColumns } from './effects';

export { OPEN_COLUMNS, type ColumnInfo, type ColumnOrigin, type ColumnSet } from './columnSet';

/** One statement of a pipeline with the columns it sees and leaves. */
export interface FlowStep {
  readonly statement: Statement;
  readonly before: ColumnSet;
  readonly after: ColumnSet;
  /** True once a loader ran: the rows exist. Column checks apply only then (or to the loader's own options). */
  readonly loaded: boolean;
  /**
   * The category in effect here: the last CATEGORY at or before the step (before any, the pipeline's
   * first), so a file of several queries checks each against its own category. Null when unknown.
   */
  readonly category: string | null;
}

/** The flow of one pipeline: the main one (`sub === null`) or a SUB block. */
export interface PipelineFlow {
  readonly sub: SubBlock | null;
  /** The pipeline's first category (each step knows the one in effect where it stands). */
  readonly category: string | null;
  readonly steps: readonly FlowStep[];
  /** The columns the pipeline produces. */
  readonly result: ColumnSet;
}

/** Column flow for a whole document. */
export interface ColumnFlow {
  readonly main: PipelineFlow;
  readonly subs: ReadonlyMap<string, PipelineFlow>;
  /** With {@link ColumnFlowOptions.segments}: the main pipeline's steps per segment (same objects when reused). */
  readonly segmentSteps?: readonly (readonly FlowStep[])[];
  /** The columns available to a command written at `offset`. */
  columnsAt(offset: number): ColumnSet;
}

/** Options for {@link computeColumnFlow}. */
export interface ColumnFlowOptions {
  /** Parsed INJECT fragments by name: their commands take part in the flow where the INJECT stands. */
  readonly fragments?: ReadonlyMap<string, readonly Statement[]>;
  /**
   * The main pipeline cut into segments (one per block of an incremental parse; their concatenation
   * is `doc.main`). With `cache`, a segment or SUB whose inputs did not change reuses its flow.
   */
  readonly segments?: readonly (readonly Statement[])[];
  /** Flows of earlier versions of the same document (see {@link createFlowCache}). */
  readonly cache?: FlowCache;
}

/** What a cached pipeline flow read from other SUBs: each name with the result it saw. */
type SubReads = ReadonlyMap<string, ColumnSet | undefined>;

interface CachedSegment {
  readonly incoming: ColumnSet;
  readonly loadedIn: boolean;
  readonly categoryIn: CategoryInEffect;
  readonly categoryOut: CategoryInEffect;
  readonly reads: SubReads;
  readonly steps: readonly FlowStep[];
  readonly result: ColumnSet;
  readonly loadedOut: boolean;
}

/**
 * Column flows kept between versions of one document: per main-pipeline segment (keyed by the
 * segment's statement list) and per SUB block, with the SUB results each read. Valid for one catalog
 * and one set of INJECT fragments.
 */
export interface FlowCache {
  readonly catalog: FeatureCatalog;
  readonly fragmentsKey: string;
  readonly segments: WeakMap<readonly Statement[], CachedSegment>;
  readonly subs: WeakMap<SubBlock, { readonly flow: PipelineFlow; readonly reads: SubReads }>;
  readonly categorySets: Map<string, ColumnSet>;
  /** Pipelines (segments and SUBs) computed rather than reused, over the cache's life. */
  computed: number;
  /** The last main-pipeline flow, whose leading segments the next one takes over as they are. */
  lastMain?: MainRun;
}

/** A main-pipeline flow segment by segment, and the state after each segment. */
interface MainRun {
  readonly first: CategoryInEffect;
  readonly segments: readonly (readonly Statement[])[];
  readonly segmentSteps: (readonly FlowStep[])[];
  readonly after: readonly SegmentEnd[];
  readonly steps: FlowStep[];
  /** Every SUB result the segments read (while these hold, so do each segment's reads). */
  readonly reads: Map<string, ColumnSet | undefined>;
}

/** Where the flow stands after a segment: what the next one starts from. */
interface SegmentEnd {
  readonly result: ColumnSet;
  readonly loaded: boolean;
  readonly category: CategoryInEffect;
  /** Steps of the main pipeline up to here. */
  readonly steps: number;
}

/** A new flow cache for `catalog` and the fragments identified by `fragmentsKey` (their source text). */
export function createFlowCache(catalog: FeatureCatalog, fragmentsKey: string): FlowCache {
  return {
    catalog,
    fragmentsKey,
    segments: new WeakMap(),
    subs: new WeakMap(),
    categorySets: new Map(),
    computed: 0,
  };
}

/** Computes the column flow of every pipeline of `doc`. Never throws. */
export function computeColumnFlow(
  doc: MxqlDocument,
  catalog: CategoryCatalog,
  options: ColumnFlowOptions = {},
): ColumnFlow {
  return flowWithCatalog(doc, featureCatalog(catalog), options);
}

/** {@link computeColumnFlow} over the features' narrowed catalog (shared with validation). */
export function flowWithCatalog(
  doc: MxqlDocument,
  catalog: FeatureCatalog,
  options: ColumnFlowOptions,
): ColumnFlow {
  const subBlocks = new Map<string, SubBlock>();
  for (const sub of doc.subs) if (sub.name !== null && !subBlocks.has(sub.name)) subBlocks.set(sub.name, sub);
  const subs = new Map<string, PipelineFlow>();
  const inProgress = new Set<string>();
  const cache = options.cache?.catalog === catalog ? options.cache : undefined;
  const ctx: FlowContext = {
    catalog,
    categorySets: cache?.categorySets ?? new Map<string, ColumnSet>(),
    expanding: new Set(),
    fragments: options.fragments ?? new Map(),
    reads: undefined,
    subResult: (name) => {
      const result = subFlow(name)?.result;
      ctx.reads?.set(name, result);
      return result;
    },
  };
  const subFlow = (name: string): PipelineFlow | undefined => {
    const done = subs.get(name);
    if (done) return done;
    const block = subBlocks.get(name);
    // SUBs are computed in dependency order below, so this nests only for references that order
    // missed; the depth bound keeps a pathological file from exhausting the stack.
    if (!block || inProgress.has(name) || inProgress.size >= MAX_SUB_NESTING) return undefined;
    inProgress.add(name);
    const outer = ctx.reads;
    const hit = cache?.subs.get(block);
    let flow: PipelineFlow;
    if (hit && readsStillHold(hit.reads, ctx)) {
      flow = hit.flow;
    } else {
      ctx.reads = new Map();
      flow = flowPipeline(block.commands, block, ctx);
      if (cache) {
        cache.subs.set(block, { flow, reads: ctx.reads });
        cache.computed++;
      }
    }
    ctx.reads = outer;
    inProgress.delete(name);
    subs.set(name, flow);
    return flow;
  };
  for (const name of subDependencyOrder(doc, subBlocks)) subFlow(name);
  const segments = options.segments ?? [doc.main];
  const main =
    cache && segments.length > 0
      ? segmentedMainFlow(doc.main, segments, ctx, cache)
      : { flow: flowPipeline(doc.main, null, ctx), segmentSteps: undefined };
  return {
    main: main.flow,
    subs,
    ...(main.segmentSteps ? { segmentSteps: main.segmentSteps } : {}),
    columnsAt: (offset) => columnsAtOffset(doc, main.flow, subs, offset),
  };
}

/** True when every SUB result a cached flow read is still the same object. */
function readsStillHold(reads: SubReads, ctx: FlowContext): boolean {
  for (const [name, seen] of reads) if (ctx.subResult(name) !== seen) return false;
  return true;
}

/**
 * The main pipeline's flow segment by segment: a segment whose incoming columns, category and SUB
 * reads are what they were reuses its steps, so an edit re-computes its own block and those after it
 * only while their input actually changes.
 */
function segmentedMainFlow(
  main: readonly Statement[],
  segments: readonly (readonly Statement[])[],
  ctx: FlowContext,
  cache: FlowCache,
): { flow: PipelineFlow; segmentSteps: (readonly FlowStep[])[] } {
  const first = firstCategory(main, ctx);
  const kept = keptSegments(cache.lastMain, segments, first, ctx);
  const last = cache.lastMain;
  const start = kept > 0 && last ? (last.after[kept - 1] as SegmentEnd) : undefined;
  const segmentSteps = start && last ? last.segmentSteps.slice(0, kept) : [];
  const after = start && last ? last.after.slice(0, kept) : [];
  const reads = start && last ? last.reads : new Map<string, ColumnSet | undefined>();
  let current = start?.result ?? first.set;
  let loaded = start?.loaded ?? false;
  let category = start?.category ?? first;
  let stepCount = start?.steps ?? 0;
  for (const segment of segments.slice(kept)) {
    let hit = cache.segments.get(segment);
    const valid =
      hit !== undefined &&
      hit.incoming === current &&
      hit.loadedIn === loaded &&
      hit.categoryIn.name === category.name &&
      hit.categoryIn.set === category.set &&
      readsStillHold(hit.reads, ctx);
    if (!valid || !hit) {
      const outer = ctx.reads;
      ctx.reads = new Map();
      const run = runSteps(segment, current, loaded, category, ctx);
      hit = { incoming: current, loadedIn: loaded, categoryIn: category, reads: ctx.reads, ...run };
      ctx.reads = outer;
      cache.segments.set(segment, hit);
      cache.computed++;
    }
    for (const [name, result] of hit.reads) reads.set(name, result);
    segmentSteps.push(hit.steps);
    current = hit.result;
    loaded = hit.loadedOut;
    category = hit.categoryOut;
    stepCount += hit.steps.length;
    after.push({ result: current, loaded, category, steps: stepCount });
  }
  // The kept segments' steps as they were joined (one copy of the list), then the others' with one
  // concat (a copy, not a push per step): this runs on every edit.
  const keptSteps = start && last ? last.steps.slice(0, start.steps) : [];
  const steps = keptSteps.concat(...segmentSteps.slice(kept));
  cache.lastMain = { first, segments, segmentSteps, after, steps, reads };
  return { flow: { sub: null, category: first.name, steps, result: current }, segmentSteps };
}

/**
 * How many leading segments the last flow shares with this one and may take over as they are: the
 * same statement lists after the same first category, while every SUB result they read is the same.
 */
function keptSegments(
  last: MainRun | undefined,
  segments: readonly (readonly Statement[])[],
  first: CategoryInEffect,
  ctx: FlowContext,
): number {
  if (!last || last.first.name !== first.name || last.first.set !== first.set) return 0;
  if (!readsStillHold(last.reads, ctx)) return 0;
  let kept = 0;
  while (kept < segments.length && segments[kept] === last.segments[kept]) kept++;
  return kept;
}

/** How deep SUB flows may nest while computing one another (a chain of JOINs is ordered, not nested). */
const MAX_SUB_NESTING = 64;

/**
 * SUB names in an order where every SUB comes after the SUBs it references (a depth-first post-order
 * with an explicit stack: a chain of 3,000 SUBs each joining the next costs no call depth). Cycles are
 * cut where they close; column flow then treats the closing reference as unknown.
 */
export function subDependencyOrder(doc: MxqlDocument, subBlocks: ReadonlyMap<string, SubBlock>): string[] {
  const uses = new Map<string, string[]>();
  for (const ref of doc.subRefs) {
    const owner = subContaining(doc.subs, ref.range.start)?.name;
    if (owner && subBlocks.get(owner) && subBlocks.has(ref.name)) {
      const list = uses.get(owner);
      if (list) list.push(ref.name);
      else uses.set(owner, [ref.name]);
    }
  }
  const order: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  for (const root of subBlocks.keys()) {
    if (state.has(root)) continue;
    const stack: { name: string; next: number }[] = [{ name: root, next: 0 }];
    state.set(root, 'open');
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { name: string; next: number };
      const dep = uses.get(top.name)?.[top.next++];
      if (dep === undefined) {
        stack.pop();
        state.set(top.name, 'done');
        order.push(top.name);
      } else if (!state.has(dep)) {
        state.set(dep, 'open');
        stack.push({ name: dep, next: 0 });
      }
    }
  }
  return order;
}

/** The SUB block (of `subs`, sorted by start) whose range holds `offset`, by binary search. */
function subContaining(subs: readonly SubBlock[], offset: number): SubBlock | undefined {
  let lo = 0;
  let hi = subs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((subs[mid] as SubBlock).range.start <= offset) lo = mid;
    else hi = mid - 1;
  }
  const sub = subs[lo];
  return sub && sub.range.start <= offset && offset <= sub.range.end ? sub : undefined;
}

interface FlowContext {
  readonly catalog: FeatureCatalog;
  readonly categorySets: Map<string, ColumnSet>;
  /** INJECT fragments being expanded right now (a cycle stops at the first repeat). */
  readonly expanding: Set<string>;
  /** While a cached pipeline is computed: the SUB results it reads. */
  reads: Map<string, ColumnSet | undefined> | undefined;
  readonly fragments: ReadonlyMap<string, readonly Statement[]>;
  readonly subResult: (name: string) => ColumnSet | undefined;
}

function flowPipeline(
  statements: readonly Statement[],
  sub: SubBlock | null,
  ctx: FlowContext,
): PipelineFlow {
  const first = firstCategory(statements, ctx);
  const run = runSteps(statements, first.set, false, first, ctx);
  return { sub, category: first.name, steps: run.steps, result: run.result };
}

/** A category and the columns it gives a loader. */
interface CategoryInEffect {
  readonly name: string | null;
  readonly set: ColumnSet;
}

function categoryInEffect(command: CommandNode, ctx: FlowContext): CategoryInEffect {
  const ref = categoryOfCommand(command);
  return { name: ref?.name ?? null, set: categoryColumns(ref, ctx) };
}

/** The category a pipeline starts with: its first CATEGORY's (a loader written above it reads that one). */
function firstCategory(statements: readonly Statement[], ctx: FlowContext): CategoryInEffect {
  const command = statements.find(
    (s): s is CommandNode => s.kind === 'command' && s.upperName === 'CATEGORY',
  );
  return command ? categoryInEffect(command, ctx) : { name: null, set: OPEN_COLUMNS };
}

/** Runs `statements` from the columns `start` (rows `loaded` or not), each CATEGORY switching the category. */
function runSteps(
  statements: readonly Statement[],
  start: ColumnSet,
  loadedBefore: boolean,
  categoryIn: CategoryInEffect,
  ctx: FlowContext,
): { steps: FlowStep[]; result: ColumnSet; loadedOut: boolean; categoryOut: CategoryInEffect } {
  const steps: FlowStep[] = [];
  let current = start;
  let loaded = loadedBefore;
  let category = categoryIn;
  for (const statement of statements) {
    const before = current;
    const def = statement.kind === 'command' ? ctx.catalog.findCommand(statement.name) : undefined;
    if (statement.kind === 'command' && statement.upperName === 'CATEGORY')
      category = categoryInEffect(statement, ctx);
    current = applyStatement(statement, def, current, category.set, ctx);
    steps.push({ statement, before, after: current, loaded, category: category.name });
    if (statement.kind === 'promql' || def?.stage === 'load') loaded = true;
  }
  return { steps, result: current, loadedOut: loaded, categoryOut: category };
}

/**
 * The columns a category gives a loader: its tags and fields plus the system columns, or open. Built
 * once per category and flow (sets are never mutated, so pipelines share them).
 */
function categoryColumns(category: { name: string } | null, ctx: FlowContext): ColumnSet {
  if (category === null) return OPEN_COLUMNS;
  const cached = ctx.categorySets.get(category.name);
  if (cached) return cached;
  const known = ctx.catalog.columnsOf(category.name);
  let set = OPEN_COLUMNS;
  if (known) {
    const columns = new Map<string, ColumnInfo>();
    for (const c of known) columns.set(c.name, { name: c.name, origin: c.kind, definedAt: null });
    set = { open: false, columns };
  }
  ctx.categorySets.set(category.name, set);
  return set;
}

function applyStatement(
  statement: Statement,
  def: CommandDef | undefined,
  current: ColumnSet,
  categorySet: ColumnSet,
  ctx: FlowContext,
): ColumnSet {
  switch (statement.kind) {
    case 'command':
      if (!def) return { ...current, open: true };
      return commandEffect({ command: statement, def, current, categorySet, subResult: ctx.subResult });
    case 'inject': {
      const name = statement.name ?? 'default';
      const fragment = ctx.fragments.get(name);
      // A fragment supplied only at run time may add columns (dashboards inject `CREATE {key: _pk_ …}`);
      // one that INJECTs itself again (a cycle, reported by the directive parser) adds unknown ones.
      if (!fragment || ctx.expanding.has(name)) return { ...current, open: true };
      ctx.expanding.add(name);
      const after = fragment.reduce((set, s) => {
        const d = s.kind === 'command' ? ctx.catalog.findCommand(s.name) : undefined;
        return applyStatement(s, d, set, categorySet, ctx);
      }, current);
      ctx.expanding.delete(name);
      return after;
    }
    case 'promql':
      return { open: true, columns: createdColumns(['time', 'value'], statement.range) };
    case 'template-line':
      return { ...current, open: true };
    case 'invalid':
      return current;
  }
}

/** The pipeline containing `offset`: the innermost SUB block, else the main pipeline. */
function columnsAtOffset(
  doc: MxqlDocument,
  main: PipelineFlow,
  subs: ReadonlyMap<string, PipelineFlow>,
  offset: number,
): ColumnSet {
  const block = doc.subs.find((s) => s.range.start <= offset && offset <= s.range.end);
  const flow = block ? [...subs.values()].find((f) => f.sub === block) : main;
  if (!flow) return OPEN_COLUMNS;
  const step = stepAt(flow, offset);
  if (!step) return flow.steps[0]?.before ?? OPEN_COLUMNS;
  return offset <= step.statement.range.end ? step.before : step.after;
}

/** The last step of `flow` whose statement starts at or before `offset` (steps are in text order). */
export function stepAt(flow: PipelineFlow, offset: number): FlowStep | undefined {
  const steps = flow.steps;
  let lo = 0;
  let hi = steps.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((steps[mid] as FlowStep).statement.range.start <= offset) lo = mid + 1;
    else hi = mid;
  }
  return steps[lo - 1];
}
