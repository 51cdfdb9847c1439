// Request parameters and response shapes of every endpoint, field for field as the specification
// lists them. Fields the specification marks as strings holding numbers stay strings here: the
// client does not reinterpret the service's data, it only types it.

/** An epoch-milliseconds time; a Date is accepted and converted. */
export type Time = number | Date;
/** Agent ids: an array, or a comma-separated string. */
export type Oids = readonly number[] | string;
export type StatisticsFilter = 'm5' | 's5' | 'h1';
export type CallFilterKey = 'caller_pcode' | 'caller_spec' | 'caller_url' | 'spec' | 'url';
export type ProjectStatus =
  | 'pending'
  | 'trial'
  | 'subscribe'
  | 'close_pending'
  | 'limited'
  | 'closed'
  | 'trial_limited'
  | (string & {});

export interface DataList<T> {
  data: T[];
  total: number;
}
export interface Records<T> {
  records: T[];
  total: number;
}

export interface ProjectItem {
  groupName: string;
  projectCode: number;
  projectName: string;
  createTime: string;
  lastUpdatedTime: string;
  status: ProjectStatus;
  productType: string;
  platform: string;
  gatewayName: string;
  apiToken: string;
}
export interface ProjectsResponse extends DataList<ProjectItem> {
  accountEmail: string;
}
export interface Project {
  platform: string;
  createTime: string;
  projectCode: number;
  status: ProjectStatus;
  lastUpdatedTime: string;
  productType: string;
  name: string;
  gatewayName: string;
}
export interface ServerItem {
  public_ip: string;
  os_cpuvendor: string;
  agent_created: string;
  ip: string;
  os_arch: string;
  actTime: number;
  cpu_cores: string;
  oid: number;
  isActive: boolean;
  okind: string;
  version: string;
  tags: string[];
  inactTime: number;
  oname: string;
  os_name: string;
  startTime: number;
  os_memory: string;
  os_status: string;
}
export interface SmProjectResponse {
  pname: string;
  timezone: number;
  regionName: string;
  values: { servers: ServerItem[] };
}
export interface AgentStatus {
  host_ip: string;
  oname: string;
  active: boolean;
}
export interface ProjectMember {
  email: string;
  name: string;
  typeKey: string;
  typeName: string;
}
export interface Group {
  groupName: string;
  groupKey: string;
  description: string;
}
export interface GroupProject {
  projectCode: number;
  name: string;
  status: ProjectStatus;
  productType: string;
  platform: string;
  gatewayName: string;
}
export interface AgentItem {
  oid: number;
  oname: string;
  alias: string;
  initial: string;
  otype: string;
  subtype: string;
  active: boolean;
  okind: number;
  okindName: string;
  onode: number;
  onodeName: string;
  ip: string;
  'agent.version': string;
  cpuCores: number;
}
export interface AgentListResponse {
  stime: number;
  etime: number;
  timestamp: number;
  data: AgentItem[];
}

export interface SpotValue<V> {
  pname: string;
  values: V;
}
export interface InfraProcess {
  memoryBytes: number;
  bps: number;
  cmd1: string;
  cpu: number;
}
export interface SmServerListItem {
  'os.status': string;
  oname: string;
  'os.name': string;
  oid: number;
  isActive: boolean;
}
export interface DiskSnapshot {
  writeIops: number;
  readIops: number;
  writeBps: number;
  readBps: number;
  queueLength: number;
  usedSpace: number;
  freeSpace: number;
  totalSpace: number;
  blksize: number;
  count: number;
  ioPercent: number;
  usedPercent: number;
  freePercent: number;
  fileSystem: string;
  mountPoint: string;
  mountOption: string;
  deviceId: string;
  display: boolean;
}
export interface MemorySnapshot {
  shared: number;
  swapused: number;
  buffers: number;
  available: number;
  swaptotal: number;
  used: number;
  pused: number;
  slab: number;
  total: number;
  sunreclaim: number;
  cached: number;
  pavailable: number;
  pagefaults: number;
  sreclaimable: number;
  free: number;
  swappused: number;
}
export interface CpuSnapshot {
  softirq: number;
  usr: number;
  idle: number;
  steal: number;
  irq: number;
  load5: number;
  iowait: number;
  sys: number;
  nice: number;
  load1: number;
  load15: number;
}
export interface NetstatSnapshot {
  established: number;
  syn_sent: number;
  syn_recv: number;
  closing: number;
  time_wait: number;
  last_ack: number;
  fin_wait1: number;
  close_wait: number;
  fin_wait2: number;
  listen: number;
  unknown: number;
}
export interface NetworkSnapshot {
  errorOut: number;
  errorIn: number;
  packetOut: number;
  packetIn: number;
  trafficIn: number;
  trafficOut: number;
  droppedIn: number;
  droppedOut: number;
  count: number;
  hwAddr: string;
  ip: string;
  desc: string;
}
export interface SmServer extends Omit<ServerItem, 'okind'> {
  snapshot: {
    disk: Record<string, DiskSnapshot>;
    memory: MemorySnapshot;
    cpu: CpuSnapshot;
    open_filedescriptors: number;
    uptime: number;
    netstat: NetstatSnapshot;
    network: Record<string, NetworkSnapshot>;
  };
}
export interface SmValues {
  servers: SmServer[];
  max: {
    disk: Record<
      | 'writeIops'
      | 'usedPercent'
      | 'freePercent'
      | 'usedSpace'
      | 'freeSpace'
      | 'writeBps'
      | 'readBps'
      | 'readIops'
      | 'totalSpace'
      | 'ioPercent'
      | 'freespace',
      number
    >;
    nic: Record<
      | 'errorOut'
      | 'packetOut'
      | 'trafficIn'
      | 'trafficOut'
      | 'errorIn'
      | 'droppedIn'
      | 'droppedOut'
      | 'packetIn',
      number
    >;
    compound_eye_traffic: number;
  };
  count: Record<'total' | 'paused' | 'inactive' | 'warning' | 'ok' | 'close' | 'fatal', number>;
  tags: unknown;
}
export interface SpotResponse {
  pcode: number;
  act_agent: string;
  inact_agent: string;
  host: string;
  cpucore: string;
  txcount: string;
  tps: string;
  user: string;
  actx: string;
  rtime: string;
  cpu: string;
  threadpool_active: string;
  threadpool_queue: string;
  dbconn_total: string;
  dbconn_act: string;
  dbconn_idle: string;
  act_method: string;
  act_sql: string;
  act_httpc: string;
  act_dbc: string;
  act_socket: string;
  apdex: string;
}

export interface ExceptionRecord {
  oids: string;
  time: number;
  classHash: number;
  count: number;
  service: string;
  class: string;
  serviceHash: number;
  snapSeq: string;
  msg: string;
}
export interface HttpcRecord {
  Sum: number;
  Port: number;
  Max: number;
  Actived: number;
  Avg: number;
  Min: number;
  Error: number;
  Total: number;
  Url: string;
  Host: string;
  Stdev: string;
  HostHash: number;
  UrlHash: number;
}
export interface HttpcFilteredRecord extends HttpcRecord {
  Service: string;
  Service_hash: number;
}
export interface SqlRecord {
  time_max: number;
  time_min: number;
  time_sum: number;
  time_avg: number;
  time_std: string;
  dbcHash: number;
  db: string;
  fetch_count: number;
  fetch_time: number;
  sql_crud: number;
  hash: number;
  count_total: number;
  count_error: number;
  count_actived: number;
  sql: string;
}
export interface RemoteRecord {
  count: number;
  city: string;
  country: string;
  ip: string;
}
export interface TransactionRecord {
  apdex_tolerated: number;
  apdex_satisfied: number;
  apdex: number;
  time_max: number;
  time_sum: number;
  time_avg: number;
  sql_fetch_time: number;
  sql_time: number;
  sql_count: number;
  sql_fetch: number;
  count: number;
  error: number;
  hash: number;
  httpc_avg: number;
  httpc_count: number;
  cpu_avg: number;
  mem_avg: number;
  service: string;
}
export interface HeapUseResponse {
  pcode: number;
  stime: number;
  etime: number;
  timeMerge: string;
  unit: string;
  data: { oid: number; oname: string; heap_use: string }[];
}
/** A series point: [timestamp ms, value]. */
export type SeriesPoint = [number, number];
export interface MetricSeriesBase {
  pcode: number;
  type: string;
  stime: number;
  etime: number;
  interval: number;
  timeMerge: string;
}
export interface MetricSeriesResponse extends MetricSeriesBase {
  objects: { oname: string; oid: number; series: SeriesPoint[] }[];
}
export interface MetricSeriesAvgResponse extends MetricSeriesBase {
  objectMerge: string;
  series: SeriesPoint[];
}
export interface VisitorSeriesResponse {
  data: SeriesPoint[];
  pcode: number;
  stime: number;
  etime: number;
  total: number;
}
export interface VisitorMonthResponse {
  data: { stime: number; etime: number; sdate: string; edate: string; mau: number }[];
  pcode: number;
  stime: number;
  etime: number;
  sdate: string;
  edate: string;
  total: number;
}
export interface SmStatResponse {
  servers: {
    oid: number;
    timeData: {
      usedPercent: number;
      trafficIn: number;
      trafficOut: number;
      cpu: number;
      memory_swappused: number;
      time: number;
      memory_pused: number;
      ioPercent: number;
    }[];
  }[];
}
export interface DbPoolResponse {
  pcode: number;
  time: number;
  dbc_total: {
    oid: number;
    oname: string;
    databaseUrl: string;
    active: number;
    idle: number;
    total: number;
  }[];
}
/** The envelope around the IP search items is not given by the specification. */
export type IpSearchResponse = unknown;
/** An MXQL result row; the set of columns depends on the query. */
export type MxqlRow = Record<string, string | number | boolean | null>;
export interface DbParamsResponse {
  unmatchedKeys: { key: string; value: { baseTime: string; comparisonTime: string } }[];
  baseTime: { key: string; value: string }[];
  comparisonTime: { key: string; value: string }[];
}
export interface SqlStatTopNResponse {
  records: {
    sql_execute_cnt: number;
    sql_elapse: number;
    sql_elapse_max: number;
    sqlHash: number;
    onames: string;
    user: string;
    sql: string;
  }[];
  topN: number;
  total: number;
  retrievedStartTime: number;
  retrievedEndTime: number;
}
