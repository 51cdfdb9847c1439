// Corpus sanity check for the TextMate grammar, used by scripts/testGrammar.mjs.
// An independent, deliberately simple scanner of the language's lexical rules (`#` comments as a line's first
// character, `--` at a line start or after white space outside quotes, `/* */` blocks, quotes that end at the line
// end, operands that continue while `{`/`[` is open) classifies every character; the grammar's scopes must agree.
// This catches the catastrophic failures: a string or comment that runs on, a bracket rule that never closes, a
// continuation line taken for a command, or a command line taken for a continuation.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** Where the corpus is: `MXQL_CORPUS` (a directory, or `required`) or `../shared/mxql/corpus/dev` beside the repo. */
export function resolveCorpusDir(root) {
  const env = process.env.MXQL_CORPUS;
  const required = env === 'required';
  const dir = env && !required ? env : join(root, '..', 'shared', 'mxql', 'corpus', 'dev');
  if (existsSync(dir)) return { dir, required };
  return { dir: undefined, required, reason: `no corpus at ${dir} (set MXQL_CORPUS)` };
}

/** Loads the grammar with the same vscode-textmate and oniguruma that vscode-tmgrammar-test uses. */
export async function loadGrammar(grammarPath) {
  // vscode-textmate and vscode-oniguruma come with vscode-tmgrammar-test; resolve them from there.
  const require = createRequire(createRequire(import.meta.url).resolve('vscode-tmgrammar-test/package.json'));
  const tm = require('vscode-textmate');
  const onig = require('vscode-oniguruma');
  const wasm = readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
  await onig.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new tm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new onig.OnigScanner(patterns),
      createOnigString: (text) => new onig.OnigString(text),
    }),
    loadGrammar: async (scope) =>
      scope === 'source.mxql' ? tm.parseRawGrammar(readFileSync(grammarPath, 'utf8'), grammarPath) : null,
  });
  const grammar = await registry.loadGrammar('source.mxql');
  return { grammar, initial: tm.INITIAL };
}

/** Classifies one line: per character 'code' | 'string' | 'comment'; updates depth and block state. */
function scanLine(line, state) {
  const classes = new Array(line.length).fill('code');
  const logicalStart = state.depth === 0 && !state.inBlock;
  const trimmed = line.trimStart();
  const info = { classes, logicalStart, startDepth: state.depth, promql: false };
  if (logicalStart && (trimmed.startsWith('>>') || /^openmx(?![\w\-.$])/i.test(trimmed))) {
    info.promql = true;
    return info;
  }
  if (!state.inBlock && trimmed.startsWith('#')) return fill(info, line.length - trimmed.length, 'comment');
  let i = 0;
  while (i < line.length) i = scanAt(line, i, classes, state);
  return info;
}

function fill(info, from, kind) {
  info.classes.fill(kind, from);
  return info;
}

/** Scans from `i`, marks what it consumed, returns the next index. */
function scanAt(line, i, classes, state) {
  const afterSpace = i === 0 || /\s/.test(line[i - 1]);
  if (state.inBlock) {
    const close = line.indexOf('*/', i);
    const end = close < 0 ? line.length : close + 2;
    classes.fill('comment', i, end);
    if (close >= 0) state.inBlock = false;
    return end;
  }
  const ch = line[i];
  if (afterSpace && line.startsWith('--', i)) {
    classes.fill('comment', i);
    return line.length;
  }
  if (afterSpace && line.startsWith('/*', i)) {
    state.inBlock = true;
    classes.fill('comment', i, i + 2);
    return i + 2;
  }
  if (ch === "'" || ch === '"') {
    const close = line.indexOf(ch, i + 1);
    const end = close < 0 ? line.length : close + 1;
    classes.fill('string', i, end);
    return end;
  }
  if (ch === '{' || ch === '[') state.depth += 1;
  if (ch === '}' || ch === ']') state.depth -= 1;
  if (state.depth < 0) state.unbalanced = true;
  state.depth = Math.max(0, state.depth);
  return i + 1;
}

function grammarClass(scopes) {
  if (scopes.some((s) => s.startsWith('comment.'))) return 'comment';
  if (scopes.some((s) => s.startsWith('string.'))) return 'string';
  return 'code';
}

/** Problems on one line, comparing the scanner's view with the grammar's tokens. */
function lineProblems(line, info, tokens, balancedSoFar) {
  if (info.promql) return [];
  const problems = [];
  for (const token of tokens) {
    const kind = grammarClass(token.scopes);
    for (let c = token.startIndex; c < Math.min(token.endIndex, line.length); c += 1) {
      if (/\s/.test(line[c])) continue;
      const expected = info.classes[c];
      const wrong = (expected === 'comment') !== (kind === 'comment') || (kind === 'string' && expected !== 'string');
      if (wrong) {
        problems.push(`col ${c + 1}: scanner says ${expected}, grammar says ${token.scopes.slice(1).join(' ')}`);
        break;
      }
    }
  }
  const first = tokens.find((t) => line.slice(t.startIndex, t.endIndex).trim() !== '');
  const isCommand = first?.scopes.some((s) => s.startsWith('keyword.control.command')) ?? false;
  const startsWithWord = /^\s*[A-Za-z_]/.test(line) && info.classes[line.search(/\S/)] === 'code';
  if (info.logicalStart && startsWithWord && !isCommand) problems.push('command line not scoped as a command');
  if (!info.logicalStart && balancedSoFar && info.startDepth > 0 && isCommand) {
    problems.push('continuation line scoped as a command');
  }
  return problems.map((p) => `${p}: ${line.trim().slice(0, 60)}`);
}

function checkFile({ grammar, initial }, text) {
  const state = { depth: 0, inBlock: false, unbalanced: false };
  const problems = [];
  let ruleStack = initial;
  const lines = text.split(/\r?\n/);
  lines.forEach((line, n) => {
    const balancedSoFar = !state.unbalanced;
    const info = scanLine(line, state);
    const result = grammar.tokenizeLine(line, ruleStack);
    ruleStack = result.ruleStack;
    for (const p of lineProblems(line, info, result.tokens, balancedSoFar)) problems.push(`${n + 1}: ${p}`);
  });
  const after = grammar.tokenizeLine('', ruleStack).tokens[0]?.scopes ?? [];
  if (!state.unbalanced && state.depth === 0 && !state.inBlock && after.length > 1) {
    problems.push(`end of file still inside ${after.slice(1).join(' ')}`);
  }
  return { problems, lines: lines.length };
}

/** Tokenizes every `.mxql` file in `dir`; returns the number of files and lines and a list of problems. */
export function checkCorpus(loaded, dir) {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.mxql'))
    .sort();
  const report = { files: files.length, lines: 0, problems: [] };
  for (const file of files) {
    const { problems, lines } = checkFile(loaded, readFileSync(join(dir, file), 'utf8'));
    report.lines += lines;
    for (const p of problems) report.problems.push(`${file}:${p}`);
  }
  return report;
}
