// package.json's contributions agree with the command table and the settings the code reads.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { COMMANDS, HIDDEN_FROM_PALETTE, commandIds } from '../../client/src/commands/table';
import { readAutoRefreshSeconds, readConfig } from '../../client/src/config';
import { readSettings } from '../../server/src/settings';

interface Manifest {
  activationEvents: string[];
  contributes: {
    commands: { command: string; title: string; category?: string }[];
    keybindings: { command: string; key: string; mac?: string; when?: string }[];
    menus: Record<string, { command: string; when?: string }[]>;
    configuration: { properties: Record<string, { description?: string; markdownDescription?: string }> };
    walkthroughs: { steps: { media: { markdown?: string } }[] }[];
    views: Record<string, { id: string }[]>;
  };
}

const readJson = (file: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'));
// The manifest's texts are `%key%` references into package.nls.json (English); resolve them as VS Code does.
const english = readJson('package.nls.json') as Record<string, string>;
const manifest = JSON.parse(
  JSON.stringify(readJson('package.json')).replace(/"%([^%"]+)%"/g, (whole, key: string) =>
    english[key] === undefined ? whole : JSON.stringify(english[key]),
  ),
) as Manifest;
const c = manifest.contributes;

void test('every command of the table is contributed with its title and category MXQL, and no other', () => {
  const contributed = c.commands.filter((x) => x.command.startsWith('mxql.'));
  assert.deepEqual(contributed.map((x) => x.command).sort(), [...commandIds].sort());
  for (const command of contributed) {
    assert.equal(command.category, 'MXQL', command.command);
    assert.equal(command.title, COMMANDS[command.command as keyof typeof COMMANDS]);
  }
});

void test('Ctrl+Enter / Cmd+Enter run in mxql editors and in MXQL strings of JSON only; the editor title has a run button', () => {
  const runKeys = c.keybindings.filter((k) => k.key === 'ctrl+enter');
  assert.ok(runKeys.length > 0);
  for (const k of runKeys) {
    assert.equal(k.mac, 'cmd+enter');
    assert.match(k.when ?? '', /editorLangId == mxql|mxql\.inEmbeddedQuery/);
  }
  const inJson = runKeys.find((k) => k.when?.includes('mxql.inEmbeddedQuery'));
  assert.equal(inJson?.command, 'mxql.runQueryAtCursor');
  const context = c.menus['editor/context'] ?? [];
  assert.equal(context.find((m) => m.command === 'mxql.editEmbeddedQuery')?.when, 'mxql.inEmbeddedQuery');
  assert.ok(c.menus['editor/title/run']?.some((m) => m.command === 'mxql.runFile'));
  const hidden = new Set(
    (c.menus['commandPalette'] ?? []).filter((m) => m.when === 'false').map((m) => m.command),
  );
  for (const id of HIDDEN_FROM_PALETTE) assert.ok(hidden.has(id), id);
  for (const id of commandIds.filter((i) => !HIDDEN_FROM_PALETTE.includes(i)))
    assert.ok(!hidden.has(id), `${id} is a command users want: it belongs in the Command Palette`);
  for (const id of ['mxql.explorer.openDashboard', 'mxql.explorer.runScoped', 'mxql.explorer.newQuery'])
    assert.ok(!HIDDEN_FROM_PALETTE.includes(id as never), id);
});

/** Every setting key the extension's readers look up, recorded by calling them (client/src/config.ts). */
function keysReadByTheExtension(): Set<string> {
  const keys = new Set<string>();
  const record = (key: string): unknown => void keys.add(key);
  readConfig(record);
  readAutoRefreshSeconds(record);
  return keys;
}

/** Every leaf key the language server reads from the `mxql` section it is sent (server/src/settings.ts). */
function keysReadByTheServer(): Set<string> {
  const paths = new Set<string>();
  const section = (path: string): object =>
    new Proxy(
      {},
      {
        get: (_target, prop) => {
          if (typeof prop !== 'string') return undefined;
          paths.add(`${path}.${prop}`);
          return section(`${path}.${prop}`);
        },
      },
    );
  readSettings(section('mxql'));
  return new Set([...paths].filter((p) => ![...paths].some((other) => other.startsWith(`${p}.`))));
}

void test('the settings the code reads are exactly the declared ones, each with a description; no token setting', () => {
  const props = c.configuration.properties;
  const read = new Set(
    [...keysReadByTheExtension(), ...keysReadByTheServer()].filter((k) => k.startsWith('mxql.')),
  );
  // vscode-languageclient reads `<client id>.trace.server` itself.
  read.add('mxql.trace.server');
  assert.ok(read.size >= 8, `the readers were not exercised: ${[...read].join(', ')}`);
  assert.deepEqual([...read].sort(), Object.keys(props).sort());
  for (const key of read) {
    const prop = props[key];
    assert.ok(prop?.description ?? prop?.markdownDescription, key);
  }
  assert.ok(!Object.keys(props).some((k) => /token/i.test(k)), 'a token must never be a setting');
});

void test('walkthrough media exist; the results serializer and the history view are declared', () => {
  for (const step of c.walkthroughs[0]?.steps ?? []) {
    const file = step.media.markdown;
    assert.ok(file);
    assert.ok(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8').length > 0);
  }
  // Each display language has its own walkthrough pages, named by the same %key% as the English ones.
  const english = JSON.stringify(readJson('package.nls.json'));
  for (const locale of ['ko', 'ja']) {
    const translated = readJson(`package.nls.${locale}.json`) as Record<string, string>;
    const pages = Object.entries(translated).filter(([key]) => /^walkthrough\..*\.media$/.test(key));
    assert.equal(pages.length, c.walkthroughs[0]?.steps.length, `${locale} walkthrough pages`);
    for (const [key, file] of pages) {
      assert.ok(english.includes(`"${key}"`), key);
      assert.match(file, new RegExp(`^media/walkthrough/${locale}/`), key);
      assert.match(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'), /^# \S/, file);
    }
  }
  assert.ok(manifest.activationEvents.includes('onWebviewPanel:mxql.results'));
  assert.ok(c.views['mxql']?.some((v) => v.id === 'mxql.history'));
});

void test('the notebook type, its renderer and its setting are declared as the code uses them', async () => {
  const { NOTEBOOK_RENDERER_ID, NOTEBOOK_RESULT_MIME } = await import('../../common/notebookOutput');
  const raw = manifest as unknown as {
    activationEvents: string[];
    contributes: {
      notebooks: { type: string; selector: { filenamePattern: string }[] }[];
      notebookRenderer: { id: string; entrypoint: string; mimeTypes: string[]; requiresMessaging?: string }[];
      configuration: { properties: Record<string, { type?: string; default?: unknown }> };
    };
  };
  const notebook = raw.contributes.notebooks.find((n) => n.type === 'mxql-notebook');
  assert.deepEqual(notebook?.selector, [{ filenamePattern: '*.mxqlnb' }]);
  assert.ok(raw.activationEvents.includes('onNotebook:mxql-notebook'));
  const renderer = raw.contributes.notebookRenderer.find((r) => r.id === NOTEBOOK_RENDERER_ID);
  assert.ok(renderer);
  assert.deepEqual(renderer.mimeTypes, [NOTEBOOK_RESULT_MIME]);
  assert.equal(renderer.entrypoint, './dist/webview/notebookRenderer.js');
  assert.equal(renderer.requiresMessaging, 'optional');
  const setting = raw.contributes.configuration.properties['mxql.notebook.saveOutputs'];
  assert.equal(setting?.type, 'boolean');
  assert.equal(setting.default, true);
});
