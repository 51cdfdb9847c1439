// Installs code-server into `<repo>/.cache/code-server` from npm, without GitHub or nodejs.org access.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { arch, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CODE_SERVER_VERSION, codeServerBin, codeServerHome, runLogged } from './codeServer.mjs';

const installedMarker = join(codeServerHome, `installed-${CODE_SERVER_VERSION}`);
const ripgrepPath = '/usr/bin/rg';
// @vscode/ripgrep 1.15.11 looks for this tarball in its cache before trying to download from GitHub.
const ripgrepCacheDir = join(tmpdir(), 'vscode-ripgrep-cache-1.15.11');
const ripgrepTargets = { x64: 'x86_64-unknown-linux-musl', arm64: 'aarch64-unknown-linux-musl' };

/** Fills the ripgrep download cache from Debian's /usr/bin/rg so the install needs no GitHub access. */
function seedRipgrepCache() {
  const target = ripgrepTargets[arch()];
  if (!target) throw new Error(`code-server install: no ripgrep cache recipe for CPU architecture ${arch()}`);
  if (!existsSync(ripgrepPath)) {
    throw new Error(
      `code-server install needs ${ripgrepPath}: install it with \`apt-get install -y ripgrep\``,
    );
  }
  const tarball = join(ripgrepCacheDir, `ripgrep-v13.0.0-10-${target}.tar.gz`);
  if (existsSync(tarball)) return;
  mkdirSync(ripgrepCacheDir, { recursive: true });
  const staging = mkdtempSync(join(tmpdir(), 'mxql-rg-'));
  try {
    cpSync(ripgrepPath, join(staging, 'rg'));
    const partial = `${tarball}.${process.pid}.partial`;
    const res = spawnSync('tar', ['czf', partial, '-C', staging, 'rg'], { encoding: 'utf8' });
    if (res.status !== 0)
      throw new Error(`could not pack ${ripgrepPath} for the ripgrep cache: ${res.stderr}`);
    renameSync(partial, tarball);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Installs code-server into `<repo>/.cache/code-server` unless that version is already there, and returns
 * the path of its binary. The install runs in a staging folder with its own package.json (outside the
 * project's dependency tree) and is moved into place only when complete, so a broken run leaves nothing.
 * @param {{ log?: (line: string) => void, logFile?: string }} [options]
 */
export async function ensureCodeServer({ log = (line) => console.log(line), logFile } = {}) {
  if (existsSync(installedMarker) && existsSync(codeServerBin)) return codeServerBin;
  seedRipgrepCache();
  const staging = `${codeServerHome}.staging-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  writeFileSync(
    join(staging, 'package.json'),
    `${JSON.stringify({ name: 'mxql-code-server-cache', private: true, description: 'code-server for the integration tests' }, null, 2)}\n`,
  );
  const started = Date.now();
  log(`Installing code-server ${CODE_SERVER_VERSION} into ${codeServerHome} (takes a minute or two)...`);
  const args = ['install', '--unsafe-perm', '--no-audit', '--no-fund', `code-server@${CODE_SERVER_VERSION}`];
  // node-pty's build runs `npx node-gyp`, which would wait for a confirmation nobody can give.
  const env = { ...process.env, npm_config_yes: 'true', ...localNodeHeaders() };
  const { code, output } = await runLogged('npm', args, { cwd: staging, env, logFile });
  if (code !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(
      `code-server install failed (npm exit ${code}). Its native modules need build packages: ` +
        `\`node scripts/provision.mjs\` checks them and names what is missing.${logFile ? ` Full log: ${logFile}` : ''}\n` +
        output.slice(-4000),
    );
  }
  if (!existsSync(join(staging, 'node_modules', '.bin', 'code-server'))) {
    throw new Error(
      `code-server install finished but ${join(staging, 'node_modules/.bin/code-server')} is missing`,
    );
  }
  writeFileSync(join(staging, `installed-${CODE_SERVER_VERSION}`), `${new Date().toISOString()}\n`);
  rmSync(codeServerHome, { recursive: true, force: true });
  renameSync(staging, codeServerHome);
  log(`code-server ${CODE_SERVER_VERSION} installed in ${Math.round((Date.now() - started) / 1000)} s`);
  return codeServerBin;
}

/**
 * node-gyp downloads Node's headers from nodejs.org unless told where they are; when this Node was
 * installed with its headers (`<prefix>/include/node`), point it there so native builds need no internet.
 */
function localNodeHeaders() {
  if (process.env.npm_config_nodedir) return {};
  const prefix = dirname(dirname(process.execPath));
  return existsSync(join(prefix, 'include', 'node', 'node.h')) ? { npm_config_nodedir: prefix } : {};
}
