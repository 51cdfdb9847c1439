// Parameter checks done before a request leaves the machine, driven by the endpoint table. The UI
// calls validateParams as the user types; the client calls checkParams and throws its result.
import { apiText, englishOf, type ApiText } from './apiText';
import { findEndpoint, type EndpointSpec, type ParamSpec, type RangeLimit } from './endpoints';
import { MAX_EPOCH_MS } from '../common/limits';

export interface ParamProblem {
  kind: 'invalid-params' | 'limit';
  message: ApiText;
}
export type ParamValues = Readonly<Record<string, unknown>>;

const isBlank = (v: unknown): boolean => v === undefined || v === null || v === '';

/** Epoch ms from a number, a Date or a numeric string; undefined when it is none of these. */
export function toEpochMs(value: unknown): number | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isFinite(n) && n >= 0 && n <= MAX_EPOCH_MS ? n : undefined;
}

const AGENT_TIME_LENGTHS: Record<number, string> = {
  14: 'yyyyMMddHHmmss',
  12: 'yyyyMMddHHmm',
  10: 'MMddHHmmss',
  8: 'MMddHHmm',
};

/**
 * Epoch ms of an agent-list time: epoch ms, or the textual forms yyyyMMddHHmmss, yyyyMMddHHmm,
 * MMddHHmmss, MMddHHmm (UTC; the short forms take the year of `now`). Undefined when malformed.
 */
export function parseAgentListTime(value: unknown, now: number = Date.now()): number | undefined {
  if (typeof value !== 'string' || !(value.length in AGENT_TIME_LENGTHS) || !/^\d+$/.test(value)) {
    // A short digit string is a mistyped textual time, not an epoch in the early 1970s.
    return typeof value === 'string' && value.length < 11 ? undefined : toEpochMs(value);
  }
  const withYear = value.length >= 12 ? value : `${new Date(now).getUTCFullYear()}${value}`;
  const part = (from: number, len: number): number => Number(withYear.slice(from, from + len));
  const [y, mo, d, h, mi] = [part(0, 4), part(4, 2), part(6, 2), part(8, 2), part(10, 2)];
  const s = withYear.length === 14 ? part(12, 2) : 0;
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(ms);
  const valid = back.getUTCMonth() === mo - 1 && back.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
  return valid ? ms : undefined;
}

/** Formats epoch ms as one of the agent list's textual time formats (UTC). */
export function formatAgentListTime(
  ms: number,
  format: 'yyyyMMddHHmmss' | 'yyyyMMddHHmm' | 'MMddHHmmss' | 'MMddHHmm',
): string {
  const full = new Date(ms).toISOString().replace(/\D/g, '').slice(0, 14);
  const start = format.startsWith('yyyy') ? 0 : 4;
  const end = format.endsWith('ss') ? 14 : 12;
  return full.slice(start, end);
}

function isValidDate(text: string): boolean {
  if (!/^\d{8}$/.test(text)) return false;
  return parseAgentListTime(`${text}0000`) !== undefined;
}

function parseOids(value: unknown): number[] | undefined {
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  const nums = parts.map((p) => (typeof p === 'string' ? (p.trim() === '' ? NaN : Number(p)) : Number(p)));
  return nums.length > 0 && nums.every(Number.isSafeInteger) ? nums : undefined;
}

/** Undefined when `value` has the type of `p`, else the sentence that says what it must be. */
function checkType(p: ParamSpec, value: unknown): ApiText | undefined {
  switch (p.type) {
    case 'integer':
      // A safe integer: 99999999999999999999 would otherwise be sent as some other number.
      return Number.isSafeInteger(typeof value === 'string' ? Number(value) : value)
        ? undefined
        : apiText('{0} must be a whole number within ±9007199254740991', p.name);
    case 'time':
      return toEpochMs(value) === undefined
        ? apiText('{0} must be a time in epoch milliseconds, up to 9999-12-31', p.name)
        : undefined;
    case 'agentTime':
      return parseAgentListTime(value) === undefined
        ? apiText('{0} must be epoch ms or yyyyMMddHHmmss, yyyyMMddHHmm, MMddHHmmss, MMddHHmm', p.name)
        : undefined;
    case 'date':
      return typeof value === 'string' && isValidDate(value)
        ? undefined
        : apiText('{0} must be a day as yyyyMMdd', p.name);
    case 'oids':
      return parseOids(value)
        ? undefined
        : apiText('{0} must be a comma-separated list of agent ids', p.name);
    case 'fragments':
      return typeof value === 'object' &&
        value !== null &&
        Object.values(value).every((v) => typeof v === 'string')
        ? undefined
        : apiText('{0} must be an object of names to strings', p.name);
    case 'string':
      return typeof value === 'string' || typeof value === 'number'
        ? undefined
        : apiText('{0} must be a string', p.name);
  }
}

function checkOne(p: ParamSpec, value: unknown): ParamProblem | undefined {
  const expected = checkType(p, value);
  if (expected) return { kind: 'invalid-params', message: expected };
  if (p.values && !p.values.includes(String(value))) {
    return {
      kind: 'invalid-params',
      message: apiText("{0} must be one of {1} (got '{2}')", p.name, p.values.join(', '), String(value)),
    };
  }
  const n = Number(value);
  if ((p.min !== undefined && n < p.min) || (p.max !== undefined && n > p.max)) {
    const message =
      p.max === undefined
        ? apiText('{0} limit: must be at least {1} (got {2})', p.name, p.min ?? 0, String(value))
        : apiText('{0} limit: must be {1} to {2} (got {3})', p.name, p.min ?? '-∞', p.max, String(value));
    return { kind: 'limit', message };
  }
  return undefined;
}

function rangeOf(spec: EndpointSpec, params: ParamValues, now: number): [number, number] | undefined {
  const parse = (v: unknown) => (spec.id === 'agentList' ? parseAgentListTime(v, now) : toEpochMs(v));
  const s = parse(params['stime']);
  const e = parse(params['etime']);
  return s === undefined || e === undefined ? undefined : [s, e];
}

function checkWindow(spec: EndpointSpec, params: ParamValues, now: number): ParamProblem | undefined {
  const start = toEpochMs(params['stime']);
  if (!spec.window || start === undefined || start <= now) return undefined;
  return {
    kind: 'limit',
    message: apiText(
      'the IP search window of {0} h from stime cannot start in the future (stime is after now)',
      spec.window.ms / 3_600_000,
    ),
  };
}

function checkRange(spec: EndpointSpec, params: ParamValues, now: number): ParamProblem | undefined {
  const range = rangeOf(spec, params, now);
  if (!range) return undefined;
  const [s, e] = range;
  if (s >= e) return { kind: 'limit', message: apiText('stime must be before etime') };
  if (spec.limit && e - s > spec.limit.maxRangeMs) {
    const hours = Math.round(((e - s) / 3_600_000) * 10) / 10;
    return { kind: 'limit', message: rangeExceeded(spec.limit, hours) };
  }
  return undefined;
}

function checkPairs(params: ParamValues): ParamProblem | undefined {
  if (isBlank(params['filterkey']) !== isBlank(params['filterval'])) {
    return {
      kind: 'invalid-params',
      message: apiText('filterkey and filterval go together: give both or neither'),
    };
  }
  return undefined;
}

const knownCache = new WeakMap<EndpointSpec, ReadonlySet<string>>();
function knownNames(spec: EndpointSpec): ReadonlySet<string> {
  let known = knownCache.get(spec);
  if (!known) {
    known = new Set(spec.params.map((p) => p.name));
    knownCache.set(spec, known);
  }
  return known;
}

/** The first problem of `params` for this endpoint, or undefined when they can be sent. */
export function checkParams(
  spec: EndpointSpec,
  params: ParamValues,
  now: number = Date.now(),
): ParamProblem | undefined {
  const known = knownNames(spec);
  const unknown = Object.keys(params).filter((k) => !known.has(k) && !isBlank(params[k]));
  if (unknown.length > 0) {
    const list = spec.params.map((p) => p.name).join(', ') || 'none';
    return {
      kind: 'invalid-params',
      message: apiText('unknown parameter {0} (accepted: {1})', unknown.join(', '), list),
    };
  }
  const missing = spec.params.filter((p) => p.required && p.default === undefined && isBlank(params[p.name]));
  if (missing.length > 0) {
    return {
      kind: 'invalid-params',
      message: apiText('missing required parameter {0}', missing.map((p) => p.name).join(', ')),
    };
  }
  for (const p of spec.params) {
    const value = params[p.name];
    const problem = isBlank(value) ? undefined : checkOne(p, value);
    if (problem) return problem;
  }
  return checkRange(spec, params, now) ?? checkWindow(spec, params, now) ?? checkPairs(params);
}

/**
 * Checks parameters as a UI would while the user types: returns a one-line message naming the
 * problem (and the limit, when one is exceeded), or undefined when the request can be sent.
 */
export function validateParams(endpointId: string, params: ParamValues, now?: number): string | undefined {
  const problem = validateParamsText(endpointId, params, now);
  return problem && englishOf(problem);
}

/** {@link validateParams} as a text to translate. */
export function validateParamsText(
  endpointId: string,
  params: ParamValues,
  now?: number,
): ApiText | undefined {
  const spec = findEndpoint(endpointId);
  if (!spec) return apiText("unknown endpoint '{0}'", endpointId);
  return checkParams(spec, params, now)?.message;
}

/** The sentence of a range longer than `limit` allows. */
function rangeExceeded(limit: RangeLimit, hours: number): ApiText {
  const args = [limit.subject, limit.amount, hours] as const;
  if (limit.unit === 'day' && limit.amount === 1)
    return apiText('exceeds the {0} range of at most 1 day (asked for {2} h)', ...args);
  if (limit.unit === 'day')
    return apiText('exceeds the {0} range of at most {1} days (asked for {2} h)', ...args);
  if (limit.amount === 1)
    return apiText('exceeds the {0} range of at most 1 hour (asked for {2} h)', ...args);
  return apiText('exceeds the {0} range of at most {1} hours (asked for {2} h)', ...args);
}
