// Parsing and checking of request parameters: times, ranges and the limits of the spec. Every failure
// is a 400 that names the parameter or the limit and says what would be accepted.
import { MAX_EPOCH_MS, type ApiRangeLimit } from '../../api/index';
import { badRequest } from './httpError';

/** An epoch-millisecond value from text (a path segment or query value). */
export function parseEpochMs(name: string, text: string | null | undefined): number {
  if (text === null || text === undefined || text === '') {
    throw badRequest('param/missing', `Missing required parameter '${name}' (epoch milliseconds).`);
  }
  if (!/^\d{1,16}$/.test(text)) {
    throw badRequest(
      'param/invalid-time',
      `Parameter '${name}' must be epoch milliseconds (digits), got '${text}'.`,
    );
  }
  const value = Number(text);
  if (value > MAX_EPOCH_MS) {
    throw badRequest(
      'param/invalid-time',
      `Parameter '${name}' is out of range: the latest accepted time is ${MAX_EPOCH_MS} (9999-12-31).`,
    );
  }
  return value;
}

/** A JSON body number that must be epoch milliseconds. */
export function bodyEpochMs(name: string, value: unknown): number {
  if (value === undefined || value === null) {
    throw badRequest('body/missing', `Missing required body field '${name}' (epoch milliseconds).`);
  }
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_EPOCH_MS) {
    throw badRequest(
      'body/invalid-time',
      `Body field '${name}' must be an integer of epoch milliseconds, at most ${MAX_EPOCH_MS} (9999-12-31).`,
    );
  }
  return value;
}

/** Checks stime < etime and, when given, that the range does not exceed `limit` (api/limits.ts). */
export function checkRange(stime: number, etime: number, what: string, limit?: ApiRangeLimit): void {
  if (stime >= etime) {
    throw badRequest('param/range-order', `stime (${stime}) must be before etime (${etime}).`);
  }
  if (limit !== undefined && etime - stime > limit.maxRangeMs) {
    throw badRequest(
      'limit/range',
      `${what} allows a range of at most ${limit.span}; the request spans ${Math.ceil((etime - stime) / 60_000)} minutes.`,
    );
  }
}

const AGENT_LIST_FORMATS = 'epoch milliseconds, yyyyMMddHHmmss, yyyyMMddHHmm, MMddHHmmss or MMddHHmm (UTC)';

function utc(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): number | undefined {
  const t = Date.UTC(year, month - 1, day, hour, minute, second);
  const d = new Date(t);
  const valid =
    d.getUTCFullYear() === year &&
    d.getUTCMonth() === month - 1 &&
    d.getUTCDate() === day &&
    d.getUTCHours() === hour &&
    d.getUTCMinutes() === minute &&
    d.getUTCSeconds() === second;
  return valid ? t : undefined;
}

/** A time of the agent list body: epoch ms (number or 13 digits) or one of the four textual formats. */
export function parseAgentListTime(name: string, value: unknown, now: number): number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  if (typeof value !== 'string' || !/^\d+$/.test(value)) {
    throw badRequest('body/invalid-time', `Body field '${name}' must be ${AGENT_LIST_FORMATS}.`);
  }
  const n = (from: number, len: number) => Number(value.slice(from, from + len));
  const year = new Date(now).getUTCFullYear();
  let t: number | undefined;
  if (value.length === 13) t = Number(value);
  else if (value.length === 14) t = utc(n(0, 4), n(4, 2), n(6, 2), n(8, 2), n(10, 2), n(12, 2));
  else if (value.length === 12) t = utc(n(0, 4), n(4, 2), n(6, 2), n(8, 2), n(10, 2), 0);
  else if (value.length === 10) t = utc(year, n(0, 2), n(2, 2), n(4, 2), n(6, 2), n(8, 2));
  else if (value.length === 8) t = utc(year, n(0, 2), n(2, 2), n(4, 2), n(6, 2), 0);
  if (t === undefined) {
    throw badRequest('body/invalid-time', `Body field '${name}' ('${value}') is not ${AGENT_LIST_FORMATS}.`);
  }
  return t;
}

/** Start of a `yyyyMMdd` day in UTC. */
export function parseDay(name: string, text: string | null): number {
  if (text === null || text === '')
    throw badRequest('param/missing', `Missing required parameter '${name}' (yyyyMMdd).`);
  const t = /^\d{8}$/.test(text)
    ? utc(Number(text.slice(0, 4)), Number(text.slice(4, 6)), Number(text.slice(6, 8)), 0, 0, 0)
    : undefined;
  if (t === undefined)
    throw badRequest('param/invalid-date', `Parameter '${name}' must be a date as yyyyMMdd, got '${text}'.`);
  return t;
}

/** A required query parameter. */
export function requireQuery(query: URLSearchParams, name: string, hint: string): string {
  const value = query.get(name);
  if (value === null || value === '')
    throw badRequest('param/missing', `Missing required parameter '${name}' (${hint}).`);
  return value;
}

/** A value that must be one of `allowed`, or the default when absent. */
export function oneOf<T extends string>(
  name: string,
  value: string | null,
  allowed: readonly T[],
  fallback: T,
): T {
  if (value === null || value === '') return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw badRequest(
    'param/invalid-value',
    `Parameter '${name}' must be one of ${allowed.join(', ')}; got '${value}'.`,
  );
}

/** A comma-separated list of integer agent ids (negative ones allowed). */
export function parseOids(name: string, text: string): number[] {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length === 0 || parts.some((p) => !/^-?\d{1,10}$/.test(p))) {
    throw badRequest(
      'param/invalid-oids',
      `Parameter '${name}' must be comma-separated agent ids (integers), got '${text}'.`,
    );
  }
  return parts.map(Number);
}
