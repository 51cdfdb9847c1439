// The work one request may ask of the demo: buckets of a series, rows of a result and bytes of a
// response. The spec leaves these open; the demo caps them so no request (an extreme or hostile
// range, a huge limit) can exhaust the memory of the process that hosts it. Each refusal is a 400
// whose message names the cap and says how to stay under it.
import { badRequest, type HttpError } from './httpError';

export const CAPS = {
  /** Points of one series (or buckets of a windowed count) in one response. */
  buckets: 100_000,
  /** Rows an MXQL request may ask for (`limit`). */
  rows: 100_000,
  /** Bytes of one JSON response body. */
  responseBytes: 64 * 1024 * 1024,
} as const;

const grouped = (n: number): string => n.toLocaleString('en-US');

/** Refuses a range that holds more than CAPS.buckets buckets of `stepMs`. */
export function checkBuckets(what: string, stime: number, etime: number, stepMs: number): void {
  const buckets = Math.ceil((etime - stime) / stepMs);
  if (buckets <= CAPS.buckets) return;
  throw badRequest(
    'limit/buckets',
    `${what} returns at most ${grouped(CAPS.buckets)} buckets per request; this range holds ${grouped(buckets)}. Narrow the range.`,
  );
}

/** Refuses a row limit over CAPS.rows. */
export function checkRowLimit(limit: number): void {
  if (limit <= CAPS.rows) return;
  throw badRequest(
    'limit/rows',
    `The demo returns at most ${grouped(CAPS.rows)} rows per request; 'limit' is ${grouped(limit)}. Lower the limit.`,
  );
}

/** The error for a response body over CAPS.responseBytes (or too large to serialise at all). */
export function responseTooLarge(): HttpError {
  return badRequest(
    'limit/response-bytes',
    `The response would exceed the demo's cap of ${grouped(CAPS.responseBytes)} bytes. Narrow the range or lower the limit.`,
  );
}
