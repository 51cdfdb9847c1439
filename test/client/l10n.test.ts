// Korean and Japanese besides English: every manifest text is a %key% with a translation in
// package.nls.ko.json and package.nls.ja.json; every runtime text has an entry in
// l10n/bundle.l10n.ko.json and .ja.json with the same placeholders: t('…') in client/src, the tables of
// the results panel, the dashboard and the notebook renderer, the notebook format errors and every
// text of the API client's errors (apiText('…') in api/ and the endpoint activities); and no
// user-visible English bypasses t(), which a syntax-tree scan of client/src checks (test/support/l10nScan.ts).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { ENDPOINT_ACTIVITIES } from '../../api/endpointActivity';
import { BOARD_TEXTS } from '../../common/boardMessages';
import { DASHBOARD_TEXTS } from '../../common/dashboardMessages';
import { NOTEBOOK_TEXTS } from '../../common/notebookOutput';
import { RESULTS_TEXTS } from '../../common/resultsTexts';
import { requestableEndpoints } from '../../client/src/openApiRequest/requestForm';
import type * as ts from 'typescript';
import { literalArguments, scanProgram, scanProgramOf, type ScanResult } from '../support/l10nScan';

const root = join(__dirname, '..', '..');
const LOCALES = ['ko', 'ja'] as const;
const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(root, file), 'utf8')) as T;

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

const placeholders = (text: string) => [...text.matchAll(/\{\d+\}/g)].map((m) => m[0]).sort();
const commandLinks = (text: string) => [...text.matchAll(/\(command:[^)]+\)/g)].map((m) => m[0]);

void test('every manifest text is a %key% translated into Korean and Japanese', () => {
  const manifestText = readFileSync(join(root, 'package.json'), 'utf8');
  const manifest = JSON.parse(manifestText) as {
    l10n?: string;
    contributes: Record<string, unknown>;
  };
  assert.equal(manifest.l10n, './l10n');
  const used = new Set([...manifestText.matchAll(/"%([^%"]+)%"/g)].map((m) => m[1] ?? ''));
  const english = readJson<Record<string, string>>('package.nls.json');
  assert.deepEqual(
    [...used].sort(),
    Object.keys(english).sort(),
    'package.nls.json has exactly the keys used',
  );
  for (const locale of LOCALES) {
    const translated = readJson<Record<string, string>>(`package.nls.${locale}.json`);
    assert.deepEqual(
      Object.keys(translated).sort(),
      Object.keys(english).sort(),
      `package.nls.${locale}.json keys`,
    );
    for (const [key, text] of Object.entries(english)) {
      const value = translated[key] ?? '';
      assert.ok(value.trim() !== '', `${locale}: ${key} is empty`);
      assert.deepEqual(commandLinks(value), commandLinks(text), `${locale}: ${key} keeps its command links`);
    }
  }
  // The user-visible fields of the contributions hold keys, not English.
  const visible =
    /"(title|description|markdownDescription|name|contents|contextualTitle|displayName)": "(?!%)([^"]*[A-Za-z]{2}[^"]*)"/g;
  // Tool input schemas speak to the model, and chat command names are typed after a slash: neither is a text.
  const shown = {
    ...manifest.contributes,
    languageModelTools: (
      manifest.contributes.languageModelTools as Record<string, unknown>[] | undefined
    )?.map(({ inputSchema: _schema, ...rest }) => rest),
    chatParticipants: (manifest.contributes.chatParticipants as Record<string, unknown>[] | undefined)?.map(
      ({ commands, ...rest }) => ({
        ...rest,
        commands: (commands as { description?: string }[]).map((c) => ({ description: c.description })),
      }),
    ),
  };
  const contributes = JSON.stringify(shown, null, 1);
  const literal = [...contributes.matchAll(visible)]
    // view and container ids, icon paths and setting item names are not texts.
    .filter((m) => !/^(mxql|media\/)/.test(m[2] ?? ''));
  assert.deepEqual(
    literal.map((m) => m[0]),
    [],
    'untranslated manifest texts',
  );
  const top = [manifest as unknown as Record<string, string>];
  for (const field of ['displayName', 'description']) assert.match(top[0]?.[field] ?? '', /^%.+%$/);
});

/** The .ts files under `dirs` (folders or single files), relative to the root. */
function filesUnder(dirs: readonly string[]): string[] {
  return dirs.flatMap((dir) => {
    const path = join(root, dir);
    return statSync(path).isDirectory() ? tsFiles(path) : [path];
  });
}

const relativeName = (file: string): string => relative(root, file).split('\\').join('/');

/** The client's files and every file whose texts-as-data families the extension says through t(). */
const CLIENT_FILES = filesUnder(['client/src']);
const FAMILIES = [
  { callee: 'apiText', dirs: ['api'] },
  // The run planner's refusals: the extension says them through t() by their English template.
  { callee: 'runText', dirs: ['server/core/run'] },
  // The dashboard preview's problems with a board file, said the same way.
  { callee: 'runText', dirs: ['server/core/embedded/board.ts'] },
  { callee: 'fail', dirs: ['common/notebookOutput.ts', 'client/src/notebook/notebookFile.ts'] },
  // The investigation planner's titles and reasons, which `/investigate` writes through translateText().
  { callee: 'templateText', dirs: ['assistant/investigate'] },
  // An alert draft's refusals (a threshold's unit, a file that is not a rule file), said by Draft Alert Rule.
  { callee: 'templateText', dirs: ['server/core/alerts'] },
] as const;

let scanned: { program: ts.Program; scan: ScanResult } | undefined;

/** One program over the client and the families' files, scanned once for every test of this file. */
function clientScan(): { program: ts.Program; scan: ScanResult } {
  if (scanned) return scanned;
  const program = scanProgramOf([...CLIENT_FILES, ...FAMILIES.flatMap((f) => filesUnder(f.dirs))]);
  const owned = (file: string): boolean => /[\\/](client[\\/]src|common)[\\/]/.test(file);
  scanned = { program, scan: scanProgram(program, CLIENT_FILES, owned, relativeName) };
  return scanned;
}

/**
 * Every text the extension shows: t('…') and templateText('…') of client/src; the tables its webviews
 * and the notebook renderer receive translated; the notebook format errors (their English template is
 * the key); and the API client's and the planner's texts, which the extension says through t() from
 * their parts.
 */
function runtimeKeys(): Map<string, string> {
  const keys = new Map<string, string>();
  const tables = {
    'common/resultsTexts.ts': RESULTS_TEXTS,
    'common/dashboardMessages.ts': DASHBOARD_TEXTS,
    'common/boardMessages.ts': BOARD_TEXTS,
    'common/notebookOutput.ts': NOTEBOOK_TEXTS,
    'api/endpointActivity.ts': ENDPOINT_ACTIVITIES,
  };
  for (const [file, table] of Object.entries(tables))
    for (const text of Object.values(table)) keys.set(text, file);
  // The Open API Request picker says the endpoint table's titles through tableText(): they are keys.
  for (const group of requestableEndpoints()) {
    keys.set(group.title, 'api/endpointSpec.ts');
    for (const spec of group.endpoints) {
      keys.set(spec.title, 'api/endpoints.ts');
      for (const param of spec.params) keys.set(param.title, 'api/endpoints.ts');
    }
  }
  const { program, scan } = clientScan();
  for (const [key, where] of scan.keys) keys.set(key, where.replace(/:\d+$/, ''));
  for (const { callee, dirs } of FAMILIES)
    for (const file of filesUnder(dirs))
      for (const key of literalArguments(program, [file], callee)) keys.set(key, relativeName(file));
  return keys;
}

void test('the scan finds the texts of every source', () => {
  const sources = new Set(runtimeKeys().values());
  for (const file of [
    'common/resultsTexts.ts',
    'common/dashboardMessages.ts',
    'common/boardMessages.ts',
    'common/notebookOutput.ts',
    'api/endpointActivity.ts',
    'api/transport.ts',
    'api/validate.ts',
    'api/errors.ts',
    'client/src/notebook/notebookFile.ts',
    'client/src/errorText.ts',
    'server/core/run/plan.ts',
    'server/core/run/timeRange.ts',
    'server/core/embedded/board.ts',
  ])
    assert.ok(sources.has(file), `no text found in ${file}`);
  // Every API error text is built by apiText(), so the scan above sees it: no template literal
  // (which would hide its words from the bundles) reaches an error.
  for (const file of tsFiles(join(root, 'api'))) {
    const text = readFileSync(file, 'utf8');
    const hidden = [...text.matchAll(/\b(?:fail|missing)\(\s*(?:'[^']*',\s*)?`|message: `|hint: `/g)];
    assert.deepEqual(
      hidden.map((m) => m[0]),
      [],
      `${relative(root, file)} builds a text outside apiText()`,
    );
  }
});

void test('every runtime text has a Korean and a Japanese entry with the same placeholders', () => {
  const keys = runtimeKeys();
  assert.ok(keys.size > 100, `found only ${keys.size} t() texts`);
  for (const locale of LOCALES) {
    const bundle = readJson<Record<string, string>>(`l10n/bundle.l10n.${locale}.json`);
    const missing = [...keys].filter(([key]) => !bundle[key]?.trim()).map(([key, file]) => `${file}: ${key}`);
    assert.deepEqual(missing, [], `texts missing from l10n/bundle.l10n.${locale}.json`);
    const stale = Object.keys(bundle).filter((key) => !keys.has(key));
    assert.deepEqual(stale, [], `entries of l10n/bundle.l10n.${locale}.json no code uses`);
    for (const [key, value] of Object.entries(bundle))
      assert.deepEqual(placeholders(value), placeholders(key), `${locale}: placeholders of "${key}"`);
  }
});

void test('no user-visible English in client/src bypasses t() (syntax-tree scan)', () => {
  const { scan } = clientScan();
  assert.ok(scan.keys.size > 250, `found only ${scan.keys.size} keys`);
  assert.deepEqual(
    scan.leaks.map((l) => `${l.file}:${l.line}: ${l.text}`),
    [],
    'say these through t() (UI code) or return them as templateText() (pure modules), and add them to the bundles',
  );
});

/** The translation layer itself: the translator, and the wording of errors the UI shows. */
const TRANSLATORS = new Set(['client/src/l10n.ts', 'client/src/errorText.ts']);

void test('only the UI layer calls t(): a pure client module returns its texts as data', () => {
  // UI code imports vscode or shows its texts through the extension's Ctx or Ui.
  const isUi = (text: string) => /from 'vscode'|from '(?:\.\.?\/)+(?:ctx|views\/ui)'/.test(text);
  const importsT = (text: string) => /import \{[^}]*\bt\b[^}]*\} from '(?:\.\.?\/)+l10n'/.test(text);
  const pureTranslating = CLIENT_FILES.map((file) => ({
    name: relativeName(file),
    text: readFileSync(file, 'utf8'),
  }))
    .filter(({ name, text }) => !TRANSLATORS.has(name) && importsT(text) && !isUi(text))
    .map(({ name }) => name);
  assert.deepEqual(
    pureTranslating,
    [],
    'return templateText(…) (said by the UI with translateText()) instead of calling t()',
  );
  // The rule sees a translating module: the explorer's data would be one without its texts as data.
  assert.ok(importsT("import { t, translateText } from '../l10n';") && !isUi("import { t } from '../l10n';"));
});

void test('no translation file holds a key twice (JSON.parse would keep only the last silently)', () => {
  const files = [
    'package.nls.json',
    ...LOCALES.flatMap((locale) => [`package.nls.${locale}.json`, `l10n/bundle.l10n.${locale}.json`]),
  ];
  for (const file of files) {
    const keys = [...readFileSync(join(root, file), 'utf8').matchAll(/^\s*("(?:[^"\\]|\\.)*")\s*:/gm)].map(
      (m) => JSON.parse(m[1] ?? '""') as string,
    );
    const repeated = keys.filter((key, i) => keys.indexOf(key) !== i);
    assert.deepEqual(repeated, [], `${file} repeats keys`);
  }
});
