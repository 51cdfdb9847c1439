// Installs a packaged VSIX the way a user does, with code-server's own installer.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertCodeServerInstalled, codeServerCommand, runLogged, writeConfig } from './codeServer.mjs';

/**
 * Installs a VSIX into an extensions folder with code-server's own installer.
 * @param {string} vsixPath
 * @param {string} extensionsDir
 */
export async function installVsix(vsixPath, extensionsDir) {
  if (!existsSync(vsixPath)) throw new Error(`VSIX not found: ${vsixPath}`);
  assertCodeServerInstalled();
  const scratch = mkdtempSync(join(tmpdir(), 'mxql-vsix-install-'));
  try {
    const args = [
      '--extensions-dir',
      extensionsDir,
      '--user-data-dir',
      join(scratch, 'ud'),
      '--config',
      writeConfig(scratch),
    ];
    const { command, args: commandArgs } = codeServerCommand([...args, '--install-extension', vsixPath]);
    const { code, output } = await runLogged(command, commandArgs, {
      cwd: scratch,
      env: process.env,
    });
    if (code !== 0 || !/successfully installed/i.test(output)) {
      throw new Error(
        `installing ${vsixPath} into ${extensionsDir} failed (exit ${code}):\n${output.slice(-3000)}`,
      );
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
