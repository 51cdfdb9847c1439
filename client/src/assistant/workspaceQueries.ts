// The workspace's own MXQL, which the find-data tool learns categories and columns from: the `.mxql`
// files of the workspace and the queries inside its dashboard JSON (`mql`, `query`, `inject.*` strings,
// found by the core), bounded in count and size, read once and kept current as files change.
import * as vscode from 'vscode';
import { findJsonQueries } from '../../../server/core/index';
import { WorkspaceFileIndex } from '../workspace/workspaceFileIndex';

/** At most this many files, each at most this many bytes: a huge repository must not stall the host. */
const MAX_FILES = 500;
const MAX_BYTES = 512 * 1024;

export class WorkspaceQueries implements vscode.Disposable {
  private readonly index = new WorkspaceFileIndex<string>({
    glob: '**/*.{mxql,json}',
    maxFiles: MAX_FILES,
    maxBytes: MAX_BYTES,
    learn: (uri, text) => {
      if (!uri.path.endsWith('.json')) return text;
      // A dashboard teaches its queries, joined as one text; any other JSON file teaches nothing.
      const queries = findJsonQueries(text).queries.map((q) => q.text);
      return queries.length > 0 ? queries.join('\n\n') : undefined;
    },
  });

  /** Reads the workspace's files once; later calls wait for the same read. */
  load(): Promise<void> {
    return this.index.load();
  }

  /** The texts read so far, with the open MXQL documents as they are in their editors. */
  texts(): string[] {
    const open = vscode.workspace.textDocuments.filter((d) => d.languageId === 'mxql');
    const byUri = new Map(this.index.entries().map((e) => [e.uri.toString(), e.fact]));
    for (const document of open) byUri.set(document.uri.toString(), document.getText());
    return [...byUri.values()];
  }

  dispose(): void {
    this.index.dispose();
  }
}
