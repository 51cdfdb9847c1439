// The one diagnostics table: every code the core can report has an entry (severity, message, reason),
// every code the sources name is in it, no entry is dead, and the user documentation lists each code
// with the table's severity.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  DIAGNOSTICS,
  diagnostic,
  diagnosticCodes,
  type DiagnosticCode,
} from '../../../server/core/diagnostics/table';

const root = join(__dirname, '..', '..', '..');
const SEVERITIES = new Set(['error', 'warning', 'information', 'hint']);

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

// The diagnostics folder names every code (the table and its translations); the checks must name them elsewhere.
const coreSources = sourcesUnder(join(root, 'server', 'core')).filter(
  (p) => !p.includes(join('core', 'diagnostics') + '/'),
);
const coreText = coreSources.map((p) => readFileSync(p, 'utf8')).join('\n');

void test('every code has an entry with a severity, a message and a one-line reason', () => {
  const codes = diagnosticCodes();
  assert.ok(codes.length >= 50);
  for (const code of codes) {
    const entry = DIAGNOSTICS[code];
    assert.match(code, /^[a-z]+\/[a-z-]+$/, code);
    assert.ok(SEVERITIES.has(entry.severity), code);
    assert.ok(entry.reason.length > 10 && !entry.reason.includes('\n'), `${code}: reason`);
  }
});

void test('diagnostic() takes severity and message from the table', () => {
  const d = diagnostic(
    'column/not-in-catalog',
    { start: 1, end: 4 },
    {
      name: 'abc',
      category: 'kube_pod',
      suggestions: ['abd'],
    },
  );
  assert.equal(d.severity, 'information');
  assert.match(d.message, /catalog does not know column 'abc' of category 'kube_pod'.*Did you mean 'abd'\?/);
  const hinted = diagnostic('syntax/unclosed-bracket', { start: 0, end: 1 }, { hint: 'addClosingBracket' });
  assert.equal(hinted.message, 'This bracket is never closed. Add the closing `]`.');
});

void test('every code the core sources name is in the table, and every entry is used', () => {
  const table = new Set<string>(diagnosticCodes());
  const named = new Set(
    [
      ...coreText.matchAll(
        /'((?:syntax|directive|expression|inject|param|structure|command|option|delete|range|category|column|sub|rule|json|sql|group|filter|operand)\/[a-z-]+)'/g,
      ),
    ].map((m) => m[1] as string),
  );
  for (const code of named) assert.ok(table.has(code), `${code} is not in the table`);
  for (const code of table) assert.ok(named.has(code), `${code} is never reported`);
});

void test('the severity policy holds for the codes the issue names', () => {
  const severity = (code: DiagnosticCode): string => DIAGNOSTICS[code].severity;
  assert.equal(severity('inject/missing-fragment'), 'hint');
  assert.equal(severity('inject/undeclared-fragment'), 'warning');
  assert.equal(severity('column/unknown'), 'warning');
  assert.equal(severity('column/not-in-catalog'), 'information');
  assert.equal(severity('param/ignored-when-unbound'), 'hint');
  assert.equal(severity('param/unbound'), 'information');
  assert.equal(severity('syntax/template-marker'), 'error');
});

void test('docs/diagnostics.md lists every code with its severity', () => {
  const doc = readFileSync(join(root, 'docs', 'diagnostics.md'), 'utf8');
  for (const code of diagnosticCodes()) {
    const cells = doc
      .split('\n')
      .map((line) => line.split('|').map((cell) => cell.trim()))
      .find((row) => row[1] === `\`${code}\``);
    assert.ok(cells, `${code} missing from docs/diagnostics.md`);
    assert.equal(cells[2], DIAGNOSTICS[code].severity, `${code}: severity in docs`);
  }
});
