// The syntax-tree scan of user-visible strings (test/support/l10nScan.ts) finds a planted leak of every
// kind it promises to see, and leaves translated texts, names and ids alone: without this, the
// completeness test of l10n.test.ts could pass because the scan sees nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as ts from 'typescript';
import { isEnglish, scanProgram, scanProgramOf } from '../support/l10nScan';

const DIR = '/virtual/client/src';

/** Scans in-memory sources (name → text) as if they were client/src. */
function scan(sources: Record<string, string>) {
  const files = Object.keys(sources).map((name) => `${DIR}/${name}`);
  const own = (file: string): string | undefined => sources[file.slice(DIR.length + 1)];
  const base = ts.createCompilerHost({});
  const host: ts.CompilerHost = {
    ...base,
    getSourceFile: (file, language, ...rest) => {
      const text = own(file);
      return text === undefined
        ? base.getSourceFile(file, language, ...rest)
        : ts.createSourceFile(file, text, language, true);
    },
    fileExists: (file) => own(file) !== undefined || base.fileExists(file),
    readFile: (file) => own(file) ?? base.readFile(file),
    directoryExists: (dir) => DIR.startsWith(dir) || ts.sys.directoryExists(dir),
  };
  const program = scanProgramOf(files, host);
  return scanProgram(
    program,
    files,
    (file) => file.startsWith(DIR),
    (file) => file.slice(DIR.length + 1),
  );
}

const leaksOf = (sources: Record<string, string>): string[] =>
  scan(sources).leaks.map((l) => `${l.file}:${l.line}: ${l.text}`);

void test('every kind of planted leak is found, with its file and line', () => {
  const leaks = leaksOf({
    'texts.ts': [
      "export const RESTART = 'Restart Demo';",
      "export const hidden = (): string => 'Hidden behind a function';",
    ].join('\n'),
    'ui.ts': [
      "import { RESTART, hidden } from './texts';",
      'declare const ui: { message(level: string, text: string, ...actions: string[]): void };',
      'declare const vscode: { window: { showErrorMessage(text: string): void } };',
      'declare function t(message: string, ...args: unknown[]): string;',
      'export function run(ok: boolean, name: string): unknown {',
      "  ui.message('error', t('Failed'), RESTART);",
      "  vscode.window.showErrorMessage(ok ? t('Fine') : 'Not fine');",
      '  const problem = `${name} is not a profile`;',
      "  const item = { label: 'Agents', description: hidden(), detail: name };",
      "  const prompt = { validateInput: (text: string) => (text ? undefined : 'Enter a value.') };",
      "  if (!ok) throw new Error('the demo did not start');",
      "  return { item, prompt, problem, message: t('Value: {0}', 'an English value') };",
      '}',
      'export class Host {',
      '  private crash: string | undefined;',
      '  fail(): void {',
      "    this.crash = 'The backend stopped';",
      '  }',
      '  get error(): Error {',
      "    return new Error(this.crash ?? '');",
      '  }',
      '}',
      'const separator = (label: string): { label: string } => ({ label });',
      "export const recent = separator('Recent items');",
    ].join('\n'),
  });
  assert.deepEqual(leaks, [
    'texts.ts:1: Restart Demo',
    'texts.ts:2: Hidden behind a function',
    'ui.ts:7: Not fine',
    'ui.ts:8: `${name} is not a profile`',
    'ui.ts:9: Agents',
    'ui.ts:10: Enter a value.',
    'ui.ts:11: the demo did not start',
    'ui.ts:12: an English value',
    'ui.ts:17: The backend stopped',
    'ui.ts:24: Recent items',
  ]);
});

void test('translated texts, texts as data, names, ids and icons are not leaks', () => {
  const result = scan({
    'ok.ts': [
      'declare function t(message: string, ...args: unknown[]): string;',
      'declare function templateText(template: string, ...args: unknown[]): unknown;',
      'declare const ui: { message(level: string, text: string, ...actions: string[]): void };',
      'interface Text { template: string; args: unknown[] }',
      'export function show(text: Text, name: string): unknown {',
      "  ui.message('warning', t('MXQL: {0}', name), t('Open Settings'));",
      "  ui.message('info', t(text.template, ...text.args));",
      "  const item = { label: `$(history) ${name}`, description: 'pcode 42', detail: 'mxql.runFile' };",
      "  return { item, icon: 'pulse', problem: templateText('{0} is not a profile', name), title: 'Demo' };",
      '}',
    ].join('\n'),
  });
  assert.deepEqual(result.leaks, []);
  assert.deepEqual([...result.keys.keys()].sort(), ['MXQL: {0}', 'Open Settings', '{0} is not a profile']);
});

void test('a text reached through the properties of an imported typed table is found', () => {
  // A typed table's property resolves to its type's member, which holds no text: the scan reads the
  // table's own literal instead, by the property's name, through a read by key (`PAGES[kind]`) too.
  const leaks = leaksOf({
    'pages.ts': [
      'interface Page { readonly heading: string; readonly hint: string }',
      'export const PAGES: Readonly<Record<string, Page>> = {',
      "  open: { heading: 'Open the dashboard', hint: 'never shown' },",
      "  close: { heading: t('Close the dashboard'), hint: 'never shown either' },",
      '};',
      "export const NAMED: { readonly home: Page } = { home: { heading: 'Go home', hint: 'not shown' } };",
      'declare function t(message: string): string;',
    ].join('\n'),
    'ui.ts': [
      "import { NAMED, PAGES } from './pages';",
      'declare const vscode: { window: { showErrorMessage(text: string): void } };',
      'export function show(kind: string): unknown {',
      '  vscode.window.showErrorMessage(PAGES.open!.heading);',
      '  vscode.window.showErrorMessage(NAMED.home.heading);',
      '  return { label: PAGES[kind]?.heading };',
      '}',
    ].join('\n'),
  });
  assert.deepEqual(leaks, ['pages.ts:3: Open the dashboard', 'pages.ts:6: Go home']);
});

void test('a key that is not a literal cannot be checked against the bundles, so it is a leak', () => {
  const leaks = leaksOf({
    'keys.ts': [
      'declare function t(message: string, ...args: unknown[]): string;',
      'export const say = (words: string): string => t(words);',
    ].join('\n'),
  });
  assert.deepEqual(leaks, ['keys.ts:2: t() needs a literal template: t(words)']);
});

void test('English is told from names, ids and placeholders', () => {
  for (const text of ['Restart Demo', 'no oid', 'Agents', 'Fix the directives first: {0}'])
    assert.equal(isEnglish(text), true, text);
  for (const text of [
    'error',
    'server-process',
    'mxql.runFile',
    '{0} ({1})',
    '$(clock) {0}',
    'MXQL',
    'pcode {0}',
  ])
    assert.equal(isEnglish(text), false, text);
});
