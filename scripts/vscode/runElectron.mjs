// Runs the in-host integration suites in VS Code desktop through @vscode/test-electron, for machines that
// can download VS Code (this project's CI cannot; it uses runIntegration.mjs with code-server instead).
// The same test module (out/test/integration/index.js) runs in both. The Playwright-side checks need a
// browser-hosted workbench and run only under runIntegration.mjs.
// Env: VSCODE_TEST_VERSION (default: stable), MXQL_ITEST_GREP, MXQL_RESULTS_FILE.
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTests } from '@vscode/test-electron';
import { repoRoot } from './codeServer.mjs';
import { startResultsServer } from './resultsServer.mjs';
import { createResults, describeError } from './testResults.mjs';

const testsBundle = join(repoRoot, 'out', 'test', 'integration', 'index.js');
const resultsFile =
  process.env.MXQL_RESULTS_FILE || join(repoRoot, 'test-results', 'integration-electron.json');
const results = createResults();

async function main() {
  if (!existsSync(testsBundle))
    throw new Error(`${testsBundle} is missing: build first with \`node esbuild.mjs --tests\``);
  mkdirSync(join(repoRoot, 'test-results'), { recursive: true });
  const sandbox = mkdtempSync(join(tmpdir(), 'mxql-electron-'));
  const workspace = join(sandbox, 'workspace');
  cpSync(join(repoRoot, 'test', 'integration', 'workspace'), workspace, { recursive: true });
  const collector = await startResultsServer((event) => results.recordEvent(event));
  try {
    await runTests({
      version: process.env.VSCODE_TEST_VERSION || 'stable',
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: testsBundle,
      extensionTestsEnv: {
        MXQL_ITEST_REPORT_URL: collector.url,
        ...(process.env.MXQL_ITEST_GREP ? { MXQL_ITEST_GREP: process.env.MXQL_ITEST_GREP } : {}),
      },
      // Only the extension under test, in a throw-away profile, with the sample workspace open.
      launchArgs: [
        workspace,
        '--disable-extensions',
        '--disable-workspace-trust',
        '--user-data-dir',
        join(sandbox, 'user-data'),
        '--extensions-dir',
        join(sandbox, 'extensions'),
      ],
    });
  } finally {
    await collector.close();
    rmSync(sandbox, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (err) {
  // runTests rejects when the test module failed; the failing tests were already recorded.
  if (!results.tests.some((t) => t.state === 'failed'))
    results.record('electron run', 'failed', 0, describeError(err));
}
process.exitCode = results.finish(resultsFile);
