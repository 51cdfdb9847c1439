/**
 * The workspace's query files on disk, read within bounds: the language server learns from them what
 * categories and columns the workspace reads. A huge or odd workspace costs a bounded walk, never more.
 */
import { type Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MAX_LEARNED_TEXT_LENGTH } from '../core/index';

/** Query files read from the workspace folders at most. */
export const MAX_WORKSPACE_FILES = 2_000;
/** Folders visited at most, so a tree of empty folders stops too. */
export const MAX_WORKSPACE_FOLDERS = 20_000;
/** Bytes of one file read at most; a larger file is skipped. */
export const MAX_QUERY_FILE_BYTES = MAX_LEARNED_TEXT_LENGTH;

/** True for a path or URI naming an MXQL file. */
export function isQueryFile(pathOrUri: string): boolean {
  return /\.mxql$/i.test(pathOrUri);
}

/** The file path of a `file:` URI, or undefined for other schemes (an unsaved document). */
export function pathOfUri(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

/** The `file:` URI of a path. */
export function uriOfPath(path: string): string {
  return pathToFileURL(path).href;
}

/** Dependencies and hidden folders (`.git`, `.vscode` …) hold no queries of the workspace's own. */
function skippedFolder(name: string): boolean {
  return name === 'node_modules' || name.startsWith('.');
}

function skipped(entry: Dirent): boolean {
  return skippedFolder(entry.name);
}

/**
 * True when the walk of `folders` would read `path`: it lies in one of them, outside `node_modules`
 * and dot-folders. File events and closed documents elsewhere teach nothing.
 */
export function inWorkspace(path: string, folders: readonly string[]): boolean {
  for (const folder of folders) {
    const inner = relative(folder, path);
    if (inner === '' || inner.startsWith('..') || isAbsolute(inner)) continue;
    return !inner.split(sep).slice(0, -1).some(skippedFolder);
  }
  return false;
}

/**
 * Paths of the `*.mxql` files under `folders`, breadth first, at most `max`. Symbolic links are not
 * followed (no cycles); unreadable folders are passed over.
 */
export async function findQueryFiles(
  folders: readonly string[],
  max = MAX_WORKSPACE_FILES,
): Promise<string[]> {
  const found: string[] = [];
  const queue = [...folders];
  let visited = 0;
  while (queue.length > 0 && found.length < max && visited < MAX_WORKSPACE_FOLDERS) {
    const dir = queue.shift() as string;
    visited++;
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (skipped(entry)) continue;
      if (entry.isDirectory()) queue.push(join(dir, entry.name));
      else if (entry.isFile() && isQueryFile(entry.name) && found.length < max)
        found.push(join(dir, entry.name));
    }
  }
  return found;
}

/** The text of a query file, or undefined when it is missing, unreadable or larger than the bound. */
export async function readQueryFile(path: string): Promise<string | undefined> {
  try {
    const info = await stat(path);
    if (!info.isFile() || info.size > MAX_QUERY_FILE_BYTES) return undefined;
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}
