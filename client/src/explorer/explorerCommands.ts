// The explorer's context actions. Each takes the node it was invoked on (the tree passes it; tests
// pass a node from mxql.explorer.children, or its key) and fails with a readable message otherwise.
// From the Command Palette (no argument) each asks for its project, agent or server instead.
import * as vscode from 'vscode';
import { findEndpoint } from '../../../api/index';
import { DEMO_PROFILE_NAME } from '../config';
import type { Ctx } from '../ctx';
import { setAccountToken, setProjectToken } from '../profiles/profileCommands';
import { accountTokenKey, projectTokenKey } from '../profiles/secretKeys';
import type { Runner } from '../run/runner';
import type { ResultsPanels } from '../views/resultsPanel';
import { showApiResult } from '../openApiRequest/showApiResult';
import { openDashboard, type LiveDashboard } from '../dashboard/liveDashboard';
import type { PanelsByKey } from '../views/webviewPanel';
import type { ProjectInfo } from './explorerData';
import type { ExplorerNode } from './explorerNodes';
import type { ExplorerTree } from './explorerTree';
import { newQueryText, scopeQueryToAgent, withPcode } from './queryTemplates';
import { askForNode, type PickTarget } from './explorerPicks';
import { t } from '../l10n';

/** What the explorer's commands work with. */
export interface ExplorerDeps {
  readonly ctx: Ctx;
  readonly runner: Runner;
  readonly panels: ResultsPanels;
  readonly tree: ExplorerTree;
  /** Open live dashboards by `profile/pcode`. */
  readonly dashboards: PanelsByKey<LiveDashboard>;
}

type AgentNode = ExplorerNode & { kind: 'agent' };
type ProjectScoped = Extract<ExplorerNode, { project: ProjectInfo }>;

/** The node an action was invoked on: the node itself or its key. */
export function resolveNode(tree: ExplorerTree, arg: unknown): ExplorerNode | undefined {
  if (typeof arg === 'string') return tree.find(arg);
  if (typeof arg === 'object' && arg !== null && 'kind' in arg) return arg as ExplorerNode;
  if (typeof arg === 'object' && arg !== null && 'key' in arg && typeof arg.key === 'string')
    return tree.find(arg.key);
  return undefined;
}

/** Dismissed: the user closed a palette pick, so the action does nothing. */
const DISMISSED = null;

/** The node given (tree, tests), else from the Command Palette the one the user picks (null: dismissed). */
async function nodeOrAsk(deps: ExplorerDeps, arg: unknown, target: PickTarget) {
  if (arg !== undefined) return resolveNode(deps.tree, arg);
  return (await askForNode(deps.ctx, deps.tree, target)) ?? DISMISSED;
}

function need<T extends ExplorerNode>(
  node: ExplorerNode | undefined,
  ok: (n: ExplorerNode) => n is T,
  what: string,
): T {
  if (!node || !ok(node)) throw new Error(t('Run this from {0} in the MXQL explorer.', what));
  return node;
}
const isAgent = (n: ExplorerNode): n is AgentNode => n.kind === 'agent' && !Number.isNaN(n.agent.oid);
const hasProject = (n: ExplorerNode): n is ProjectScoped => 'project' in n && 'profile' in n;

/** Makes the node's project the one queries run against. */
export async function useAsTarget(deps: ExplorerDeps, arg: unknown): Promise<boolean> {
  const given = await nodeOrAsk(deps, arg, 'project');
  if (given === DISMISSED) return false;
  const node = need(given, hasProject, t('a project or an agent'));
  await deps.ctx.profiles.setActive({ profile: node.profile, pcode: node.project.pcode });
  deps.ctx.rememberProjectName(node.profile, node.project.pcode, node.project.name);
  return true;
}

/** Opens an untitled .mxql document for the node's project (with OID for an agent). */
export async function newQuery(deps: ExplorerDeps, arg: unknown): Promise<vscode.TextDocument | undefined> {
  const given = await nodeOrAsk(deps, arg, 'project');
  if (given === DISMISSED) return undefined;
  const node = need(given, hasProject, t('a project or an agent'));
  const agent = node.kind === 'agent' && !Number.isNaN(node.agent.oid) ? node.agent : undefined;
  const content = newQueryText(node.project, agent);
  const document = await vscode.workspace.openTextDocument({ language: 'mxql', content });
  await vscode.window.showTextDocument(document);
  return document;
}

/** Runs the active editor's query (selection or file) once with `OID <oid>` of the agent. */
export async function runScoped(deps: ExplorerDeps, arg: unknown): Promise<unknown> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== 'mxql') {
    throw new Error(t('Open an .mxql query in the editor first, then run it scoped to the agent.'));
  }
  const given = await nodeOrAsk(deps, arg, 'agent');
  if (given === DISMISSED) return undefined;
  const node = need(given, isAgent, t('an agent'));
  const fileText = editor.document.getText();
  const queryText = editor.selection.isEmpty ? fileText : editor.document.getText(editor.selection);
  const oid = node.agent.oid;
  return deps.runner.run({
    title: t('{0} (oid {1})', editor.document.fileName.split(/[\\/]/).pop() ?? 'query', oid),
    fileText: withPcode(scopeQueryToAgent(fileText, oid), node.project.pcode),
    queryText: scopeQueryToAgent(queryText, oid),
  });
}

/** Inserts a value of the node (oid or oname) at every cursor of the active editor. */
export async function insertValue(
  deps: ExplorerDeps,
  arg: unknown,
  field: 'oid' | 'oname',
): Promise<string | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) throw new Error(t('Open an editor to insert into.'));
  const given = await nodeOrAsk(deps, arg, 'agent');
  if (given === DISMISSED) return undefined;
  const node = need(given, isAgent, t('an agent'));
  const text = String(node.agent[field]);
  await editor.edit((edit) => {
    for (const selection of editor.selections) edit.replace(selection, text);
  });
  return text;
}

/** Copies oid, oname or pcode of the node to the clipboard. */
export async function copyValue(
  deps: ExplorerDeps,
  arg: unknown,
  field: 'oid' | 'oname' | 'pcode',
): Promise<string | undefined> {
  const node = await nodeOrAsk(deps, arg, field === 'pcode' ? 'project' : 'agent');
  if (node === DISMISSED) return undefined;
  let text: string;
  if (field === 'pcode') text = String(need(node, hasProject, t('a project or an agent')).project.pcode);
  else if (node?.kind === 'server') text = String(node.server[field]);
  else text = String(need(node, isAgent, t('an agent')).agent[field]);
  await vscode.env.clipboard.writeText(text);
  return text;
}

function tokenScope(node: ExplorerNode | undefined): { profile: string; pcode?: number } {
  const scope = nodeTokenScope(node);
  if (scope.profile === DEMO_PROFILE_NAME) {
    throw new Error(t('The Demo profile needs no token; add a profile for your own service to set one.'));
  }
  return scope;
}

function nodeTokenScope(node: ExplorerNode | undefined): { profile: string; pcode?: number } {
  if (node?.kind === 'setToken')
    return { profile: node.profile, ...(node.pcode !== undefined ? { pcode: node.pcode } : {}) };
  if (node && hasProject(node)) return { profile: node.profile, pcode: node.project.pcode };
  if (node && 'profile' in node) return { profile: node.profile };
  throw new Error(t('Run this from a profile or a project in the MXQL explorer.'));
}

/** Sets the account token (profile nodes) or the project token (project nodes); `token` skips the prompt. */
export async function setToken(deps: ExplorerDeps, arg: unknown, token?: unknown): Promise<boolean> {
  const node = await nodeOrAsk(deps, arg, 'tokenScope');
  if (node === DISMISSED) return false;
  const scope = tokenScope(node);
  const given = typeof token === 'string' ? { token } : {};
  const done =
    scope.pcode === undefined
      ? await setAccountToken(deps.ctx, { profile: scope.profile, ...given })
      : await setProjectToken(deps.ctx, { profile: scope.profile, pcode: scope.pcode, ...given });
  if (done) deps.tree.refresh();
  return done === true;
}

/** Deletes the node's token from secret storage. */
export async function clearToken(deps: ExplorerDeps, arg: unknown): Promise<boolean> {
  const node = await nodeOrAsk(deps, arg, 'tokenScope');
  if (node === DISMISSED) return false;
  const scope = tokenScope(node);
  const key =
    scope.pcode === undefined ? accountTokenKey(scope.profile) : projectTokenKey(scope.profile, scope.pcode);
  await deps.ctx.extension.secrets.delete(key);
  deps.ctx.profiles.invalidate(scope.profile);
  deps.tree.refresh();
  return true;
}

/** Shows one server's `sm` snapshot in the results panel, flattened to columns. */
export async function showServer(deps: ExplorerDeps, arg: unknown) {
  const given = await nodeOrAsk(deps, arg, 'server');
  if (given === DISMISSED) return undefined;
  const node = need(given, (n): n is ExplorerNode & { kind: 'server' } => n.kind === 'server', t('a server'));
  const spec = findEndpoint('sm');
  if (!spec) throw new Error(t('The sm endpoint is missing from the endpoint table.'));
  const oid = node.server.oid;
  return showApiResult(deps.ctx, deps.panels, {
    spec,
    params: {},
    profile: node.profile,
    pcode: node.project.pcode,
    title: t('Server {0}', node.server.oname),
    select: (body) => {
      const values = (body as { values?: { servers?: { oid?: unknown }[] } } | null)?.values;
      return (values?.servers ?? []).filter((s) => s.oid === oid);
    },
  });
}

/** Opens the live dashboard of the node's project. */
export async function openLiveDashboard(deps: ExplorerDeps, arg: unknown) {
  const given = await nodeOrAsk(deps, arg, 'project');
  if (given === DISMISSED) return undefined;
  const node = need(given, hasProject, t('a project'));
  return openDashboard(deps.ctx, deps.dashboards, node.profile, node.project);
}
