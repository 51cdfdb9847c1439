// The core's modules as text, for the tests that read its import graph (folder cycles, the feature layer).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const coreDir = join(__dirname, '..', '..', 'server', 'core');

/** Every core module's text by its path relative to the core, in `/` form (TypeScript and JavaScript). */
export function coreSources(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.[cm]?[jt]s$/.test(entry.name))
        out.set(relative(coreDir, path).split(sep).join('/'), readFileSync(path, 'utf8'));
    }
  };
  walk(coreDir);
  return out;
}
