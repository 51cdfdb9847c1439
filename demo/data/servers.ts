// Server-monitoring snapshots: the full `sm` server item (disk, memory, cpu, netstat, network maps) and
// the aggregates (`max`, `count`) the spec lists. Values follow the same load curve as the time series.
import type { DemoAgent } from './dataset';
import { FINE_STEP, isAliveAt, loadAt, metricValue } from './metrics';
import { clamp, hashInts, noiseAt, round, unitAt } from './random';

const GIB = 1024 ** 3;

export type ServerStatus = 'ok' | 'warning' | 'inactive';

/** ok, warning (CPU above 70 %) or inactive for an agent of a server-monitoring project at time t. */
export function serverStatus(seed: number, agent: DemoAgent, t: number): ServerStatus {
  if (!isAliveAt(agent, t)) return 'inactive';
  return (metricValue(seed, agent, 'cpu', alignFine(t), FINE_STEP) ?? 0) > 70 ? 'warning' : 'ok';
}

function alignFine(t: number): number {
  return Math.floor(t / FINE_STEP) * FINE_STEP;
}

function diskEntry(seed: number, agent: DemoAgent, mount: string, index: number, t: number) {
  const total = (index === 0 ? 100 : 500) * GIB;
  const usedPercent = round(
    35 + 40 * unitAt(seed, agent.oid, 40, index) + 0.2 * noiseAt(seed, agent.oid, t),
    2,
  );
  const used = Math.round((total * usedPercent) / 100);
  const load = loadAt(t);
  const windows = agent.subtype === 'windows';
  return {
    writeIops: round(20 + 300 * load * unitAt(seed, agent.oid, 41, index), 1),
    readIops: round(10 + 200 * load * unitAt(seed, agent.oid, 42, index), 1),
    writeBps: Math.round(1e5 + 8e6 * load),
    readBps: Math.round(5e4 + 4e6 * load),
    queueLength: round(load * 2, 2),
    usedSpace: used,
    freeSpace: total - used,
    totalSpace: total,
    blksize: 4096,
    count: 1,
    ioPercent: round(clamp(2 + 45 * load, 0, 100), 2),
    usedPercent,
    freePercent: round(100 - usedPercent, 2),
    fileSystem: windows ? 'NTFS' : 'ext4',
    mountPoint: mount,
    mountOption: windows ? 'rw' : 'rw,relatime',
    deviceId: windows ? mount.slice(0, 2) : `/dev/nvme0n1p${index + 1}`,
    display: true,
  };
}

function memorySnapshot(seed: number, agent: DemoAgent, t: number) {
  const total = agent.memoryBytes;
  const pused = metricValue(seed, agent, 'memory_pused', alignFine(t), FINE_STEP) ?? 0;
  const used = Math.round((total * pused) / 100);
  const cached = Math.round(total * 0.18);
  const swaptotal = 4 * GIB;
  const swappused = metricValue(seed, agent, 'memory_swappused', alignFine(t), FINE_STEP) ?? 0;
  const available = total - used;
  return {
    shared: Math.round(total * 0.01),
    swapused: Math.round((swaptotal * swappused) / 100),
    buffers: Math.round(total * 0.02),
    available,
    swaptotal,
    used,
    pused,
    slab: Math.round(total * 0.03),
    total,
    sunreclaim: Math.round(total * 0.01),
    cached,
    pavailable: round((available / total) * 100, 2),
    pagefaults: hashInts(seed, agent.oid, Math.floor(t / 60_000)) % 5000,
    sreclaimable: Math.round(total * 0.02),
    free: Math.max(0, available - cached),
    swappused,
  };
}

function cpuSnapshot(seed: number, agent: DemoAgent, t: number) {
  const busy = metricValue(seed, agent, 'cpu', alignFine(t), FINE_STEP) ?? 0;
  const usr = round(busy * 0.7, 2);
  const sys = round(busy * 0.2, 2);
  const iowait = round(busy * 0.05, 2);
  const other = round(busy - usr - sys - iowait, 2);
  const cores = agent.cpuCores;
  return {
    softirq: round(other / 2, 2),
    usr,
    idle: round(100 - busy, 2),
    steal: 0,
    irq: round(other / 2, 2),
    load5: round((busy / 100) * cores * 0.95, 2),
    iowait,
    sys,
    nice: 0,
    load1: round((busy / 100) * cores, 2),
    load15: round((busy / 100) * cores * 0.9, 2),
  };
}

function netstatSnapshot(seed: number, agent: DemoAgent, t: number) {
  const load = loadAt(t);
  const n = (slot: number, scale: number) =>
    Math.round(scale * load * (1 + 0.2 * noiseAt(seed, agent.oid, slot, t)));
  return {
    established: n(50, 400),
    syn_sent: n(51, 2),
    syn_recv: n(52, 3),
    closing: 0,
    time_wait: n(53, 150),
    last_ack: n(54, 2),
    fin_wait1: n(55, 1),
    close_wait: n(56, 4),
    fin_wait2: n(57, 6),
    listen: 12,
    unknown: 0,
  };
}

function networkEntry(seed: number, agent: DemoAgent, t: number, index: number) {
  const inBps = metricValue(seed, agent, 'traffic_in', alignFine(t), FINE_STEP) ?? 0;
  const outBps = metricValue(seed, agent, 'traffic_out', alignFine(t), FINE_STEP) ?? 0;
  const share = index === 0 ? 1 : 0.05;
  return {
    errorOut: 0,
    errorIn: hashInts(seed, agent.oid, 60, Math.floor(t / 3_600_000)) % 3,
    packetOut: Math.round((outBps * share) / 8 / 900),
    packetIn: Math.round((inBps * share) / 8 / 700),
    trafficIn: Math.round(inBps * share),
    trafficOut: Math.round(outBps * share),
    droppedIn: 0,
    droppedOut: 0,
    count: 1,
    hwAddr: `02:00:${(Math.abs(agent.oid) % 256).toString(16).padStart(2, '0')}:00:00:0${index}`,
    ip: index === 0 ? agent.hostIp : '127.0.0.1',
    desc: index === 0 ? 'primary interface' : 'loopback',
  };
}

/** The `snapshot` object of one server at time t. */
export function serverSnapshot(seed: number, agent: DemoAgent, t: number) {
  const windows = agent.subtype === 'windows';
  const mounts = windows ? ['C:\\', 'D:\\'] : ['/', '/data'];
  const nics = windows ? ['Ethernet0', 'Loopback'] : ['eth0', 'lo'];
  return {
    disk: Object.fromEntries(mounts.map((m, i) => [m, diskEntry(seed, agent, m, i, t)])),
    memory: memorySnapshot(seed, agent, t),
    cpu: cpuSnapshot(seed, agent, t),
    open_filedescriptors: 800 + (hashInts(seed, agent.oid, 70) % 4000),
    uptime: Math.max(0, Math.round((t - agent.startTime) / 1000)),
    netstat: netstatSnapshot(seed, agent, t),
    network: Object.fromEntries(nics.map((nic, i) => [nic, networkEntry(seed, agent, t, i)])),
  };
}

export type ServerSnapshot = ReturnType<typeof serverSnapshot>;

/** The `max` object of the `sm` response over a set of snapshots. */
export function snapshotMax(snapshots: readonly ServerSnapshot[]) {
  const disks = snapshots.flatMap((s) => Object.values(s.disk));
  const nics = snapshots.flatMap((s) => Object.values(s.network));
  const max = (values: number[]) => (values.length ? Math.max(...values) : 0);
  const diskMax = (key: keyof (typeof disks)[number]) => max(disks.map((d) => Number(d[key])));
  const nicMax = (key: keyof (typeof nics)[number]) => max(nics.map((n) => Number(n[key])));
  return {
    disk: {
      writeIops: diskMax('writeIops'),
      usedPercent: diskMax('usedPercent'),
      freePercent: diskMax('freePercent'),
      usedSpace: diskMax('usedSpace'),
      freeSpace: diskMax('freeSpace'),
      writeBps: diskMax('writeBps'),
      readBps: diskMax('readBps'),
      readIops: diskMax('readIops'),
      totalSpace: diskMax('totalSpace'),
      ioPercent: diskMax('ioPercent'),
      freespace: diskMax('freeSpace'),
    },
    nic: {
      errorOut: nicMax('errorOut'),
      packetOut: nicMax('packetOut'),
      trafficIn: nicMax('trafficIn'),
      trafficOut: nicMax('trafficOut'),
      errorIn: nicMax('errorIn'),
      droppedIn: nicMax('droppedIn'),
      droppedOut: nicMax('droppedOut'),
      packetIn: nicMax('packetIn'),
    },
    compound_eye_traffic: max(nics.map((n) => n.trafficIn + n.trafficOut)),
  };
}
