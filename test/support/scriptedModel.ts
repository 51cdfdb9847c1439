// Packages the scripted chat model of test/e2e/scriptedModel/ as a VSIX (bundled with esbuild, packaged with
// vsce), so the end-to-end rig installs it beside the extension with code-server's own installer.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { repoRoot, vsceBin, type PackagedVsix } from '../package/buildVsix';

const source = join(repoRoot, 'test', 'e2e', 'scriptedModel');

export function packageScriptedModel(): PackagedVsix {
  const stage = mkdtempSync(join(tmpdir(), 'mxql-scripted-model-'));
  const dispose = () => rmSync(stage, { recursive: true, force: true });
  try {
    copyFileSync(join(source, 'package.json'), join(stage, 'package.json'));
    buildSync({
      entryPoints: [join(source, 'extension.ts')],
      outfile: join(stage, 'dist', 'extension.js'),
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['vscode'],
      logLevel: 'error',
    });
    const path = join(stage, 'scripted-model.vsix');
    const res = spawnSync(
      process.execPath,
      [
        vsceBin(),
        'package',
        '--no-dependencies',
        '--allow-missing-repository',
        '--skip-license',
        '--out',
        path,
      ],
      { cwd: stage, encoding: 'utf8' },
    );
    if (res.status !== 0)
      throw new Error(`vsce package failed (exit ${res.status}):\n${res.stdout}\n${res.stderr}`);
    return { path, dispose };
  } catch (err) {
    dispose();
    throw err;
  }
}
