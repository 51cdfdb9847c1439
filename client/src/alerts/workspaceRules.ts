// The workspace's event-rule files, found once and kept current as files change: the rule-file picker of
// Draft Alert Rule lists them, and every chart on a category (a run in the results panel or a notebook, a
// widget of the dashboard preview) draws the thresholds of the rules that watch it (the core's
// ruleThresholdsFor), so a user sees where their alerts would fire while reading the data.
import * as vscode from 'vscode';
import {
  findEventRules,
  mayHoldEventRules,
  ruleThresholdsFor,
  type EventRuleScan,
} from '../../../server/core/index';
import type { ThresholdMark } from '../../../common/chartMarks';

/** At most this many JSON files are looked at, each of at most this many bytes. */
const MAX_FILES = 500;
const MAX_RULE_FILE_BYTES = 2_000_000;

/** A file's text: the editor's when it is open (unsaved edits included), else the disk's. */
export async function workspaceText(uri: vscode.Uri): Promise<string | undefined> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return open.getText();
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

export class WorkspaceRules implements vscode.Disposable {
  private readonly scans = new Map<string, { uri: vscode.Uri; scan: EventRuleScan }>();
  private readonly watcher = vscode.workspace.createFileSystemWatcher('**/*.json');
  private loading: Promise<void> | undefined;

  constructor() {
    const reread = (uri: vscode.Uri) => {
      if (this.loading) void this.read(uri);
    };
    this.watcher.onDidChange(reread);
    this.watcher.onDidCreate(reread);
    this.watcher.onDidDelete((uri) => this.scans.delete(uri.toString()));
  }

  /** Finds the rule files once; later calls wait for the same search. */
  load(): Promise<void> {
    this.loading ??= (async () => {
      const uris = await vscode.workspace.findFiles('**/*.json', '**/node_modules/**', MAX_FILES);
      await Promise.all(uris.map((uri) => this.read(uri)));
    })();
    return this.loading;
  }

  /** The workspace's rule files, by path. */
  async files(): Promise<vscode.Uri[]> {
    await this.load();
    return [...this.scans.values()].map((s) => s.uri).sort((a, b) => a.path.localeCompare(b.path));
  }

  /** The thresholds of the rules that watch `category`. */
  async thresholdsFor(category: string): Promise<ThresholdMark[]> {
    await this.load();
    return ruleThresholdsFor(
      [...this.scans.values()].map((s) => s.scan),
      category,
    );
  }

  private async read(uri: vscode.Uri): Promise<void> {
    const key = uri.toString();
    const stat = await Promise.resolve(vscode.workspace.fs.stat(uri)).catch(() => undefined);
    const text = stat && stat.size <= MAX_RULE_FILE_BYTES ? await workspaceText(uri) : undefined;
    const scan = text !== undefined && mayHoldEventRules(text) ? findEventRules(text) : undefined;
    if (scan && scan.rules.length > 0) this.scans.set(key, { uri, scan });
    else this.scans.delete(key);
  }

  dispose(): void {
    this.watcher.dispose();
  }
}
