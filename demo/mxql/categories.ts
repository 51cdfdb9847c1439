// The categories the demo engine can load, as data: which loader reads them and how one agent's rows
// for one bucket are built from the shared data set (demo/data). Rows are made on demand,
// per agent per step, so a query never costs more than the buckets it reads.
import {
  COARSE_STEP,
  HOUR,
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
import { MxqlQueryError } from '../mxqlExecutor';
import type { Row } from './rows';

/** The loader a category is read with. */
export type LoaderName = 'TAGLOAD' | 'FLEXLOAD';

/** How to produce a category's rows. */
export interface CategorySource {
  readonly loader: LoaderName;
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
}

const SUFFIX_STEPS: Readonly<Record<string, number>> = { m5: COARSE_STEP, h1: HOUR };

/** Reads `name` or `name{m5}` / `name{h1}`, failing with the list of known categories. */
export function categoryRef(text: string): CategoryRef {
  const match = /^([^{}\s]+)(?:\{(\w+)\})?$/.exec(text.trim());
  const name = match?.[1] ?? text;
  const suffix = match?.[2];
  const rollupMs = suffix === undefined ? 0 : SUFFIX_STEPS[suffix];
  if (rollupMs === undefined) {
    throw new MxqlQueryError(
      `Category suffix {${suffix}} is unknown; use {m5} or {h1}.`,
      'mxql/unknown-category',
    );
  }
  if (!CATEGORIES[name] && name !== SLOW_CATEGORY) {
    const known = [...Object.keys(CATEGORIES), SLOW_CATEGORY].join(', ');
    throw new MxqlQueryError(
      `Category '${name}' does not exist in the demo data; known categories: ${known}.`,
      'mxql/unknown-category',
    );
  }
  return { name, rollupMs };
}
