// Test helper: calls a running demo server over real loopback sockets with the spec's headers.
import { after, before } from 'node:test';
import { startDemoServer, type DemoServer } from '../../demo/index';

export const FIXED_NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

export interface Reply {
  status: number;
  /** Parsed JSON body (bare numbers parse to numbers). */
  body: unknown;
  text: string;
  headers: Headers;
}

export type Credentials = { token?: string; pcode?: number | string };

export async function call(
  url: string,
  creds: Credentials,
  init: { method?: string; body?: unknown; rawBody?: string; contentType?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (creds.token !== undefined) headers['x-service-token'] = creds.token;
  if (creds.pcode !== undefined) headers['x-service-pcode'] = String(creds.pcode);
  const hasBody = init.body !== undefined || init.rawBody !== undefined;
  if (hasBody) headers['content-type'] = init.contentType ?? 'application/json';
  const res = await fetch(url, {
    method: init.method ?? (hasBody ? 'POST' : 'GET'),
    headers,
    body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    body = undefined;
  }
  return { status: res.status, body, text, headers: res.headers };
}

/** A request body of the MXQL endpoints over the hour before FIXED_NOW, 100 rows; `extra` overrides or adds fields. */
export function mxqlBody(mql: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { stime: FIXED_NOW - 3_600_000, etime: FIXED_NOW, mql, limit: 100, pageKey: 'mxql', ...extra };
}

/** Project credentials of the first project with the given product type (and optional platform name part). */
export function projectOf(
  server: DemoServer,
  productType: string,
  nameIncludes = '',
): { token: string; pcode: number } {
  const p = server.projects.find((x) => x.productType === productType && x.name.includes(nameIncludes));
  if (!p) throw new Error(`no ${productType} project named like '${nameIncludes}'`);
  return { token: p.token, pcode: p.pcode };
}

/** A JSON object body, asserting its kind. */
export function obj(reply: Reply): Record<string, unknown> {
  if (typeof reply.body !== 'object' || reply.body === null || Array.isArray(reply.body)) {
    throw new Error(`expected a JSON object, got ${reply.status} ${reply.text.slice(0, 200)}`);
  }
  return reply.body as Record<string, unknown>;
}

/** A JSON array body. */
export function arr(value: unknown): unknown[] {
  if (!Array.isArray(value))
    throw new Error(`expected an array, got ${JSON.stringify(value)?.slice(0, 200)}`);
  return value;
}

/** Asserts the error envelope and returns it. */
export function errorOf(reply: Reply): { status: number; code: string; message: string } {
  const body = obj(reply);
  if (typeof body.code !== 'string' || typeof body.message !== 'string' || body.status !== reply.status) {
    throw new Error(`not an error envelope: ${reply.text}`);
  }
  return body as { status: number; code: string; message: string };
}

export type FieldKind = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'numeric-string';

/** Asserts that `value` has exactly the listed fields with the listed kinds (no more, no fewer). */
export function assertFields(
  value: unknown,
  spec: Record<string, FieldKind>,
  where = 'value',
): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${where}: expected an object, got ${JSON.stringify(value)?.slice(0, 200)}`);
  }
  const record = value as Record<string, unknown>;
  const missing = Object.keys(spec).filter((k) => !(k in record));
  const extra = Object.keys(record).filter((k) => !(k in spec));
  if (missing.length || extra.length) {
    throw new Error(`${where}: missing [${missing.join(', ')}], unexpected [${extra.join(', ')}]`);
  }
  for (const [key, kind] of Object.entries(spec)) {
    const v = record[key];
    const ok =
      kind === 'array'
        ? Array.isArray(v)
        : kind === 'object'
          ? typeof v === 'object' && v !== null && !Array.isArray(v)
          : kind === 'numeric-string'
            ? typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
            : typeof v === kind;
    if (!ok) throw new Error(`${where}.${key}: expected ${kind}, got ${JSON.stringify(v)}`);
  }
  return record;
}

/** Asserts every item of an array with assertFields and that the array is not empty. */
export function assertEach(
  value: unknown,
  spec: Record<string, FieldKind>,
  where: string,
): Record<string, unknown>[] {
  const list = arr(value);
  if (list.length === 0) throw new Error(`${where}: expected at least one item`);
  return list.map((item, i) => assertFields(item, spec, `${where}[${i}]`));
}

/** A value that must be a JSON object. */
export function rec(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`expected an object, got ${JSON.stringify(value)?.slice(0, 200)}`);
  }
  return value as Record<string, unknown>;
}

/** A demo server for the MXQL endpoints, started before a suite and closed after it. */
export interface MxqlSuiteDemo {
  readonly server: () => DemoServer;
  /** Credentials of the APM "Order" project. */
  readonly apm: () => { token: string; pcode: number };
  /** URL of POST /open/api/flush/mxql/text. */
  readonly text: () => string;
  /** URL of POST /open/api/flush/mxql/path. */
  readonly path: () => string;
}

/** Registers before/after hooks in the calling suite: seed 19, the fixed clock, a slow query of 60 s. */
export function mxqlSuiteDemo(): MxqlSuiteDemo {
  let server: DemoServer | undefined;
  let apm: { token: string; pcode: number } | undefined;
  const started = () => {
    if (!server) throw new Error("the demo server starts in the suite's before hook");
    return server;
  };
  before(async () => {
    server = await startDemoServer({ seed: 19, now: () => FIXED_NOW, slowMs: 60_000 });
    apm = projectOf(server, 'APM', 'Order');
  });
  after(() => server?.close());
  return {
    server: started,
    apm: () => {
      if (!apm) throw new Error("the demo server starts in the suite's before hook");
      return apm;
    },
    text: () => `${started().baseUrl}/open/api/flush/mxql/text`,
    path: () => `${started().baseUrl}/open/api/flush/mxql/path`,
  };
}
