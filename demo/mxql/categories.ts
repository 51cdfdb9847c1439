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
import { generatedCategory, type CatalogColumn, type GeneratedCategory } from '../data/catalogRows';
import { FAMILY_NAMES, categoryFamily, categoryPlatform, projectCollects } from '../data/families';
import { MxqlQueryError } from '../mxqlExecutor';
import { ROLLUP_STEP_MS, isRollupSuffix, splitCategorySuffix } from '../../common/categoryName';
import type { QueryFacts } from './queryFacts';
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

function catalogFacts(
  name: string,
  query: QueryFacts,
  only: ReadonlySet<string> | undefined,
): GeneratedCategory | undefined {
  const info = bundledCategoryCatalog.getCategory(name);
  if (!info || !bundledCategoryCatalog.isKnownCategory(name)) return undefined;
  const plain = info.columnsKnown && query.values.size === 0 && !only;
  const cached = plain ? compiled.get(info.name) : undefined;
  if (cached) return cached;
  // Columns the catalog does not list (its list is incomplete) are taken from the names the query uses.
  const extra: CatalogColumn[] = info.columnsKnown ? [] : query.columns.map((c) => ({ name: c }));
  const generated = generatedCategory({
    name: info.name,
    columns: [...info.tags, ...info.fields, ...extra],
    ...(info.pk ? { pk: info.pk } : {}),
    ...(info.interval ? { interval: info.interval } : {}),
    pinned: query.values,
    ...(only ? { only } : {}),
  });
  if (plain) compiled.set(info.name, generated);
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

function notCollected(name: string, project: DemoProject): string {
  const platform = categoryPlatform(name);
  const line = FAMILY_NAMES[categoryFamily(name)];
  return `no rows: the demo has no data for category ${name} in project ${project.name} (${name} belongs to ${platform ? `${platform} ` : ''}${line}; pick a project of that kind)`;
}

/**
 * Finds how to load `name` in `project`: the hand-written categories first, then any category of the
 * bundled catalog (generated from its facts, in projects of its product line). A category the catalog
 * does not know, or one the project does not collect, has no rows, with the reason why.
 */
export function categoryLookup(
  ref: CategoryRef,
  project: DemoProject,
  query: QueryFacts,
  only?: ReadonlySet<string>,
): CategoryLookup {
  const { name } = ref;
  const own = CATEGORIES[name];
  if (own) return { source: own };
  const generated =
    (ref.suffix === undefined ? undefined : catalogFacts(`${name}{${ref.suffix}}`, query, only)) ??
    catalogFacts(name, query, only);
  if (!generated) return { reason: `no rows: the demo has no data for category ${name}` };
  if (!projectCollects(project, name)) return { reason: notCollected(name, project) };
  return { source: generatedSource(generated) };
}
