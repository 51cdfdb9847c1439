// Project statistics through the raw tag endpoints (bare numbers) and DB connection pool counts.
import {
  FINE_STEP,
  bucketTimes,
  coarsenFor,
  combine,
  round,
  type DemoData,
  type MetricName,
} from '../data/index';
import { badRequest } from '../http/httpError';
import { checkRange, oneOf, parseEpochMs, requireQuery } from '../http/params';
import { projectOf, type RequestContext, type Route } from '../http/route';

const TIME_MERGES = ['avg', 'sum', 'max', 'min'] as const;
const MAX_BUCKETS = 2_000;

/** Project-level value per bucket (sum or average over agents), then merged over time by timeMerge. */
function projectValue(
  ctx: RequestContext,
  metric: MetricName,
  overAgents: 'sum' | 'avg',
  decimals: number,
): number {
  const stime = parseEpochMs('stime', requireQuery(ctx.query, 'stime', 'epoch milliseconds'));
  const etime = parseEpochMs('etime', requireQuery(ctx.query, 'etime', 'epoch milliseconds'));
  checkRange(stime, etime, 'raw tag statistics');
  const timeMerge = oneOf('timeMerge', ctx.query.get('timeMerge'), TIME_MERGES, 'avg');
  const data = ctx.state.data;
  const step = coarsenFor(data.stepFor(FINE_STEP, stime), etime - stime, MAX_BUCKETS);
  const agents = data.agentsOf(projectOf(ctx).pcode);
  const perBucket = bucketTimes(stime, etime, step).flatMap((t) => {
    const values = agents.flatMap((a) => {
      const v = data.value(a, metric, t, step);
      return v === null ? [] : [v];
    });
    return values.length ? [combine(values, overAgents)] : [];
  });
  return round(combine(perBucket, timeMerge), decimals);
}

function poolTime(ctx: RequestContext, data: DemoData): number {
  const etimeText = ctx.query.get('etime');
  const stimeText = ctx.query.get('stime');
  const etime = etimeText === null || etimeText === '' ? data.now() : parseEpochMs('etime', etimeText);
  if (stimeText !== null && stimeText !== '') checkRange(parseEpochMs('stime', stimeText), etime, 'dbconn');
  const timeMerge = ctx.query.get('timeMerge');
  if (timeMerge !== null && timeMerge !== '') oneOf('timeMerge', timeMerge, TIME_MERGES, 'avg');
  if (etime <= 0) throw badRequest('param/invalid-time', 'etime must be a positive epoch millisecond value.');
  return Math.floor(etime / FINE_STEP) * FINE_STEP - FINE_STEP;
}

function dbPool(ctx: RequestContext) {
  const data = ctx.state.data;
  const pcode = projectOf(ctx).pcode;
  const time = poolTime(ctx, data);
  return { pcode, time, dbc_total: data.dbPools(pcode, time) };
}

function rawTag(path: string, handle: (ctx: RequestContext) => number): Route {
  return { host: 'base', method: 'GET', path, auth: 'project', handle };
}

export const tagRoutes: Route[] = [
  rawTag('/open/api/raw/tag/app_counter/tps', (ctx) => projectValue(ctx, 'tps', 'sum', 2)),
  rawTag('/open/api/raw/tag/app_counter/resp_time', (ctx) => projectValue(ctx, 'resp_time', 'avg', 1)),
  rawTag('/open/api/raw/tag/app_host_resource/cpu', (ctx) => projectValue(ctx, 'cpu', 'avg', 2)),
  {
    host: 'base',
    method: 'GET',
    path: '/open/api/tag/db_pool_detail/dbconn',
    auth: 'project',
    handle: dbPool,
  },
  // Short-term variant and the path of its example request.
  {
    host: 'base',
    method: 'GET',
    path: '/open/json/tag/db_pool_detail/dbconn',
    auth: 'project',
    handle: dbPool,
  },
  {
    host: 'base',
    method: 'GET',
    path: '/open/api/json/tag/db_pool_detail/dbconn',
    auth: 'project',
    handle: dbPool,
  },
];
