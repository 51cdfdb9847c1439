// Pure shaping of Open API answers into what the explorer tree shows: projects grouped by group
// name, agents joined from the two agent endpoints, the live values of the all-in-one spot answer.
// No vscode here, so every rule is tested in plain node; its words are texts as data the UI says.
import type { AgentItem, AgentStatus, ProjectItem, SpotResponse } from '../../../api/index';
import { templateText, type ShownText } from '../../../common/templateText';

/** A project as the tree shows it, from the account's project list or from a stored token. */
export interface ProjectInfo {
  readonly pcode: number;
  readonly name: string;
  readonly groupName: string;
  readonly productType?: string;
  readonly platform?: string;
  readonly status?: string;
  readonly gatewayName?: string;
}

/** Projects sharing one group name; `groupName` is '' for projects outside every group. */
export interface ProjectFolder {
  readonly groupName: string;
  readonly projects: readonly ProjectInfo[];
}

/** The tree's form of an account project item. */
export function projectFromItem(item: ProjectItem): ProjectInfo {
  return {
    pcode: item.projectCode,
    name: item.projectName,
    groupName: item.groupName ?? '',
    productType: item.productType,
    platform: item.platform,
    status: item.status,
    gatewayName: item.gatewayName,
  };
}

/** Folders by group name (named groups alphabetically, then the ungrouped), projects by name. */
export function groupProjects(projects: readonly ProjectInfo[]): ProjectFolder[] {
  const byGroup = new Map<string, ProjectInfo[]>();
  for (const project of projects) {
    const list = byGroup.get(project.groupName) ?? [];
    list.push(project);
    byGroup.set(project.groupName, list);
  }
  const names = [...byGroup.keys()].sort((a, b) => {
    if (a === '' || b === '') return a === '' ? 1 : -1;
    return a.localeCompare(b);
  });
  return names.map((groupName) => ({
    groupName,
    projects: [...(byGroup.get(groupName) ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
  }));
}

/** The one-line description of a project: product type, platform, status and gateway. */
export function projectDescription(project: ProjectInfo): string {
  const parts = [project.productType, project.platform, project.status, project.gatewayName];
  return parts.filter((p): p is string => typeof p === 'string' && p !== '').join(' · ');
}

/** The tooltip of a project: every known field on its own line. */
export function projectTooltip(project: ProjectInfo): readonly ShownText[] {
  return presentLines([
    `${project.name} (pcode ${project.pcode})`,
    project.groupName ? templateText('Group: {0}', project.groupName) : undefined,
    project.productType ? templateText('Product type: {0}', project.productType) : undefined,
    project.platform ? templateText('Platform: {0}', project.platform) : undefined,
    project.status ? templateText('Status: {0}', project.status) : undefined,
    project.gatewayName ? templateText('Gateway: {0}', project.gatewayName) : undefined,
  ]);
}

/** The lines a tooltip has values for. */
function presentLines(lines: readonly (ShownText | undefined)[]): readonly ShownText[] {
  return lines.filter((l): l is ShownText => l !== undefined);
}

/** Server-monitoring projects get a Servers folder; the product type says which they are. */
export function isServerProject(project: ProjectInfo): boolean {
  return /^(SMS|server|infra)/i.test(project.productType ?? '');
}

/** An agent as the tree shows it. */
export interface AgentInfo {
  readonly oid: number;
  readonly oname: string;
  readonly active: boolean;
  readonly ip?: string;
  readonly version?: string;
  readonly okindName?: string;
  readonly onodeName?: string;
}

/**
 * Agents of the v2 agent list joined with the status list by oname: the status list knows the
 * current state, the agent list knows the details. Agents only in the status list are kept too.
 * Sorted active first, then by oname.
 */
export function joinAgents(list: readonly AgentItem[], statuses: readonly AgentStatus[]): AgentInfo[] {
  const stateByName = new Map(statuses.map((s) => [s.oname, s]));
  const seen = new Set<string>();
  const agents: AgentInfo[] = list.map((a) => {
    seen.add(a.oname);
    const status = stateByName.get(a.oname);
    return {
      oid: a.oid,
      oname: a.oname,
      active: status ? status.active === true : a.active === true,
      ip: a.ip || status?.host_ip,
      version: a['agent.version'],
      okindName: a.okindName,
      onodeName: a.onodeName,
    };
  });
  for (const s of statuses) {
    // The status list has no oid; such an agent cannot be scoped by oid, so it carries NaN.
    if (!seen.has(s.oname)) agents.push({ oid: Number.NaN, oname: s.oname, active: s.active, ip: s.host_ip });
  }
  return agents.sort((a, b) => Number(b.active) - Number(a.active) || a.oname.localeCompare(b.oname));
}

/** The tooltip of an agent: oid, oname and the details the agent list gives. */
export function agentTooltip(agent: AgentInfo): readonly ShownText[] {
  return presentLines([
    templateText('{0} (oid {1})', agent.oname, Number.isNaN(agent.oid) ? templateText('unknown') : agent.oid),
    agent.active ? templateText('Active') : templateText('Inactive'),
    agent.ip ? templateText('IP: {0}', agent.ip) : undefined,
    agent.version ? templateText('Version: {0}', agent.version) : undefined,
    agent.okindName ? templateText('Kind: {0}', agent.okindName) : undefined,
    agent.onodeName ? templateText('Node: {0}', agent.onodeName) : undefined,
  ]);
}

/** One live value: a label, the value as text, and the spot field it comes from. */
export interface LiveValue {
  readonly key: keyof SpotResponse;
  readonly label: ShownText;
  readonly value: string;
}

/** The live values the tree and the dashboard show, in this order. */
export const liveFields = (): readonly { key: keyof SpotResponse; label: ShownText }[] => [
  { key: 'act_agent', label: templateText('Active agents') },
  { key: 'inact_agent', label: templateText('Inactive agents') },
  { key: 'host', label: templateText('Hosts') },
  { key: 'tps', label: templateText('TPS') },
  { key: 'rtime', label: templateText('Response time (ms)') },
  { key: 'cpu', label: templateText('CPU (%)') },
  { key: 'apdex', label: templateText('Apdex') },
  { key: 'user', label: templateText('Active users (5 min)') },
  { key: 'actx', label: templateText('Active transactions') },
  { key: 'txcount', label: templateText('Transactions') },
  { key: 'cpucore', label: templateText('CPU cores') },
];

/** The live values of a spot answer; a missing or malformed field shows as '-'. */
export function liveValues(spot: unknown): LiveValue[] {
  const record = typeof spot === 'object' && spot !== null ? (spot as Record<string, unknown>) : {};
  return liveFields().map(({ key, label }) => {
    const raw = record[key];
    const value = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '-';
    return { key, label, value };
  });
}
