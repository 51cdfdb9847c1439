// What the extension learns from the workspace's files, kept current: the files matching a glob are read
// once (bounded in count and size, so a huge repository cannot stall the host), each turned into a fact
// by its owner (`learn`), and read again when they change on disk. The assistant's queries and the
// charts' alert rules are two such indexes.
import * as vscode from 'vscode';

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

export interface WorkspaceFileIndexOptions<T> {
  readonly glob: string;
  readonly maxFiles: number;
  readonly maxBytes: number;
  /** The fact a file's text gives, or undefined when the file teaches nothing. */
  readonly learn: (uri: vscode.Uri, text: string) => T | undefined;
}

export class WorkspaceFileIndex<T> implements vscode.Disposable {
  private readonly byUri = new Map<string, { uri: vscode.Uri; fact: T }>();
  private readonly watcher: vscode.FileSystemWatcher;
  private loading: Promise<void> | undefined;

  constructor(private readonly options: WorkspaceFileIndexOptions<T>) {
    this.watcher = vscode.workspace.createFileSystemWatcher(options.glob);
    const reread = (uri: vscode.Uri) => void this.read(uri);
    this.watcher.onDidChange(reread);
    this.watcher.onDidCreate(reread);
    this.watcher.onDidDelete((uri) => this.byUri.delete(uri.toString()));
  }

  /** Reads the matching files once; later calls wait for the same read. */
  load(): Promise<void> {
    this.loading ??= (async () => {
      const { glob, maxFiles } = this.options;
      const uris = await vscode.workspace.findFiles(glob, '**/node_modules/**', maxFiles);
      await Promise.all(uris.map((uri) => this.read(uri)));
    })();
    return this.loading;
  }

  /** The facts read so far, by file. */
  entries(): { uri: vscode.Uri; fact: T }[] {
    return [...this.byUri.values()];
  }

  private async read(uri: vscode.Uri): Promise<void> {
    const key = uri.toString();
    const stat = await Promise.resolve(vscode.workspace.fs.stat(uri)).catch(() => undefined);
    const text = stat && stat.size <= this.options.maxBytes ? await workspaceText(uri) : undefined;
    // Gone, too large or unreadable: it teaches nothing.
    const fact = text === undefined ? undefined : this.options.learn(uri, text);
    if (fact === undefined) this.byUri.delete(key);
    else this.byUri.set(key, { uri, fact });
  }

  dispose(): void {
    this.watcher.dispose();
  }
}
