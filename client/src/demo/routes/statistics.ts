// Statistics over a time range for application monitoring: record lists, heap usage and active users.
// The `{metric}` series live in series.ts because their four path shapes need their own matching.
import { VISITOR_WINDOWS, isoDate, monthlyVisitors, visitorPoints } from '../data/visitors';
import {
  exceptionRecords,
  httpcRecords,
  remoteRecords,
  sqlRecords,
  transactionRecords,
  type RangeContext,
} from '../data/records';
import { FINE_STEP, combine, round } from '../data/index';
import { badRequest } from '../http/httpError';
import { LIMITS, checkRange, parseEpochMs } from '../http/params';
import { projectOf, type RequestContext, type Route } from '../http/route';
import { seriesForOids } from './series';

const JSON_BASE = '/open/api/json';

/** stime and etime from the path, checked (and limited to maxMs when given). */
export function pathRange(
  ctx: RequestContext,
  what: string,
  maxMs?: number,
): { stime: number; etime: number } {
  const stime = parseEpochMs('stime', ctx.params.stime);
  const etime = parseEpochMs('etime', ctx.params.etime);
  checkRange(stime, etime, what, maxMs);
  return { stime, etime };
}

function recordsRoute(name: string, build: (range: RangeContext) => unknown[]): Route {
  return {
    host: 'base',
    method: 'GET',
    path: `${JSON_BASE}/${name}/:stime/:etime`,
    auth: 'project',
    handle: (ctx) => {
      const { stime, etime } = pathRange(ctx, name);
      const records = build(ctx.state.data.range(projectOf(ctx).pcode, stime, etime));
      return { records, total: records.length };
    },
  };
}

function httpcFiltered(ctx: RequestContext) {
  const { stime, etime } = pathRange(ctx, 'httpc');
  const port = Number(ctx.params.port);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw badRequest(
      'param/invalid-port',
      `port must be an integer 1..65535, got '${ctx.params.port ?? ''}'.`,
    );
  }
  const host = ctx.params.host ?? '';
  const records = httpcRecords(ctx.state.data.range(projectOf(ctx).pcode, stime, etime), { host, port });
  return { records, total: records.length };
}

function heapUse(ctx: RequestContext) {
  const merge = ctx.params.merge ?? '';
  // heap_use/{stime}/{etime}/{oids} is the generic listed-agents series of the heap_use metric.
  if (merge !== 'avg' && merge !== 'max') return seriesForOids(ctx, 'heap_use', merge, false);
  const { stime, etime } = pathRange(ctx, 'heap_use', LIMITS.oneHour);
  const data = ctx.state.data;
  const pcode = projectOf(ctx).pcode;
  const rows = data.agentsOf(pcode).flatMap((agent) => {
    const points = data.series(pcode, agent.oid, 'heap_use', stime, etime, FINE_STEP);
    if (points.length === 0) return [];
    const value = combine(
      points.map(([, v]) => v),
      merge,
    );
    return [{ oid: agent.oid, oname: agent.oname, heap_use: round(value, 1).toFixed(1) }];
  });
  return { pcode, stime, etime, timeMerge: merge, unit: 'MB', data: rows };
}

function visitorRoute(name: keyof typeof VISITOR_WINDOWS, maxMs?: number): Route {
  return {
    host: 'base',
    method: 'GET',
    path: `${JSON_BASE}/${name}/:stime/:etime`,
    auth: 'project',
    handle: (ctx) => {
      const { stime, etime } = pathRange(ctx, name, maxMs);
      const pcode = projectOf(ctx).pcode;
      const data = visitorPoints(
        ctx.state.data.seed,
        ctx.state.data.agentsOf(pcode),
        stime,
        etime,
        VISITOR_WINDOWS[name],
      );
      return { data, pcode, stime, etime, total: data.length };
    },
  };
}

function visitorMonthly(ctx: RequestContext) {
  const { stime, etime } = pathRange(ctx, 'visitor_m', LIMITS.days365);
  const pcode = projectOf(ctx).pcode;
  const data = monthlyVisitors(ctx.state.data.seed, ctx.state.data.agentsOf(pcode), stime, etime);
  return { data, pcode, stime, etime, sdate: isoDate(stime), edate: isoDate(etime - 1), total: data.length };
}

export const statisticsRoutes: Route[] = [
  recordsRoute('exception', exceptionRecords),
  recordsRoute('httpc', (range) => httpcRecords(range)),
  {
    host: 'base',
    method: 'GET',
    path: `${JSON_BASE}/httpc/:stime/:etime/filter/host/:host/port/:port`,
    auth: 'project',
    handle: httpcFiltered,
  },
  recordsRoute('sql', sqlRecords),
  recordsRoute('remote', remoteRecords),
  recordsRoute('transaction', transactionRecords),
  {
    host: 'base',
    method: 'GET',
    path: `${JSON_BASE}/heap_use/:stime/:etime/:merge`,
    auth: 'project',
    handle: heapUse,
  },
  visitorRoute('visitor_5m'),
  visitorRoute('visitor_h'),
  visitorRoute('visitor_d', LIMITS.days31),
  {
    host: 'base',
    method: 'GET',
    path: `${JSON_BASE}/visitor_m/:stime/:etime`,
    auth: 'project',
    handle: visitorMonthly,
  },
];
