// scripts/provision.mjs: the decision (pure) for every kind of machine, and the real script on this one.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('../..', import.meta.url).pathname;
const script = join(root, 'scripts', 'provision.mjs');

interface Part {
  pkg: string;
  need: string;
  why: string;
}
interface Facts {
  needs: readonly string[];
  present: ReadonlySet<string>;
  codeServerInstalled: boolean;
  isRoot: boolean;
  hasAptGet: boolean;
}
type Plan =
  | { action: 'none' }
  | { action: 'install'; missing: Part[] }
  | { action: 'instruct'; missing: Part[]; sentence: string };
/** The parts of scripts/provision.mjs under test (a plain .mjs module, typed here). */
interface Provision {
  SYSTEM_PARTS: Part[];
  NEEDS_BY_STAGE: Record<string, string[]>;
  planProvision(facts: Facts): Plan;
}

// Filled before the tests run (a CommonJS test file cannot await at its top level).
let provision: Provision;
let everything: Set<string>;
before(async () => {
  provision = (await import(pathToFileURL(script).href)) as Provision;
  everything = new Set(provision.SYSTEM_PARTS.map((p) => p.pkg));
});
const without = (...names: string[]) => new Set([...everything].filter((n) => !names.includes(n)));
const facts = (over: Partial<Facts>): Facts => ({
  needs: ['browser', 'codeServer'],
  present: everything,
  codeServerInstalled: false,
  isRoot: false,
  hasAptGet: true,
  ...over,
});
const missingNames = (plan: Plan) => (plan.action === 'none' ? [] : plan.missing.map((p) => p.pkg));

void test('a machine with every part needs nothing, root or not', () => {
  assert.deepEqual(provision.planProvision(facts({})), { action: 'none' });
  assert.deepEqual(provision.planProvision(facts({ isRoot: true })), { action: 'none' });
});

void test('a fresh machine as root installs every part; without root it gets one command naming them all', () => {
  const bare = facts({ present: new Set() });
  const asRoot = provision.planProvision({ ...bare, isRoot: true });
  assert.equal(asRoot.action, 'install');
  assert.deepEqual(missingNames(asRoot), [...everything]);
  const asUser = provision.planProvision(bare);
  assert.equal(asUser.action, 'instruct');
  assert.ok(asUser.action === 'instruct');
  assert.match(
    asUser.sentence,
    /`sudo apt-get update && sudo apt-get install -y chromium libkrb5-dev .*python3`/,
  );
  assert.equal(asUser.sentence.split('\n').length, 1, 'one sentence');
});

void test("code-server's build packages are needed only until code-server is installed", () => {
  const noBuild = facts({ present: without('libkrb5-dev', 'python3') });
  assert.deepEqual(missingNames(provision.planProvision(noBuild)), ['libkrb5-dev', 'python3']);
  assert.deepEqual(provision.planProvision({ ...noBuild, codeServerInstalled: true }), { action: 'none' });
});

void test('each stage asks only for what it uses: webview the browser, the demo no browser', () => {
  const noChromium = facts({ present: without('chromium', 'libkrb5-dev') });
  assert.deepEqual(missingNames(provision.planProvision({ ...noChromium, needs: ['browser'] })), [
    'chromium',
  ]);
  assert.deepEqual(missingNames(provision.planProvision({ ...noChromium, needs: ['codeServer'] })), [
    'libkrb5-dev',
  ]);
  assert.deepEqual(provision.NEEDS_BY_STAGE.demo, ['codeServer']);
  for (const stage of ['webview', 'integration', 'e2e']) {
    assert.ok(provision.NEEDS_BY_STAGE[stage]?.includes('browser'), `${stage} needs the browser`);
  }
  assert.equal(provision.NEEDS_BY_STAGE.unit, undefined, 'unit tests need no system part');
});

void test('root without apt-get is told what to install rather than running a missing apt-get', () => {
  const plan = provision.planProvision(
    facts({ present: without('chromium'), isRoot: true, hasAptGet: false }),
  );
  assert.equal(plan.action, 'instruct');
  assert.ok(plan.action === 'instruct');
  assert.match(plan.sentence, /chromium.*no apt-get/);
});

void test('the real script on this machine: all present, or as a user without Chromium, one sentence and exit 1', () => {
  const ok = spawnSync(process.execPath, [script], { encoding: 'utf8' });
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, /all present/);
  // Run as an ordinary user (dropping root when needed) so nothing is installed, with Chromium looked for elsewhere.
  const asUser =
    process.getuid?.() === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'] : [];
  const [cmd = process.execPath, ...args] = [...asUser, process.execPath, script, '--for', 'tests'];
  const missing = spawnSync(cmd, args, {
    encoding: 'utf8',
    env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' },
  });
  assert.equal(missing.status, 1, missing.stderr);
  assert.equal(
    missing.stderr.trim(),
    'Missing system packages (chromium); run `sudo apt-get update && sudo apt-get install -y chromium` and try again.',
  );
});

void test('npm test, npm run demo and .ci/run all provision through this one script', () => {
  const read = (file: string) => readFileSync(join(root, file), 'utf8');
  assert.match(read('scripts/test.mjs'), /provisionFor\(selected\)/);
  assert.match(read('scripts/demo.mjs'), /provisionFor\(\['demo'\]\)/);
  assert.match(read('.ci/run'), /node scripts\/provision\.mjs/);
  assert.doesNotMatch(read('.ci/run'), /apt-get install/, '.ci/run keeps no second package list');
});
