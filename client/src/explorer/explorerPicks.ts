// The explorer's actions from the Command Palette, where no tree node is given: ask for the profile,
// project, agent or server with quick picks filled from the same tree data the explorer shows, so the
// palette and a right-click act on the same nodes.
import { DEMO_PROFILE_NAME } from '../config';
import type { Ctx } from '../ctx';
import type { PickItem } from '../views/ui';
import type { ExplorerNode } from './explorerNodes';
import type { ExplorerTree } from './explorerTree';
import { t } from '../l10n';

/** What a palette action asks for. */
export type PickTarget = 'project' | 'agent' | 'server' | 'tokenScope';

type ProjectNode = ExplorerNode & { kind: 'project' };

/** The children of `node`; an error node (a failed request) becomes an error with its message. */
async function childrenOrThrow(tree: ExplorerTree, node: ExplorerNode): Promise<ExplorerNode[]> {
  const children = await tree.getChildren(node);
  const failed = children.find((c) => c.kind === 'error');
  if (failed?.kind === 'error') throw new Error(failed.message);
  return children;
}

async function pick<T>(ctx: Ctx, title: string, items: PickItem<T>[], none: string): Promise<T | undefined> {
  if (items.length === 0) throw new Error(none);
  return (await ctx.ui.quickPick(items, { title, matchOnDescription: true }))?.value;
}

/** The active profile, else the one the user picks (the Demo too unless `withDemo` is false). */
async function pickProfile(ctx: Ctx, withDemo: boolean): Promise<string | undefined> {
  const active = ctx.profiles.active()?.profile;
  if (active && (withDemo || active !== DEMO_PROFILE_NAME)) return active;
  const names = ctx.profiles.names().filter((n) => withDemo || n !== DEMO_PROFILE_NAME);
  const items = names.map((name): PickItem<string> => ({ label: name, value: name }));
  return pick(
    ctx,
    t('Which profile?'),
    items,
    t('There is no profile of your own yet: run "MXQL: Add Profile…" first.'),
  );
}

async function projectNodes(tree: ExplorerTree, profile: string): Promise<ProjectNode[]> {
  const top = await childrenOrThrow(tree, { kind: 'projects', profile });
  const nested = await Promise.all(
    top.map((n) => (n.kind === 'folder' ? childrenOrThrow(tree, n) : Promise.resolve([n]))),
  );
  return nested.flat().filter((n): n is ProjectNode => n.kind === 'project');
}

async function pickProject(ctx: Ctx, tree: ExplorerTree, withDemo = true): Promise<ProjectNode | undefined> {
  const profile = await pickProfile(ctx, withDemo);
  if (!profile) return undefined;
  const activePcode = ctx.profiles.active()?.pcode;
  const projects = await projectNodes(tree, profile);
  // The active project first, so Enter keeps working on it.
  projects.sort((a, b) => Number(b.project.pcode === activePcode) - Number(a.project.pcode === activePcode));
  const items = projects.map((node): PickItem<ProjectNode> => ({
    label: node.project.name,
    description:
      node.project.pcode === activePcode
        ? t('pcode {0} · active', node.project.pcode)
        : t('pcode {0}', node.project.pcode),
    value: node,
  }));
  return pick(
    ctx,
    t('Which project of "{0}"?', profile),
    items,
    t('"{0}" shows no project; set its tokens first.', profile),
  );
}

async function pickInSection(
  ctx: Ctx,
  tree: ExplorerTree,
  kind: 'agent' | 'server',
): Promise<ExplorerNode | undefined> {
  const project = await pickProject(ctx, tree);
  if (!project) return undefined;
  const { profile } = project;
  const section = await childrenOrThrow(tree, {
    kind: kind === 'agent' ? 'agents' : 'servers',
    profile,
    project: project.project,
  });
  const items: PickItem<ExplorerNode>[] = [];
  for (const node of section) {
    if (node.kind === 'agent' && !Number.isNaN(node.agent.oid)) {
      const state = node.agent.active ? t('active') : t('inactive');
      items.push({
        label: node.agent.oname,
        description: t('oid {0} · {1}', node.agent.oid, state),
        value: node,
      });
    } else if (node.kind === 'server') {
      items.push({ label: node.server.oname, description: t('oid {0}', node.server.oid), value: node });
    }
  }
  return pick(
    ctx,
    kind === 'agent'
      ? t('Which agent of {0}?', project.project.name)
      : t('Which server of {0}?', project.project.name),
    items,
    kind === 'agent'
      ? t('{0} has no agents.', project.project.name)
      : t('{0} has no servers.', project.project.name),
  );
}

/** The account token of the profile or the token of one of its projects. */
async function pickTokenScope(ctx: Ctx): Promise<ExplorerNode | undefined> {
  const profile = await pickProfile(ctx, false);
  if (!profile) return undefined;
  const account: ExplorerNode = { kind: 'profile', profile };
  const projects = ctx.profiles.tokenPcodes(profile).map((pcode): PickItem<ExplorerNode> => ({
    label: ctx.projectLabel(profile, pcode),
    description: t('project token · pcode {0}', pcode),
    value: { kind: 'setToken', profile, scope: 'project', pcode },
  }));
  const items = [{ label: t('Account token'), description: profile, value: account }, ...projects];
  return pick(ctx, t('Which token of "{0}"?', profile), items, t('No token to choose.'));
}

/**
 * Asks for the node a palette action works on; undefined when the user dismisses a pick.
 * Throws a readable error when there is nothing to pick from.
 */
export function askForNode(
  ctx: Ctx,
  tree: ExplorerTree,
  target: PickTarget,
): Promise<ExplorerNode | undefined> {
  switch (target) {
    case 'project':
      return pickProject(ctx, tree);
    case 'agent':
    case 'server':
      return pickInSection(ctx, tree, target);
    case 'tokenScope':
      return pickTokenScope(ctx);
  }
}
