// Rows of any catalog category, generated from the catalog's facts: each column's type, unit and name
// decide how its values behave (counters grow, gauges wander within their unit's range, percentages stay
// in 0–100, identity columns come from the project's agents). A category is compiled once into column
// makers; a row is then a pure function of (seed, agent, variant, time, step), like every other number
// of the data set, so nothing is stored and a query costs only the rows it reads.
import { AGENT_IDENTITY_FIELDS } from '../../server/core/index';
import { DATABASE_URLS, OUTBOUND_CALLS, SERVICES, SQL_STATEMENTS } from './catalog';
import { AGENT_TAG_COLUMNS, agentTags } from './categoryRows';
import type { DemoAgent, DemoProject } from './dataset';
import { DAY, HOUR, MINUTE, SECOND, loadAt } from './metrics';
import { clamp, hashString, hexAt, noiseAt, round, unitAt } from './random';

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
  /**
   * Values some columns must take (the values a query filters on): series i of an agent gets the
   * i-th value, later series keep their generated ones. Agent identity columns are never pinned.
   */
  readonly pinned?: ReadonlyMap<string, readonly string[]>;
  /** When given, only these columns (and the agent's tags) are generated: the query reads no others. */
  readonly only?: ReadonlySet<string>;
}

/** Where one generated value stands. */
interface Point {
  readonly seed: number;
  readonly project: DemoProject;
  readonly agent: DemoAgent;
  readonly tags: Readonly<Record<string, unknown>>;
  /** Which of the agent's series (0 … variants-1) for categories keyed by more than the agent. */
  readonly variant: number;
  readonly t: number;
  readonly step: number;
  readonly load: number;
}

type Maker = (p: Point) => unknown;

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
/** Columns that name the agent itself: always the agent's, never pinned to a query's filter value. */
const IDENTITY = new Set([...AGENT_IDENTITY_FIELDS, 'pcode', 'pname']);

/** An agent's series take consecutive items, so lists of three or more never repeat within an agent. */
function pick<T>(items: readonly T[], p: Point, salt: number): T {
  const index = (Math.abs(p.agent.oid) + p.variant + salt) % items.length;
  return items[index] as T;
}

/** Readable text values for string columns, chosen by what the column's name says it holds. */
const TEXT_RULES: readonly (readonly [RegExp, (p: Point, salt: number) => unknown])[] = [
  [/sql|query|statement/i, (p, s) => pick(SQL_STATEMENTS, p, s).sql],
  [/url|uri|path|service|tx_?name|page|endpoint|route/i, (p, s) => pick(servicesOf(p), p, s)],
  [/referer|domain/i, (p, s) => `https://${pick(OUTBOUND_CALLS, p, s).host}`],
  [/(^|_)(db|database|datname|dbname|schema)|dbName/i, (p, s) => pick(DATABASE_NAMES, p, s)],
  [/table/i, (p, s) => pick(['orders', 'order_items', 'inventory', 'payments', 'users'], p, s)],
  [/index/i, (p, s) => pick(['orders_pkey', 'orders_customer_idx', 'inventory_sku_idx'], p, s)],
  [/namespace|^ns$/i, (p, s) => pick(['default', 'shop', 'kube-system'], p, s)],
  [/pod/i, (p) => `${p.agent.alias}-${hexAt(5, p.seed, p.agent.oid, p.variant, 41)}`],
  [/image/i, (p) => `registry.demo.example/${p.agent.okindName}:${p.agent.version}`],
  [/container/i, (p) => p.agent.container || `${p.agent.alias}-c${p.variant}`],
  [/cluster/i, () => 'demo-cluster'],
  [/node/i, (p) => p.agent.onodeName],
  [/region|location/i, (p, s) => pick(['ap-northeast-2', 'us-west-2', 'eu-central-1'], p, s)],
  [/zone|(^|_)az$/i, (p, s) => pick(['ap-northeast-2a', 'ap-northeast-2c', 'us-west-2b'], p, s)],
  [/arn$/i, (p) => `arn:aws:demo:${p.variant}:${hexAt(12, p.seed, p.agent.oid, p.variant)}`],
  [/instance|resource|dimension/i, (p) => `i-${hexAt(12, p.seed, p.agent.oid, p.variant, 43)}`],
  [/host|server|machine/i, (p) => p.agent.alias],
  [/(^|_)ip|ip$|addr/i, (p) => p.agent.hostIp],
  [/mount/i, (p, s) => pick(['/', '/data', '/var/log'], p, s)],
  [/device|disk/i, (p, s) => pick(['sda', 'sdb', 'nvme0n1'], p, s)],
  [/file/i, (p, s) => pick(['ext4', 'xfs', '/var/log/app.log'], p, s)],
  [/method/i, (p, s) => pick(['GET', 'POST', 'PUT'], p, s)],
  [/level|severity/i, (p, s) => pick(['INFO', 'INFO', 'WARN', 'ERROR'], p, s)],
  [/message|msg|content|text|desc/i, (p, s) => `${pick(servicesOf(p), p, s)} handled by ${p.agent.alias}`],
  [/status|state|health/i, (p, s) => pick(['running', 'running', 'active', 'ok'], p, s)],
  [/user|login|owner/i, (p, s) => pick(['app', 'batch', 'report'], p, s)],
  [/env/i, (p, s) => pick(['production', 'staging', 'development'], p, s)],
  [/country/i, (p, s) => pick(['KR', 'US', 'JP', 'DE'], p, s)],
  [/city/i, (p, s) => pick(['Seoul', 'San Jose', 'Tokyo', 'Frankfurt'], p, s)],
  [/browser/i, (p, s) => pick(['Chrome', 'Safari', 'Firefox', 'Edge'], p, s)],
  [/device|mobile/i, (p, s) => pick(['desktop', 'mobile', 'tablet'], p, s)],
  [/kind|type|class|category/i, (p, s) => pick(['primary', 'secondary', 'standard'], p, s)],
  [/version/i, (p) => p.agent.version],
  [/(^|_)os/i, (p) => p.agent.osName],
  [/(hash|id|key)$/i, (p, s) => hashString(`${p.agent.oid}/${p.variant}/${s}`) | 0],
  [/name|label|alias|title/i, (p) => (p.variant === 0 ? p.agent.alias : `${p.agent.alias}-${p.variant}`)],
];

/** Names that hold text even when the catalog gives no type (`oname`, `url`, `sql` …). */
const TEXT_NAME =
  /(name|host|(^|_)ip$|addr|url|uri|path|sql|query|statement|text|message|msg|content|status|state|namespace|pod|container|image|node|cluster|label|env|method|level|class|user|schema|table|device|mount|file|page|domain|referer|region|zone|arn|instance|version|(^|_)os$|browser|country|city|desc|service|kind|type|severity)/i;
/** Names of numbers that keep growing: totals since start, uptimes, lifetime counts. */
const COUNTER_NAME = /(total|_acc|accum|cumulative|uptime|_sum$|lifetime|since)/i;
const TIME_NAME = /^(time|[a-z_]*(start|end|last|create|update|inact|act|save|collect|begin|event)_?time)$/i;

function servicesOf(p: Point): readonly string[] {
  return SERVICES[p.project.platform] ?? SERVICES.JAVA ?? ['/'];
}

/** Database names: those of the data set's connection URLs, then a few more. */
const DATABASE_NAMES = [
  ...new Set([...DATABASE_URLS.map((url) => url.slice(url.lastIndexOf('/') + 1)), 'inventory', 'billing']),
];

function textMaker(name: string): Maker {
  const salt = hashString(name) % 97;
  const rule = TEXT_RULES.find(([pattern]) => pattern.test(name));
  if (rule) return (p) => rule[1](p, salt);
  return (p) => `${name}-${p.variant + 1}`;
}

/** A gauge: a per-series base moving with the system's load plus noise, scaled into [min, max]. */
function gauge(salt: number, min: number, max: number, decimals: number): Maker {
  return (p) => {
    const base = unitAt(p.seed, p.agent.oid, p.variant, salt);
    const level = 0.15 + 0.5 * base + 0.3 * p.load + 0.05 * noiseAt(p.seed, p.agent.oid, salt, p.t, p.step);
    return round(min + (max - min) * clamp(level, 0, 1), decimals);
  };
}

/** Events per bucket: a per-series rate times the bucket length, following load. */
function perBucket(salt: number, maxPerSecond: number): Maker {
  return (p) => {
    const rate = maxPerSecond * (0.05 + unitAt(p.seed, p.agent.oid, p.variant, salt));
    const noise = 1 + 0.2 * noiseAt(p.seed, p.agent.oid, salt, p.t, p.step);
    return Math.max(0, Math.round(rate * p.load * noise * (p.step / SECOND)));
  };
}

/** A counter that only grows: a per-series rate times the time since the agent started. */
function growing(salt: number, perSecond: number): Maker {
  return (p) => {
    const rate = perSecond * (0.1 + unitAt(p.seed, p.agent.oid, p.variant, salt));
    return Math.round((rate * Math.max(0, p.t - p.agent.startTime)) / SECOND);
  };
}

const UNIT_RANGES: Readonly<Record<string, readonly [number, number, number]>> = {
  ms: [2, 900, 1],
  sec: [0.1, 30, 2],
  us: [50, 20_000, 0],
  cs: [1, 300, 0],
  byte: [1e6, 8e9, 0],
  KiB: [1e3, 8e6, 0],
  MiB: [64, 16_384, 1],
  bps: [1e4, 5e7, 0],
};

function numberMaker(column: CatalogColumn): Maker {
  const { name } = column;
  const unit = column.unit ?? '';
  const salt = hashString(name);
  if (TIME_NAME.test(name) && (unit === 'ms' || unit === '')) {
    if (/start|create|begin/i.test(name)) return (p) => p.agent.startTime;
    return (p) => p.t;
  }
  if (unit === 'pct' || unit === 'pct#' || /percent|pct|ratio|usage|util/i.test(name))
    return gauge(salt, 0, 100, 2);
  if (unit === 'millicore') return (p) => round((gauge(salt, 0, 800, 0)(p) as number) * p.agent.cpuCores, 0);
  if (unit === 'state')
    return (p) => (unitAt(p.seed, p.agent.oid, p.variant, salt, Math.floor(p.t / HOUR)) < 0.95 ? 1 : 0);
  if (unit === 'count' || /count|cnt|num|errors?$|calls|requests|_n$/i.test(name))
    return COUNTER_NAME.test(name) ? growing(salt, 20) : perBucket(salt, 20);
  if (COUNTER_NAME.test(name)) return growing(salt, unit === 'byte' ? 50_000 : 20);
  const range =
    UNIT_RANGES[unit] ?? (/time|elapse|latency|duration|_ms$/i.test(name) ? UNIT_RANGES.ms : undefined);
  if (range) return gauge(salt, range[0], range[1], range[2]);
  if (/bytes?$|size|mem|memory/i.test(name)) return gauge(salt, 1e6, 8e9, 0);
  return gauge(salt, 0, 100, 2);
}

function isText(column: CatalogColumn): boolean {
  if (column.type === 'String' || column.unit === 'string' || column.unit === 'txt') return true;
  if (column.type === 'Number' || column.type === 'Long' || column.unit) return false;
  return TEXT_NAME.test(column.name) && !/(count|cnt|time|size|bytes|percent|ratio)/i.test(column.name);
}

function pinnedMaker(values: readonly string[], text: boolean, otherwise: Maker): Maker {
  const typed = values.map((v) => (!text && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v));
  return (p) => (p.variant < typed.length ? typed[p.variant] : otherwise(p));
}

function columnMaker(column: CatalogColumn, pinned: readonly string[] | undefined): Maker {
  const alias = AGENT_ALIASES[column.name];
  if (alias) return (p) => alias(p.agent, p.project);
  const identity = IDENTITY.has(column.name);
  if (identity || (AGENT_TAG_COLUMNS.has(column.name) && !pinned)) return (p) => p.tags[column.name];
  const text = isText(column) || AGENT_TAG_COLUMNS.has(column.name);
  const generated = text ? textMaker(column.name) : numberMaker(column);
  const make = pinned && pinned.length > 0 ? pinnedMaker(pinned, text, generated) : generated;
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
  const makers = [...columns.values()]
    .filter((c) => !facts.only || facts.only.has(c.name))
    .map((c) => [c.name, columnMaker(c, facts.pinned?.get(c.name))] as const);
  const keyedBeyondAgent = (facts.pk ?? []).some((k) => !AGENT_TAG_COLUMNS.has(k) && !(k in AGENT_ALIASES));
  const variants = keyedBeyondAgent ? VARIANTS : 1;
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
        const row: Record<string, unknown> = { time: t, ...tags };
        for (const [name, make] of makers) row[name] = make(p);
        out.push(row);
      }
      return out;
    },
  };
}
