// Test helper: decides whether a bundle built by esbuild.mjs is older than its sources.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The latest modification time (ms) of any file under `dir`, searched recursively. */
export function newestMtime(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    newest = Math.max(newest, stat.isDirectory() ? newestMtime(path) : stat.mtimeMs);
  }
  return newest;
}
