// Starts code-server on loopback for a test or demo workbench and stops its whole process group.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import {
  assertCodeServerInstalled,
  codeServerCommand,
  killGroup,
  liveGroups,
  writeConfig,
} from './codeServer.mjs';

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

const listeningLine = /HTTP server listening on https?:\/\/[^\s:]+:(\d+)/;

function codeServerArgs({ folder, extensionsDir, userDataDir, port = 0, extraArgs = [], testPayload }) {
  return [
    ...['--auth', 'none', '--bind-addr', `127.0.0.1:${port}`],
    ...['--disable-telemetry', '--disable-update-check', '--disable-workspace-trust'],
    // A built VS Code (1.139 here; 1.100 did not ask) reads the URL's `payload` (extensionDevelopmentPath,
    // extensionTestsPath) only with the smoke-test driver on, a VS Code server option code-server passes
    // through. The driver also keeps notification toasts from showing (they stay in the list).
    ...(testPayload ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
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
 * `testPayload` lets a page URL load an extension under development and its tests.
 * @param {{ folder?: string, extensionsDir: string, userDataDir: string, port?: number,
 *   extraArgs?: string[], env?: Record<string, string>, logFile?: string, timeoutMs?: number,
 *   settings?: Record<string, unknown>, testPayload?: boolean }} options user settings default to
 *   `quietSettings`
 * @returns {Promise<{ url: string, port: number, pid: number, stop: () => Promise<void> }>}
 */
export async function startCodeServer(options) {
  assertCodeServerInstalled();
  const { userDataDir, extensionsDir, env = {}, logFile } = options;
  mkdirSync(extensionsDir, { recursive: true });
  mkdirSync(userDataDir, { recursive: true });
  if (options.settings || !existsSync(join(userDataDir, 'User', 'settings.json'))) {
    writeSettings(userDataDir, { ...quietSettings, ...options.settings });
  }
  // detached: code-server gets its own process group, so stop() also ends its extension hosts and servers.
  const { command, args } = codeServerCommand(codeServerArgs(options));
  const child = spawn(command, args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  if (child.pid === undefined) throw new Error(`could not start ${command} ${args[0]}`);
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
