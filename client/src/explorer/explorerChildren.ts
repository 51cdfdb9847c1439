// What each explorer node contains, fetched from the Open API through a small source interface (the
// tree gives it the profiles service and the secret store). A failure is the caller's to turn into an
// error node, so one failing node never breaks its siblings.
import type { OpenApiClient } from '../../../api/index';
import { templateText } from '../../../common/templateText';
import {
  groupProjects,
  isServerProject,
  joinAgents,
  liveValues,
  projectFromItem,
  type ProjectInfo,
} from './explorerData';
import type { ExplorerNode } from './explorerNodes';

/** What the explorer needs from the extension to fill nodes. */
export interface ExplorerSource {
  profileNames(): string[];
  client(profile: string): Promise<OpenApiClient>;
  hasAccountToken(profile: string): Promise<boolean>;
  hasProjectToken(profile: string, pcode: number): Promise<boolean>;
  /** Projects with a stored project token (used when there is no account token). */
  tokenPcodes(profile: string): number[];
  /** A project's remembered name, else a label of its pcode. */
  projectLabel(profile: string, pcode: number): string;
  now(): number;
}

const HOUR = 3_600_000;
type ProjectSection = ExplorerNode & { kind: 'live' | 'agents' | 'servers' | 'members' };

async function projectsOf(profile: string, source: ExplorerSource): Promise<ExplorerNode[]> {
  if (!(await source.hasAccountToken(profile))) {
    const stored: ProjectInfo[] = source.tokenPcodes(profile).map((pcode) => ({
      pcode,
      name: source.projectLabel(profile, pcode),
      groupName: '',
    }));
    const setToken: ExplorerNode = { kind: 'setToken', profile, scope: 'account' };
    return [setToken, ...stored.map((project): ExplorerNode => ({ kind: 'project', profile, project }))];
  }
  const list = await (await source.client(profile)).projects();
  const folders = groupProjects(list.data.map(projectFromItem));
  if (folders.length === 0)
    return [{ kind: 'empty', key: `projects/${profile}`, text: templateText('No projects') }];
  return folders.map((f): ExplorerNode => ({ kind: 'folder', profile, ...f }));
}

async function groupsOf(profile: string, source: ExplorerSource): Promise<ExplorerNode[]> {
  if (!(await source.hasAccountToken(profile))) return [{ kind: 'setToken', profile, scope: 'account' }];
  const groups = await (await source.client(profile)).groups();
  if (groups.data.length === 0)
    return [{ kind: 'empty', key: `groups/${profile}`, text: templateText('No groups') }];
  return groups.data.map((group): ExplorerNode => ({ kind: 'group', profile, group }));
}

async function groupContent(
  node: ExplorerNode & { kind: 'groupMembers' | 'groupProjects' },
  source: ExplorerSource,
) {
  const client = await source.client(node.profile);
  if (node.kind === 'groupMembers') {
    const members = await client.groupMembers({ groupKey: node.groupKey });
    return members.data.map((member, i): ExplorerNode => ({
      kind: 'member',
      key: `${node.profile}/${node.groupKey}/${i}`,
      member,
    }));
  }
  const projects = await client.groupProjects({ groupKey: node.groupKey });
  return projects.data.map((p): ExplorerNode => ({
    kind: 'project',
    profile: node.profile,
    project: {
      pcode: p.projectCode,
      name: p.name,
      groupName: '',
      productType: p.productType,
      platform: p.platform,
      status: p.status,
      gatewayName: p.gatewayName,
    },
  }));
}

async function projectContent(node: ExplorerNode & { kind: 'project' }, source: ExplorerSource) {
  const { profile, project } = node;
  if (!(await source.hasProjectToken(profile, project.pcode))) {
    return [{ kind: 'setToken', profile, scope: 'project', pcode: project.pcode } satisfies ExplorerNode];
  }
  const kinds = isServerProject(project)
    ? (['live', 'agents', 'servers', 'members'] as const)
    : (['live', 'agents', 'members'] as const);
  return kinds.map((kind): ExplorerNode => ({ kind, profile, project }));
}

async function sectionContent(node: ProjectSection, source: ExplorerSource): Promise<ExplorerNode[]> {
  const { profile, project } = node;
  const client = await source.client(profile);
  const options = { pcode: project.pcode };
  switch (node.kind) {
    case 'live': {
      const spot = await client.spot(undefined, options);
      return liveValues(spot).map((value): ExplorerNode => ({ kind: 'value', profile, project, value }));
    }
    case 'agents': {
      const now = source.now();
      const [list, statuses] = await Promise.all([
        client.agentList({ stime: now - HOUR, etime: now }, options),
        client.agents(undefined, options),
      ]);
      const agents = joinAgents(list.data, statuses.data);
      if (agents.length === 0)
        return [
          {
            kind: 'empty',
            key: `agents/${profile}/${project.pcode}`,
            text: templateText('No agents in the last hour'),
          },
        ];
      return agents.map((agent): ExplorerNode => ({ kind: 'agent', profile, project, agent }));
    }
    case 'servers': {
      const servers = await client.smServers(undefined, options);
      return servers.values.map((server): ExplorerNode => ({ kind: 'server', profile, project, server }));
    }
    case 'members': {
      if (!(await source.hasAccountToken(profile))) return [{ kind: 'setToken', profile, scope: 'account' }];
      const members = await client.projectMembers({ projectCode: project.pcode });
      return members.data.map((member, i): ExplorerNode => ({
        kind: 'member',
        key: `${profile}/${project.pcode}/${i}`,
        member,
      }));
    }
  }
}

/** The children of `node` (the profiles at the root); throws what the request threw. */
export async function childrenOf(
  node: ExplorerNode | undefined,
  source: ExplorerSource,
): Promise<ExplorerNode[]> {
  if (!node) return source.profileNames().map((profile): ExplorerNode => ({ kind: 'profile', profile }));
  switch (node.kind) {
    case 'profile':
      return [
        { kind: 'projects', profile: node.profile },
        { kind: 'groups', profile: node.profile },
      ];
    case 'projects':
      return projectsOf(node.profile, source);
    case 'groups':
      return groupsOf(node.profile, source);
    case 'folder':
      return node.projects.map((project): ExplorerNode => ({
        kind: 'project',
        profile: node.profile,
        project,
      }));
    case 'group':
      return [
        { kind: 'groupMembers', profile: node.profile, groupKey: node.group.groupKey },
        { kind: 'groupProjects', profile: node.profile, groupKey: node.group.groupKey },
      ];
    case 'groupMembers':
    case 'groupProjects':
      return groupContent(node, source);
    case 'project':
      return projectContent(node, source);
    case 'live':
    case 'agents':
    case 'servers':
    case 'members':
      return sectionContent(node, source);
    default:
      return [];
  }
}
