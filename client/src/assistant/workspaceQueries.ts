// The workspace's own MXQL, which the find-data tool learns categories and columns from: the `.mxql`
// files of the workspace and the queries inside its dashboard JSON (`mql`, `query`, `inject.*` strings,
// found by the core), bounded in count and size, read once and kept current as files change.
import * as vscode from 'vscode';
import { findJsonQueries } from '../../../server/core/index';

/** At most this many files, each at most this many bytes: a huge repository must not stall the host. */
const MAX_FILES = 500;
const MAX_BYTES = 512 * 1024;

export class WorkspaceQueries implements vscode.Disposable {
  private readonly byUri = new Map<string, string>();
  private readonly watcher = vscode.workspace.createFileSystemWatcher('**/*.{mxql,json}');
  private loading: Promise<void> | undefined;

  constructor() {
    this.watcher.onDidChange((uri) => void this.read(uri));
    this.watcher.onDidCreate((uri) => void this.read(uri));
    this.watcher.onDidDelete((uri) => this.byUri.delete(uri.toString()));
  }

  /** Reads the workspace's files once; later calls wait for the same read. */
  load(): Promise<void> {
    this.loading ??= (async () => {
      const uris = await vscode.workspace.findFiles('**/*.{mxql,json}', '**/node_modules/**', MAX_FILES);
      await Promise.all(uris.map((uri) => this.read(uri)));
    })();
    return this.loading;
  }

  private async read(uri: vscode.Uri): Promise<void> {
    try {
      const bytes = await vscode.workspace.fs.readFile(uri);
      if (bytes.byteLength > MAX_BYTES) return;
      const text = new TextDecoder().decode(bytes);
      if (!uri.path.endsWith('.json')) this.byUri.set(uri.toString(), text);
      else {
        // A dashboard teaches its queries, joined as one text; any other JSON file teaches nothing.
        const queries = findJsonQueries(text).queries.map((q) => q.text);
        if (queries.length > 0) this.byUri.set(uri.toString(), queries.join('\n\n'));
        else this.byUri.delete(uri.toString());
      }
    } catch {
      // Gone or unreadable: it teaches nothing.
      this.byUri.delete(uri.toString());
    }
  }

  /** The texts read so far, with the open MXQL documents as they are in their editors. */
  texts(): string[] {
    const open = vscode.workspace.textDocuments.filter((d) => d.languageId === 'mxql');
    const byUri = new Map(this.byUri);
    for (const document of open) byUri.set(document.uri.toString(), document.getText());
    return [...byUri.values()];
  }

  dispose(): void {
    this.watcher.dispose();
  }
}
