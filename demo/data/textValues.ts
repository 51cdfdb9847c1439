// Which generated columns hold text, and what text: a column's words (its name split at `_`, `.`,
// spaces and camelCase) are matched whole, so `cpu_capacity` is never read as a `city` and
// `tablename` is read as a table's name. A name column (`tablename`, `host`, `ip`) holds a name even
// where the catalog's metadata types it as a number.
import { DATABASE_URLS, OUTBOUND_CALLS, SERVICES, SQL_STATEMENTS } from './catalog';
import type { DemoAgent, DemoProject } from './dataset';
import { hashString, hexAt } from './random';

/** Where one text value stands: the agent, which of its series, and the seed. */
export interface TextPoint {
  readonly seed: number;
  readonly project: DemoProject;
  readonly agent: DemoAgent;
  readonly variant: number;
}

/** A column as the catalog describes it (name, value type, unit). */
export interface ColumnFacts {
  readonly name: string;
  readonly type?: string;
  readonly unit?: string;
}

/** The lower-case words of a column name: `dead_tupleRatio` → dead, tuple, ratio. */
export function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * True when a word of the name is one of `words`, itself, plural, or with `name` after it (`tablename`,
 * `dbname`); a word with a space (`tx name`) matches consecutive words.
 */
export function namesAny(words: readonly string[], of: readonly string[]): boolean {
  const joined = ` ${words.join(' ')} `;
  return of.some((w) =>
    w.includes(' ')
      ? joined.includes(` ${w} `)
      : words.some((word) => word === w || word === `${w}s` || word === `${w}name`),
  );
}

/** Words that make a column a name or a label: its values are text, whatever the metadata's type. */
const NAME_WORDS = [
  'name',
  'host',
  'ip',
  'addr',
  'address',
  'url',
  'uri',
  'path',
  'sql',
  'query',
  'statement',
  'namespace',
  'pod',
  'container',
  'image',
  'node',
  'cluster',
  'label',
  'alias',
  'title',
  'table',
  'schema',
  'database',
  'dat',
  'db',
  'index',
  'device',
  'mount',
  'region',
  'zone',
  'arn',
  'instance',
  'domain',
  'referer',
  'browser',
  'country',
  'city',
  'service',
  'page',
  'endpoint',
  'route',
  'method',
  'severity',
  'message',
  'msg',
  'version',
  'os',
  'env',
];
/** Words of other text columns when the metadata gives no type. */
const TEXT_WORDS = [
  ...NAME_WORDS,
  'content',
  'text',
  'desc',
  'description',
  'status',
  'state',
  'level',
  'user',
  'class',
  'kind',
  'type',
  'file',
];
/** Words that make a column a number even when another of its words names something. */
const NUMBER_WORDS = [
  'count',
  'cnt',
  'time',
  'size',
  'bytes',
  'byte',
  'percent',
  'pct',
  'ratio',
  'rate',
  'usage',
  'capacity',
  'total',
  'sum',
  'avg',
  'max',
  'min',
  'num',
  'length',
  'len',
];
const TEXT_UNITS = new Set(['string', 'txt']);

/** A name column: its last word is a name word, itself or with `name` after it (no plurals: `pages` count). */
function isNameColumn(words: readonly string[]): boolean {
  const last = words[words.length - 1] ?? '';
  const named = last.endsWith('name') || NAME_WORDS.some((w) => last === w);
  return named && !namesAny(words, NUMBER_WORDS);
}

/**
 * Whether a column holds text: a text unit, a name column (unless it has a unit of a number), the
 * String type, else no type or unit and words of a text column.
 */
export function isTextColumn(column: ColumnFacts): boolean {
  if (column.unit !== undefined && TEXT_UNITS.has(column.unit)) return true;
  const words = wordsOf(column.name);
  if (column.unit === undefined && isNameColumn(words)) return true;
  if (column.type === 'String') return true;
  if (column.type === 'Number' || column.type === 'Long' || column.unit) return false;
  return namesAny(words, TEXT_WORDS) && !namesAny(words, NUMBER_WORDS);
}

/** An agent's series take consecutive items, so lists of three or more never repeat within an agent. */
export function pick<T>(items: readonly T[], p: TextPoint, salt: number): T {
  const index = (Math.abs(p.agent.oid) + p.variant + salt) % items.length;
  return items[index] as T;
}

function servicesOf(p: TextPoint): readonly string[] {
  return SERVICES[p.project.platform] ?? SERVICES.JAVA ?? ['/'];
}

/** Database names: those of the data set's connection URLs, then a few more. */
const DATABASE_NAMES = [
  ...new Set([...DATABASE_URLS.map((url) => url.slice(url.lastIndexOf('/') + 1)), 'inventory', 'billing']),
];

type TextRule = readonly [readonly string[], (p: TextPoint, salt: number) => string | number];

/** Readable values by what the column's words say it holds; the first rule that matches decides. */
const TEXT_RULES: readonly TextRule[] = [
  [['sql', 'query', 'statement', 'stmt'], (p, s) => pick(SQL_STATEMENTS, p, s).sql],
  [
    ['url', 'uri', 'path', 'service', 'txname', 'tx name', 'page', 'endpoint', 'route'],
    (p, s) => pick(servicesOf(p), p, s),
  ],
  [['referer', 'domain'], (p, s) => `https://${pick(OUTBOUND_CALLS, p, s).host}`],
  [['db', 'database', 'dat', 'schema'], (p, s) => pick(DATABASE_NAMES, p, s)],
  [['table', 'rel'], (p, s) => pick(['orders', 'order_items', 'inventory', 'payments', 'users'], p, s)],
  [['index', 'idx'], (p, s) => pick(['orders_pkey', 'orders_customer_idx', 'inventory_sku_idx'], p, s)],
  [['namespace', 'ns'], (p, s) => pick(['default', 'shop', 'kube-system'], p, s)],
  [['pod'], (p) => `${p.agent.alias}-${hexAt(5, p.seed, p.agent.oid, p.variant, 41)}`],
  [['image'], (p) => `registry.demo.example/${p.agent.okindName}:${p.agent.version}`],
  [['container'], (p) => p.agent.container || `${p.agent.alias}-c${p.variant}`],
  [['cluster'], () => 'demo-cluster'],
  [['node'], (p) => p.agent.onodeName],
  [['region', 'location'], (p, s) => pick(['ap-northeast-2', 'us-west-2', 'eu-central-1'], p, s)],
  [['zone', 'az'], (p, s) => pick(['ap-northeast-2a', 'ap-northeast-2c', 'us-west-2b'], p, s)],
  [['arn'], (p) => `arn:aws:demo:${p.variant}:${hexAt(12, p.seed, p.agent.oid, p.variant)}`],
  [['instance', 'resource', 'dimension'], (p) => `i-${hexAt(12, p.seed, p.agent.oid, p.variant, 43)}`],
  [['host', 'server', 'machine'], (p) => p.agent.alias],
  [['ip', 'addr', 'address'], (p) => p.agent.hostIp],
  [['mount'], (p, s) => pick(['/', '/data', '/var/log'], p, s)],
  [['device', 'disk'], (p, s) => pick(['sda', 'sdb', 'nvme0n1'], p, s)],
  [['file', 'fs'], (p, s) => pick(['ext4', 'xfs', '/var/log/app.log'], p, s)],
  [['method'], (p, s) => pick(['GET', 'POST', 'PUT'], p, s)],
  [['level', 'severity'], (p, s) => pick(['INFO', 'INFO', 'WARN', 'ERROR'], p, s)],
  [
    ['message', 'msg', 'content', 'text', 'desc', 'description'],
    (p, s) => `${pick(servicesOf(p), p, s)} handled by ${p.agent.alias}`,
  ],
  [['status', 'state', 'health'], (p, s) => pick(['running', 'running', 'active', 'ok'], p, s)],
  [['user', 'login', 'owner'], (p, s) => pick(['app', 'batch', 'report'], p, s)],
  [['env', 'environment'], (p, s) => pick(['production', 'staging', 'development'], p, s)],
  [['country'], (p, s) => pick(['KR', 'US', 'JP', 'DE'], p, s)],
  [['city'], (p, s) => pick(['Seoul', 'San Jose', 'Tokyo', 'Frankfurt'], p, s)],
  [['browser'], (p, s) => pick(['Chrome', 'Safari', 'Firefox', 'Edge'], p, s)],
  [['mobile'], (p, s) => pick(['desktop', 'mobile', 'tablet'], p, s)],
  [['kind', 'type', 'class', 'category'], (p, s) => pick(['primary', 'secondary', 'standard'], p, s)],
  [['version'], (p) => p.agent.version],
  [['os'], (p) => p.agent.osName],
  [['hash', 'id', 'key'], (p, s) => hashString(`${p.agent.oid}/${p.variant}/${s}`) | 0],
  [
    ['name', 'label', 'alias', 'title'],
    (p) => (p.variant === 0 ? p.agent.alias : `${p.agent.alias}-${p.variant}`),
  ],
];

/** The value maker of a text column, chosen once per column. */
export function textMaker(name: string): (p: TextPoint) => string | number {
  const salt = hashString(name) % 97;
  const words = wordsOf(name);
  // The last word says what the column is (`db_host` is a host), earlier words what it belongs to.
  const last = words.slice(-1);
  const phrase = ([of]: TextRule) =>
    namesAny(
      words,
      of.filter((w) => w.includes(' ')),
    );
  const rule =
    TEXT_RULES.find(phrase) ??
    TEXT_RULES.find(([of]) => namesAny(last, of)) ??
    TEXT_RULES.find(([of]) => namesAny(words, of));
  if (rule) return (p) => rule[1](p, salt);
  return (p) => `${name}-${p.variant + 1}`;
}
