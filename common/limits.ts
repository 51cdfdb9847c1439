// The service's documented limits (the specification's "Limits" table), one constant each. The API client
// checks them before sending, the demo backend enforces them, the language core and the run planner check
// ranges against them, and the extension and CLI explain them; all import them from here.

/** A range limit: `etime - stime` may not exceed `maxRangeMs`. `label` is how errors name it. */
export interface RangeLimit {
  readonly maxRangeMs: number;
  readonly label: string;
  /** What the limit is about ("MXQL", "heap_use") and its span as a number of hours or days, for messages. */
  readonly subject: string;
  readonly amount: number;
  readonly unit: 'hour' | 'day';
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A range limit with its span in words (`31 days`, `1 hour`) for messages. */
export interface ApiRangeLimit extends RangeLimit {
  readonly span: string;
}

function rangeLimit(what: string, amount: number, unit: 'hour' | 'day'): ApiRangeLimit {
  const span = `${amount} ${unit}${amount === 1 ? '' : 's'}`;
  const maxRangeMs = amount * (unit === 'hour' ? HOUR_MS : DAY_MS);
  return { maxRangeMs, span, label: `${what} range of at most ${span}`, subject: what, amount, unit };
}

/** MXQL (text and path): at most 31 days per request. */
export const MXQL_RANGE = rangeLimit('MXQL', 31, 'day');
/** The agent list: at most 1 day. */
export const AGENT_LIST_RANGE = rangeLimit('agent list', 1, 'day');
/** The `heap_use` statistics: at most 1 hour. */
export const HEAP_USE_RANGE = rangeLimit('heap_use', 1, 'hour');
/** `sm_stat` server statistics: at most 1 hour. */
export const SM_STAT_RANGE = rangeLimit('sm_stat', 1, 'hour');
/** `visitor_d`: etime at most 31 days after stime. */
export const VISITOR_DAY_RANGE = rangeLimit('visitor_d', 31, 'day');
/** `visitor_m`: etime at most 365 days after stime. */
export const VISITOR_MONTH_RANGE = rangeLimit('visitor_m', 365, 'day');

/** The IP-based transaction search covers one hour from `stime`. */
export const IP_SEARCH_WINDOW = { ms: HOUR_MS, label: 'IP search window of one hour from stime' } as const;
/** The IP-based transaction search returns at most this many URLs. */
export const IP_SEARCH_MAX_URLS = 100;
/** SQL statistics `topN`: 1 to 1000, default 10. */
export const SQL_TOP_N = { min: 1, max: 1000, default: 10 } as const;

/**
 * The latest epoch-millisecond time any parameter may name: 9999-12-31T23:59:59.999Z. Later instants
 * have no calendar day or month, and longer digit strings would round to another number.
 */
export const MAX_EPOCH_MS = 253_402_300_799_999;

/**
 * The row limit of one MXQL request as this project accepts it (the specification gives `limit` no
 * bound): the CLI's `--limit`, the `mxql.defaultLimit` setting and the assistant's `limit` all stop here.
 */
export const MXQL_ROW_LIMIT = { min: 1, max: 1_000_000 } as const;

/** The largest query or dashboard file read by the CLI and by the tools' workspace reads (stated in README). */
export const QUERY_FILE_MAX_BYTES = 10 * 1024 * 1024;
