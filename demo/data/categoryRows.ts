// Rows of the MXQL categories the demo can load, built on the same agents and series as the HTTP
// endpoints: app_counter, app_host_resource, app_active_stat, server_base, agent_list, db_pool_detail.
// Each function returns one row (or rows) for one agent and one bucket [t, t + stepMs).
import { AGENT_IDENTITY_FIELDS } from '../../server/core/index';
import type { DemoData } from './index';
import type { DemoAgent, DemoProject } from './dataset';
import type { MetricName } from './metrics';
import type { ServerSnapshot } from './servers';
import { round } from './random';

type Row = Record<string, string | number>;

/** The names of the tag columns {@link agentTags} gives every agent row. */
export const AGENT_TAG_COLUMNS: ReadonlySet<string> = new Set([
  'pcode',
  'pname',
  ...AGENT_IDENTITY_FIELDS,
  'host_ip',
  'container',
  'containerKey',
  'pid',
  'type',
]);

/** Tag columns most agent categories share. */
export function agentTags(project: DemoProject, agent: DemoAgent): Row {
  return {
    pcode: project.pcode,
    pname: project.name,
    oid: agent.oid,
    oname: agent.oname,
    okind: agent.okind,
    okindName: agent.okindName,
    onode: agent.onode,
    onodeName: agent.onodeName,
    host_ip: agent.hostIp,
    container: agent.container,
    containerKey: agent.containerKey,
    pid: agent.pid,
    type: agent.otype,
  };
}

type Read = (metric: MetricName) => number;

/** Transaction, SQL and outbound-call columns of app_counter for one bucket. */
function workColumns(read: Read): Row {
  const txCount = read('tx_count');
  const resp = read('resp_time');
  const satisfied = Math.min(txCount, Math.round(txCount * read('apdex') * 0.9));
  const sqlCount = read('sql_count');
  const httpcCount = read('httpc_count');
  const sqlTime = Math.round(read('sql_time') * txCount);
  return {
    tx_count: txCount,
    tx_error: read('tx_error'),
    tx_time: Math.round(resp * txCount),
    apdex_satisfied: satisfied,
    apdex_tolerated: Math.max(0, Math.min(txCount - satisfied, Math.round(txCount * 0.1))),
    apdex_total: txCount,
    tx_dbc_time: Math.round(resp * txCount * 0.02),
    tx_sql_time: sqlTime,
    tx_httpc_time: Math.round(read('httpc_time') * txCount),
    sql_count: sqlCount,
    sql_error: Math.round(sqlCount * 0.001),
    sql_time: sqlTime,
    sql_fetch_count: sqlCount * 6,
    sql_fetch_time: Math.round(sqlCount * 0.3),
    httpc_count: httpcCount,
    httpc_error: Math.round(httpcCount * 0.004),
    httpc_time: Math.round(read('httpc_time') * httpcCount),
  };
}

/** One agent's bucket as a row builder reads it: its time, its tag columns, the agent and the step. */
interface Bucket {
  readonly t: number;
  readonly tags: Row;
  readonly agent: DemoAgent;
  readonly stepMs: number;
}

/**
 * A row of one agent's bucket led by one metric: the agent was silent (no row) when it has no `lead`
 * value then; otherwise `row` builds it from the lead value, the other metrics and the bucket.
 */
function ledBy(lead: MetricName, row: (value: number, read: Read, bucket: Bucket) => Row): AgentBucketRow {
  return (data, project, agent, t, stepMs) => {
    const value = data.value(agent, lead, t, stepMs);
    if (value === null) return undefined;
    const read: Read = (metric) => data.value(agent, metric, t, stepMs) ?? 0;
    return row(value, read, { t, tags: agentTags(project, agent), agent, stepMs });
  };
}

/** An app_counter row, or undefined when the agent was silent in the bucket. */
export const appCounterRow = ledBy('tps', (tps, read, { t, tags, stepMs }) => {
  const active = read('active_tx');
  return {
    time: t,
    ...tags,
    ...workColumns(read),
    active_tx_count: active,
    ...activeTxBuckets(active),
    tps,
    resp_time: read('resp_time'),
    arrival_rate: round(tps * 1.02, 2),
    pack_dropped: 0,
    metering: stepMs,
    _clock_delta_: 0,
  };
});

/** Splits active transactions by elapsed time: under 3 s, 3 to 8 s, over 8 s. */
export function activeTxBuckets(active: number): {
  active_tx_0: number;
  active_tx_3: number;
  active_tx_8: number;
} {
  const slow = Math.round(active * 0.15);
  const verySlow = Math.round(active * 0.05);
  return { active_tx_0: Math.max(0, active - slow - verySlow), active_tx_3: slow, active_tx_8: verySlow };
}

/** An app_host_resource row, or undefined when silent. */
export const appHostResourceRow = ledBy('cpu', (cpu, read, { t, tags, agent }) => ({
  time: t,
  ...tags,
  alias: agent.alias,
  cpu,
  cpu_usr: round(cpu * 0.7, 2),
  cpu_sys: round(cpu * 0.2, 2),
  cpu_wait: round(cpu * 0.05, 2),
  cpu_irq: round(cpu * 0.03, 2),
  cpu_steal: 0,
  cpu_proc: round(cpu * 0.6, 2),
  cpu_cores: agent.cpuCores,
  mem: read('mem'),
  disk: read('disk_used'),
  swap: 0,
}));

/** An app_active_stat row (active transactions by what they are doing), or undefined when silent. */
export const appActiveStatRow = ledBy('active_tx', (active, _read, { t, tags, agent }) => {
  const sql = Math.round(active * 0.3);
  const httpc = Math.round(active * 0.15);
  const dbc = Math.round(active * 0.05);
  const socket = Math.round(active * 0.05);
  return {
    time: t,
    ...tags,
    alias: agent.alias,
    method: Math.max(0, active - sql - httpc - dbc - socket),
    sql,
    httpc,
    dbc,
    socket,
  };
});

/** CPU columns of server_base from a snapshot. */
function serverCpuColumns(s: ServerSnapshot): Row {
  return {
    cpu_usr: s.cpu.usr,
    cpu_sys: s.cpu.sys,
    cpu_iowait: s.cpu.iowait,
    cpu_idle: s.cpu.idle,
    cpu_irq: s.cpu.irq,
    cpu_softirq: s.cpu.softirq,
    cpu_steal: s.cpu.steal,
    cpu_nice: s.cpu.nice,
    cpu_load1: s.cpu.load1,
    cpu_load5: s.cpu.load5,
    cpu_load15: s.cpu.load15,
    cpu_load_per_core: s.cpu.load1,
    // C-states, DPC and interrupt figures come from Windows hosts; Linux hosts report 0.
    cpu_c1: 0,
    cpu_c2: 0,
    cpu_c3: 0,
    cpu_dpc: 0,
    cpu_interrupt: 0,
    cpu_ctxt: Math.round(2_000 * (100 - s.cpu.idle)),
    cpu_procs_running: Math.max(1, Math.round(s.cpu.load1)),
    cpu_procs_blocked: s.cpu.iowait > 2 ? 1 : 0,
    cpu_new_procs_forked: Math.round(s.netstat.established / 10),
    processorQueueLength: Math.round(s.cpu.load1),
  };
}

/** Memory columns of server_base from a snapshot. */
function serverMemoryColumns(s: ServerSnapshot): Row {
  return {
    memory_total: s.memory.total,
    memory_used: s.memory.used,
    memory_free: s.memory.free,
    memory_pused: s.memory.pused,
    memory_available: s.memory.available,
    memory_pavailable: s.memory.pavailable,
    memory_cached: s.memory.cached,
    memory_buffers: s.memory.buffers,
    memory_swaptotal: s.memory.swaptotal,
    memory_swapused: s.memory.swapused,
    memory_swappused: s.memory.swappused,
    memory_shared: s.memory.shared,
    memory_slab: s.memory.slab,
    memory_sreclaimable: s.memory.sreclaimable,
    memory_sunreclaim: s.memory.sunreclaim,
    memory_pageFaults: s.memory.pagefaults,
  };
}

/** A server_base row (server-monitoring host metrics), or undefined when silent. */
export function serverBaseRow(
  data: DemoData,
  project: DemoProject,
  agent: DemoAgent,
  t: number,
  stepMs: number,
): Row | undefined {
  if (!data.isAliveAt(agent, t)) return undefined;
  const snapshot = data.serverSnapshot(agent, t);
  return {
    time: t,
    pcode: project.pcode,
    pname: project.name,
    oid: agent.oid,
    oname: agent.oname,
    okindName: agent.okindName,
    onodeName: agent.onodeName,
    host_ip: agent.hostIp,
    cpu_cores: agent.cpuCores,
    hostname: agent.oname,
    os: agent.osName,
    cpu: data.value(agent, 'cpu', t, stepMs) ?? 0,
    ...serverCpuColumns(snapshot),
    ...serverMemoryColumns(snapshot),
    uptime: snapshot.uptime,
    epochtime: Math.floor(t / 1000),
  };
}

/** An agent_list row (the agent's descriptive columns at time t, active or not). */
export function agentListRow(data: DemoData, project: DemoProject, agent: DemoAgent, t: number): Row {
  // The agent's identity and the columns the catalog lists for agent_list, no other tag.
  const {
    host_ip: _hostIp,
    container: _container,
    containerKey: _key,
    pid: _pid,
    ...identity
  } = agentTags(project, agent);
  const alive = data.isAliveAt(agent, t);
  return {
    time: t,
    ...identity,
    active: alive ? 1 : 0,
    hostname: agent.alias,
    OSType: agent.osName,
    nCores: agent.cpuCores,
    otype: agent.otype,
    subtype: agent.subtype,
    version: agent.version,
    os_name: agent.osName,
    ip: agent.ip,
    container_id: agent.container,
    metering: agent.cpuCores,
    status: alive ? 'active' : 'inactive',
  };
}

/** db_pool_detail rows (one per data source) of an agent at time t. */
export function dbPoolDetailRows(data: DemoData, project: DemoProject, agent: DemoAgent, t: number): Row[] {
  return data
    .dbPools(project.pcode, t)
    .filter((p) => p.oid === agent.oid)
    .map((p) => ({
      time: t,
      pcode: project.pcode,
      oid: agent.oid,
      oname: agent.oname,
      okind: agent.okind,
      onode: agent.onode,
      class: 'com.zaxxer.hikari.HikariDataSource',
      pool: p.databaseUrl,
      act: p.active,
      idle: p.idle,
    }));
}

/** What a row builder reads: the data, one agent of a project, and the bucket [t, t + stepMs). */
type AgentBucket = [data: DemoData, project: DemoProject, agent: DemoAgent, t: number, stepMs: number];

/** Rows of one agent for one bucket; empty when the agent was silent. */
export type CategoryRowBuilder = (...bucket: AgentBucket) => Row[];

/** One agent's row for one bucket, or undefined when the agent was silent. */
export type AgentBucketRow = (...bucket: AgentBucket) => Row | undefined;

/** A {@link CategoryRowBuilder} from a builder of at most one row per agent and bucket. */
export function oneRowPerBucket(build: AgentBucketRow): CategoryRowBuilder {
  return (...bucket) => {
    const row = build(...bucket);
    return row ? [row] : [];
  };
}

/** db_pool_detail rows of a bucket: the agent's pools while it is alive, none while it is down. */
export const dbPoolBucketRows: CategoryRowBuilder = (data, project, agent, t) =>
  data.isAliveAt(agent, t) ? dbPoolDetailRows(data, project, agent, t) : [];

/** The agent_list row at time t, whether the agent is alive or not. */
export const agentListBucketRows: CategoryRowBuilder = (data, project, agent, t) => [
  agentListRow(data, project, agent, t),
];
