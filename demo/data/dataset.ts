// The static part of the synthetic data set: account, groups, projects, members and agents. Built once per
// server from (seed, now); everything that changes over time lives in metrics.ts and friends.
import {
  ACCOUNT_EMAIL,
  GROUP_TEMPLATES,
  MEMBER_TEMPLATES,
  PRODUCT_KINDS,
  PROJECT_TEMPLATES,
  type ProductKind,
  type ProjectTemplate,
} from './catalog';
import { DAY, HOUR } from './metrics';
import { createRandom, hashInts, hexAt, type Random } from './random';

export interface DemoProject {
  pcode: number;
  name: string;
  /** The project API token (`demo-project-<pcode>-<hex>`). */
  token: string;
  kind: ProductKind;
  productType: string;
  platform: string;
  status: string;
  gatewayName: string;
  /** '' when the project is in no group. */
  groupName: string;
  createTime: number;
  lastUpdatedTime: number;
  timezone: number;
  regionName: string;
}

export interface DemoAgent {
  pcode: number;
  /** May be negative, as the spec allows. */
  oid: number;
  oname: string;
  alias: string;
  initial: string;
  otype: string;
  subtype: string;
  okind: number;
  okindName: string;
  onode: number;
  onodeName: string;
  ip: string;
  hostIp: string;
  version: string;
  cpuCores: number;
  pid: number;
  container: string;
  containerKey: number;
  osName: string;
  memoryBytes: number;
  /** Current state; inactive agents stopped reporting at `inactTime`. */
  active: boolean;
  startTime: number;
  /** 0 when the agent is active. */
  inactTime: number;
  /** Per-agent load profile the metric functions scale by. */
  profile: {
    capacityTps: number;
    baseRespMs: number;
    errorRate: number;
    cpuWeight: number;
    heapMaxMb: number;
  };
}

export interface DemoGroup {
  groupKey: string;
  groupName: string;
  description: string;
  pcodes: number[];
  memberEmails: string[];
}

export interface DemoMember {
  email: string;
  name: string;
  typeKey: string;
  typeName: string;
}

export interface DemoDataset {
  seed: number;
  /** The instant the data set was built; agent lifetimes are relative to it. */
  builtAt: number;
  accountEmail: string;
  accountToken: string;
  projects: DemoProject[];
  groups: DemoGroup[];
  agents: DemoAgent[];
  membersByPcode: Map<number, DemoMember[]>;
}

function buildProject(seed: number, index: number, template: ProjectTemplate, now: number): DemoProject {
  const pcode = 10_000 + index * 1_000 + (hashInts(seed, index, 1) % 1_000);
  const created = now - (60 + (hashInts(seed, pcode, 2) % 600)) * DAY;
  const group = GROUP_TEMPLATES[template.group];
  return {
    pcode,
    name: template.name,
    token: `demo-project-${pcode}-${hexAt(16, seed, pcode, 3)}`,
    kind: template.kind,
    productType: PRODUCT_KINDS[template.kind],
    platform: template.platform,
    status: template.status,
    gatewayName: template.gatewayName,
    groupName: group ? group.groupName : '',
    createTime: created,
    lastUpdatedTime: created + (hashInts(seed, pcode, 4) % 50) * DAY,
    timezone: template.gatewayName === 'demo-east' ? 9 : -8,
    regionName: template.gatewayName === 'demo-east' ? 'Demo East (Seoul)' : 'Demo West (Oregon)',
  };
}

const VERSIONS: Record<string, readonly string[]> = {
  JAVA: ['2.2.31', '2.2.33'],
  NODEJS: ['0.5.12', '0.5.14'],
  PYTHON: ['1.7.3'],
  PHP: ['2.6.1'],
  LINUX: ['2.8.4', '2.8.5'],
  WINDOWS: ['2.8.2'],
  POSTGRESQL: ['2.3.0'],
  MYSQL: ['2.3.0'],
  DOTNET: ['1.4.2'],
  GO: ['0.3.9'],
  KUBERNETES: ['1.6.3'],
  CLOUD: ['1.2.0'],
  BROWSER: ['1.5.1'],
};

function agentOid(seed: number, pcode: number, index: number, taken: Set<number>): number {
  for (let attempt = 0; ; attempt++) {
    const magnitude = 1 + (hashInts(seed, pcode, index, attempt) % 2_000_000_000);
    // Every other agent gets a negative id so clients meet them everywhere, not just by luck.
    const oid = index % 2 === 1 ? -magnitude : magnitude;
    if (!taken.has(oid)) {
      taken.add(oid);
      return oid;
    }
  }
}

function agentLifetime(random: Random, index: number, count: number, now: number) {
  // The last agent of a larger project and a few others by chance are inactive; the rest keep reporting.
  const inactive = count > 0 && ((index === count - 1 && count >= 5) || random.next() < 0.1);
  // Most agents have months of history; every fourth was deployed recently, so long ranges show gaps.
  const ageDays = index % 4 === 2 ? random.int(2, 12) : random.int(60, 420);
  const startTime = now - ageDays * DAY - random.int(0, 23) * HOUR;
  const inactTime = inactive ? now - random.int(1, 30) * HOUR - random.int(0, 59) * 60_000 : 0;
  return { active: !inactive, startTime, inactTime };
}

function agentProfile(random: Random): DemoAgent['profile'] {
  return {
    capacityTps: 4 + random.next() * 40,
    baseRespMs: 60 + random.next() * 340,
    errorRate: 0.002 + random.next() * 0.02,
    cpuWeight: 0.4 + random.next() * 0.6,
    heapMaxMb: random.pick([512, 1024, 2048, 4096]),
  };
}

/** Names and topology of the index-th agent of a project: kind, node, oname and addresses. */
function agentNames(seed: number, project: DemoProject, template: ProjectTemplate, index: number) {
  const okindName = template.okinds[index % template.okinds.length] ?? 'app';
  const nodeIndex = Math.floor(index / 2) + 1;
  const serial = String(index + 1).padStart(2, '0');
  const oname =
    template.kind === 'apm' ? `${okindName}-${serial}:${8080 + (index % 3)}` : `${okindName}-${serial}`;
  const hostIp = `10.${(project.pcode % 200) + 10}.${nodeIndex}.${10 + index}`;
  return {
    oname,
    alias: oname.split(':')[0] ?? oname,
    initial: okindName.slice(0, 2).toUpperCase(),
    okind: hashInts(seed, project.pcode, hashString32(okindName)) | 0,
    okindName,
    onode: hashInts(seed, project.pcode, 99, nodeIndex) | 0,
    onodeName: `${template.kind === 'server' ? 'rack' : 'node'}-${String(nodeIndex).padStart(2, '0')}`,
    // Every fourth agent has a second address, as hosts with a container bridge report.
    ip: index % 4 === 3 ? `${hostIp},172.17.0.${index + 2}` : hostIp,
    hostIp,
  };
}

function buildAgent(
  seed: number,
  project: DemoProject,
  template: ProjectTemplate,
  index: number,
  taken: Set<number>,
): DemoAgent {
  const random = createRandom(hashInts(seed, project.pcode, index, 7));
  const oid = agentOid(seed, project.pcode, index, taken);
  const names = agentNames(seed, project, template, index);
  const windows = template.platform === 'WINDOWS';
  const containerized = template.kind === 'apm' && index % 3 === 0;
  return {
    pcode: project.pcode,
    oid,
    ...names,
    otype: template.kind === 'apm' ? template.platform.toLowerCase() : template.kind,
    subtype: template.kind === 'database' ? template.platform.toLowerCase() : windows ? 'windows' : 'linux',
    version: random.pick(VERSIONS[template.platform] ?? ['1.0.0']),
    cpuCores: random.pick([2, 4, 4, 8, 16]),
    pid: 1000 + (hashInts(seed, oid, 5) % 60_000),
    container: containerized ? `${names.okindName}-${hexAt(10, seed, oid, 6)}` : '',
    containerKey: containerized ? hashInts(seed, oid, 8) | 0 : 0,
    osName: windows ? 'Windows Server 2022' : 'Ubuntu 22.04.4 LTS',
    memoryBytes: random.pick([8, 16, 32, 64]) * 1024 ** 3,
    ...agentLifetime(random, index, template.agentCount, 0),
    profile: agentProfile(random),
  };
}

function hashString32(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}

function shiftLifetime(agent: DemoAgent, now: number): DemoAgent {
  // Lifetimes are generated relative to 0 and moved to `now`, so the rest of the agent is independent of it.
  return { ...agent, startTime: agent.startTime + now, inactTime: agent.active ? 0 : agent.inactTime + now };
}

function buildGroups(seed: number, projects: readonly DemoProject[]): DemoGroup[] {
  return GROUP_TEMPLATES.map((template, index) => ({
    groupKey: `demo-group-${index + 1}-${hexAt(12, seed, 31, index)}`,
    groupName: template.groupName,
    description: template.description,
    pcodes: projects.filter((p) => p.groupName === template.groupName).map((p) => p.pcode),
    memberEmails: MEMBER_TEMPLATES.filter((_, m) => m === 0 || (m + index) % 2 === 0).map((m) => m.email),
  }));
}

function buildMembers(projects: readonly DemoProject[]): Map<number, DemoMember[]> {
  const members = new Map<number, DemoMember[]>();
  projects.forEach((project, index) => {
    const list = MEMBER_TEMPLATES.filter((_, m) => m === 0 || (m + index) % 3 !== 0).map((m) => ({ ...m }));
    members.set(project.pcode, list);
  });
  return members;
}

/** Builds the static data set. Same (seed, now) → same data set, field for field. */
export function buildDataset(seed: number, now: number): DemoDataset {
  const projects = PROJECT_TEMPLATES.map((template, index) => buildProject(seed, index, template, now));
  const taken = new Set<number>();
  const agents = PROJECT_TEMPLATES.flatMap((template, index) => {
    const project = projects[index];
    if (!project) return [];
    return Array.from({ length: template.agentCount }, (_, i) =>
      shiftLifetime(buildAgent(seed, project, template, i, taken), now),
    );
  });
  return {
    seed,
    builtAt: now,
    accountEmail: ACCOUNT_EMAIL,
    accountToken: `demo-account-${hexAt(20, seed, 11)}`,
    projects,
    groups: buildGroups(seed, projects),
    agents,
    membersByPcode: buildMembers(projects),
  };
}
