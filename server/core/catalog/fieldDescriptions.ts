/**
 * Short column and category descriptions written for this project, for the categories people query
 * most. Other categories show type and unit only. The vendor's metadata sentences are deliberately
 * not reused.
 */
import { CONTAINER } from './containerDescriptions';

type Descriptions = Readonly<Record<string, string>>;

/** Tags shared by the application and server categories below. */
const AGENT_HOST_TAGS: Descriptions = {
  host_ip: 'IP address of the machine the agent runs on.',
  pid: 'Operating-system process id of the monitored program.',
  container: 'Container the program runs in, when containerised.',
  containerKey: "Internal key of the program's container.",
  type: 'Runtime of the application agent: Java, Node.js, Python, PHP, .NET …',
  alias: 'Display alias given to the application.',
};

const APP_COUNTER: Descriptions = {
  ...AGENT_HOST_TAGS,
  tx_count: 'Transactions finished in the interval.',
  tx_error: 'Transactions that ended in an error.',
  tx_time: 'Mean time to finish a transaction.',
  apdex_satisfied: 'Transactions quick enough to satisfy the Apdex target.',
  apdex_tolerated: 'Transactions slower than target yet still acceptable for Apdex.',
  apdex_total: 'All transactions counted towards Apdex.',
  tx_dbc_time: 'Mean time per transaction spent obtaining DB connections.',
  tx_sql_time: 'Mean time per transaction spent running SQL.',
  tx_httpc_time: 'Mean time per transaction spent on outgoing HTTP calls.',
  sql_count: 'SQL statements run.',
  sql_error: 'SQL statements that failed.',
  sql_time: 'Mean time one SQL statement takes to run.',
  sql_fetch_count: 'Result-set fetches made.',
  sql_fetch_time: 'Mean time spent reading result sets.',
  httpc_count: 'Outgoing HTTP calls made.',
  httpc_error: 'Outgoing HTTP calls that failed.',
  httpc_time: 'Mean duration of an outgoing HTTP call.',
  active_tx_count: 'Transactions in flight when sampled.',
  active_tx_0: 'In-flight transactions running for under 3 s.',
  active_tx_3: 'In-flight transactions running for 3 to 8 s.',
  active_tx_8: 'In-flight transactions running for 8 s or more.',
  tps: 'Throughput: transactions completed each second.',
  resp_time: 'Mean response time over finished transactions.',
  arrival_rate: 'Share of arriving requests that also completed, in percent.',
  pack_dropped: 'Data packets the agent had to discard.',
  metering: 'Licence metering figure reported by the agent.',
  _clock_delta_: "Offset between the agent's clock and the collector's.",
};

const APP_HOST_RESOURCE: Descriptions = {
  ...AGENT_HOST_TAGS,
  cpu: 'Host CPU busy share, all modes together.',
  cpu_usr: 'Host CPU share spent in user mode.',
  cpu_sys: 'Host CPU share spent in the kernel.',
  cpu_wait: 'Host CPU share idle while waiting for I/O.',
  cpu_irq: 'Host CPU share spent serving hardware interrupts.',
  cpu_steal: 'Host CPU share taken by the hypervisor for other guests.',
  cpu_proc: 'CPU share used by the monitored process itself.',
  cpu_cores: 'CPU cores on the host.',
  mem: 'Host memory in use, as a share of the total.',
  swap: 'Swap space in use on the host.',
  disk: 'Fill level of the root file system.',
};

const APP_ACTIVE_STAT: Descriptions = {
  ...AGENT_HOST_TAGS,
  sql: 'In-flight transactions currently running SQL.',
  method: 'In-flight transactions currently executing application code.',
  socket: 'In-flight transactions currently blocked on socket I/O.',
  httpc: 'In-flight transactions currently waiting on an outgoing HTTP call.',
  dbc: 'In-flight transactions currently waiting for a DB connection.',
};

const SERVER_BASE: Descriptions = {
  deviceId: 'Disk device a per-device row describes (read by disk dashboards).',
  usedPercent: 'Used share of the device, in percent (read by disk dashboards).',
  value: 'Generic value column some dashboards read from this category.',
  host_ip: 'Main IP address of the server.',
  hostname: 'Host name the server reports.',
  os: 'Operating system of the server.',
  cpu_cores: 'CPU cores on the server.',
  system: 'Kind of system (physical, virtual, cloud) as the agent sees it.',
  mac: 'MAC address of the main network interface.',
  ipv6: 'IPv6 address of the server.',
  profile: 'Agent configuration profile.',
  Name: 'Cloud "Name" tag of the instance.',
  InstanceId: 'Cloud instance id (tag form).',
  'instance-id': 'Cloud instance id from instance metadata.',
  'instance-type': 'Cloud machine type.',
  'instance-action': 'Pending cloud maintenance action, if any.',
  'instance-life-cycle': 'Cloud purchase model (on-demand, spot).',
  'ami-id': 'Machine image the instance was started from.',
  'ami-launch-index': 'Launch order of the instance within its request.',
  'ami-manifest-path': 'Manifest location of the machine image.',
  'local-hostname': 'Private DNS name of the instance.',
  'local-ipv4': 'Private IPv4 address of the instance.',
  'public-hostname': 'Public DNS name of the instance.',
  'public-ipv4': 'Public IPv4 address of the instance.',
  'reservation-id': 'Cloud reservation the instance belongs to.',
  'security-groups': 'Cloud security groups applied to the instance.',
  'DEPLOY-TARGET': 'Deployment target label set on the agent.',
  'PACKAGE-APP-LIST': 'Installed application packages reported by the agent.',
  cpu: 'CPU busy share, all modes together.',
  cpu_usr: 'CPU share spent in user mode.',
  cpu_sys: 'CPU share spent in the kernel.',
  cpu_idle: 'CPU share with nothing to do.',
  cpu_iowait: 'CPU share idle while waiting for I/O.',
  cpu_nice: 'CPU share spent on low-priority (niced) processes.',
  cpu_irq: 'CPU share spent serving hardware interrupts.',
  cpu_softirq: 'CPU share spent in deferred (soft) interrupt work.',
  cpu_steal: 'CPU share taken by the hypervisor for other guests.',
  cpu_c1: 'Share of time CPUs spent in the C1 power state (Windows).',
  cpu_c2: 'Share of time CPUs spent in the C2 power state (Windows).',
  cpu_c3: 'Share of time CPUs spent in the C3 power state (Windows).',
  cpu_dpc: 'Deferred procedure calls handled (Windows).',
  cpu_interrupt: 'Hardware interrupts handled.',
  cpu_ctxt: 'Context switches between processes.',
  cpu_load1: 'Run-queue load averaged over 1 minute.',
  cpu_load5: 'Run-queue load averaged over 5 minutes.',
  cpu_load15: 'Run-queue load averaged over 15 minutes.',
  cpu_load_per_core: 'Load average divided by the number of cores.',
  cpu_procs_running: 'Processes currently runnable.',
  cpu_procs_blocked: 'Processes blocked waiting for I/O.',
  cpu_new_procs_forked: 'Processes started since the previous sample.',
  processorQueueLength: 'Threads waiting for a processor (Windows).',
  memory_total: 'Installed memory.',
  memory_used: 'Memory in use.',
  memory_free: 'Memory not used for anything.',
  memory_available: 'Memory that can be given to programs without swapping.',
  memory_pused: 'Memory in use, as a share of the total.',
  memory_pavailable: 'Available memory, as a share of the total.',
  memory_cached: 'Memory holding the page cache.',
  memory_buffers: 'Memory holding block-device buffers.',
  memory_shared: 'Memory shared between processes (tmpfs, shm).',
  memory_slab: 'Memory the kernel keeps in slab caches.',
  memory_sreclaimable: 'Slab memory the kernel can give back.',
  memory_sunreclaim: 'Slab memory the kernel cannot give back.',
  memory_swaptotal: 'Configured swap space.',
  memory_swapused: 'Swap space in use.',
  memory_swappused: 'Swap in use, as a share of the swap space.',
  memory_pageFaults: 'Page faults per second.',
  uptime: 'Time since the server booted.',
  epochtime: "The server's own clock, epoch seconds.",
};

const SERVER_DISK: Descriptions = {
  mountPoint: 'Where the file system is mounted.',
  mountPointHash: 'Hash of the mount point, for joining.',
  deviceId: 'Block device behind the file system.',
  deviceIdHash: 'Hash of the device name, for joining.',
  fileSystem: 'File-system type (ext4, xfs, NTFS …).',
  fileSystemHash: 'Hash of the file-system type.',
  os: 'Operating system of the server.',
  totalSpace: 'Size of the file system.',
  usedSpace: 'Space taken on the file system.',
  freeSpace: 'Space still free on the file system.',
  usedPercent: 'Space taken, as a share of the size.',
  freePercent: 'Space still free, as a share of the size.',
  usedSpaceOrder: 'Rank of the disk by space taken.',
  blksize: 'Block size of the file system.',
  totalInode: 'Inodes the file system can hold.',
  usedInode: 'Inodes taken.',
  usedInodePercent: 'Inodes taken, as a share of all inodes.',
  readBps: 'Read throughput in bytes each second.',
  writeBps: 'Write throughput in bytes each second.',
  readIops: 'Read operations each second.',
  writeIops: 'Write operations each second.',
  ioPercent: 'Share of time the device was busy with I/O.',
  ioutilOrder: 'Rank of the disk by I/O busy time.',
  queueLength: 'Requests waiting in the device queue.',
  count: 'Number of disks merged into this row.',
  capacityEphemeralStorage: 'Ephemeral storage capacity of the Kubernetes node.',
  allocatable_ephemeral_storage: 'Ephemeral storage pods may use on the node.',
};

const DB_POOL_DETAIL: Descriptions = {
  pool: 'Name of the connection pool.',
  class: 'Pool implementation class (HikariCP, DBCP …).',
  idle: 'Connections open but unused in the pool.',
  act: 'Connections of the pool lent out right now.',
};

/** Columns of agent_list; its metadata is not published, so these come from real result rows. */
const AGENT_LIST: Descriptions = {
  otype: 'Kind of agent (application, server, database …).',
  type: 'Platform of the agent.',
  subtype: 'Finer platform classification.',
  version: 'Agent version.',
  os_name: 'Operating system the agent runs on.',
  ip: 'IP address the agent reports from.',
  container_id: 'Container id, when the agent is containerised.',
  metering: 'Licence metering figure of the agent.',
  status: 'Whether the agent is reporting right now.',
  active: 'True while the agent is connected.',
  hostname: 'Host name of the machine.',
  OSType: 'Operating-system family.',
  nCores: 'CPU cores on the machine.',
};

/** Our descriptions by category, then column. */
export const FIELD_DESCRIPTIONS: Readonly<Record<string, Descriptions>> = {
  app_counter: APP_COUNTER,
  app_host_resource: APP_HOST_RESOURCE,
  app_active_stat: APP_ACTIVE_STAT,
  server_base: SERVER_BASE,
  server_disk: SERVER_DISK,
  db_pool_detail: DB_POOL_DETAIL,
  agent_list: AGENT_LIST,
  container: CONTAINER,
};

/** Our one-line descriptions of frequently used categories. */
export const CATEGORY_DESCRIPTIONS: Descriptions = {
  app_counter: 'Application throughput, response times, errors and Apdex, per agent, every 5 s.',
  app_host_resource: 'CPU, memory and disk of the hosts that application agents run on.',
  app_active_stat: 'What in-flight transactions are busy with right now (SQL, HTTP, sockets …).',
  app_proc_counter: 'Process internals of application agents: heap, GC, threads, pools.',
  app_user: 'Real-time user counts of applications.',
  server_base: 'Core server metrics: CPU modes, load, memory and swap, plus host identity tags.',
  server_disk: 'Space, inode and I/O figures per mounted file system.',
  server_network: 'Traffic and errors per network interface.',
  server_process: 'Resource use per operating-system process.',
  container: 'CPU, memory, network and block I/O of containers, with their Kubernetes labels.',
  db_pool_detail: 'Usage of each DB connection pool inside application agents.',
  agent_list: 'One row per agent of the project with its identity and status (load with FLEXLOAD).',
  agent_count: 'Agent counts per kind (load with FLEXLOAD).',
  event_cache: 'Recent alert events (load with FLEXLOAD).',
  AppLog: 'Application log statistics (load with LogCountLoad).',
};

/** Our description of a column of a category, if one was written. */
export function describeField(category: string, column: string): string | undefined {
  return FIELD_DESCRIPTIONS[category]?.[column];
}
