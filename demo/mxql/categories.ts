// The categories the demo engine can load, as data: which loader reads them and how one agent's rows
// for one bucket are built from the shared data set (demo/data). Rows are made on demand,
// per agent per step, so a query never costs more than the buckets it reads.
import {
  agentListBucketRows,
  appActiveStatRow,
  appCounterRow,
  appHostResourceRow,
  dbPoolBucketRows,
  oneRowPerBucket,
  serverBaseRow,
  type AgentBucketRow,
  type DemoAgent,
  type DemoData,
  type DemoProject,
} from '../data/index';
import { bundledCategoryCatalog } from '../../server/core/catalog/bundledCatalog';
import { generatedCategory, type GeneratedCategory } from '../data/catalogRows';
import { FAMILY_NAMES, categoryFamily, categoryPlatform, projectCollects } from '../data/families';
import { MxqlQueryError } from '../mxqlExecutor';
import { ROLLUP_STEP_MS, isRollupSuffix, splitCategorySuffix } from '../../common/categoryName';
import type { Row } from './rows';

/** The loader a category is read with; `any` for generated categories, which every loader reads. */
export type LoaderName = 'TAGLOAD' | 'FLEXLOAD';

/** How to produce a category's rows. */
export interface CategorySource {
  readonly loader: LoaderName | 'any';
  /** The category's own collection step (ms); buckets are never finer. */
  readonly stepMs?: number;
  /**
   * `series`: one row (or rows) per agent per time bucket; `snapshot`: one row per agent, taken at the
   * end of the range (descriptive categories such as agent_list).
   */
  readonly shape: 'series' | 'snapshot';
  /** True when every row carries its agent's tag columns unchanged (see agentTags), so filters on them can run per agent. */
  readonly agentTagged: boolean;
  readonly rows: (data: DemoData, project: DemoProject, agent: DemoAgent, t: number, step: number) => Row[];
}

function series(make: AgentBucketRow, agentTagged: boolean): CategorySource {
  return { loader: 'TAGLOAD', shape: 'series', agentTagged, rows: oneRowPerBucket(make) };
}

/** Every loadable category by name. */
export const CATEGORIES: Readonly<Record<string, CategorySource>> = {
  app_counter: series(appCounterRow, true),
  app_host_resource: series(appHostResourceRow, true),
  app_active_stat: series(appActiveStatRow, true),
  server_base: series(serverBaseRow, false),
  db_pool_detail: {
    loader: 'TAGLOAD',
    shape: 'series',
    agentTagged: false,
    rows: dbPoolBucketRows,
  },
  agent_list: {
    loader: 'FLEXLOAD',
    shape: 'snapshot',
    agentTagged: true,
    rows: agentListBucketRows,
  },
};

/** The name of the demo's slow category (loading it waits; used to exercise cancel). */
export const SLOW_CATEGORY = 'demo_slow';

/** A category reference split into its name and its roll-up step (`app_counter{m5}` → 5 min). */
export interface CategoryRef {
  readonly name: string;
  /** The minimum step its suffix asks for, 0 without one. */
  readonly rollupMs: number;
  /** The suffix as written (`h1`), when there is one: a few roll-ups have catalog entries of their own. */
  readonly suffix?: string;
}

/** Reads `name` or `name{m5}` / `name{h1}` (the service's roll-ups), failing on any other suffix. */
export function categoryRef(text: string): CategoryRef {
  const { base: name, suffix } = splitCategorySuffix(text);
  if (suffix === undefined) return { name, rollupMs: 0 };
  if (!isRollupSuffix(suffix)) {
    const known = Object.keys(ROLLUP_STEP_MS).map((s) => `{${s}}`);
    throw new MxqlQueryError(
      `Category suffix {${suffix}} is unknown; use ${known.join(' or ')}.`,
      'mxql/unknown-category',
    );
  }
  return { name, rollupMs: ROLLUP_STEP_MS[suffix], suffix };
}

/** What loading a category in a project gives: a source of rows, or the reason there are none. */
export type CategoryLookup =
  | { readonly source: CategorySource; readonly reason?: undefined }
  | { readonly source?: undefined; readonly reason: string };

const compiled = new Map<string, GeneratedCategory>();

function catalogFacts(name: string, only: ReadonlySet<string> | undefined): GeneratedCategory | undefined {
  const info = bundledCategoryCatalog.getCategory(name);
  if (!info || !bundledCategoryCatalog.isKnownCategory(name)) return undefined;
  const cached = only ? undefined : compiled.get(info.name);
  if (cached) return cached;
  // Only the catalog's columns: one the query names but the catalog lacks stays absent from the rows.
  const generated = generatedCategory({
    name: info.name,
    columns: [...info.tags, ...info.fields],
    ...(info.pk ? { pk: info.pk } : {}),
    ...(info.interval ? { interval: info.interval } : {}),
    ...(only ? { only } : {}),
  });
  if (!only) compiled.set(info.name, generated);
  return generated;
}

function generatedSource(generated: GeneratedCategory): CategorySource {
  return {
    loader: 'any',
    shape: generated.snapshot ? 'snapshot' : 'series',
    stepMs: generated.stepMs,
    agentTagged: true,
    rows: (data, project, agent, t, step) =>
      data.isAliveAt(agent, t) || generated.snapshot
        ? generated.rows(data.seed, project, agent, t, step)
        : [],
  };
}

/** Categories every project has whatever its line: the list of its own agents. */
const EVERY_PROJECT = new Set(['agent_list']);

function notCollected(name: string, project: DemoProject, projects: readonly DemoProject[]): string {
  const platform = categoryPlatform(name);
  const line = FAMILY_NAMES[categoryFamily(name)];
  const having = projects.find((p) => projectCollects(p, name) && p.status !== 'closed');
  const where = having ? `, such as ${having.name} (pcode ${having.pcode})` : '';
  return `no rows: the demo has no data for category ${name} in project ${project.name} (${name} belongs to ${platform ? `${platform} ` : ''}${line}; pick a project of that kind${where})`;
}

/**
 * Finds how to load `name` in `project`: the hand-written categories first, then any category of the
 * bundled catalog (generated from its facts, in projects of its product line). A category the catalog
 * does not know, or one the project does not collect, has no rows, with the reason why.
 */
export function categoryLookup(
  ref: CategoryRef,
  project: DemoProject,
  projects: readonly DemoProject[],
  only?: ReadonlySet<string>,
): CategoryLookup {
  const { name } = ref;
  const own = CATEGORIES[name];
  const generated = own
    ? undefined
    : ((ref.suffix === undefined ? undefined : catalogFacts(`${name}{${ref.suffix}}`, only)) ??
      catalogFacts(name, only));
  if (!own && !generated) return { reason: `no rows: the demo has no data for category ${name}` };
  // A category of another product line answers nothing, as on the service: never another line's rows.
  if (!EVERY_PROJECT.has(name) && !projectCollects(project, name))
    return { reason: notCollected(name, project, projects) };
  if (own) return { source: own };
  return generated
    ? { source: generatedSource(generated) }
    : { reason: notCollected(name, project, projects) };
}
