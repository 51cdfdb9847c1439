// MXQL endpoints: validate the body as the spec's tables say, enforce the 31-day limit, then delegate to
// the server's executor. `CATEGORY demo_slow` (text) or `/demo/slow` (path) is the demo's slow query: it
// answers after slowMs unless the client disconnects first, which is what cancel tests need.
import { MXQL_RANGE } from '../../api/index';
import { badRequest } from '../http/httpError';
import { checkRowLimit } from '../http/caps';
import { bodyEpochMs, checkRange } from '../http/params';
import { projectOf, type RequestContext, type Route } from '../http/route';
import { MXQL_NOTICE_HEADER, encodeMxqlNotice } from '../../common/mxqlNotice';
import { MxqlQueryError, noticesOf, type MxqlRequest } from '../mxqlExecutor';

function stringMap(name: string, value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('body/invalid-field', `Body field '${name}' must be an object of name → string.`);
  }
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v === 'string') out[key] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') out[key] = String(v);
    else throw badRequest('body/invalid-field', `Body field '${name}.${key}' must be a string.`);
  }
  return out;
}

function requireMql(value: unknown, kind: 'text' | 'path'): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw badRequest(
      'body/missing',
      `Body field 'mql' must hold the ${kind === 'text' ? 'query text' : 'query path'}.`,
    );
  }
  if (kind === 'path' && !/^(\/[\w.-]+)+$/.test(value)) {
    throw badRequest(
      'body/invalid-path',
      `For /mxql/path, 'mql' must be a path like /app/act_tx/act_tx_oid; got '${value}'.`,
    );
  }
  return value;
}

/** Validates an MXQL body into an executor request (400 naming the field otherwise). */
export function parseMxqlBody(body: unknown, kind: 'text' | 'path', pcode: number): MxqlRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('body/missing', 'Send a JSON object body with stime, etime, mql, limit and pageKey.');
  }
  const b = body as Record<string, unknown>;
  const stime = bodyEpochMs('stime', b.stime);
  const etime = bodyEpochMs('etime', b.etime);
  checkRange(stime, etime, 'MXQL', MXQL_RANGE);
  const mql = requireMql(b.mql, kind);
  if (typeof b.limit !== 'number' || !Number.isInteger(b.limit) || b.limit < 1) {
    throw badRequest(
      'body/invalid-limit',
      "Body field 'limit' must be a positive integer (the maximum number of rows).",
    );
  }
  checkRowLimit(b.limit);
  if (b.pageKey !== 'mxql')
    throw badRequest('body/invalid-pagekey', "Body field 'pageKey' must be the string 'mxql'.");
  const param = stringMap('param', b.param);
  if (kind === 'path' && Object.keys(param).length > 0) {
    throw badRequest('body/param-not-allowed', "Predefined paths take no 'param'; send an empty object.");
  }
  return {
    pcode,
    mql,
    kind,
    stime,
    etime,
    limit: b.limit,
    param,
    inject: stringMap('inject', b.inject),
  };
}

function isSlow(req: MxqlRequest): boolean {
  return req.kind === 'path' ? req.mql === '/demo/slow' : /^\s*CATEGORY\s+demo_slow\b/im.test(req.mql);
}

function waitOrAbort(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}

async function runMxql(ctx: RequestContext, kind: 'text' | 'path'): Promise<unknown> {
  const req = parseMxqlBody(ctx.body, kind, projectOf(ctx).pcode);
  if (isSlow(req)) {
    ctx.state.stats.slowQueriesStarted++;
    ctx.state.emit('slowQueryStarted', { path: ctx.url.pathname });
    await waitOrAbort(ctx.state.slowMs, ctx.signal);
    return [{ time: req.etime, pcode: req.pcode, waited_ms: ctx.state.slowMs }];
  }
  try {
    const rows = await ctx.state.executor(req, ctx.signal);
    const notices = noticesOf(rows);
    if (notices.length > 0)
      ctx.responseHeaders[MXQL_NOTICE_HEADER] = encodeMxqlNotice([...new Set(notices)].join('; '));
    return rows;
  } catch (error) {
    if (error instanceof MxqlQueryError) throw badRequest(error.code, error.message);
    throw error;
  }
}

export const mxqlRoutes: Route[] = [
  {
    host: 'base',
    method: 'POST',
    path: '/open/api/flush/mxql/text',
    auth: 'project',
    handle: (ctx) => runMxql(ctx, 'text'),
  },
  {
    host: 'base',
    method: 'POST',
    path: '/open/api/flush/mxql/path',
    auth: 'project',
    handle: (ctx) => runMxql(ctx, 'path'),
  },
];
