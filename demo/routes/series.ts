// `{metric}` series: per agent for all agents, averaged, for listed agents, averaged over listed agents.
// The interval follows the `filter` parameter (m5 default, s5, h1), coarsened for old or very long ranges
// so a response never carries more than MAX_POINTS points per agent.
import {
  METRICS,
  coarsenFor,
  METRIC_NAMES,
  isMetricName,
  mergeSeries,
  type DemoAgent,
  type MetricName,
} from '../data/index';
import { checkBuckets } from '../http/caps';
import { HttpError, badRequest } from '../http/httpError';
import { checkRange, oneOf, parseEpochMs, parseOids } from '../http/params';
import { projectOf, type RequestContext, type Route } from '../http/route';

const FILTER_STEPS = { m5: 300_000, s5: 5_000, h1: 3_600_000 } as const;
const MAX_POINTS = 20_000;

function metricOf(ctx: RequestContext): MetricName {
  const name = ctx.params.metric ?? '';
  if (!isMetricName(name)) {
    throw new HttpError(
      404,
      'not-found/metric',
      `No statistics named '${name}'. Known metrics: ${METRIC_NAMES.join(', ')}.`,
    );
  }
  return name;
}

function stepOf(ctx: RequestContext, stime: number, etime: number): number {
  const filter = oneOf('filter', ctx.query.get('filter'), ['m5', 's5', 'h1'] as const, 'm5');
  const step = ctx.state.data.stepFor(FILTER_STEPS[filter], stime);
  return coarsenFor(step, etime - stime, MAX_POINTS);
}

function selectAgents(ctx: RequestContext, oidsText: string | undefined): DemoAgent[] {
  const data = ctx.state.data;
  const pcode = projectOf(ctx).pcode;
  const oidQuery = ctx.query.get('oid');
  const text = oidsText ?? (oidQuery === null || oidQuery === '' ? undefined : oidQuery);
  if (text === undefined) return data.agentsOf(pcode);
  return parseOids(oidsText === undefined ? 'oid' : 'oids', text).map((oid) => {
    const agent = data.agent(pcode, oid);
    if (!agent) throw badRequest('param/unknown-oid', `Agent ${oid} is not in project ${pcode}.`);
    return agent;
  });
}

function respond(ctx: RequestContext, metric: MetricName, oidsText: string | undefined, average: boolean) {
  const stime = parseEpochMs('stime', ctx.params.stime);
  const etime = parseEpochMs('etime', ctx.params.etime);
  checkRange(stime, etime, metric);
  const step = stepOf(ctx, stime, etime);
  checkBuckets(metric, stime, etime, step);
  const pcode = projectOf(ctx).pcode;
  const agents = selectAgents(ctx, oidsText);
  const seriesOf = (a: DemoAgent) => ctx.state.data.series(pcode, a.oid, metric, stime, etime, step);
  const head = { pcode, type: metric, stime, etime, interval: step / 1000, timeMerge: METRICS[metric].merge };
  if (average) return { ...head, objectMerge: 'avg', series: mergeSeries(agents.map(seriesOf), 'avg') };
  // Every selected agent is present; one that was silent for part of the range simply has fewer points.
  return { ...head, objects: agents.map((a) => ({ oname: a.oname, oid: a.oid, series: seriesOf(a) })) };
}

/** Listed-agents series of a metric (also used by heap_use/{stime}/{etime}/{oids}). */
export function seriesForOids(ctx: RequestContext, metric: MetricName, oids: string, average: boolean) {
  return respond(ctx, metric, oids, average);
}

const BASE = '/open/api/json/:metric/:stime/:etime';

export const seriesRoutes: Route[] = [
  {
    host: 'base',
    method: 'GET',
    path: BASE,
    auth: 'project',
    handle: (ctx) => respond(ctx, metricOf(ctx), undefined, false),
  },
  {
    host: 'base',
    method: 'GET',
    path: `${BASE}/avg`,
    auth: 'project',
    handle: (ctx) => respond(ctx, metricOf(ctx), undefined, true),
  },
  {
    host: 'base',
    method: 'GET',
    path: `${BASE}/avg/:oids`,
    auth: 'project',
    handle: (ctx) => respond(ctx, metricOf(ctx), ctx.params.oids, true),
  },
  {
    host: 'base',
    method: 'GET',
    path: `${BASE}/:oids`,
    auth: 'project',
    handle: (ctx) => respond(ctx, metricOf(ctx), ctx.params.oids, false),
  },
];
