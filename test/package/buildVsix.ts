// Packages the extension the way a release does (production build, then `vsce package`), but in a copy of
// the working tree without dist/, out/ or other build leftovers, so the result shows what a fresh clone
// ships and the shared dist/ of the working tree is left alone. node_modules is linked, not copied.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';

export const repoRoot = join(__dirname, '..', '..');

/** Top-level folders and files that are build output, caches or VCS data rather than project sources. */
const leftovers = new Set(['node_modules', 'dist', 'out', '.cache', 'test-results', '.git', '.vscode-test']);

function isSource(path: string): boolean {
  const rel = relative(repoRoot, path);
  const top = rel.split(sep)[0] ?? '';
  return !leftovers.has(top) && !rel.endsWith('.vsix');
}

function run(cwd: string, args: string[]): void {
  const res = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (res.status !== 0) {
    throw new Error(`\`node ${args.join(' ')}\` failed (exit ${res.status}):\n${res.stdout}\n${res.stderr}`);
  }
}

export function vsceBin(): string {
  const require = createRequire(__filename);
  const manifest = require.resolve('@vscode/vsce/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: { vsce: string } };
  return join(dirname(manifest), bin.vsce);
}

export interface PackagedVsix {
  path: string;
  /** Removes the staging folder and the VSIX. */
  dispose(): void;
}

/** A clean copy of the working tree, built for production, in a staging folder. */
export function stageCleanBuild(): { stage: string; tree: string; version: string } {
  const stage = mkdtempSync(join(tmpdir(), 'mxql-vsix-'));
  const tree = join(stage, 'tree');
  try {
    cpSync(repoRoot, tree, { recursive: true, filter: isSource });
    symlinkSync(join(repoRoot, 'node_modules'), join(tree, 'node_modules'), 'dir');
    const { version } = JSON.parse(readFileSync(join(tree, 'package.json'), 'utf8')) as { version: string };
    run(tree, ['esbuild.mjs', '--production']);
    return { stage, tree, version };
  } catch (err) {
    rmSync(stage, { recursive: true, force: true });
    throw err;
  }
}

/** Builds `mxql-<version>.vsix` from a clean copy of the working tree. */
export function packageCleanTree(): PackagedVsix {
  const { stage, tree, version } = stageCleanBuild();
  try {
    const path = join(stage, `mxql-${version}.vsix`);
    // --allow-missing-repository: vsce would otherwise ask a question nobody can answer in CI.
    run(tree, [vsceBin(), 'package', '--no-dependencies', '--allow-missing-repository', '--out', path]);
    return { path, dispose: () => rmSync(stage, { recursive: true, force: true }) };
  } catch (err) {
    rmSync(stage, { recursive: true, force: true });
    throw err;
  }
}
