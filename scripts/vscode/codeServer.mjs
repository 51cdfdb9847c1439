// Runs a real VS Code on machines without a desktop build: code-server (VS Code's server and web
// workbench, from npm) driven by Debian's Chromium through playwright-core. Used by the integration
// harness and the demo script. Every process started here dies with the calling process.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  createWriteStream,
  cpSync,
} from 'node:fs';
import { request } from 'node:http';
import { tmpdir, arch } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The newest code-server line that runs on Node 20 (VS Code 1.100.3). */
export const CODE_SERVER_VERSION = '4.100.3';
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
export const codeServerHome = join(repoRoot, '.cache', 'code-server');
export const codeServerBin = join(codeServerHome, 'node_modules', '.bin', 'code-server');
const installedMarker = join(codeServerHome, `installed-${CODE_SERVER_VERSION}`);
const ripgrepPath = '/usr/bin/rg';
// @vscode/ripgrep 1.15.11 looks for this tarball in its cache before trying to download from GitHub.
const ripgrepCacheDir = join(tmpdir(), 'vscode-ripgrep-cache-1.15.11');
const ripgrepTargets = { x64: 'x86_64-unknown-linux-musl', arm64: 'aarch64-unknown-linux-musl' };

/** Processes to kill (by process group) when this process exits, however it exits. */
const liveGroups = new Set();
process.on('exit', () => {
  for (const pid of liveGroups) killGroup(pid, 'SIGKILL');
});

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

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
      `code-server install failed (npm exit ${code}). Native modules need: apt-get install -y libkrb5-dev libx11-dev ` +
        `libxkbfile-dev libsecret-1-dev pkg-config build-essential python3.${logFile ? ` Full log: ${logFile}` : ''}\n` +
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

/** Runs a command, teeing its output to `logFile`; resolves with the exit code and the output tail. */
function runLogged(cmd, args, { cwd, env, logFile }) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const sink = logFile ? createWriteStream(logFile) : undefined;
    let output = '';
    const collect = (chunk) => {
      sink?.write(chunk);
      output = (output + chunk.toString()).slice(-20000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', (err) => reject(new Error(`could not start ${cmd}: ${err.message}`)));
    child.on('close', (code) => {
      sink?.end();
      resolve({ code: code ?? 1, output });
    });
  });
}

/** Settings that keep a test or demo workbench quiet: no welcome page, no update or telemetry traffic. */
export const quietSettings = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'security.workspace.trust.enabled': false,
};

/** Writes the user settings code-server reads from `<user-data-dir>/User/settings.json`. */
function writeSettings(userDataDir, settings) {
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  writeFileSync(join(userDataDir, 'User', 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
}

/** Writes a config file so code-server never creates ~/.config/code-server/config.yaml. */
function writeConfig(dir) {
  const file = join(dir, 'config.yaml');
  writeFileSync(file, 'auth: none\ncert: false\n');
  return file;
}

const listeningLine = /HTTP server listening on https?:\/\/[^\s:]+:(\d+)/;

function codeServerArgs({ folder, extensionsDir, userDataDir, port = 0, extraArgs = [] }) {
  return [
    ...['--auth', 'none', '--bind-addr', `127.0.0.1:${port}`],
    ...['--disable-telemetry', '--disable-update-check', '--disable-workspace-trust'],
    ...[
      '--user-data-dir',
      userDataDir,
      '--extensions-dir',
      extensionsDir,
      '--config',
      writeConfig(userDataDir),
    ],
    ...extraArgs,
    ...(folder ? [folder] : []),
  ];
}

/**
 * Resolves with the port once code-server logs that it listens; rejects when it exits first or takes longer
 * than `timeoutMs`. Its output keeps flowing into `sink` afterwards.
 */
function waitForListening(child, exited, sink, timeoutMs) {
  let output = '';
  return new Promise((resolve, reject) => {
    const fail = (reason) => {
      clearTimeout(timer);
      reject(new Error(`code-server ${reason}:\n${output.slice(-3000)}`));
    };
    const timer = setTimeout(() => fail(`did not start listening within ${timeoutMs / 1000} s`), timeoutMs);
    const onData = (chunk) => {
      sink?.write(chunk);
      if (output.length > 20000) return;
      output += chunk.toString();
      const match = listeningLine.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(({ code, signal }) => fail(`exited (code ${code}, signal ${signal}) before listening`));
  });
}

/**
 * Starts code-server on 127.0.0.1 (a free port unless `port` is given) and resolves once its HTTP server
 * answers. Its environment (plus `env`) reaches the extension host. `stop()` ends its whole process group.
 * @param {{ folder?: string, extensionsDir: string, userDataDir: string, port?: number,
 *   extraArgs?: string[], env?: Record<string, string>, logFile?: string, timeoutMs?: number,
 *   settings?: Record<string, unknown> }} options user settings default to `quietSettings`
 * @returns {Promise<{ url: string, port: number, pid: number, stop: () => Promise<void> }>}
 */
export async function startCodeServer(options) {
  if (!existsSync(codeServerBin)) {
    throw new Error(`code-server is not installed at ${codeServerBin}; call ensureCodeServer() first`);
  }
  const { userDataDir, extensionsDir, env = {}, logFile } = options;
  mkdirSync(extensionsDir, { recursive: true });
  mkdirSync(userDataDir, { recursive: true });
  if (options.settings || !existsSync(join(userDataDir, 'User', 'settings.json'))) {
    writeSettings(userDataDir, { ...quietSettings, ...options.settings });
  }
  // detached: code-server gets its own process group, so stop() also ends its extension hosts and servers.
  const child = spawn(codeServerBin, codeServerArgs(options), {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  if (child.pid === undefined) throw new Error(`could not start ${codeServerBin}`);
  const pid = child.pid;
  liveGroups.add(pid);
  const sink = logFile ? createWriteStream(logFile) : undefined;
  const exited = new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  const stop = async () => {
    if (!liveGroups.has(pid)) return;
    killGroup(pid, 'SIGTERM');
    const killer = setTimeout(() => killGroup(pid, 'SIGKILL'), 5000);
    await exited;
    clearTimeout(killer);
    killGroup(pid, 'SIGKILL');
    liveGroups.delete(pid);
    sink?.end();
  };
  try {
    const port = await waitForListening(child, exited, sink, options.timeoutMs ?? 60_000);
    const url = `http://127.0.0.1:${port}`;
    await assertAnswers(`${url}/healthz`);
    return { url, port, pid, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** One GET that must answer with HTTP 200; code-server has already said it listens. */
function assertAnswers(url) {
  return new Promise((resolve, reject) => {
    const req = request(url, { timeout: 10000 }, (res) => {
      res.resume();
      if (res.statusCode === 200) resolve();
      else reject(new Error(`${url} answered HTTP ${res.statusCode}`));
    });
    req.on('timeout', () => req.destroy(new Error(`${url} did not answer within 10 s`)));
    req.on('error', (err) => reject(new Error(`code-server is not answering at ${url}: ${err.message}`)));
    req.end();
  });
}

/**
 * Installs a VSIX into an extensions folder with code-server's own installer. A language pack must be
 * installed with the user data folder the workbench will use: the install records it there
 * (languagepacks.json), which is where `--locale` looks for it.
 * @param {string} vsixPath
 * @param {string} extensionsDir
 * @param {{ userDataDir?: string }} [options]
 */
export async function installVsix(vsixPath, extensionsDir, { userDataDir } = {}) {
  if (!existsSync(vsixPath)) throw new Error(`VSIX not found: ${vsixPath}`);
  if (!existsSync(codeServerBin))
    throw new Error(`code-server is not installed at ${codeServerBin}; call ensureCodeServer() first`);
  const scratch = mkdtempSync(join(tmpdir(), 'mxql-vsix-install-'));
  try {
    const args = [
      '--extensions-dir',
      extensionsDir,
      '--user-data-dir',
      userDataDir ?? join(scratch, 'ud'),
      '--config',
      writeConfig(scratch),
    ];
    const { code, output } = await runLogged(codeServerBin, [...args, '--install-extension', vsixPath], {
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

/** The Chromium flags that work headless on these machines (no GPU, no sandbox as root, no network chatter). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Launches Debian's Chromium (or `CHROMIUM_PATH`) through playwright-core; nothing is downloaded.
 * @param {import('playwright-core').LaunchOptions} [options]
 * @returns {Promise<import('playwright-core').Browser>}
 */
export async function launchChromium(options = {}) {
  const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}: install it with \`apt-get install -y chromium\` or set CHROMIUM_PATH`,
    );
  }
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath, args: chromiumArgs, ...options });
}

/** The installed code-server's version, or undefined when it is not installed. */
export function installedCodeServerVersion() {
  const manifest = join(codeServerHome, 'node_modules', 'code-server', 'package.json');
  return existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : undefined;
}
