// The one test command: `npm test` runs every stage; `npm test -- unit lsp` runs the named stages.
// Each stage reports passed, failed, skipped and todo counts; the last line is "N passed, N failed" across
// all stages. A stage that cannot run (a missing browser, code-server or corpus in CI) counts as failed,
// never skipped, and so does a stage in which nothing ran or every test was skipped.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { provisionFor } from './provision.mjs';
import { judged } from './stageVerdict.mjs';

const root = new URL('..', import.meta.url).pathname;
const resultsDir = join(root, 'test-results');
mkdirSync(resultsDir, { recursive: true });

/** All files under `dir` whose name ends with `suffix`, sorted for a stable order. */
function findFiles(dir, suffix) {
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  const out = [];
  for (const name of readdirSync(abs)) {
    const path = join(abs, name);
    if (statSync(path).isDirectory()) out.push(...findFiles(join(dir, name), suffix));
    else if (name.endsWith(suffix)) out.push(join(dir, name));
  }
  return out.sort();
}

/** A tool from node_modules/.bin, run directly: no npx start-up cost and no npm warnings in the log. */
const bin = (name) => join(root, 'node_modules', '.bin', name);

function run(cmd, args, env = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status ?? 1;
}

/** A check that passes or fails as a whole (typecheck, lint, build). */
function check(cmd, args, env) {
  return run(cmd, args, env) === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
}

/** Runs node's test runner over `files`, reading the counts from a TAP copy of the report. */
function nodeTests(stage, files, env) {
  if (files.length === 0) return { passed: 0, failed: 1, note: `no test files for stage ${stage}` };
  const tap = join(resultsDir, `${stage}.tap`);
  const status = run(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-concurrency=2',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
      ...files,
    ],
    env,
  );
  const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
  const count = (key) => Number((text.match(new RegExp(`^# ${key} (\\d+)$`, 'm')) ?? [])[1] ?? 0);
  const passed = count('pass');
  let failed = count('fail') + count('cancelled');
  if (status !== 0 && failed === 0) failed = 1;
  return { passed, failed, skipped: count('skipped'), todo: count('todo') };
}

/** Stages that write `test-results/<name>.json` with { passed, failed } themselves. */
function scripted(stage, script, args = []) {
  const out = join(resultsDir, `${stage}.json`);
  const status = run(process.execPath, [script, ...args], { MXQL_RESULTS_FILE: out });
  const counts = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : { passed: 0, failed: 0 };
  if (status !== 0 && !counts.failed) counts.failed = 1;
  return counts;
}

const stages = {
  build: () => check(process.execPath, ['esbuild.mjs', '--tests']),
  // Three programs: Node parts, the pure core (no Node types) and the webview (DOM).
  typecheck: () => {
    const programs = ['tsconfig.json', 'server/core/tsconfig.json', 'client/webview/tsconfig.json'];
    const failed = programs.filter((p) => run(bin('tsc'), ['-p', p]) !== 0).length;
    return { passed: programs.length - failed, failed };
  },
  lint: () => check(bin('eslint'), ['--max-warnings', '0', '.']),
  format: () => check(bin('prettier'), ['--check', '.']),
  unit: () =>
    nodeTests(
      'unit',
      [
        'test/core',
        'test/server',
        'test/api',
        'test/demo',
        'test/cli',
        'test/client',
        'test/lint',
        'test/scripts',
        'test/assistant',
      ].flatMap((d) => findFiles(d, '.test.ts')),
    ),
  grammar: () => scripted('grammar', 'scripts/testGrammar.mjs'),
  lsp: () => nodeTests('lsp', findFiles('test/lsp', '.test.ts')),
  package: () => nodeTests('package', findFiles('test/package', '.test.ts')),
  webview: () => nodeTests('webview', findFiles('test/webview', '.test.ts')),
  integration: () => scripted('integration', 'scripts/vscode/runIntegration.mjs'),
  e2e: () => nodeTests('e2e', findFiles('test/e2e', '.test.ts')),
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const selected = wanted.length ? wanted : Object.keys(stages);
const unknown = selected.filter((s) => !(s in stages));
if (unknown.length) {
  console.error(`Unknown stage(s): ${unknown.join(', ')}. Stages: ${Object.keys(stages).join(', ')}`);
  process.exit(2);
}

// Chromium, ripgrep and code-server's build packages: installed here as root, otherwise one sentence and no tests.
const provisioned = provisionFor(selected);
if (!provisioned.ok) {
  console.error(`\n${provisioned.sentence}\n0 passed, 1 failed`);
  process.exit(1);
}

const summary = [];
for (const name of selected) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = judged(stages[name]());
  summary.push({ name, ...result, seconds: Math.round((Date.now() - started) / 100) / 10 });
}
writeFileSync(join(resultsDir, 'summary.json'), JSON.stringify(summary, null, 2));
console.log('\nStage           passed  failed  skipped  todo  seconds');
for (const s of summary) {
  const figures = [s.passed, s.failed, s.skipped, s.todo].map((n, i) => String(n).padStart([6, 6, 7, 4][i]));
  console.log(
    `${s.name.padEnd(15)} ${figures.join('  ')}  ${String(s.seconds).padStart(7)}${s.note ? `  (${s.note})` : ''}`,
  );
}
const passed = summary.reduce((n, s) => n + s.passed, 0);
const failed = summary.reduce((n, s) => n + s.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
