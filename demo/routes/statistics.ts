// Statistics over a time range for application monitoring: record lists, heap usage and active users.
// The `{metric}` series live in series.ts because their four path shapes need their own matching.
import { HEAP_USE_RANGE, VISITOR_DAY_RANGE, VISITOR_MONTH_RANGE, type ApiRangeLimit } from '../../api/index';
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
import { checkBuckets } from '../http/caps';
import { badRequest } from '../http/httpError';
import { checkRange, oneOf, parseEpochMs, parseOids } from '../http/params';
import { projectOf, type RequestContext, type Route } from '../http/route';
import { seriesForOids } from './series';

const JSON_BASE = '/open/api/json';

/** stime and etime from the path, checked (and within `limit` when given). */
export function pathRange(
  ctx: RequestContext,
  what: string,
  limit?: ApiRangeLimit,
): { stime: number; etime: number } {
  const stime = parseEpochMs('stime', ctx.params.stime);
  const etime = parseEpochMs('etime', ctx.params.etime);
  checkRange(stime, etime, what, limit);
  return { stime, etime };
}

/**
 * The range context of a records request. The statistics family's `filter` (m5, s5, h1) is validated
 * (records are totals over the range, so the granularity does not change them) and `oid` restricts the
 * records to one agent.
 */
function recordsRange(ctx: RequestContext, stime: number, etime: number): RangeContext {
  oneOf('filter', ctx.query.get('filter'), ['m5', 's5', 'h1'] as const, 'm5');
  const range = ctx.state.data.range(projectOf(ctx).pcode, stime, etime);
  const oidText = ctx.query.get('oid');
  if (oidText === null || oidText === '') return range;
  const [oid] = parseOids('oid', oidText);
  const agent = range.agents.find((a) => a.oid === oid);
  if (!agent)
    throw badRequest('param/unknown-oid', `Agent ${oidText} is not in project ${range.project.pcode}.`);
  return { ...range, agents: [agent] };
}

const FILTER_KEYS = ['caller_pcode', 'caller_spec', 'caller_url', 'spec', 'url'] as const;

/**
 * The call-statistics condition (`filterkey` + `filterval`), checked as the spec describes. A url or
 * caller_url condition (base64) keeps the records of that service; the version and caller-project
 * conditions have no counterpart in the demo data and keep every record.
 */
function callFilter(ctx: RequestContext): ((service: string) => boolean) | undefined {
  const key = ctx.query.get('filterkey');
  const value = ctx.query.get('filterval');
  if ((key === null || key === '') && (value === null || value === '')) return undefined;
  if (key === null || key === '' || value === null || value === '') {
    throw badRequest('param/missing', 'filterkey and filterval go together; give both or neither.');
  }
  const filterKey = oneOf('filterkey', key, FILTER_KEYS, 'url');
  if (filterKey !== 'url' && filterKey !== 'caller_url') return undefined;
  const url = Buffer.from(value, 'base64').toString('utf8');
  // Plain text such as '/api/orders' also passes Node's lenient decoder, so require an exact round trip.
  const unpadded = value.replace(/=+$/, '');
  const encoded = Buffer.from(url, 'utf8');
  if (
    url === '' ||
    (encoded.toString('base64').replace(/=+$/, '') !== unpadded && encoded.toString('base64url') !== unpadded)
  ) {
    throw badRequest(
      'param/invalid-value',
      `filterval must be base64-encoded when filterkey is ${filterKey}.`,
    );
  }
  return (service) => service === url;
}

function hasService(record: object): record is { service: string } {
  return typeof (record as { service?: unknown }).service === 'string';
}

/**
 * A project's route at `/open/api/json/<name>/:stime/:etime` (and `more` path after it): `answer` gets
 * the range once it is checked against `limit`.
 */
function rangeRoute(
  name: string,
  answer: (ctx: RequestContext, range: { stime: number; etime: number }) => object,
  options: { more?: string; limit?: ApiRangeLimit } = {},
): Route {
  return {
    host: 'base',
    method: 'GET',
    path: `${JSON_BASE}/${name}/:stime/:etime${options.more ?? ''}`,
    auth: 'project',
    handle: (ctx) => answer(ctx, pathRange(ctx, name, options.limit)),
  };
}

function recordsRoute(name: string, build: (range: RangeContext) => object[]): Route {
  return rangeRoute(name, (ctx, { stime, etime }) => {
    const keep = callFilter(ctx);
    const all = build(recordsRange(ctx, stime, etime));
    const records = keep ? all.filter((r) => !hasService(r) || keep(r.service)) : all;
    return { records, total: records.length };
  });
}

function httpcFiltered(ctx: RequestContext, { stime, etime }: { stime: number; etime: number }) {
  const port = Number(ctx.params.port);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw badRequest(
      'param/invalid-port',
      `port must be an integer 1..65535, got '${ctx.params.port ?? ''}'.`,
    );
  }
  const host = ctx.params.host ?? '';
  const records = httpcRecords(recordsRange(ctx, stime, etime), { host, port });
  return { records, total: records.length };
}

function heapUse(ctx: RequestContext) {
  const merge = ctx.params.merge ?? '';
  // heap_use/{stime}/{etime}/{oids} is the generic listed-agents series of the heap_use metric.
  if (merge !== 'avg' && merge !== 'max') return seriesForOids(ctx, 'heap_use', merge, false);
  const { stime, etime } = pathRange(ctx, 'heap_use', HEAP_USE_RANGE);
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

function visitorRoute(name: keyof typeof VISITOR_WINDOWS, limit?: ApiRangeLimit): Route {
  const answer = (ctx: RequestContext, { stime, etime }: { stime: number; etime: number }) => {
    checkBuckets(name, stime, etime, VISITOR_WINDOWS[name]);
    const pcode = projectOf(ctx).pcode;
    const agents = ctx.state.data.agentsOf(pcode);
    const data = visitorPoints(ctx.state.data.seed, agents, stime, etime, VISITOR_WINDOWS[name]);
    return { data, pcode, stime, etime, total: data.length };
  };
  return rangeRoute(name, answer, limit ? { limit } : {});
}

function visitorMonthly(ctx: RequestContext, { stime, etime }: { stime: number; etime: number }) {
  const pcode = projectOf(ctx).pcode;
  const data = monthlyVisitors(ctx.state.data.seed, ctx.state.data.agentsOf(pcode), stime, etime);
  return { data, pcode, stime, etime, sdate: isoDate(stime), edate: isoDate(etime - 1), total: data.length };
}

export const statisticsRoutes: Route[] = [
  recordsRoute('exception', exceptionRecords),
  recordsRoute('httpc', (range) => httpcRecords(range)),
  rangeRoute('httpc', httpcFiltered, { more: '/filter/host/:host/port/:port' }),
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
  visitorRoute('visitor_d', VISITOR_DAY_RANGE),
  rangeRoute('visitor_m', visitorMonthly, { limit: VISITOR_MONTH_RANGE }),
];
