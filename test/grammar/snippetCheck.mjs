// Checks for snippets/mxql.json, used by scripts/testGrammar.mjs: every snippet is well formed, and the text it
// expands to (each placeholder replaced by its default) is MXQL that the grammar reads without errors.

const SNIPPET_VARIABLE =
  /^(TM_|CURRENT_|CLIPBOARD|WORKSPACE_|RELATIVE_FILEPATH|LINE_COMMENT|BLOCK_COMMENT|RANDOM|UUID)/;

/** Problems of one snippet: missing fields, no tab stop, or a `$name` that VS Code would treat as a variable. */
function shapeProblems(name, snippet) {
  const problems = [];
  const prefixes = [snippet.prefix ?? []].flat();
  if (prefixes.length === 0 || prefixes.some((p) => typeof p !== 'string' || p.trim() === '')) {
    problems.push(`${name}: prefix missing`);
  }
  if (typeof snippet.description !== 'string' || snippet.description.trim() === '') {
    problems.push(`${name}: description missing`);
  }
  const body = [snippet.body ?? []].flat();
  if (body.length === 0 || body.some((b) => typeof b !== 'string')) problems.push(`${name}: body missing`);
  const text = body.join('\n');
  if (!/\$(\d|\{\d)/.test(text)) problems.push(`${name}: no tab stop`);
  // MXQL `$params` must be written `\\$oid`; a bare `$oid` is a snippet variable and would be lost.
  for (const m of text.matchAll(/(?<!\\)\$([A-Za-z_]\w*)/g)) {
    if (!SNIPPET_VARIABLE.test(m[1])) problems.push(`${name}: unescaped $${m[1]}`);
  }
  return problems;
}

/**
 * Expands snippet syntax the way VS Code inserts it before the user types anything: `${1:x}` → x,
 * `${1|a,b|}` → a, a bare `$1`/`${1}` → the default given elsewhere for that tab stop, `\$` → `$`.
 */
export function expandSnippet(text) {
  const defaults = new Map();
  const first = expandFrom(text, 0, defaults, false).out;
  return first.replace(/\u0000(\d+)\u0000/g, (_, n) => defaults.get(n) ?? '');
}

function expandFrom(text, start, defaults, inPlaceholder) {
  let out = '';
  let i = start;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\\' && i + 1 < text.length) {
      out += text[i + 1];
      i += 2;
    } else if (inPlaceholder && ch === '}') {
      return { out, next: i + 1 };
    } else if (ch === '$') {
      const placeholder = expandPlaceholder(text, i, defaults);
      out += placeholder.out;
      i = placeholder.next;
    } else {
      out += ch;
      i += 1;
    }
  }
  return { out, next: i };
}

function expandPlaceholder(text, i, defaults) {
  const simple = /^\$(\d+)|^\$\{(\d+)\}/.exec(text.slice(i));
  if (simple) return { out: `\u0000${simple[1] ?? simple[2]}\u0000`, next: i + simple[0].length };
  const choice = /^\$\{(\d+)\|([^|]*)\|\}/.exec(text.slice(i));
  if (choice) {
    const value = choice[2].split(',')[0] ?? '';
    defaults.set(choice[1], value);
    return { out: value, next: i + choice[0].length };
  }
  const open = /^\$\{(\d+):/.exec(text.slice(i));
  if (!open) return { out: '$', next: i + 1 };
  const inner = expandFrom(text, i + open[0].length, defaults, true);
  defaults.set(open[1], inner.out);
  return { out: inner.out, next: inner.next };
}

/** Lines of the expanded snippet that the grammar does not read as a command, a comment or PromQL. */
function grammarProblems(name, text, { grammar, initial }) {
  const problems = [];
  let ruleStack = initial;
  for (const line of text.split('\n')) {
    const { tokens, ruleStack: next } = grammar.tokenizeLine(line, ruleStack);
    ruleStack = next;
    const first = tokens.find((t) => line.slice(t.startIndex, t.endIndex).trim() !== '');
    const scopes = first?.scopes.join(' ') ?? 'keyword.control.command';
    if (!/keyword\.control\.command|comment\./.test(scopes)) problems.push(`${name}: "${line}" is not a command`);
    if (tokens.some((t) => t.scopes.some((s) => s.startsWith('invalid.')))) {
      problems.push(`${name}: "${line}" has invalid tokens`);
    }
  }
  return problems;
}

/** All problems in the parsed snippets file; `loaded` is the grammar from corpusSanity.loadGrammar. */
export function snippetFileProblems(snippets, loaded) {
  const entries = Object.entries(snippets);
  const problems = entries.flatMap(([name, s]) => shapeProblems(name, s));
  const prefixes = entries.flatMap(([, s]) => [s.prefix ?? []].flat());
  const duplicates = prefixes.filter((p, i) => prefixes.indexOf(p) !== i);
  if (duplicates.length) problems.push(`duplicate prefixes: ${duplicates.join(', ')}`);
  if (entries.length < 16) problems.push(`only ${entries.length} snippets (want at least 16)`);
  if (problems.length > 0) return problems;
  return entries.flatMap(([name, s]) => grammarProblems(name, expandSnippet([s.body].flat().join('\n')), loaded));
}
