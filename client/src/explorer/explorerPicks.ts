// The explorer's actions from the Command Palette, where no tree node is given: ask for the profile,
// project, agent or server with quick picks filled from the same tree data the explorer shows, so the
// palette and a right-click act on the same nodes.
import { DEMO_PROFILE_NAME } from '../config';
import type { Ctx } from '../ctx';
import type { PickItem } from '../views/ui';
import type { ExplorerNode } from './explorerNodes';
import type { ExplorerTree } from './explorerTree';

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
    'Which profile?',
    items,
    'There is no profile of your own yet: run "MXQL: Add Profile…" first.',
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
    description: `pcode ${node.project.pcode}${node.project.pcode === activePcode ? ' · active' : ''}`,
    value: node,
  }));
  return pick(
    ctx,
    `Which project of "${profile}"?`,
    items,
    `"${profile}" shows no project; set its tokens first.`,
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
      const state = node.agent.active ? 'active' : 'inactive';
      items.push({ label: node.agent.oname, description: `oid ${node.agent.oid} · ${state}`, value: node });
    } else if (node.kind === 'server') {
      items.push({ label: node.server.oname, description: `oid ${node.server.oid}`, value: node });
    }
  }
  const what = kind === 'agent' ? 'agent' : 'server';
  return pick(
    ctx,
    `Which ${what} of ${project.project.name}?`,
    items,
    `${project.project.name} has no ${what}s.`,
  );
}

/** The account token of the profile or the token of one of its projects. */
async function pickTokenScope(ctx: Ctx): Promise<ExplorerNode | undefined> {
  const profile = await pickProfile(ctx, false);
  if (!profile) return undefined;
  const account: ExplorerNode = { kind: 'profile', profile };
  const projects = ctx.profiles.tokenPcodes(profile).map((pcode): PickItem<ExplorerNode> => ({
    label: ctx.projectName(profile, pcode) ?? `Project ${pcode}`,
    description: `project token · pcode ${pcode}`,
    value: { kind: 'setToken', profile, scope: 'project', pcode },
  }));
  const items = [{ label: 'Account token', description: profile, value: account }, ...projects];
  return pick(ctx, `Which token of "${profile}"?`, items, 'No token to choose.');
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
