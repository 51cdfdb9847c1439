// The system packages the browser tests, the real-VS-Code tests and `npm run demo` need, in one place.
// `npm test`, `npm run demo` and `.ci/run` all call it: it checks what is present, installs what is
// missing with apt-get when it runs as root, and otherwise prints the one command to run and fails.
// Plain Node with no dependencies, so `.ci/run` can call it before `npm ci`.
//
//   node scripts/provision.mjs [--for tests|demo]    (default: tests)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isCodeServerInstalled } from './vscode/codeServer.mjs';

/**
 * What each system part is for. `need` says which kind of work needs it: `browser` (Chromium drives the
 * webview and workbench tests) or `codeServerBuild` (only while code-server is not installed yet: npm
 * builds its native modules). code-server's Node, ripgrep and the other prebuilt parts come from npm.
 */
export const SYSTEM_PARTS = [
  { pkg: 'chromium', need: 'browser', why: 'the browser that runs the webview and VS Code tests' },
  { pkg: 'libkrb5-dev', need: 'codeServerBuild', why: "Kerberos headers for code-server's native modules" },
  {
    pkg: 'build-essential',
    need: 'codeServerBuild',
    why: "make and g++ compile code-server's native modules",
  },
  {
    pkg: 'python3',
    need: 'codeServerBuild',
    why: "node-gyp runs on it to build code-server's native modules",
  },
];

/** Which kinds of system work each test stage (and the demo) needs; stages not listed need none. */
export const NEEDS_BY_STAGE = {
  webview: ['browser'],
  integration: ['browser', 'codeServer'],
  e2e: ['browser', 'codeServer'],
  demo: ['codeServer'],
};

/**
 * The pure decision: which packages are missing for `needs`, and what to do about them.
 * @param {{ needs: readonly string[], present: ReadonlySet<string>, codeServerInstalled: boolean,
 *   isRoot: boolean, hasAptGet: boolean }} facts
 * @returns {{ action: 'none' } | { action: 'install', missing: typeof SYSTEM_PARTS }
 *   | { action: 'instruct', missing: typeof SYSTEM_PARTS, sentence: string }}
 */
export function planProvision({ needs, present, codeServerInstalled, isRoot, hasAptGet }) {
  const wanted = new Set(needs.filter((n) => n !== 'codeServer'));
  if (needs.includes('codeServer') && !codeServerInstalled) wanted.add('codeServerBuild');
  const missing = SYSTEM_PARTS.filter((part) => wanted.has(part.need) && !present.has(part.pkg));
  if (missing.length === 0) return { action: 'none' };
  if (isRoot && hasAptGet) return { action: 'install', missing };
  return { action: 'instruct', missing, sentence: missingSentence(missing, hasAptGet) };
}

/** The one sentence a user without root sees: what is missing and the one command that installs it. */
export function missingSentence(missing, hasAptGet = true) {
  const names = missing.map((part) => part.pkg).join(' ');
  return hasAptGet
    ? `Missing system packages (${names}); run \`sudo apt-get update && sudo apt-get install -y ${names}\` and try again.`
    : `Missing system packages (${names}) and no apt-get here: install them with your system's package manager and try again.`;
}

function commandExists(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

function chromiumPath() {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/** Probes this machine: the names of SYSTEM_PARTS that are present. */
export function probePresent() {
  const hasDpkg = commandExists('dpkg-query');
  const dpkgInstalled = (pkg) =>
    spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' }).stdout?.includes(
      'install ok installed',
    );
  const probes = {
    chromium: () => existsSync(chromiumPath()),
    'build-essential': () => commandExists('make') && commandExists('g++'),
    python3: () => commandExists('python3'),
  };
  const present = new Set();
  for (const { pkg } of SYSTEM_PARTS) {
    // Without dpkg (not Debian) header packages cannot be asked about; code-server's install says what fails.
    const probe = probes[pkg] ?? (() => !hasDpkg || dpkgInstalled(pkg));
    if (probe()) present.add(pkg);
  }
  return present;
}

function probeFacts(needs) {
  return {
    needs,
    present: probePresent(),
    // Installed already: then its build packages are not needed.
    codeServerInstalled: isCodeServerInstalled(),
    isRoot: process.getuid?.() === 0,
    hasAptGet: commandExists('apt-get'),
  };
}

function aptGet(args) {
  return spawnSync('apt-get', args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  }).status;
}

/**
 * Makes sure the system parts for `needs` are present: installs them as root, otherwise explains.
 * @param {readonly string[]} needs kinds from NEEDS_BY_STAGE
 * @param {(line: string) => void} [log]
 * @returns {{ ok: true } | { ok: false, sentence: string }}
 */
export function provision(needs, log = (line) => console.log(line)) {
  const plan = planProvision(probeFacts(needs));
  if (plan.action === 'none') return { ok: true };
  if (plan.action === 'instruct') return { ok: false, sentence: plan.sentence };
  log('Installing the system packages these steps need, with apt-get:');
  for (const part of plan.missing) log(`  ${part.pkg}: ${part.why}`);
  const names = plan.missing.map((part) => part.pkg);
  if (aptGet(['update']) !== 0 || aptGet(['install', '-y', ...names]) !== 0) {
    return { ok: false, sentence: `apt-get could not install ${names.join(' ')}; see its output above.` };
  }
  const after = planProvision({ ...probeFacts(needs), isRoot: false });
  return after.action === 'none' ? { ok: true } : { ok: false, sentence: after.sentence };
}

/** Provisions for the named test stages (or `demo`); stages that need no system part need nothing. */
export function provisionFor(names, log) {
  const needs = [...new Set(names.flatMap((name) => NEEDS_BY_STAGE[name] ?? []))];
  return needs.length ? provision(needs, log) : { ok: true };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const i = process.argv.indexOf('--for');
  const target = i > 0 ? process.argv[i + 1] : 'tests';
  const names = target === 'demo' ? ['demo'] : target === 'tests' ? Object.keys(NEEDS_BY_STAGE) : undefined;
  if (!names) {
    console.error(`provision: --for takes tests or demo; got '${target}'.`);
    process.exit(2);
  }
  const result = provisionFor(names);
  if (result.ok) console.log('System packages: all present.');
  else console.error(result.sentence);
  process.exit(result.ok ? 0 : 1);
}
