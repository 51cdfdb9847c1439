// Rows of any catalog category, generated from the catalog's facts: each column's type, unit and name
// decide how its values behave (text columns in textValues.ts, numbers in columnRules.ts; identity
// columns come from the project's agents). A row carries exactly the columns the catalog lists for the
// category plus the agent's identity: a column the category does not have is absent, never invented.
// A category is compiled once into column makers; a row is then a pure function of (seed, agent,
// variant, time, step), like every other number of the data set, so nothing is stored and a query
// costs only the rows it reads.
import { AGENT_IDENTITY_FIELDS } from '../../server/core/index';
import { AGENT_TAG_COLUMNS, agentTags } from './categoryRows';
import { errorBoundOf, errorShareOf, numberMaker, type Maker, type Point } from './columnRules';
import type { DemoAgent, DemoProject } from './dataset';
import { DAY, HOUR, MINUTE, SECOND, loadAt } from './metrics';
import { seriesVocabulary, type SeriesEntry } from './seriesVocabulary';
import { isTextColumn, textMaker } from './textValues';

/** A column as the catalog describes it (name, value type, unit). */
export interface CatalogColumn {
  readonly name: string;
  readonly type?: string;
  readonly unit?: string;
}

/** What the generator needs to know about a category. */
export interface CatalogCategoryFacts {
  readonly name: string;
  readonly columns: readonly CatalogColumn[];
  /** Columns identifying one series (`pk` of the catalog). */
  readonly pk?: readonly string[];
  /** Collection intervals (`5s`, `1m`, `5m`, `1h` …). */
  readonly interval?: readonly string[];
  /** When given, only these columns (and the agent's tags) are generated: the query reads no others. */
  readonly only?: ReadonlySet<string>;
}

/** A category ready to generate rows. */
export interface GeneratedCategory {
  readonly name: string;
  /** The category's own collection step in ms (its finest interval; 5 s when the catalog has none). */
  readonly stepMs: number;
  /** Series per agent: 3 when the category is keyed by something besides the agent, else 1. */
  readonly variants: number;
  /** True for list-like categories read as one snapshot at the end of the range. */
  readonly snapshot: boolean;
  /** Builds the rows of one agent for the bucket starting at t. */
  rows(
    seed: number,
    project: DemoProject,
    agent: DemoAgent,
    t: number,
    step: number,
  ): Record<string, unknown>[];
}

const INTERVALS: Readonly<Record<string, number>> = {
  '5s': 5 * SECOND,
  '10s': 10 * SECOND,
  '30s': 30 * SECOND,
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '10m': 10 * MINUTE,
  '1h': HOUR,
  '1d': DAY,
};

/** The identity columns an agent gives every row, under the names categories use for them. */
const AGENT_ALIASES: Readonly<Record<string, (agent: DemoAgent, project: DemoProject) => unknown>> = {
  alias: (a) => a.alias,
  ip: (a) => a.ip,
  agentIp: (a) => a.hostIp,
  agent_ip: (a) => a.hostIp,
  ipaddr: (a) => a.hostIp,
  host: (a) => a.alias,
  hostname: (a) => a.alias,
  hostName: (a) => a.alias,
  host_name: (a) => a.alias,
  os: (a) => a.osName,
  os_name: (a) => a.osName,
  osName: (a) => a.osName,
  version: (a) => a.version,
  agentVersion: (a) => a.version,
  otype: (a) => a.otype,
  subtype: (a) => a.subtype,
  cpu_cores: (a) => a.cpuCores,
  cpuCores: (a) => a.cpuCores,
  container_id: (a) => a.container,
  containerId: (a) => a.container,
  startTime: (a) => a.startTime,
  start_time: (a) => a.startTime,
  platform: (_, p) => p.platform,
  productType: (_, p) => p.productType,
  projectName: (_, p) => p.name,
  project_code: (_, p) => p.pcode,
};

const VARIANTS = 3;
/** Columns that name the agent itself: every row carries them, always the agent's. */
const IDENTITY = new Set([...AGENT_IDENTITY_FIELDS, 'pcode', 'pname']);

/** A series' value fits a column the catalog types (text or number); an untyped column takes any. */
function fits(column: CatalogColumn, value: string | number | undefined): boolean {
  if (value === undefined) return false;
  if (column.type === undefined && column.unit === undefined) return true;
  return typeof value === (isTextColumn(column) ? 'string' : 'number');
}

function columnMaker(
  column: CatalogColumn,
  columns: readonly CatalogColumn[],
  series: readonly SeriesEntry[] | undefined,
): Maker {
  const alias = AGENT_ALIASES[column.name];
  if (alias) return (p) => alias(p.agent, p.project);
  let make: Maker;
  if (series?.some((entry) => fits(column, entry[column.name])) && !IDENTITY.has(column.name)) {
    const fallback = textMaker(column.name);
    make = (p) => series[p.variant % series.length]?.[column.name] ?? fallback(p);
  } else if (AGENT_TAG_COLUMNS.has(column.name)) return (p) => p.tags[column.name];
  else if (isTextColumn(column)) make = textMaker(column.name);
  else {
    const bound = errorBoundOf(column, columns);
    make = bound ? errorShareOf(column, numberMaker(bound)) : numberMaker(column);
  }
  return column.type === 'List' ? (p) => [make(p)] : make;
}

function finestStep(interval: readonly string[] | undefined): number {
  const steps = (interval ?? []).map((i) => INTERVALS[i]).filter((ms): ms is number => ms !== undefined);
  return steps.length > 0 ? Math.min(...steps) : 5 * SECOND;
}

const SNAPSHOT_NAME = /(_list|_info|info$|config|_meta|_spec|inventory|parameter|_param)(\{h1\})?$/i;

const TAGS = new WeakMap<DemoAgent, Record<string, unknown>>();

/** An agent's tag columns, built once per agent (rows copy them). */
function tagsOf(project: DemoProject, agent: DemoAgent): Record<string, unknown> {
  let tags = TAGS.get(agent);
  if (!tags) TAGS.set(agent, (tags = agentTags(project, agent)));
  return tags;
}

/** Compiles a category's facts into a row generator. */
export function generatedCategory(facts: CatalogCategoryFacts): GeneratedCategory {
  const columns = new Map<string, CatalogColumn>();
  for (const column of facts.columns)
    if (!columns.has(column.name) && column.name !== 'time') columns.set(column.name, column);
  const all = [...columns.values()];
  const series = seriesVocabulary(facts.name);
  const makers = all
    .filter((c) => !facts.only || facts.only.has(c.name))
    .map((c) => [c.name, columnMaker(c, all, series)] as const);
  // Rows carry the agent's identity and those of its tags the category lists: no other column.
  const carried = [...AGENT_TAG_COLUMNS].filter((c) => IDENTITY.has(c) || columns.has(c));
  const keyedBeyondAgent = (facts.pk ?? []).some((k) => !AGENT_TAG_COLUMNS.has(k) && !(k in AGENT_ALIASES));
  const variants = series ? series.length : keyedBeyondAgent ? VARIANTS : 1;
  return {
    name: facts.name,
    stepMs: finestStep(facts.interval),
    variants,
    snapshot: SNAPSHOT_NAME.test(facts.name),
    rows(seed, project, agent, t, step) {
      const tags = tagsOf(project, agent);
      const load = loadAt(t);
      const out: Record<string, unknown>[] = [];
      for (let variant = 0; variant < variants; variant++) {
        const p: Point = { seed, project, agent, tags, variant, t, step, load };
        const row: Record<string, unknown> = { time: t };
        for (const name of carried) row[name] = tags[name];
        for (const [name, make] of makers) row[name] = make(p);
        out.push(row);
      }
      return out;
    },
  };
}
