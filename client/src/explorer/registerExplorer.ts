// Wires the explorer: the tree view in the MXQL container, its refresh triggers (profile and token
// changes, expansion of live values, the auto-refresh setting) and the handlers of its commands. The
// command table registers the handlers; they reach the tree through the Ctx they were built for.
import * as vscode from 'vscode';
import { englishOf } from '../../../common/templateText';
import { AUTO_REFRESH_SETTING, DEMO_PROFILE_NAME, readAutoRefreshSeconds } from '../config';
import type { Ctx } from '../ctx';
import { openApiRequest } from '../openApiRequest/openApiRequest';
import { accountTokenKey, projectTokenKey } from '../profiles/secretKeys';
import type { Runner } from '../run/runner';
import type { ResultsPanels } from '../views/resultsPanel';
import type { ExplorerSource } from './explorerChildren';
import * as actions from './explorerCommands';
import type { ExplorerCommandId } from './explorerCommandTable';
import { nodeKey } from './explorerNodes';
import { EXPLORER_VIEW_ID, ExplorerTree } from './explorerTree';
import type { LiveDashboard } from '../dashboard/liveDashboard';
import { PanelsByKey } from '../views/webviewPanel';
import { t } from '../l10n';

const bound = new WeakMap<Ctx, actions.ExplorerDeps>();

function explorerSource(ctx: Ctx): ExplorerSource {
  const secrets = ctx.extension.secrets;
  return {
    profileNames: () => ctx.profiles.names(),
    client: async (profile) => (await ctx.profiles.target({ profile })).client,
    hasAccountToken: async (profile) =>
      profile === DEMO_PROFILE_NAME || (await secrets.get(accountTokenKey(profile))) !== undefined,
    hasProjectToken: async (profile, pcode) =>
      profile === DEMO_PROFILE_NAME || (await secrets.get(projectTokenKey(profile, pcode))) !== undefined,
    tokenPcodes: (profile) => ctx.profiles.tokenPcodes(profile),
    projectLabel: (profile, pcode) => ctx.projectLabel(profile, pcode),
    now: () => Date.now(),
  };
}

/** The auto-refresh period in seconds from the settings; a bad value is 0 (off) and is logged. */
function autoRefreshSeconds(ctx: Ctx): number {
  const settings = vscode.workspace.getConfiguration();
  const { seconds, problem } = readAutoRefreshSeconds((key) => settings.get<unknown>(key));
  if (problem) ctx.log.warn(`Settings: ${englishOf(problem)}`);
  return seconds;
}

/** Creates the explorer view and binds its command handlers to `ctx`. */
export function registerExplorer(ctx: Ctx, runner: Runner, panels: ResultsPanels): ExplorerTree {
  const tree = ctx.push(new ExplorerTree(explorerSource(ctx), (text) => ctx.log.redact(text)));
  const view = ctx.push(
    vscode.window.createTreeView(EXPLORER_VIEW_ID, { treeDataProvider: tree, showCollapseAll: true }),
  );
  ctx.push(view.onDidExpandElement((e) => tree.expanded(e.element)));
  ctx.push(view.onDidCollapseElement((e) => tree.collapsed(e.element)));
  ctx.push(ctx.profiles.onDidChange(() => tree.refresh()));
  ctx.push(ctx.demo.onDidChange(() => tree.refresh()));
  ctx.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(AUTO_REFRESH_SETTING)) tree.setAutoRefresh(autoRefreshSeconds(ctx));
    }),
  );
  tree.setAutoRefresh(autoRefreshSeconds(ctx));
  const dashboards = new PanelsByKey<LiveDashboard>();
  ctx.push({ dispose: () => dashboards.all().forEach((d) => d.close()) });
  bound.set(ctx, { ctx, runner, panels, tree, dashboards });
  return tree;
}

/** Refresh and Retry also bring back a crashed demo backend, which then reloads the nodes. */
async function refreshAfterDemoRestart(ctx: Ctx, arg: unknown): Promise<void> {
  await ctx.demo.restartIfCrashed();
  deps(ctx).tree.refresh(actions.resolveNode(deps(ctx).tree, arg));
}

function deps(ctx: Ctx): actions.ExplorerDeps {
  const found = bound.get(ctx);
  if (!found) throw new Error(t('The MXQL explorer is not ready yet; try again in a moment.'));
  return found;
}

async function listChildren(d: actions.ExplorerDeps, arg: unknown) {
  const node = arg === undefined ? undefined : actions.resolveNode(d.tree, arg);
  if (arg !== undefined && !node)
    throw new Error(t('That explorer node is not shown (any more); refresh the explorer.'));
  const children = await d.tree.childViews(node);
  return children.map(({ node: child, view }) => ({
    key: nodeKey(child),
    kind: child.kind,
    ...view,
    node: child,
  }));
}

/** The handlers of the explorer's commands, for the extension's command table. */
export function explorerHandlers(ctx: Ctx): Record<ExplorerCommandId, (...args: unknown[]) => unknown> {
  return {
    'mxql.openApiRequest': (arg) => openApiRequest(ctx, deps(ctx).panels, arg),
    'mxql.explorer.refresh': (arg) => refreshAfterDemoRestart(ctx, arg),
    'mxql.explorer.retry': (arg) => refreshAfterDemoRestart(ctx, arg),
    'mxql.explorer.useAsTarget': (arg) => actions.useAsTarget(deps(ctx), arg),
    'mxql.explorer.newQuery': (arg) => actions.newQuery(deps(ctx), arg),
    'mxql.explorer.runScoped': (arg) => actions.runScoped(deps(ctx), arg),
    'mxql.explorer.insertOid': (arg) => actions.insertValue(deps(ctx), arg, 'oid'),
    'mxql.explorer.insertOname': (arg) => actions.insertValue(deps(ctx), arg, 'oname'),
    'mxql.explorer.copyOid': (arg) => actions.copyValue(deps(ctx), arg, 'oid'),
    'mxql.explorer.copyOname': (arg) => actions.copyValue(deps(ctx), arg, 'oname'),
    'mxql.explorer.copyPcode': (arg) => actions.copyValue(deps(ctx), arg, 'pcode'),
    'mxql.explorer.setToken': (arg, token) => actions.setToken(deps(ctx), arg, token),
    'mxql.explorer.clearToken': (arg) => actions.clearToken(deps(ctx), arg),
    'mxql.explorer.showServer': (arg) => actions.showServer(deps(ctx), arg),
    'mxql.explorer.openDashboard': (arg) => actions.openLiveDashboard(deps(ctx), arg),
    'mxql.explorer.children': (arg) => listChildren(deps(ctx), arg),
  };
}
