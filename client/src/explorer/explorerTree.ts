// The explorer's TreeDataProvider. Nodes are interned by key so a refresh of one node reaches the
// object VS Code holds; a failed fetch becomes an error node (message and hint) that retries on click,
// and the siblings keep working. Live values refresh on expand and, optionally, on a timer.
import * as vscode from 'vscode';
import { childrenOf, type ExplorerSource } from './explorerChildren';
import { nodeKey, nodeView, type ExplorerNode, type NodeView } from './explorerNodes';
import { errorText } from '../errorText';
import { translateText } from '../l10n';

/** The tree's view id in the MXQL view container. */
export const EXPLORER_VIEW_ID = 'mxql.explorer';

export class ExplorerTree implements vscode.TreeDataProvider<ExplorerNode>, vscode.Disposable {
  private readonly nodes = new Map<string, ExplorerNode>();
  private readonly parents = new Map<string, ExplorerNode | undefined>();
  private readonly expandedLive = new Set<string>();
  private readonly emitter = new vscode.EventEmitter<ExplorerNode | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly source: ExplorerSource,
    private readonly redact: (text: string) => string,
  ) {}

  getTreeItem(node: ExplorerNode): vscode.TreeItem {
    return treeItem(nodeView(node), node);
  }

  getParent(node: ExplorerNode): ExplorerNode | undefined {
    return this.parents.get(nodeKey(node));
  }

  async getChildren(node?: ExplorerNode): Promise<ExplorerNode[]> {
    try {
      const children = await childrenOf(node, this.source);
      return children.map((child) => this.intern(child, node));
    } catch (error) {
      if (!node) return [];
      return [this.intern(this.errorNode(node, error), node)];
    }
  }

  /** Children as views, for the command that lists a node's content (tests and scripting). */
  async childViews(node?: ExplorerNode): Promise<{ node: ExplorerNode; view: SaidView }[]> {
    const children = await this.getChildren(node);
    return children.map((child) => ({ node: child, view: saidView(nodeView(child)) }));
  }

  /** The interned node with this key, if the tree has shown it. */
  find(key: string): ExplorerNode | undefined {
    return this.nodes.get(key);
  }

  /** Refetches `node` (everything when undefined). An error node refetches its parent. */
  refresh(node?: ExplorerNode): void {
    if (node?.kind === 'error') {
      this.emitter.fire(this.interned(node.parent));
      return;
    }
    if (!node) this.nodes.clear();
    this.emitter.fire(node ? this.interned(node) : undefined);
  }

  /** Live-values nodes refetch when expanded; the timer refreshes the expanded ones. */
  expanded(node: ExplorerNode): void {
    if (node.kind !== 'live') return;
    this.expandedLive.add(nodeKey(node));
    this.emitter.fire(this.interned(node));
  }

  collapsed(node: ExplorerNode): void {
    this.expandedLive.delete(nodeKey(node));
  }

  /** Sets the auto-refresh period of expanded live values; 0 turns it off. */
  setAutoRefresh(seconds: number): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (seconds <= 0) return;
    this.timer = setInterval(() => {
      for (const key of this.expandedLive) {
        const node = this.nodes.get(key);
        if (node) this.emitter.fire(node);
      }
    }, seconds * 1000);
  }

  private interned(node: ExplorerNode): ExplorerNode {
    return this.nodes.get(nodeKey(node)) ?? node;
  }

  private intern(node: ExplorerNode, parent: ExplorerNode | undefined): ExplorerNode {
    const key = nodeKey(node);
    const known = this.nodes.get(key);
    // VS Code finds elements by identity: keep the first object and refresh its data in place.
    const kept = known ? Object.assign(known, node) : node;
    this.nodes.set(key, kept);
    this.parents.set(key, parent);
    return kept;
  }

  private errorNode(parent: ExplorerNode, error: unknown): ExplorerNode {
    return { kind: 'error', key: nodeKey(parent), parent, message: this.redact(errorText(error)) };
  }

  dispose(): void {
    if (this.timer) clearInterval(this.timer);
    this.emitter.dispose();
  }
}

/** A node's view with its texts in the user's language. */
export interface SaidView extends Omit<NodeView, 'label' | 'description' | 'tooltip' | 'command'> {
  readonly label: string;
  readonly description?: string;
  readonly tooltip?: string;
  readonly command?: { readonly command: string; readonly title: string };
}

function saidView(view: NodeView): SaidView {
  return {
    ...view,
    label: translateText(view.label),
    description: view.description === undefined ? undefined : translateText(view.description),
    tooltip: view.tooltip?.map(translateText).join('\n'),
    command: view.command && { command: view.command.command, title: translateText(view.command.title) },
  };
}

function treeItem(shown: NodeView, node: ExplorerNode): vscode.TreeItem {
  const view = saidView(shown);
  const state = view.collapsible
    ? vscode.TreeItemCollapsibleState.Collapsed
    : vscode.TreeItemCollapsibleState.None;
  const item = new vscode.TreeItem(view.label, state);
  item.id = view.id;
  if (view.description !== undefined) item.description = view.description;
  if (view.tooltip !== undefined) item.tooltip = view.tooltip;
  item.iconPath = new vscode.ThemeIcon(
    view.icon,
    view.iconColor ? new vscode.ThemeColor(view.iconColor) : undefined,
  );
  item.contextValue = view.contextValue;
  if (view.command) item.command = { ...view.command, arguments: [node] };
  return item;
}
