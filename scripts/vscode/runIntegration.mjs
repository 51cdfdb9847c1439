// Runs the integration tests in a real VS Code (code-server + Chromium), in two phases:
//  1. the in-host mocha suites (test/integration/suites/*.itest.ts, bundled to out/test/integration/index.js)
//     run in the extension host through the workbench's `payload` (extensionDevelopmentPath,
//     extensionTestsPath) and post their results to a loopback URL;
//  2. the Playwright-side checks (test/integration/checks/*.check.ts) drive a fresh workbench, on a second
//     code-server that has this working tree as an installed extension, for things only the DOM shows.
//     VS Code reads the payload only with its smoke-test driver on, and that driver also hides
//     notification toasts, which the checks click as a user does: so no payload and no driver there.
// Prints every test and "N passed, N failed", writes {passed, failed, tests} to MXQL_RESULTS_FILE
// (default test-results/integration.json) and exits 1 on any failure. Logs and screenshots go to
// test-results/integration/. Env: MXQL_ITEST_TIMEOUT_MS (default 600000), MXQL_ITEST_GREP (a title filter
// for both phases), CHROMIUM_PATH.
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { join, sep } from 'node:path';
import { createRequire } from 'node:module';
import { createCleanups } from '../cleanups.mjs';
import { launchChromium } from './chromium.mjs';
import { repoRoot } from './codeServer.mjs';
import { ensureCodeServer } from './installCodeServer.mjs';
import { startCodeServer } from './startCodeServer.mjs';
import { startResultsServer } from './resultsServer.mjs';
import { createResults, describeError } from './testResults.mjs';

const requireTs = createRequire(import.meta.url);
const outDir = join(repoRoot, 'test-results', 'integration');
const resultsFile = process.env.MXQL_RESULTS_FILE || join(repoRoot, 'test-results', 'integration.json');
const testsBundle = join(repoRoot, 'out', 'test', 'integration', 'index.js');
const checksDir = join(repoRoot, 'test', 'integration', 'checks');
const overallTimeoutMs = Number(process.env.MXQL_ITEST_TIMEOUT_MS || 600_000);
const grep = process.env.MXQL_ITEST_GREP || '';
const consoleLog = join(outDir, 'browser-console.log');

const results = createResults();
const cleanups = createCleanups();

const rebuildHint = 'build first with `node esbuild.mjs --tests` (or `npm test -- build integration`)';

/** Fails when a bundle is missing, or when an in-host suite source is newer than the test bundle. */
function assertBuilt() {
  for (const file of [join(repoRoot, 'dist', 'extension.js'), testsBundle]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: ${rebuildHint}`);
  }
  const bundleTime = statSync(testsBundle).mtimeMs;
  const sourcesDir = join(repoRoot, 'test', 'integration');
  for (const rel of readdirSync(sourcesDir, { recursive: true })) {
    const file = join(sourcesDir, String(rel));
    if (file.endsWith('.ts') && !file.includes(`${sep}checks${sep}`) && statSync(file).mtimeMs > bundleTime) {
      throw new Error(`${file} changed after ${testsBundle} was built: ${rebuildHint}`);
    }
  }
}

/** A throw-away user-data dir, extensions dir and copy of the sample workspace. */
function makeSandbox() {
  const dir = cleanups.tempDir('mxql-itest-');
  const workspace = join(dir, 'workspace');
  cpSync(join(repoRoot, 'test', 'integration', 'workspace'), workspace, { recursive: true });
  return {
    dir,
    workspace,
    userDataDir: join(dir, 'user-data'),
    extensionsDir: join(dir, 'extensions'),
    // Its own folder: VS Code lists an extensions folder's content in extensions.json on first start and
    // afterwards reads only that list, so a link added to phase 1's folder would go unseen.
    checksExtensionsDir: join(dir, 'extensions-checks'),
  };
}

/** The workbench URL of phase 1: this working tree under development, and the test module. */
function testWorkbenchUrl(server, workspace) {
  const remote = (path) => `vscode-remote://127.0.0.1:${server.port}${path}`;
  const payload = [
    ['extensionDevelopmentPath', remote(repoRoot)],
    ['extensionTestsPath', remote(testsBundle)],
  ];
  return `${server.url}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

/**
 * Makes this working tree an installed extension of `extensionsDir` (a link named as VS Code names an
 * installed extension's folder); VS Code scans the folder when it has no extensions.json yet.
 */
function linkWorkingTree(extensionsDir) {
  const { publisher, name, version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
  mkdirSync(extensionsDir, { recursive: true });
  symlinkSync(repoRoot, join(extensionsDir, `${publisher}.${name}-${version}`), 'dir');
}

/** A fresh browser context and page whose console output lands in browser-console.log. */
async function openPage(browser, phase) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  page.on('console', (msg) => appendFileSync(consoleLog, `[${phase}] ${msg.type()}: ${msg.text()}\n`));
  page.on('pageerror', (err) =>
    appendFileSync(consoleLog, `[${phase}] pageerror: ${err.stack ?? err.message}\n`),
  );
  return { context, page };
}

async function screenshot(page, name) {
  const file = join(outDir, `${name}.png`);
  try {
    await page.screenshot({ path: file });
    console.log(`  screenshot: ${file}`);
  } catch (err) {
    console.log(`  (no screenshot ${name}: ${err.message})`);
  }
}

/** Rejects after `ms` with `message`; the timer is cleared when `promise` settles first. */
function withTimeout(promise, ms, message) {
  let timer;
  const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function waitForWorkbench(page, phase) {
  try {
    await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 90_000 });
  } catch (err) {
    await screenshot(page, `${phase}-workbench-not-loaded`);
    throw new Error(
      `the VS Code workbench did not load (${phase}); see ${consoleLog} and ${outDir}: ${err.message}`,
    );
  }
}

/** Phase 1: the mocha suites inside the extension host. */
async function runInHostSuites(browser, server, collector, workspace) {
  const started = Date.now();
  const { context, page } = await openPage(browser, 'in-host');
  // The workbench calls window.codeAutomationExit(code) when the test module has finished or crashed.
  let exited;
  const exitSignal = new Promise((resolve) => (exited = resolve));
  await page.exposeFunction('codeAutomationExit', (code) => exited(code));
  await page.goto(testWorkbenchUrl(server, workspace));
  await waitForWorkbench(page, 'in-host');
  const remaining = overallTimeoutMs - (Date.now() - started);
  const outcome = await withTimeout(
    Promise.race([collector.finished, exitSignal.then((code) => ({ kind: 'exit', code }))]),
    remaining,
    `the in-host suites did not finish within ${overallTimeoutMs / 1000} s`,
  ).catch(async (err) => {
    await screenshot(page, 'in-host-timeout');
    return { kind: 'error', message: err.message };
  });
  await screenshot(page, 'in-host-workbench');
  await context.close();
  return outcome;
}

async function loadChecks() {
  if (!existsSync(checksDir)) return [];
  // tsx's loader lets this plain-node script import the TypeScript checks with readable stack traces.
  const { register } = await import('tsx/cjs/api');
  register();
  const files = readdirSync(checksDir)
    .filter((f) => f.endsWith('.check.ts'))
    .sort();
  const all = [];
  for (const file of files) {
    const mod = requireTs(join(checksDir, file));
    if (!Array.isArray(mod.checks)) throw new Error(`${file} must export \`checks: WorkbenchCheck[]\``);
    for (const check of mod.checks)
      all.push({ ...check, title: `${file.replace(/\.check\.ts$/, '')} › ${check.name}` });
  }
  return all.filter((c) => c.title.includes(grep));
}

/** Phase 2: Playwright-side checks against a workbench with the extension loaded, without the test module. */
async function runWorkbenchChecks(browser, server, workspace) {
  const checks = await loadChecks();
  if (checks.length === 0) return;
  const { Workbench } = requireTs(join(repoRoot, 'test', 'support', 'vscodeWorkbench.ts'));
  const { context, page } = await openPage(browser, 'checks');
  await page.goto(`${server.url}/?folder=${encodeURIComponent(workspace)}`);
  await waitForWorkbench(page, 'checks');
  const workbench = new Workbench(page, workspace);
  for (const [index, check] of checks.entries()) {
    const started = Date.now();
    try {
      await check.run(workbench);
      results.record(check.title, 'passed', Date.now() - started);
    } catch (err) {
      results.record(check.title, 'failed', Date.now() - started, describeError(err));
      await screenshot(page, `check-${index + 1}-failed`);
      await page.keyboard.press('Escape');
    }
  }
  await screenshot(page, 'checks-workbench');
  await context.close();
}

function settleInHost(outcome) {
  if (outcome.kind === 'end') return;
  if (outcome.kind === 'exit') {
    // exit code 0 without an `end` event means the module never reported: a broken harness, not a pass.
    results.record(
      'in-host suites',
      'failed',
      0,
      `the extension host test run ended (exit code ${outcome.code}) without reporting results`,
    );
  } else {
    results.record('in-host suites', 'failed', 0, outcome.message);
  }
}

async function main() {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  assertBuilt();
  await ensureCodeServer({ logFile: join(outDir, 'code-server-install.log') });
  const sandbox = makeSandbox();
  const collector = await startResultsServer((event) => results.recordEvent(event));
  cleanups.add(() => collector.close());
  const inHostServer = await startCodeServer({
    folder: sandbox.workspace,
    userDataDir: sandbox.userDataDir,
    extensionsDir: sandbox.extensionsDir,
    // code-server hands its environment to the extension host, where test/integration/index.ts reads these.
    env: { MXQL_ITEST_REPORT_URL: collector.url, ...(grep ? { MXQL_ITEST_GREP: grep } : {}) },
    logFile: join(outDir, 'code-server.log'),
    testPayload: true,
  });
  cleanups.add(() =>
    cpSync(join(sandbox.userDataDir, 'logs'), join(outDir, 'vscode-logs'), { recursive: true }),
  );
  cleanups.add(() => inHostServer.stop());
  const browser = await launchChromium();
  cleanups.add(() => browser.close());
  console.log(`VS Code (code-server) at ${inHostServer.url}, workspace ${sandbox.workspace}`);
  settleInHost(await runInHostSuites(browser, inHostServer, collector, sandbox.workspace));
  await inHostServer.stop();
  linkWorkingTree(sandbox.checksExtensionsDir);
  const checksServer = await startCodeServer({
    folder: sandbox.workspace,
    userDataDir: sandbox.userDataDir,
    extensionsDir: sandbox.checksExtensionsDir,
    logFile: join(outDir, 'code-server-checks.log'),
  });
  cleanups.add(() => checksServer.stop());
  await runWorkbenchChecks(browser, checksServer, sandbox.workspace);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping VS Code and the browser`);
    void cleanups.run().finally(() => process.exit(130));
  });
}

try {
  await main();
} catch (err) {
  results.record('integration harness', 'failed', 0, describeError(err));
} finally {
  await cleanups.run();
}
process.exitCode = results.finish(resultsFile);
