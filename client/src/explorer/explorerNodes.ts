// The explorer's nodes as plain data, and how each one looks (label, description, tooltip, icon,
// context value). No vscode: its texts are data (names as they are, words as templates) that the tree
// adapter says when it turns a NodeView into a TreeItem, and tests check the views directly.
import type { Group, ProjectMember, SmServerListItem } from '../../../api/index';
import {
  agentTooltip,
  projectDescription,
  projectTooltip,
  type AgentInfo,
  type LiveValue,
  type ProjectInfo,
} from './explorerData';
import { templateText, type ShownText, type TemplateText } from '../../../common/templateText';

export type ExplorerNode =
  | { readonly kind: 'profile'; readonly profile: string }
  | { readonly kind: 'projects' | 'groups'; readonly profile: string }
  | {
      readonly kind: 'folder';
      readonly profile: string;
      readonly groupName: string;
      readonly projects: readonly ProjectInfo[];
    }
  | { readonly kind: 'group'; readonly profile: string; readonly group: Group }
  | { readonly kind: 'groupMembers' | 'groupProjects'; readonly profile: string; readonly groupKey: string }
  | { readonly kind: 'project'; readonly profile: string; readonly project: ProjectInfo }
  | {
      readonly kind: 'live' | 'agents' | 'servers' | 'members';
      readonly profile: string;
      readonly project: ProjectInfo;
    }
  | {
      readonly kind: 'value';
      readonly profile: string;
      readonly project: ProjectInfo;
      readonly value: LiveValue;
    }
  | {
      readonly kind: 'agent';
      readonly profile: string;
      readonly project: ProjectInfo;
      readonly agent: AgentInfo;
    }
  | {
      readonly kind: 'server';
      readonly profile: string;
      readonly project: ProjectInfo;
      readonly server: SmServerListItem;
    }
  | { readonly kind: 'member'; readonly key: string; readonly member: ProjectMember | Group }
  | { readonly kind: 'error'; readonly key: string; readonly parent: ExplorerNode; readonly message: string }
  | {
      readonly kind: 'setToken';
      readonly profile: string;
      readonly scope: 'account' | 'project';
      readonly pcode?: number;
    }
  | { readonly kind: 'empty'; readonly key: string; readonly text: TemplateText };

/** What a tree item shows for a node; `command` is run when the node is clicked. */
export interface NodeView {
  readonly id: string;
  readonly label: ShownText;
  readonly description?: ShownText;
  /** The tooltip's lines. */
  readonly tooltip?: readonly ShownText[];
  readonly icon: string;
  /** A theme colour id for the icon (e.g. testing.iconPassed). */
  readonly iconColor?: string;
  readonly contextValue: string;
  readonly collapsible: boolean;
  readonly command?: { readonly command: string; readonly title: ShownText };
}

/** A stable id per node, so the tree keeps expansion and selection across refreshes. */
export function nodeKey(node: ExplorerNode): string {
  switch (node.kind) {
    case 'profile':
    case 'projects':
    case 'groups':
      return `${node.kind}/${node.profile}`;
    case 'folder':
      return `folder/${node.profile}/${node.groupName}`;
    case 'group':
      return `group/${node.profile}/${node.group.groupKey}/${node.group.groupName}`;
    case 'groupMembers':
    case 'groupProjects':
      return `${node.kind}/${node.profile}/${node.groupKey}`;
    case 'project':
    case 'live':
    case 'agents':
    case 'servers':
    case 'members':
      return `${node.kind}/${node.profile}/${node.project.pcode}`;
    case 'value':
      return `value/${node.profile}/${node.project.pcode}/${node.value.key}`;
    case 'agent':
      return `agent/${node.profile}/${node.project.pcode}/${node.agent.oid}/${node.agent.oname}`;
    case 'server':
      return `server/${node.profile}/${node.project.pcode}/${node.server.oid}`;
    case 'setToken':
      return `setToken/${node.profile}/${node.scope}/${node.pcode ?? ''}`;
    case 'member':
    case 'error':
    case 'empty':
      return `${node.kind}/${node.key}`;
  }
}

const FOLDER_TITLES = {
  live: [templateText('Live values'), 'pulse'],
  agents: [templateText('Agents'), 'server-process'],
  servers: [templateText('Servers'), 'server'],
  members: [templateText('Members'), 'organization'],
} as const;

function sectionView(node: ExplorerNode & { kind: 'live' | 'agents' | 'servers' | 'members' }): NodeView {
  const [label, icon] = FOLDER_TITLES[node.kind];
  const contextValue = node.kind === 'live' ? 'mxqlLive' : 'mxqlSection';
  return { id: nodeKey(node), label, icon, contextValue, collapsible: true };
}

function agentView(node: ExplorerNode & { kind: 'agent' }): NodeView {
  const { agent } = node;
  return {
    id: nodeKey(node),
    label: agent.oname,
    description: Number.isNaN(agent.oid) ? templateText('no oid') : `oid ${agent.oid}`,
    tooltip: agentTooltip(agent),
    icon: agent.active ? 'vm-active' : 'vm-outline',
    ...(agent.active ? { iconColor: 'testing.iconPassed' } : { iconColor: 'disabledForeground' }),
    contextValue: agent.active ? 'mxqlAgent' : 'mxqlAgentInactive',
    collapsible: false,
  };
}

const SERVER_COLORS: Record<string, string> = {
  ok: 'testing.iconPassed',
  warning: 'list.warningForeground',
  fatal: 'list.errorForeground',
};

function serverView(node: ExplorerNode & { kind: 'server' }): NodeView {
  const status = node.server.isActive ? (node.server['os.status'] ?? 'unknown') : 'inactive';
  const color = SERVER_COLORS[status] ?? 'disabledForeground';
  return {
    id: nodeKey(node),
    label: node.server.oname,
    description: templateText('{0} · oid {1}', status, node.server.oid),
    tooltip: [
      templateText(
        '{0} (oid {1})\nStatus: {2}\nOS: {3}',
        node.server.oname,
        node.server.oid,
        status,
        node.server['os.name'] ?? '',
      ),
    ],
    icon: status === 'ok' ? 'pass' : status === 'inactive' ? 'circle-slash' : 'warning',
    iconColor: color,
    contextValue: 'mxqlServer',
    collapsible: false,
    command: { command: 'mxql.explorer.showServer', title: templateText('Show Server Snapshot') },
  };
}

function memberView(node: ExplorerNode & { kind: 'member' }): NodeView {
  const m = node.member;
  const isPerson = 'email' in m;
  return {
    id: nodeKey(node),
    label: isPerson ? m.name || m.email : m.groupName,
    description: isPerson ? `${m.typeName} · ${m.email}` : m.description,
    icon: isPerson ? 'person' : 'organization',
    contextValue: 'mxqlMember',
    collapsible: false,
  };
}

function projectView(node: ExplorerNode & { kind: 'project' }): NodeView {
  return {
    id: nodeKey(node),
    label: node.project.name,
    description: projectDescription(node.project) || `pcode ${node.project.pcode}`,
    tooltip: projectTooltip(node.project),
    icon: 'project',
    contextValue: 'mxqlProject',
    collapsible: true,
  };
}

function simpleView(node: ExplorerNode): NodeView | undefined {
  const id = nodeKey(node);
  switch (node.kind) {
    case 'profile':
      return { id, label: node.profile, icon: 'account', contextValue: 'mxqlProfile', collapsible: true };
    case 'projects':
      return {
        id,
        label: templateText('Projects'),
        icon: 'folder-library',
        contextValue: 'mxqlSection',
        collapsible: true,
      };
    case 'groups':
      return {
        id,
        label: templateText('Groups'),
        icon: 'organization',
        contextValue: 'mxqlSection',
        collapsible: true,
      };
    case 'folder': {
      const label = node.groupName || templateText('(no group)');
      const count = node.projects.length;
      const description = count === 1 ? templateText('1 project') : templateText('{0} projects', count);
      return { id, label, description, icon: 'folder', contextValue: 'mxqlFolder', collapsible: true };
    }
    case 'group':
      return {
        id,
        label: node.group.groupName,
        ...(node.group.description ? { description: node.group.description } : {}),
        icon: 'organization',
        contextValue: 'mxqlGroup',
        collapsible: true,
      };
    case 'groupMembers':
      return {
        id,
        label: templateText('Members'),
        icon: 'person',
        contextValue: 'mxqlSection',
        collapsible: true,
      };
    case 'groupProjects':
      return {
        id,
        label: templateText('Projects'),
        icon: 'project',
        contextValue: 'mxqlSection',
        collapsible: true,
      };
    default:
      return undefined;
  }
}

function leafView(node: ExplorerNode): NodeView | undefined {
  const id = nodeKey(node);
  switch (node.kind) {
    case 'value':
      return {
        id,
        label: node.value.label,
        description: node.value.value,
        icon: 'dashboard',
        contextValue: 'mxqlValue',
        collapsible: false,
      };
    case 'error':
      return {
        id,
        label: node.message.split('\n')[0] ?? node.message,
        tooltip: [templateText('{0}\nClick to retry.', node.message)],
        icon: 'error',
        iconColor: 'list.errorForeground',
        contextValue: 'mxqlError',
        collapsible: false,
        command: { command: 'mxql.explorer.retry', title: templateText('Retry') },
      };
    case 'setToken':
      return {
        id,
        label:
          node.scope === 'account' ? templateText('Set account token…') : templateText('Set project token…'),
        tooltip: [templateText('Tokens are kept in VS Code secret storage.')],
        icon: 'key',
        contextValue: 'mxqlSetToken',
        collapsible: false,
        command: { command: 'mxql.explorer.setToken', title: templateText('Set Token…') },
      };
    case 'empty':
      return { id, label: node.text, icon: 'info', contextValue: 'mxqlEmpty', collapsible: false };
    default:
      return undefined;
  }
}

/** How a node looks in the tree. */
export function nodeView(node: ExplorerNode): NodeView {
  switch (node.kind) {
    case 'project':
      return projectView(node);
    case 'live':
    case 'agents':
    case 'servers':
    case 'members':
      return sectionView(node);
    case 'agent':
      return agentView(node);
    case 'server':
      return serverView(node);
    case 'member':
      return memberView(node);
    default: {
      const view = simpleView(node) ?? leafView(node);
      return (
        view ?? {
          id: nodeKey(node),
          label: node.kind,
          icon: 'circle',
          contextValue: 'mxqlNode',
          collapsible: false,
        }
      );
    }
  }
}
