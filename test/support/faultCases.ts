// The one table of HTTP faults. Each case queues what the loopback fault server does for an MXQL
// text request and what the user must be told: a typed error kind and a message that says what
// happened and what to do, or the rows of a body the client must decode (gzip, deflate). The same
// table runs against the client (test/api), through `mxql run` and `mxql api` (test/cli) and
// through the extension (test/integration: notification and results panel).
import type { OpenApiErrorKind } from '../../api/index';
import type { Fault } from './faultServer';

/** The wait limit every host is given in fault tests: `timeoutsFor(FAULT_TIMEOUT_MS)`. */
export const FAULT_TIMEOUT_MS = 800;

export const FAULT_ROWS = [
  { time: 1, tps: 2 },
  { time: 2, tps: 3 },
];

export type FaultExpectation =
  { kind: OpenApiErrorKind; status?: number; message: RegExp } | { rows: number };

export interface FaultCase {
  name: string;
  /** What the fault server does; `(other)` builds it with the URL of a second server. */
  faults: (urls: { self: string; other: string }) => Fault[];
  /** Nothing listens: the connection is refused. */
  refused?: boolean;
  /** The second server must see no request (a redirect to it must not carry the token there). */
  otherUntouched?: boolean;
  expect: FaultExpectation;
}

const TOMCAT_TITLE = 'HTTP Status 500 – Internal Server Error';

export const FAULT_CASES: readonly FaultCase[] = [
  {
    name: 'connection refused',
    faults: () => [],
    refused: true,
    expect: { kind: 'network', message: /connection refused\. Check the base URL/ },
  },
  {
    name: 'connection reset before any response',
    faults: () => [{ kind: 'resetBeforeHeaders' }],
    expect: {
      kind: 'network',
      message: /connection was closed by the service or a proxy .*Retry; if it repeats, check the proxy/,
    },
  },
  {
    name: 'connection reset mid-body',
    faults: () => [{ kind: 'resetMidBody' }],
    expect: {
      kind: 'truncated',
      message: /closed after \d+ of 1000 bytes\. .*retry, or narrow the time range/,
    },
  },
  {
    name: 'short body (content-length not reached)',
    faults: () => [{ kind: 'shortContentLength' }],
    expect: {
      kind: 'truncated',
      message: /(closed after \d+ of 500 bytes|ended before its declared length)\. .*retry/,
    },
  },
  {
    name: 'no response headers in time',
    faults: () => [{ kind: 'hang' }],
    expect: {
      kind: 'timeout',
      message: /no response headers within \d+ ms\. .*narrow the time range or lower the row limit, or raise/,
    },
  },
  {
    name: 'the body stalls',
    faults: () => [{ kind: 'drip', everyMs: 60_000 }],
    expect: {
      kind: 'timeout',
      message: /body stalled for \d+ ms\. .*retry, narrow the time range, or raise/,
    },
  },
  {
    name: 'a slow drip that never goes silent',
    faults: () => [{ kind: 'drip', everyMs: 20 }],
    expect: { kind: 'timeout', message: /no complete response within \d+ ms\. .*slow trickle.*or raise/ },
  },
  {
    name: '401',
    faults: () => [{ kind: 'status', status: 401 }],
    expect: { kind: 'http', status: 401, message: /HTTP 401.*token is wrong or expired; set a new token/ },
  },
  {
    name: '403',
    faults: () => [{ kind: 'status', status: 403 }],
    expect: { kind: 'http', status: 403, message: /HTTP 403.*Wrong kind of token/ },
  },
  {
    name: '404',
    faults: () => [{ kind: 'status', status: 404 }],
    expect: { kind: 'http', status: 404, message: /HTTP 404.*Check the base URL and its region/ },
  },
  {
    name: '429 with Retry-After',
    faults: () => [{ kind: 'status', status: 429, retryAfter: '120' }],
    expect: { kind: 'http', status: 429, message: /HTTP 429.*wait, then retry\. Retry after 120 s\./ },
  },
  {
    name: '500',
    faults: () => [{ kind: 'status', status: 500 }],
    expect: { kind: 'http', status: 500, message: /HTTP 500.*retry later/ },
  },
  {
    name: '503',
    faults: () => [{ kind: 'status', status: 503 }],
    expect: { kind: 'http', status: 503, message: /HTTP 503.*retry later/ },
  },
  {
    name: 'an HTML error page (Tomcat)',
    faults: () => [{ kind: 'errorPage', status: 500, title: TOMCAT_TITLE }],
    expect: {
      kind: 'http',
      status: 500,
      message: /^[^<>]*HTTP 500 \(an HTML error page\): HTTP Status 500 – Internal Server Error\. [^<>]*$/,
    },
  },
  {
    name: 'an HTML page with status 200 (login page)',
    faults: () => [{ kind: 'errorPage', status: 200, title: 'Sign in' }],
    expect: {
      kind: 'not-json',
      message: /^[^<>]*HTML page \('Sign in'\) instead of JSON\. [^<>]*check the base URL/,
    },
  },
  {
    name: 'truncated JSON',
    faults: () => [{ kind: 'truncatedJson' }],
    expect: { kind: 'truncated', message: /JSON response is truncated after \d+ bytes\. .*retry/ },
  },
  {
    name: 'invalid JSON',
    faults: () => [{ kind: 'text', body: '[{"a": nope}]', contentType: 'application/json' }],
    expect: { kind: 'invalid-json', message: /not valid JSON .*check the base URL and proxy/ },
  },
  {
    name: 'invalid UTF-8',
    faults: () => [{ kind: 'invalidUtf8' }],
    expect: {
      kind: 'invalid-encoding',
      message: /not valid UTF-8 \(an invalid byte at offset 8\).*check the proxy/,
    },
  },
  {
    name: 'an oversized body',
    faults: () => [{ kind: 'oversized', bytes: 200 * 1024 * 1024, declareLength: true }],
    expect: { kind: 'too-large', message: /exceeds the size cap of \d+ bytes\. Narrow the time range/ },
  },
  {
    name: 'a wrong content type',
    faults: () => [{ kind: 'text', body: 'hello', contentType: 'text/plain' }],
    expect: { kind: 'not-json', message: /content type 'text\/plain'\. Check the base URL/ },
  },
  {
    name: 'gzip',
    faults: () => [{ kind: 'encoded', body: FAULT_ROWS, encoding: 'gzip' }],
    expect: { rows: FAULT_ROWS.length },
  },
  {
    name: 'deflate',
    faults: () => [{ kind: 'encoded', body: FAULT_ROWS, encoding: 'deflate' }],
    expect: { rows: FAULT_ROWS.length },
  },
  {
    name: 'a redirect over plain HTTP',
    faults: ({ self }) => [{ kind: 'redirect', status: 307, location: `${self}/elsewhere` }],
    expect: {
      kind: 'redirect',
      status: 307,
      message:
        /redirected to http:\/\/127\.0\.0\.1:\d+\/elsewhere; redirects are followed only between HTTPS addresses .*Set the base URL/,
    },
  },
  {
    name: 'a redirect to another host',
    faults: ({ other }) => [{ kind: 'redirect', status: 302, location: `${other}/steal?x=1` }],
    otherUntouched: true,
    expect: {
      kind: 'redirect',
      status: 302,
      message: /redirected to another host, http:\/\/localhost:\d+\/steal; .*token was not sent to it/,
    },
  },
  {
    name: 'JSON null',
    faults: () => [{ kind: 'json', body: null }],
    expect: {
      kind: 'wrong-shape',
      message: /answered something that is not rows \(JSON null\)\. Check the base URL/,
    },
  },
  {
    name: 'a JSON object where rows are expected',
    faults: () => [{ kind: 'json', body: { ok: true } }],
    expect: { kind: 'wrong-shape', message: /something that is not rows \(JSON object\)/ },
  },
];
