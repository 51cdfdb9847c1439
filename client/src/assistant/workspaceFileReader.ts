// How the extension reads a workspace file for a tool (`mxql_run`'s `file`): relative to a workspace
// folder, through workspace.fs (remote and virtual workspaces too), and the editor's text when the file
// is open, so the model runs what the user sees, unsaved edits included.
import * as vscode from 'vscode';
import { workspaceSegments, type WorkspaceFileRead } from '../../../assistant/toolset';
import { QUERY_FILE_MAX_BYTES } from '../../../common/limits';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Reads `path` under the first workspace folder that has it. */
export async function readWorkspaceFile(path: string): Promise<WorkspaceFileRead> {
  const checked = workspaceSegments(path);
  if (!checked.ok) return checked;
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length === 0) return { ok: false, reason: 'no folder is open in the editor' };
  // A multi-root workspace may name the folder first (`api/boards/x.json` under the folder `api`).
  const [first, ...rest] = checked.segments;
  const named = folders.find((f) => f.name === first && rest.length > 0);
  const candidates = [
    ...folders.map((f) => vscode.Uri.joinPath(f.uri, ...checked.segments)),
    ...(named ? [vscode.Uri.joinPath(named.uri, ...rest)] : []),
  ];
  for (const uri of candidates) {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (open) return { ok: true, text: open.getText() };
    const stat = await Promise.resolve(vscode.workspace.fs.stat(uri)).catch(() => undefined);
    if (!stat) continue;
    if (stat.type & vscode.FileType.Directory) return { ok: false, reason: 'a directory, not a file' };
    if (stat.size > QUERY_FILE_MAX_BYTES)
      return { ok: false, reason: `the file is over the ${QUERY_FILE_MAX_BYTES / (1024 * 1024)} MB limit` };
    try {
      return { ok: true, text: strictUtf8.decode(await vscode.workspace.fs.readFile(uri)) };
    } catch (error) {
      return error instanceof TypeError
        ? { ok: false, reason: 'the file is not UTF-8' }
        : { ok: false, reason: 'the file cannot be read' };
    }
  }
  return { ok: false, reason: 'no such file in the workspace folders' };
}
