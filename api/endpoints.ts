// The Open API as data: one row per endpoint of the specification. The typed client, the CLI's
// `mxql api`, the explorer's "Open API Request…" command and the parameter validators are all
// generated from this table, so a new endpoint is one new row (plus its response type in types.ts).
import {
  stime,
  etime,
  filter,
  oneOid,
  statisticsQuery,
  timeMerge,
  metric,
  oidsPath,
  groupKey,
  mxqlBody,
} from './endpointParams';
import type { EndpointSpec, ParamSpec } from './endpointSpec';
import {
  AGENT_LIST_RANGE,
  HEAP_USE_RANGE,
  IP_SEARCH_MAX_URLS,
  IP_SEARCH_WINDOW,
  MXQL_RANGE,
  SM_STAT_RANGE,
  SQL_TOP_N,
  VISITOR_DAY_RANGE,
  VISITOR_MONTH_RANGE,
  type ApiRangeLimit,
} from '../common/limits';

export { EndpointGroups } from './endpointSpec';
export type {
  BodyShape,
  EndpointGroup,
  EndpointSpec,
  ParamSpec,
  ParamType,
  RangeLimit,
} from './endpointSpec';

type Row = Omit<EndpointSpec, 'params' | 'body' | 'retryable' | 'response'> &
  Partial<Pick<EndpointSpec, 'params' | 'body' | 'retryable' | 'response'>>;

function row(r: Row): EndpointSpec {
  return { params: [], body: 'none', retryable: true, response: 'json', ...r };
}
const meta = (
  id: string,
  path: string,
  auth: 'account' | 'project',
  title: string,
  extra: Partial<Row> = {},
) => row({ id, group: 'meta', method: 'GET', host: 'base', path, auth, title, ...extra });
const spotService = (id: string, name: string, title: string, extra: Partial<Row> = {}) =>
  row({
    id,
    group: 'spotService',
    method: 'GET',
    host: 'service',
    path: `/open/json/${name}`,
    auth: 'project',
    title,
    ...extra,
  });
const spotMain = (id: string, name: string, title: string) =>
  row({
    id,
    group: 'spotMain',
    method: 'GET',
    host: 'base',
    path: `/open/api/${name}`,
    auth: 'project',
    title,
    response: 'number',
  });
/**
 * A statistics endpoint: its `{stime}`/`{etime}` path range between the parameters `before` and
 * `after`, then the family's query options; a range limit is named in its title.
 */
const stat = (
  id: string,
  path: string,
  title: string,
  {
    before = [],
    after = [],
    limit,
  }: { before?: ParamSpec[]; after?: ParamSpec[]; limit?: ApiRangeLimit } = {},
) =>
  row({
    id,
    group: 'statistics',
    method: 'GET',
    host: 'base',
    path: `/open/api/json/${path}`,
    auth: 'project',
    title: limit ? `${title} (at most ${limit.span})` : title,
    params: [...before, stime(), etime(), ...after, ...statisticsQuery],
    ...(limit ? { limit } : {}),
  });
const rangeStat = (id: string, name: string, title: string) => stat(id, `${name}/{stime}/{etime}`, title);
const rawTag = (id: string, path: string, title: string, response: 'json' | 'number') =>
  row({
    id,
    group: 'rawTag',
    method: 'GET',
    host: 'base',
    path,
    auth: 'project',
    title,
    response,
    params: [stime('query'), etime('query'), timeMerge],
  });

/** Every endpoint of the specification, in its order. */
export const endpoints: readonly EndpointSpec[] = [
  meta('projects', '/open/api/json/projects', 'account', 'Projects of the account'),
  meta('project', '/open/api/json/project', 'project', 'The project (application monitoring)'),
  meta(
    'smProject',
    '/open/api/json/projects',
    'project',
    'The project with its servers (server monitoring)',
    {
      example: { path: '/open/api/json/project', host: 'base' },
    },
  ),
  meta('agents', '/open/json/agents', 'project', 'Agents and their status'),
  meta('projectMembers', '/open/api/json/project/{projectCode}/members', 'account', 'Members of a project', {
    params: [{ name: 'projectCode', in: 'path', type: 'integer', required: true, title: 'Project code' }],
  }),
  meta('groups', '/open/api/json/groups', 'account', 'Groups of the account', {
    example: { path: '/open/api/v2/json/groups', host: 'base' },
  }),
  meta('groupMembers', '/open/api/json/group/{groupKey}/members', 'account', 'Members of a group', {
    params: [groupKey],
  }),
  meta('groupProjects', '/open/api/json/group/{groupKey}/projects', 'account', 'Projects of a group', {
    params: [groupKey],
  }),
  meta('agentList', '/open/api/v2/agent/list', 'project', 'Agents seen in a period (at most one day)', {
    method: 'POST',
    body: 'flat',
    params: [
      {
        ...stime('body'),
        type: 'agentTime',
        title: 'Start (epoch ms, yyyyMMddHHmmss, yyyyMMddHHmm, MMddHHmmss, MMddHHmm)',
      },
      {
        ...etime('body'),
        type: 'agentTime',
        title: 'End (epoch ms, yyyyMMddHHmmss, yyyyMMddHHmm, MMddHHmmss, MMddHHmm)',
      },
    ],
    limit: AGENT_LIST_RANGE,
  }),

  spotService('svcActAgent', 'act_agent', 'Active agent count (second host)'),
  spotService('svcInactAgent', 'inact_agent', 'Inactive agent count (second host)'),
  spotService('svcHost', 'host', 'Host count (second host)'),
  spotService('svcCpucore', 'cpucore', 'Sum of CPU cores of the hosts (second host)'),
  spotService('infraCpu', 'infra_cpu', 'CPU utilization per server', {
    example: { path: '/open/json/infra_cpu', host: 'base' },
  }),
  spotService('infraDiskIops', 'infra_disk_iops', 'Disk bps and IOPS per server'),
  spotService('infraNetTraffic', 'infra_net_traffic', 'Network traffic per server'),
  spotService('infraProc', 'infra_proc', 'Processes per server'),
  spotService('smServers', 'sm_servers', 'Servers of the project'),
  spotService('sm', 'sm', 'Server snapshots, maxima and counts'),

  row({
    id: 'spot',
    group: 'spotMain',
    method: 'GET',
    host: 'base',
    path: '/open/api/json/spot',
    auth: 'project',
    title: 'All spot values in one object',
  }),
  spotMain('spotActAgent', 'act_agent', 'Active agent count'),
  spotMain('spotInactAgent', 'inact_agent', 'Inactive agent count'),
  spotMain('spotHost', 'host', 'Host count'),
  spotMain('spotCpucore', 'cpucore', 'Sum of CPU cores'),
  spotMain('spotTxcount', 'txcount', 'Transaction count'),
  spotMain('spotTps', 'tps', 'Transactions per second'),
  spotMain('spotUser', 'user', 'Active users over the last 5 minutes'),
  spotMain('spotActx', 'actx', 'Active transaction count'),
  spotMain('spotRtime', 'rtime', 'Average response time'),
  spotMain('spotCpu', 'cpu', 'Average CPU utilization'),
  spotMain('spotApdex', 'apdex', 'Apdex'),

  rangeStat('exception', 'exception', 'Exceptions'),
  rangeStat('httpc', 'httpc', 'Outbound HTTP calls'),
  stat(
    'httpcFiltered',
    'httpc/{stime}/{etime}/filter/host/{host}/port/{port}',
    'Outbound HTTP calls to one host and port',
    {
      after: [
        { name: 'host', in: 'path', type: 'string', required: true, title: 'Called host' },
        {
          name: 'port',
          in: 'path',
          type: 'integer',
          required: true,
          min: 1,
          max: 65535,
          title: 'Called port',
        },
      ],
    },
  ),
  rangeStat('sql', 'sql', 'SQL statements'),
  rangeStat('remote', 'remote', 'Client IPs'),
  rangeStat('transaction', 'transaction', 'Transactions'),
  stat('heapUse', 'heap_use/{stime}/{etime}/{merge}', 'Heap usage per agent', {
    after: [
      {
        name: 'merge',
        in: 'path',
        type: 'string',
        required: true,
        values: ['avg', 'max'],
        default: 'avg',
        title: 'Merge: avg or max',
      },
    ],
    limit: HEAP_USE_RANGE,
  }),
  stat('metricSeries', '{metric}/{stime}/{etime}', 'A metric per agent, all agents', { before: [metric] }),
  stat('metricSeriesAvg', '{metric}/{stime}/{etime}/avg', 'A metric averaged over all agents', {
    before: [metric],
  }),
  stat('metricSeriesAgents', '{metric}/{stime}/{etime}/{oids}', 'A metric per agent, listed agents', {
    before: [metric],
    after: [oidsPath],
  }),
  stat(
    'metricSeriesAgentsAvg',
    '{metric}/{stime}/{etime}/avg/{oids}',
    'A metric averaged over the listed agents',
    { before: [metric], after: [oidsPath] },
  ),
  rangeStat('visitor5m', 'visitor_5m', 'Active users per 5 minutes'),
  rangeStat('visitorH', 'visitor_h', 'Active users per hour'),
  stat('visitorD', 'visitor_d/{stime}/{etime}', 'Unique users per day', { limit: VISITOR_DAY_RANGE }),
  stat('visitorM', 'visitor_m/{stime}/{etime}', 'Unique users per month', { limit: VISITOR_MONTH_RANGE }),

  row({
    id: 'smStat',
    group: 'serverStatistics',
    method: 'GET',
    host: 'service',
    path: '/open/json/stat/sm_stat',
    auth: 'project',
    title: `Server statistics (at most ${SM_STAT_RANGE.span})`,
    params: [stime('query'), etime('query'), filter, { ...oneOid, title: 'Restrict to one server (oid)' }],
    limit: SM_STAT_RANGE,
  }),

  rawTag('rawTagTps', '/open/api/raw/tag/app_counter/tps', 'Project TPS', 'number'),
  rawTag(
    'rawTagRespTime',
    '/open/api/raw/tag/app_counter/resp_time',
    'Project average response time',
    'number',
  ),
  rawTag('rawTagCpu', '/open/api/raw/tag/app_host_resource/cpu', 'Project average CPU utilization', 'number'),
  rawTag('dbPool', '/open/api/tag/db_pool_detail/dbconn', 'DB connection pools per agent', 'json'),
  row({
    id: 'dbPoolShort',
    group: 'rawTag',
    method: 'GET',
    host: 'base',
    path: '/open/json/tag/db_pool_detail/dbconn',
    example: { path: '/open/api/json/tag/db_pool_detail/dbconn', host: 'base' },
    auth: 'project',
    title: 'DB connection pools per agent (short-term)',
    params: [{ ...stime('query'), required: false }, etime('query'), { ...timeMerge, required: false }],
  }),

  row({
    id: 'ipSearch',
    group: 'ipSearch',
    method: 'POST',
    host: 'base',
    path: '/open/api/v2/yard/flush',
    auth: 'project',
    body: 'ipSearch',
    title: `Transactions of a client IP over one hour from stime (at most ${IP_SEARCH_MAX_URLS} URLs)`,
    window: IP_SEARCH_WINDOW,
    params: [
      { ...stime('body'), title: 'Start time (epoch ms); the search covers one hour from it' },
      { name: 'ip', in: 'body', type: 'string', required: true, title: 'Client IP' },
    ],
  }),

  row({
    id: 'dbParams',
    group: 'database',
    method: 'GET',
    host: 'base',
    path: '/open/api/json/db/database_params',
    auth: 'project',
    title: 'Database parameters compared between two days',
    params: [
      { name: 'oid', in: 'query', type: 'integer', required: true, title: 'Database agent id (oid)' },
      { name: 'baseTime', in: 'query', type: 'date', required: true, title: 'Reference day (yyyyMMdd)' },
      {
        name: 'comparisonTime',
        in: 'query',
        type: 'date',
        required: true,
        title: 'Comparison day (yyyyMMdd)',
      },
    ],
  }),
  row({
    id: 'sqlStatTopN',
    group: 'database',
    method: 'GET',
    host: 'base',
    path: '/open/api/json/db/statistics/sql',
    auth: 'project',
    title: 'SQL statistics top N',
    params: [
      {
        name: 'oids',
        in: 'query',
        type: 'oids',
        required: true,
        title: 'Database agent ids (comma-separated)',
      },
      {
        name: 'period',
        in: 'query',
        type: 'string',
        required: true,
        values: ['day', 'week'],
        title: 'Period: day or week',
      },
      { name: 'date', in: 'query', type: 'date', required: true, title: 'Day (yyyyMMdd)' },
      {
        name: 'topN',
        in: 'query',
        type: 'integer',
        required: false,
        min: SQL_TOP_N.min,
        max: SQL_TOP_N.max,
        default: SQL_TOP_N.default,
        title: `Top N (${SQL_TOP_N.min} to ${SQL_TOP_N.max})`,
      },
      {
        name: 'order',
        in: 'query',
        type: 'string',
        required: false,
        values: ['sql_execute_cnt', 'sql_elapse', 'sql_elapse_max'],
        default: 'sql_execute_cnt',
        title: 'Order by',
      },
      {
        name: 'category',
        in: 'query',
        type: 'string',
        required: false,
        values: ['ALL', 'DB', 'HOST', 'USER'],
        default: 'ALL',
        title: 'Category',
      },
      {
        name: 'nameInCategory',
        in: 'query',
        type: 'string',
        required: false,
        title: 'Name within the category',
      },
    ],
  }),

  row({
    id: 'mxqlText',
    group: 'mxql',
    method: 'POST',
    host: 'base',
    path: '/open/api/flush/mxql/text',
    auth: 'project',
    body: 'mxql',
    title: `Run an MXQL query text (at most ${MXQL_RANGE.span})`,
    params: mxqlBody('MXQL query text', true),
    limit: MXQL_RANGE,
  }),
  row({
    id: 'mxqlPath',
    group: 'mxql',
    method: 'POST',
    host: 'base',
    path: '/open/api/flush/mxql/path',
    auth: 'project',
    body: 'mxql',
    title: `Run a predefined MXQL query by path (at most ${MXQL_RANGE.span})`,
    params: mxqlBody('Predefined query path, e.g. /app/act_tx/act_tx_oid', false),
    limit: MXQL_RANGE,
  }),
];

/** The spot values the main host also serves as bare numbers at `/open/api/<name>`, by name. */
export const BARE_SPOT_VALUES: readonly string[] = endpoints
  .filter((e) => e.group === 'spotMain' && e.response === 'number')
  .map((e) => e.path.slice('/open/api/'.length));

const byId = new Map(endpoints.map((e) => [e.id, e]));

/** The endpoint with this id, or undefined. */
export function findEndpoint(id: string): EndpointSpec | undefined {
  return byId.get(id);
}
