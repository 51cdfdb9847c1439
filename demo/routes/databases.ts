// Database monitoring: parameter comparison between two days and SQL statistics top N.
import { DAY, type DemoAgent, type SqlStatCategory, type SqlStatOrder } from '../data/index';
import { badRequest } from '../http/httpError';
import { oneOf, parseDay, parseOids, requireQuery } from '../http/params';
import { projectOf, type RequestContext, type Route } from '../http/route';

function agentOf(ctx: RequestContext, oid: number): DemoAgent {
  const pcode = projectOf(ctx).pcode;
  const agent = ctx.state.data.agent(pcode, oid);
  if (!agent) throw badRequest('param/unknown-oid', `Agent ${oid} is not in project ${pcode}.`);
  return agent;
}

function databaseParams(ctx: RequestContext) {
  const oidText = requireQuery(ctx.query, 'oid', 'agent id');
  if (!/^-?\d{1,10}$/.test(oidText))
    throw badRequest('param/invalid-oid', `oid must be an agent id, got '${oidText}'.`);
  const agent = agentOf(ctx, Number(oidText));
  const baseDay = requireQuery(ctx.query, 'baseTime', 'yyyyMMdd');
  const comparisonDay = requireQuery(ctx.query, 'comparisonTime', 'yyyyMMdd');
  parseDay('baseTime', baseDay);
  parseDay('comparisonTime', comparisonDay);
  const baseTime = ctx.state.data.databaseParams(agent, baseDay);
  const comparisonTime = ctx.state.data.databaseParams(agent, comparisonDay);
  const unmatchedKeys = baseTime.flatMap((base) => {
    const other = comparisonTime.find((c) => c.key === base.key);
    if (other?.value === base.value) return [];
    return [{ key: base.key, value: { baseTime: base.value, comparisonTime: other?.value ?? '' } }];
  });
  return { unmatchedKeys, baseTime, comparisonTime };
}

function topN(text: string | null): number {
  if (text === null || text === '') return 10;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1 || n > 1000) {
    throw badRequest('limit/topN', `topN must be an integer from 1 to 1000, got '${text}'.`);
  }
  return n;
}

function sqlStatQuery(ctx: RequestContext) {
  const q = ctx.query;
  const agents = parseOids('oids', requireQuery(q, 'oids', 'comma-separated agent ids')).map((oid) =>
    agentOf(ctx, oid),
  );
  const period = oneOf('period', requireQuery(q, 'period', 'day or week'), ['day', 'week'] as const, 'day');
  const start = parseDay('date', requireQuery(q, 'date', 'yyyyMMdd'));
  const order = oneOf<SqlStatOrder>(
    'order',
    q.get('order'),
    ['sql_execute_cnt', 'sql_elapse', 'sql_elapse_max'],
    'sql_execute_cnt',
  );
  const category = oneOf<SqlStatCategory>(
    'category',
    q.get('category'),
    ['ALL', 'DB', 'HOST', 'USER'],
    'ALL',
  );
  const name = q.get('nameInCategory') ?? undefined;
  if (category !== 'ALL' && (name === undefined || name === '')) {
    throw badRequest(
      'param/missing',
      `category ${category} needs 'nameInCategory' (the ${category.toLowerCase()} name).`,
    );
  }
  return { agents, days: period === 'week' ? 7 : 1, start, topN: topN(q.get('topN')), order, category, name };
}

function sqlStatistics(ctx: RequestContext) {
  const { agents, days, start, topN: n, order, category, name } = sqlStatQuery(ctx);
  const rows = ctx.state.data.sqlStatistics(agents, start, days, category, name);
  const records = [...rows]
    .sort((a, b) => b[order] - a[order] || a.sqlHash - b.sqlHash)
    .slice(0, n)
    .map((r) => ({
      sql_execute_cnt: r.sql_execute_cnt,
      sql_elapse: r.sql_elapse,
      sql_elapse_max: r.sql_elapse_max,
      sqlHash: r.sqlHash,
      onames: r.onames,
      user: r.user,
      sql: r.sql,
    }));
  return {
    records,
    topN: n,
    total: rows.length,
    retrievedStartTime: start,
    retrievedEndTime: start + days * DAY,
  };
}

export const databaseRoutes: Route[] = [
  {
    host: 'base',
    method: 'GET',
    path: '/open/api/json/db/database_params',
    auth: 'project',
    handle: databaseParams,
  },
  {
    host: 'base',
    method: 'GET',
    path: '/open/api/json/db/statistics/sql',
    auth: 'project',
    handle: sqlStatistics,
  },
];
