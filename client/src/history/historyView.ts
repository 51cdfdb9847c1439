// The "History" tree in the MXQL view container: one item per past run, newest first, with
// Re-run and Open Query as inline actions.
import * as vscode from 'vscode';
import { historyRangeLabel, type HistoryEntry, type HistoryStore } from './historyStore';
import { localTimezone } from '../../../common/localZone';
import { t } from '../l10n';

/** The contextValue of history items (package.json menus match it). */
export const HISTORY_ITEM_CONTEXT = 'mxqlHistoryEntry';

function describe(entry: HistoryEntry): string {
  const outcome = entry.status === 'done' ? `${entry.rows} rows` : entry.status;
  const project = entry.pcode === undefined ? entry.profile : `${entry.profile}/${entry.pcode}`;
  return `${outcome} · ${entry.ms} ms · ${historyRangeLabel(entry, localTimezone)} · ${project}`;
}

function tooltip(entry: HistoryEntry): vscode.MarkdownString {
  const params = Object.entries(entry.params).map(([k, v]) => `${k} = ${v}`);
  const tip = new vscode.MarkdownString();
  tip.appendText(`${new Date(entry.time).toISOString()} — ${entry.endpoint}\n`);
  if (params.length > 0) tip.appendText(`params: ${params.join(', ')}\n`);
  if (entry.error) tip.appendText(`error: ${entry.error}\n`);
  tip.appendCodeblock(entry.query.slice(0, 2000), 'mxql');
  return tip;
}

export class HistoryView implements vscode.TreeDataProvider<HistoryEntry>, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changeEmitter.event;
  private readonly subscription: { dispose(): void };

  constructor(private readonly store: HistoryStore) {
    this.subscription = store.onDidChange(() => this.changeEmitter.fire());
  }

  getChildren(element?: HistoryEntry): HistoryEntry[] {
    return element ? [] : this.store.entries();
  }

  getTreeItem(entry: HistoryEntry): vscode.TreeItem {
    const item = new vscode.TreeItem(entry.title, vscode.TreeItemCollapsibleState.None);
    item.id = entry.id;
    item.description = describe(entry);
    item.tooltip = tooltip(entry);
    item.contextValue = HISTORY_ITEM_CONTEXT;
    const icon = entry.status === 'done' ? 'pass' : entry.status === 'cancelled' ? 'circle-slash' : 'error';
    item.iconPath = new vscode.ThemeIcon(icon);
    item.command = { command: 'mxql.history.openQuery', title: t('Open Query'), arguments: [entry] };
    return item;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changeEmitter.dispose();
  }
}
