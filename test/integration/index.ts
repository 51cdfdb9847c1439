// The test module VS Code loads into its extension host (`extensionTestsPath`), the convention that
// @vscode/test-electron and code-server's `payload` share: it exports `run()`, which resolves when every
// suite passed and rejects otherwise. Suites are mocha TDD files `suites/*.itest.ts`, bundled by esbuild.
// When the harness sets MXQL_ITEST_REPORT_URL, every result is also POSTed there as it happens, because
// the web workbench reports nothing but an exit code.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import { createReporter, type TestEvent } from './report';

/** Where the suites' sources live; the bundle sits in out/test/integration, three levels below the repo. */
const suitesDir = path.resolve(__dirname, '../../../test/integration/suites');
const suiteSuffix = '.itest.ts';

/** Loads one suite; the template literal lets esbuild bundle every `suites/*.itest.ts` file. */
async function loadSuite(name: string): Promise<void> {
  try {
    await import(`./suites/${name}.itest.ts`);
  } catch (err) {
    throw new Error(
      `could not load suite ${name}${suiteSuffix} (was it added after the last \`node esbuild.mjs --tests\`?): ${String(err)}`,
    );
  }
}

/** Suite names in order; `smoke` comes first because it checks that opening a file activates the extension. */
function suiteNames(): string[] {
  const names = fs
    .readdirSync(suitesDir)
    .filter((file) => file.endsWith(suiteSuffix))
    .map((file) => file.slice(0, -suiteSuffix.length))
    .sort();
  return [...names.filter((n) => n === 'smoke'), ...names.filter((n) => n !== 'smoke')];
}

function errorText(err: unknown): string {
  if (err instanceof Error) return err.stack ?? err.message;
  return String(err);
}

/** Runs every suite inside the extension host. Rejects when a test failed or a suite could not load. */
export async function run(): Promise<void> {
  const reporter = createReporter(process.env['MXQL_ITEST_REPORT_URL']);
  const mocha = new Mocha({ ui: 'tdd', timeout: 60_000, color: false, reporter: 'spec' });
  const grep = process.env['MXQL_ITEST_GREP'];
  if (grep) mocha.grep(grep);
  try {
    // `pre-require` is what mocha emits before loading a file: it installs suite()/test() for the suites.
    mocha.suite.emit(Mocha.Suite.constants.EVENT_FILE_PRE_REQUIRE, globalThis, suitesDir, mocha);
    for (const name of suiteNames()) await loadSuite(name);
  } catch (err) {
    await reporter.send({ kind: 'error', message: errorText(err) });
    throw err;
  }
  const { passed, failed } = await runMocha(mocha, (event) => void reporter.send(event));
  await reporter.send({ kind: 'end', passed, failed });
  await reporter.flush();
  if (failed > 0) throw new Error(`${failed} integration test(s) failed`);
}

function runMocha(
  mocha: Mocha,
  emit: (event: TestEvent) => void,
): Promise<{ passed: number; failed: number }> {
  return new Promise((resolve) => {
    let passed = 0;
    let failed = 0;
    const runner = mocha.run();
    runner.on(Mocha.Runner.constants.EVENT_TEST_PASS, (test) => {
      passed++;
      emit({ kind: 'test', title: test.titlePath(), state: 'passed', durationMs: test.duration ?? 0 });
    });
    // A failing hook is reported here too, so a broken setup counts as a failure instead of vanishing.
    runner.on(Mocha.Runner.constants.EVENT_TEST_FAIL, (test, err) => {
      failed++;
      emit({
        kind: 'test',
        title: test.titlePath(),
        state: 'failed',
        durationMs: test.duration ?? 0,
        error: errorText(err),
      });
    });
    runner.on(Mocha.Runner.constants.EVENT_RUN_END, () => resolve({ passed, failed }));
  });
}
