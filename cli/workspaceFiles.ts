// How `mxql mcp` reads a workspace file for a tool: relative to the directory it was started in (the
// workspace an MCP client starts it in), through the CLI's one file reader (size, FIFOs, UTF-8), and
// never outside that directory, links included.
import { realpathSync } from 'node:fs';
import { join, relative, isAbsolute } from 'node:path';
import { workspaceSegments, type WorkspaceFileRead } from '../assistant/toolset';
import { readQueryFile } from './files';

/** A reader of files under `root` for ToolContext.readWorkspaceFile. */
export function workspaceFileReader(root: string): (path: string) => Promise<WorkspaceFileRead> {
  return (path) => Promise.resolve(readUnder(root, path));
}

function readUnder(root: string, path: string): WorkspaceFileRead {
  const checked = workspaceSegments(path);
  if (!checked.ok) return checked;
  const full = join(root, ...checked.segments);
  let real: string;
  let realRoot: string;
  try {
    real = realpathSync(full);
    realRoot = realpathSync(root);
  } catch {
    return { ok: false, reason: 'no such file in the workspace folder' };
  }
  const inside = relative(realRoot, real);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside))
    return { ok: false, reason: 'the path leads outside the workspace folder' };
  const read = readQueryFile(real);
  return read.ok ? { ok: true, text: read.text } : { ok: false, reason: read.reason };
}
