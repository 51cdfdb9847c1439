/**
 * The investigation planner behind `@mxql /investigate`: a symptom in words (English, Korean, Japanese)
 * becomes a short, ordered sequence of checked queries: throughput, response time, errors, active
 * transactions and the resources of the agents, for the product line the words point to, the signals the
 * symptom names first. Deterministic and pure: the queries come from this table, never from a model, and
 * each one is kept only when its category and fields are in the catalog and the check finds no error in
 * it. Every query needs nothing the user does not have (no `$param`; the range comes from the run).
 * The words it understands are its own small vocabulary plus the data search's glossary (../findData).
 */
import { templateText, type TemplateText } from '../../common/templateText';
import { validate, type CategoryCatalog } from '../../server/core/index';
import { glossaryHits } from '../findData/glossary';
import { normalise } from '../findData/tokenize';

/** What a step looks at. */
export const SIGNALS = ['throughput', 'response', 'errors', 'active', 'resources'] as const;
export type Signal = (typeof SIGNALS)[number];

/** The product lines the planner knows a sequence for. */
export type InvestigatedLine = 'apm' | 'server' | 'database';

/** One step: a checked query and why it is asked. */
export interface InvestigationStep {
  readonly signal: Signal;
  /** A short title (`Response time per agent`), also the query's `@name`. */
  readonly title: TemplateText;
  /** One line: what the step tells. */
  readonly reason: TemplateText;
  readonly category: string;
  readonly fields: readonly string[];
  /** The MXQL text: per agent and minute, the fields, with no value left for the user to give. */
  readonly mql: string;
}

/** The whole plan. */
export interface InvestigationPlan {
  readonly symptom: string;
  readonly line: InvestigatedLine;
  /** The signals the symptom named, in the order of the sequence; empty when none was recognised. */
  readonly named: readonly Signal[];
  /** False when the words named no signal: the sequence is the general one, and `note` says so. */
  readonly recognised: boolean;
  readonly note?: TemplateText;
  /** The range every step runs over and compares with the same length before. */
  readonly range: string;
  readonly steps: readonly InvestigationStep[];
}

/** How far back a step looks; the baseline is the same length before it. */
export const INVESTIGATION_RANGE = '30m';

interface Candidate {
  readonly signal: Signal;
  readonly category: string;
  readonly fields: readonly string[];
  readonly title: TemplateText;
  readonly reason: TemplateText;
}

const REASONS: Record<Signal, TemplateText> = {
  throughput: templateText('Throughput tells whether the load changed, or whether work stopped arriving.'),
  response: templateText('Response time tells whether the slowness is in the application.'),
  errors: templateText('Errors tell whether requests fail rather than slow down.'),
  active: templateText('Active work piling up tells whether requests are stuck waiting for something.'),
  resources: templateText('Resources tell whether the agents ran out of CPU or memory.'),
};

const TITLES: Record<Signal, TemplateText> = {
  throughput: templateText('Throughput per agent'),
  response: templateText('Response time per agent'),
  errors: templateText('Errors per agent'),
  active: templateText('Active transactions per agent'),
  resources: templateText('Resources per agent'),
};

const candidate = (signal: Signal, category: string, fields: readonly string[]): Candidate => ({
  signal,
  category,
  fields,
  title: TITLES[signal],
  reason: REASONS[signal],
});

/** Per line, the default sequence (its order is the order of the general sequence). */
const SEQUENCES: Record<InvestigatedLine, readonly Candidate[]> = {
  apm: [
    candidate('throughput', 'app_counter', ['tps']),
    candidate('response', 'app_counter', ['resp_time']),
    candidate('errors', 'app_counter', ['tx_error']),
    candidate('active', 'app_counter', ['active_tx_count']),
    candidate('resources', 'app_host_resource', ['cpu', 'mem']),
  ],
  server: [
    candidate('resources', 'server_base', ['cpu', 'cpu_iowait']),
    { ...candidate('resources', 'server_base', ['memory_pused']), title: templateText('Memory per server') },
    {
      ...candidate('active', 'server_base', ['cpu_load1', 'cpu_procs_running']),
      title: templateText('Load per server'),
      reason: templateText('Load and running processes tell whether work queues for the CPU.'),
    },
  ],
  database: [
    {
      ...candidate('active', 'db_postgresql_counter', ['active_sessions', 'lock_wait_sessions']),
      title: templateText('Active sessions per database'),
      reason: templateText('Active and lock-waiting sessions tell whether queries pile up in the database.'),
    },
    {
      ...candidate('throughput', 'db_postgresql_counter', ['commit_count']),
      title: templateText('Commits per database'),
    },
    {
      ...candidate('errors', 'db_postgresql_counter', ['deadlock_count']),
      title: templateText('Deadlocks per database'),
    },
    {
      ...candidate('resources', 'db_postgresql_counter', ['cpu']),
      title: templateText('CPU per database'),
    },
  ],
};

/** Words of a signal, beside the glossary's terms (English as whole words, Korean and Japanese inside). */
const SIGNAL_WORDS: Record<
  Signal,
  { latin: readonly string[]; cjk: readonly string[]; terms: readonly string[] }
> = {
  response: {
    latin: ['slow', 'slower', 'slowness', 'latency', 'response', 'sluggish', 'lag', 'timeout', 'timeouts'],
    cjk: ['느리', '느려', '느림', '응답', '지연', '遅', '応答', 'レスポンス', 'レイテンシ'],
    terms: ['resp', 'response'],
  },
  errors: {
    latin: [
      'error',
      'errors',
      'fail',
      'fails',
      'failing',
      'failure',
      'failures',
      'exception',
      'exceptions',
      '500',
    ],
    cjk: ['에러', '오류', '실패', '예외', 'エラー', '失敗', '例外', '障害'],
    terms: ['error', 'err'],
  },
  throughput: {
    latin: ['throughput', 'tps', 'traffic', 'requests', 'load', 'volume', 'drop', 'dropped'],
    cjk: ['처리량', '트래픽', '요청', '부하', 'スループット', 'トラフィック', 'リクエスト', '負荷'],
    terms: ['tps', 'rate', 'traffic', 'request'],
  },
  active: {
    latin: ['active', 'hang', 'hangs', 'hung', 'stuck', 'queue', 'queued', 'pile', 'sessions', 'locks'],
    cjk: ['액티브', '활성', '멈', '밀려', '쌓', 'アクティブ', '詰ま', 'ハング', '滞留'],
    terms: ['active'],
  },
  resources: {
    latin: ['cpu', 'memory', 'mem', 'heap', 'gc', 'disk', 'oom', 'resources', 'resource', 'swap'],
    cjk: ['메모리', '힙', '디스크', '자원', '리소스', 'メモリ', 'ヒープ', 'ディスク', 'リソース', '資源'],
    terms: ['memory', 'mem', 'heap', 'gc', 'disk', 'cpu', 'swap'],
  },
};

const LINE_WORDS: Record<
  Exclude<InvestigatedLine, 'apm'>,
  { latin: readonly string[]; cjk: readonly string[] }
> = {
  database: {
    latin: ['db', 'dbs', 'database', 'databases', 'postgres', 'postgresql', 'sql'],
    cjk: ['디비', '데이터베이스', 'データベース', 'ＤＢ'],
  },
  server: {
    latin: ['server', 'servers', 'host', 'hosts', 'machine', 'vm'],
    cjk: ['서버', '호스트', 'サーバ', 'ホスト'],
  },
};

interface Words {
  readonly folded: string;
  readonly words: ReadonlySet<string>;
  readonly terms: ReadonlySet<string>;
}

function wordsOf(symptom: string): Words {
  const folded = normalise(symptom);
  const hits = glossaryHits(symptom);
  return {
    folded,
    words: new Set(folded.split(/[^a-z0-9]+/).filter(Boolean)),
    terms: new Set(hits.flatMap((h) => h.terms)),
  };
}

/** Where in the symptom a list of words first occurs (Infinity when none does). */
function firstAt(
  words: Words,
  latin: readonly string[],
  cjk: readonly string[],
  terms: readonly string[] = [],
): number {
  let at = Infinity;
  for (const w of cjk) {
    const i = words.folded.indexOf(normalise(w));
    if (i >= 0) at = Math.min(at, i);
  }
  for (const w of latin) {
    if (!words.words.has(w)) continue;
    const i = new RegExp(`(^|[^a-z0-9])${w}($|[^a-z0-9])`).exec(words.folded)?.index ?? Infinity;
    at = Math.min(at, i);
  }
  // A glossary term without a surface word of ours still counts, after every word we placed.
  if (at === Infinity && terms.some((t) => words.terms.has(t))) at = words.folded.length;
  return at;
}

function lineOf(words: Words): InvestigatedLine {
  // "CPU high on db servers": the database wins over the host it runs on.
  if (firstAt(words, LINE_WORDS.database.latin, LINE_WORDS.database.cjk) < Infinity) return 'database';
  if (firstAt(words, LINE_WORDS.server.latin, LINE_WORDS.server.cjk) < Infinity) return 'server';
  return 'apm';
}

/** Per agent and minute, the fields of a candidate: what a comparison with its baseline reads best. */
export function stepQuery(category: string, fields: readonly string[], name: string): string {
  const list = fields.join(', ');
  return [
    `-- @name ${name}`,
    `CATEGORY ${category}`,
    'TAGLOAD',
    `SELECT [time, oid, oname, ${list}]`,
    `GROUP {timeunit:1m, pk:[oid, oname], merge:[${list}]}`,
  ].join('\n');
}

/** The candidate's query when the catalog knows its category and fields and the check finds no error. */
function checkedStep(
  c: Candidate,
  catalog: CategoryCatalog,
  englishTitle: string,
): InvestigationStep | undefined {
  if (!catalog.getCategory(c.category)) return undefined;
  const known = new Set(catalog.categoryColumns(c.category).map((col) => col.name));
  if (!c.fields.every((f) => known.has(f))) return undefined;
  const mql = stepQuery(c.category, c.fields, englishTitle);
  if (validate(mql, { catalog }).some((d) => d.severity === 'error')) return undefined;
  return { signal: c.signal, title: c.title, reason: c.reason, category: c.category, fields: c.fields, mql };
}

/**
 * Plans the investigation of `symptom`: the line's sequence with the signals the symptom names first (in
 * the order it names them), the rest in the general order. `englishOf` words a title for the query's
 * `@name` (queries are shared, so their names stay English).
 */
export function planInvestigation(
  symptom: string,
  catalog: CategoryCatalog,
  englishOf: (text: TemplateText) => string,
): InvestigationPlan {
  const words = wordsOf(symptom);
  const line = lineOf(words);
  const at = new Map(
    SIGNALS.map((s) => [
      s,
      firstAt(words, SIGNAL_WORDS[s].latin, SIGNAL_WORDS[s].cjk, SIGNAL_WORDS[s].terms),
    ]),
  );
  const sequence = SEQUENCES[line];
  const named = SIGNALS.filter(
    (s) => (at.get(s) ?? Infinity) < Infinity && sequence.some((c) => c.signal === s),
  ).sort((a, b) => (at.get(a) ?? 0) - (at.get(b) ?? 0));
  const rank = (s: Signal) => {
    const i = named.indexOf(s);
    return i >= 0 ? i : named.length;
  };
  // A stable sort: named signals first, each line's own order within and after them.
  const ordered = sequence
    .map((c, i) => ({ c, i }))
    .sort((a, b) => rank(a.c.signal) - rank(b.c.signal) || a.i - b.i)
    .map(({ c }) => c);
  const steps = ordered
    .map((c) => checkedStep(c, catalog, englishOf(c.title)))
    .filter((s): s is InvestigationStep => s !== undefined);
  const recognised = named.length > 0;
  return {
    symptom,
    line,
    named,
    recognised,
    ...(recognised
      ? {}
      : {
          note: templateText(
            'The symptom names none of throughput, response time, errors, active work or resources, so this is the general sequence.',
          ),
        }),
    range: INVESTIGATION_RANGE,
    steps,
  };
}
