// Grammar test stage (`npm test -- grammar`).
// 1. Every annotated file in test/grammar/*.mxql runs through vscode-tmgrammar-test with the grammar that
//    package.json contributes (so the manifest wiring is tested too); each file is one test.
// 2. snippets/mxql.json is well formed and expands to MXQL the grammar reads cleanly (one test).
// 3. language-configuration.json parses and its regular expressions do what the editor needs (one test).
// 5. The injection grammar colours MXQL inside dashboard JSON strings (test/grammar/json/*.json.test), over
//    the small JSON grammar beside them and, where the code-server of the VS Code stages is installed,
//    over the JSON grammar VS Code ships (one test each).
// 4. The grammar tokenizes every corpus query without a rule running away (one test; see test/grammar/corpusSanity.mjs).
// Counts go to $MXQL_RESULTS_FILE as {"passed":N,"failed":N}; any failure, or no test files, exits non-zero.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkCorpus, loadGrammar, resolveCorpusDir } from '../test/grammar/corpusSanity.mjs';
import { snippetFileProblems } from '../test/grammar/snippetCheck.mjs';
import { ensureCodeServer } from './vscode/installCodeServer.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const grammarPath = join(root, 'syntaxes', 'mxql.tmLanguage.json');
const results = [];

function record(name, ok, detail = '') {
  results.push({ name, ok });
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
}

function countAssertions(text) {
  return text.split(/\r?\n/).filter((line) => /^--\s*(\^|<~*-)/.test(line)).length;
}

/** The files of the folder `relativeDir` (of the repository) ending in `suffix`, sorted, as relative paths. */
function testFiles(relativeDir, suffix) {
  const dir = join(root, relativeDir);
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(suffix)) : [];
  return files.sort().map((f) => `${relativeDir}/${f}`);
}

/** Runs vscode-tmgrammar-test on `files` with `args` (its output echoed): its exit status and the files that passed. */
function runGrammarTool(args, files) {
  const tool = join(root, 'node_modules', 'vscode-tmgrammar-test', 'dist', 'unit.js');
  const run = spawnSync(process.execPath, [tool, ...args, ...files], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  process.stdout.write(run.stdout ?? '');
  process.stderr.write(run.stderr ?? '');
  const output = run.stdout ?? '';
  // The tool prints exactly this line for a file whose every assertion held; anything else is a failure.
  const passed = (file) => output.includes(`${file} run successfuly.`) && !output.includes(`${file}:`);
  return { status: run.status, passed };
}

function runAnnotatedTests() {
  const relative = testFiles('test/grammar', '.mxql');
  if (relative.length === 0) {
    record('annotated grammar tests', false, 'no test/grammar/*.mxql files');
    return;
  }
  const run = runGrammarTool([], relative);
  for (const file of relative) {
    const ok = run.passed(file);
    const assertions = countAssertions(readFileSync(join(root, file), 'utf8'));
    record(`grammar ${file}`, ok, `${assertions} assertion lines`);
  }
  if (run.status !== 0 && results.every((r) => r.ok)) record('vscode-tmgrammar-test exit status', false);
}

/** The JSON grammar VS Code ships, where the VS Code stages installed code-server. */
const VSCODE_JSON_GRAMMAR = join(
  root,
  '.cache/code-server/node_modules/code-server/lib/vscode/extensions/json/syntaxes/JSON.tmLanguage.json',
);

function runInjectionTests() {
  const relative = testFiles('test/grammar/json', '.json.test');
  if (relative.length === 0) {
    record('JSON injection grammar tests', false, 'no test/grammar/json/*.json.test files');
    return;
  }
  const jsonGrammars = [
    ['the test JSON grammar', join(root, 'test', 'grammar', 'json', 'json.tmLanguage.json')],
  ];
  if (existsSync(VSCODE_JSON_GRAMMAR)) jsonGrammars.push(["VS Code's JSON grammar", VSCODE_JSON_GRAMMAR]);
  else if (process.env.CI === 'true')
    record("JSON injection over VS Code's JSON grammar", false, 'code-server is not installed');
  else console.log("NOTE JSON injection over VS Code's JSON grammar not run: code-server is not installed");
  // The tool reads the grammars package.json contributes (the injection's injectTo included) besides -g.
  for (const [name, jsonGrammar] of jsonGrammars) {
    const run = runGrammarTool(['-g', jsonGrammar], relative);
    const ok = run.status === 0 && relative.every(run.passed);
    record(`JSON injection grammar over ${name}`, ok, `${relative.length} files`);
  }
}

async function checkSnippets() {
  try {
    const snippets = JSON.parse(readFileSync(join(root, 'snippets', 'mxql.json'), 'utf8'));
    const problems = snippetFileProblems(snippets, await loadGrammar(grammarPath));
    const count = Object.keys(snippets).length;
    record('snippets/mxql.json', problems.length === 0, problems.join('; ') || `${count} snippets`);
  } catch (error) {
    record('snippets/mxql.json', false, String(error));
  }
}

function wholeWord(pattern, text) {
  const match = new RegExp(pattern, 'g').exec(` ${text} `);
  return match?.[0] === text;
}

/** Problems with the editing rules: comments, pairs, and the words VS Code selects and completes. */
function editingProblems(config) {
  const problems = [];
  if (config.comments?.lineComment !== '--') problems.push('lineComment must be --');
  if (JSON.stringify(config.comments?.blockComment) !== '["/*","*/"]')
    problems.push('blockComment must be /* */');
  for (const open of ['{', '[', '(', "'", '"']) {
    const pair = config.autoClosingPairs?.find((p) => p.open === open);
    if (!pair?.notIn?.includes('string')) problems.push(`auto-closing ${open} missing or active in strings`);
    if (!config.surroundingPairs?.some((p) => p[0] === open))
      problems.push(`surrounding pair ${open} missing`);
  }
  for (const word of [
    '$oid',
    'FIRST-ONLY',
    'TIME-RANGE',
    'kv.load',
    'rps.max',
    'active$connections',
    'cpu$',
  ]) {
    if (!wholeWord(config.wordPattern, word)) problems.push(`wordPattern splits ${word}`);
  }
  return problems;
}

/** Problems with folding and indentation, tried on the lines they exist for. */
function layoutProblems(config) {
  const problems = [];
  const start = new RegExp(config.folding?.markers?.start ?? '(?!)');
  const end = new RegExp(config.folding?.markers?.end ?? '(?!)');
  for (const line of ['SUB top5', 'sub custom', '  SUB q-1']) {
    if (!start.test(line)) problems.push(`folding start misses "${line}"`);
  }
  for (const line of ['SUBSTR x', 'SELECT [sub]'])
    if (start.test(line)) problems.push(`folding start hits "${line}"`);
  for (const line of ['END', 'end', '  END -- done'])
    if (!end.test(line)) problems.push(`folding end misses "${line}"`);
  if (end.test('ENDS')) problems.push('folding end hits "ENDS"');
  const increase = new RegExp(config.indentationRules?.increaseIndentPattern ?? '(?!)');
  if (!increase.test('GROUP {timeunit:5m,') || increase.test('GROUP {timeunit:5m}')) {
    problems.push('increaseIndentPattern must follow an unclosed {');
  }
  const betweenBraces = (config.onEnterRules ?? []).some(
    (r) =>
      new RegExp(r.beforeText).test('GROUP {') &&
      new RegExp(r.afterText ?? '').test('}') &&
      r.action?.indent === 'indentOutdent',
  );
  if (!betweenBraces) problems.push('Enter between { and } must indent and outdent');
  return problems;
}

function checkLanguageConfiguration() {
  try {
    const config = JSON.parse(readFileSync(join(root, 'language-configuration.json'), 'utf8'));
    const problems = [...editingProblems(config), ...layoutProblems(config)];
    record('language-configuration.json', problems.length === 0, problems.join('; '));
  } catch (error) {
    record('language-configuration.json', false, String(error));
  }
}

async function checkCorpusFiles() {
  const corpus = resolveCorpusDir(root);
  if (!corpus.dir) {
    if (corpus.required) record('corpus sanity', false, corpus.reason);
    else console.log(`NOTE corpus sanity not run: ${corpus.reason}`);
    return;
  }
  const grammar = await loadGrammar(grammarPath);
  const report = checkCorpus(grammar, corpus.dir);
  for (const problem of report.problems.slice(0, 40)) console.log(`  ${problem}`);
  if (report.problems.length > 40) console.log(`  … ${report.problems.length - 40} more`);
  record(
    'corpus sanity',
    report.files > 0 && report.problems.length === 0,
    `${report.files} files, ${report.lines} lines, ${report.problems.length} problems`,
  );
}

runAnnotatedTests();
// CI runs the VS Code stages anyway, so it installs their code-server now rather than let this test go
// unrun because the grammar stage comes first.
if (process.env.CI === 'true' && !existsSync(VSCODE_JSON_GRAMMAR)) await ensureCodeServer();
runInjectionTests();
await checkSnippets();
checkLanguageConfiguration();
try {
  await checkCorpusFiles();
} catch (error) {
  record('corpus sanity', false, error instanceof Error ? (error.stack ?? error.message) : String(error));
}

const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log(`grammar: ${passed} passed, ${failed} failed`);
if (process.env.MXQL_RESULTS_FILE)
  writeFileSync(process.env.MXQL_RESULTS_FILE, JSON.stringify({ passed, failed }));
process.exit(failed > 0 || results.length === 0 ? 1 : 0);
