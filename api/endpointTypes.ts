// The parameter and response type of every endpoint id of endpoints.ts. `OpenApiClient` maps each
// id to one typed function; the compile-time list `endpointIdList` keeps this file and the table
// in step (a test compares it with the table).
import type * as T from './types';

export interface RangeParams {
  stime: T.Time;
  etime: T.Time;
}
/** The statistics family's range guide: resolution, one agent, call-statistics condition. */
export interface StatisticsParams extends RangeParams {
  filter?: T.StatisticsFilter;
  oid?: number;
  filterkey?: T.CallFilterKey;
  /** Plain text; the client base64-encodes it when `filterkey` is caller_url or url. */
  filterval?: string;
}
export interface MetricParams extends StatisticsParams {
  metric: string;
}
export interface RawTagParams extends RangeParams {
  /** Merge strategy; defaults to avg. */
  timeMerge?: string;
}
export interface MxqlTextParams extends RangeParams {
  mql: string;
  limit: number;
  inject?: Record<string, string>;
  param?: Record<string, string>;
}
export type MxqlPathParams = Omit<MxqlTextParams, 'param'>;
type None = Record<string, never>;
type SpotNumber = T.SpotValue<string>;

export interface EndpointParams {
  projects: None;
  project: None;
  smProject: None;
  agents: None;
  projectMembers: { projectCode: number };
  groups: None;
  groupMembers: { groupKey: string };
  groupProjects: { groupKey: string };
  agentList: { stime: number | string | Date; etime: number | string | Date };
  svcActAgent: None;
  svcInactAgent: None;
  svcHost: None;
  svcCpucore: None;
  infraCpu: None;
  infraDiskIops: None;
  infraNetTraffic: None;
  infraProc: None;
  smServers: None;
  sm: None;
  spot: None;
  spotActAgent: None;
  spotInactAgent: None;
  spotHost: None;
  spotCpucore: None;
  spotTxcount: None;
  spotTps: None;
  spotUser: None;
  spotActx: None;
  spotRtime: None;
  spotCpu: None;
  spotApdex: None;
  exception: StatisticsParams;
  httpc: StatisticsParams;
  httpcFiltered: StatisticsParams & { host: string; port: number };
  sql: StatisticsParams;
  remote: StatisticsParams;
  transaction: StatisticsParams;
  heapUse: StatisticsParams & { merge?: 'avg' | 'max' };
  metricSeries: MetricParams;
  metricSeriesAvg: MetricParams;
  metricSeriesAgents: MetricParams & { oids: T.Oids };
  metricSeriesAgentsAvg: MetricParams & { oids: T.Oids };
  visitor5m: StatisticsParams;
  visitorH: StatisticsParams;
  visitorD: StatisticsParams;
  visitorM: StatisticsParams;
  smStat: RangeParams & { filter?: T.StatisticsFilter; oid?: number };
  rawTagTps: RawTagParams;
  rawTagRespTime: RawTagParams;
  rawTagCpu: RawTagParams;
  dbPool: RawTagParams;
  dbPoolShort: { etime: T.Time; stime?: T.Time; timeMerge?: string };
  ipSearch: { stime: T.Time; ip: string };
  dbParams: { oid: number; baseTime: string; comparisonTime: string };
  sqlStatTopN: {
    oids: T.Oids;
    period: 'day' | 'week';
    date: string;
    topN?: number;
    order?: 'sql_execute_cnt' | 'sql_elapse' | 'sql_elapse_max';
    category?: 'ALL' | 'DB' | 'HOST' | 'USER';
    nameInCategory?: string;
  };
  mxqlText: MxqlTextParams;
  mxqlPath: MxqlPathParams;
}

export interface EndpointResponses {
  projects: T.ProjectsResponse;
  project: T.Project;
  smProject: T.SmProjectResponse;
  agents: { data: T.AgentStatus[] };
  projectMembers: T.DataList<T.ProjectMember>;
  groups: T.DataList<T.Group>;
  groupMembers: T.DataList<T.Group>;
  groupProjects: { data: T.GroupProject[] };
  agentList: T.AgentListResponse;
  svcActAgent: SpotNumber;
  svcInactAgent: SpotNumber;
  svcHost: SpotNumber;
  svcCpucore: SpotNumber;
  infraCpu: T.SpotValue<Record<string, number>>;
  infraDiskIops: T.SpotValue<Record<string, { bps: number; iops: number }>>;
  infraNetTraffic: T.SpotValue<Record<string, number>>;
  infraProc: T.SpotValue<Record<string, T.InfraProcess[]>>;
  smServers: T.SpotValue<T.SmServerListItem[]>;
  sm: T.SpotValue<T.SmValues>;
  spot: T.SpotResponse;
  spotActAgent: number;
  spotInactAgent: number;
  spotHost: number;
  spotCpucore: number;
  spotTxcount: number;
  spotTps: number;
  spotUser: number;
  spotActx: number;
  spotRtime: number;
  spotCpu: number;
  spotApdex: number;
  exception: T.Records<T.ExceptionRecord>;
  httpc: T.Records<T.HttpcRecord>;
  httpcFiltered: T.Records<T.HttpcFilteredRecord>;
  sql: T.Records<T.SqlRecord>;
  remote: T.Records<T.RemoteRecord>;
  transaction: T.Records<T.TransactionRecord>;
  heapUse: T.HeapUseResponse;
  metricSeries: T.MetricSeriesResponse;
  metricSeriesAvg: T.MetricSeriesAvgResponse;
  metricSeriesAgents: T.MetricSeriesResponse;
  metricSeriesAgentsAvg: T.MetricSeriesAvgResponse;
  visitor5m: T.VisitorSeriesResponse;
  visitorH: T.VisitorSeriesResponse;
  visitorD: T.VisitorSeriesResponse;
  visitorM: T.VisitorMonthResponse;
  smStat: T.SmStatResponse;
  rawTagTps: number;
  rawTagRespTime: number;
  rawTagCpu: number;
  dbPool: T.DbPoolResponse;
  dbPoolShort: T.DbPoolResponse;
  ipSearch: T.IpSearchResponse;
  dbParams: T.DbParamsResponse;
  sqlStatTopN: T.SqlStatTopNResponse;
  mxqlText: T.MxqlRow[];
  mxqlPath: T.MxqlRow[];
}

export type EndpointId = keyof EndpointResponses & keyof EndpointParams;

const ids: Record<EndpointId, true> = {
  projects: true,
  project: true,
  smProject: true,
  agents: true,
  projectMembers: true,
  groups: true,
  groupMembers: true,
  groupProjects: true,
  agentList: true,
  svcActAgent: true,
  svcInactAgent: true,
  svcHost: true,
  svcCpucore: true,
  infraCpu: true,
  infraDiskIops: true,
  infraNetTraffic: true,
  infraProc: true,
  smServers: true,
  sm: true,
  spot: true,
  spotActAgent: true,
  spotInactAgent: true,
  spotHost: true,
  spotCpucore: true,
  spotTxcount: true,
  spotTps: true,
  spotUser: true,
  spotActx: true,
  spotRtime: true,
  spotCpu: true,
  spotApdex: true,
  exception: true,
  httpc: true,
  httpcFiltered: true,
  sql: true,
  remote: true,
  transaction: true,
  heapUse: true,
  metricSeries: true,
  metricSeriesAvg: true,
  metricSeriesAgents: true,
  metricSeriesAgentsAvg: true,
  visitor5m: true,
  visitorH: true,
  visitorD: true,
  visitorM: true,
  smStat: true,
  rawTagTps: true,
  rawTagRespTime: true,
  rawTagCpu: true,
  dbPool: true,
  dbPoolShort: true,
  ipSearch: true,
  dbParams: true,
  sqlStatTopN: true,
  mxqlText: true,
  mxqlPath: true,
};
/** Every typed endpoint id (checked against the table by a test). */
export const endpointIdList = Object.keys(ids) as EndpointId[];
