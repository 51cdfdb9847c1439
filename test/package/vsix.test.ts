// The VSIX holds what the extension needs at run time and nothing else: every file the manifest points to,
// the docs and licence, and no sources, tests, dependencies or source maps. Set MXQL_VSIX to check an
// existing package (e.g. the output of `npm run package`) instead of building one.
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { packageCleanTree, repoRoot, type PackagedVsix } from './buildVsix';
import { listZipEntries, readZipEntry, type ZipEntry } from './zipEntries';
import { startSession } from '../lsp/lspClient';

interface Manifest {
  name: string;
  publisher: string;
  version: string;
  main: string;
  icon?: string;
  contributes?: {
    languages?: { configuration?: string }[];
    grammars?: { path: string }[];
    snippets?: { path: string }[];
    notebookRenderer?: { entrypoint: string }[];
  };
}

const maxBytes = 2 * 1024 * 1024;
const sourceManifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as Manifest;

/** `./dist/x.js` in package.json is `extension/dist/x.js` in the VSIX. */
function inVsix(manifestPath: string): string {
  return `extension/${manifestPath.replace(/^\.\//, '')}`;
}

void describe('VSIX package', { timeout: 180_000 }, () => {
  let packaged: PackagedVsix | undefined;
  let vsixPath = '';
  let zip = Buffer.alloc(0);
  let entries: ZipEntry[] = [];
  let names = new Set<string>();

  before(() => {
    const given = process.env['MXQL_VSIX'];
    if (given) {
      assert.ok(existsSync(given), `MXQL_VSIX=${given} does not exist`);
      vsixPath = given;
    } else {
      packaged = packageCleanTree();
      vsixPath = packaged.path;
    }
    zip = readFileSync(vsixPath);
    entries = listZipEntries(zip);
    names = new Set(entries.map((e) => e.name));
  });
  after(() => packaged?.dispose());

  function expectFile(name: string): void {
    assert.ok(names.has(name), `${name} is missing from the VSIX; it holds:\n${[...names].join('\n')}`);
  }

  void test('holds the bundles: extension, language server, CLI and webview', () => {
    for (const file of ['dist/extension.js', 'dist/server.js', 'dist/cli.js'])
      expectFile(`extension/${file}`);
    const webviewScripts = [...names].filter((n) => /^extension\/dist\/webview\/[^/]+\.js$/.test(n));
    assert.ok(webviewScripts.length > 0, 'no webview script under extension/dist/webview/');
  });

  void test('holds every file package.json points to', () => {
    const contributes = sourceManifest.contributes ?? {};
    const referenced = [
      sourceManifest.main,
      ...(sourceManifest.icon ? [sourceManifest.icon] : []),
      ...(contributes.grammars ?? []).map((g) => g.path),
      ...(contributes.snippets ?? []).map((s) => s.path),
      ...(contributes.languages ?? []).flatMap((l) => (l.configuration ? [l.configuration] : [])),
      ...(contributes.notebookRenderer ?? []).map((r) => r.entrypoint),
    ];
    assert.ok(referenced.length >= 5, `expected main, icon, grammar, snippets, language configuration`);
    for (const path of referenced) expectFile(inVsix(path));
    expectFile('extension/package.json');
  });

  void test('holds the Korean and Japanese translations of the manifest and of runtime texts', () => {
    for (const file of ['package.nls.json', 'package.nls.ko.json', 'package.nls.ja.json'])
      expectFile(`extension/${file}`);
    for (const locale of ['ko', 'ja']) expectFile(`extension/l10n/bundle.l10n.${locale}.json`);
  });

  void test('holds README, CHANGELOG and LICENSE', () => {
    // vsce stores them as readme.md, changelog.md and LICENSE.txt.
    const lower = new Set([...names].map((n) => n.toLowerCase()));
    for (const doc of ['extension/readme.md', 'extension/changelog.md']) {
      assert.ok(lower.has(doc), `${doc} is missing from the VSIX`);
    }
    assert.ok(lower.has('extension/license.txt') || lower.has('extension/license'), 'LICENSE is missing');
  });

  void test('ships no dependencies, sources, tests or source maps', () => {
    const forbidden = [
      { what: 'node_modules', pattern: /(^|\/)node_modules\// },
      { what: 'TypeScript sources', pattern: /\.(ts|mts|cts|tsx)$/ },
      { what: 'source maps', pattern: /\.map$/ },
      { what: 'tests', pattern: /^extension\/(test|out)\// },
      { what: 'unbundled sources', pattern: /^extension\/(client|server|common|scripts)\// },
      {
        what: 'build config',
        pattern: /^extension\/(esbuild\.mjs|eslint\.config\.mjs|tsconfig[^/]*\.json|\.[^/]+)$/,
      },
      { what: 'packages', pattern: /\.vsix$/ },
    ];
    for (const { what, pattern } of forbidden) {
      const found = [...names].filter((n) => pattern.test(n));
      assert.deepEqual(found, [], `the VSIX ships ${what}`);
    }
  });

  void test('production bundles carry no source map links', () => {
    for (const name of ['extension/dist/extension.js', 'extension/dist/server.js']) {
      const entry = entries.find((e) => e.name === name);
      assert.ok(entry, `${name} is missing`);
      const text = readZipEntry(zip, entry).toString('utf8');
      assert.doesNotMatch(
        text,
        /sourceMappingURL=/,
        `${name} links a source map: was it a production build?`,
      );
    }
  });

  void test('its package.json is the project manifest', () => {
    const entry = entries.find((e) => e.name === 'extension/package.json');
    assert.ok(entry);
    const packagedManifest = JSON.parse(readZipEntry(zip, entry).toString('utf8')) as Manifest;
    assert.equal(packagedManifest.name, sourceManifest.name);
    assert.equal(packagedManifest.publisher, sourceManifest.publisher);
    assert.equal(packagedManifest.version, sourceManifest.version);
    assert.equal(packagedManifest.main, sourceManifest.main);
  });

  void test("README's other-editor command runs the server from the VSIX's files alone", async () => {
    // README: unzip mxql-<version>.vsix 'extension/dist/*' -d ~/.local/share/mxql, then this Neovim cmd.
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const cmd = /cmd = \{ 'node', vim\.fn\.expand\('~\/([^']+)'\), '--stdio' \}/.exec(readme);
    assert.ok(cmd?.[1], 'README shows the Neovim cmd for the VSIX files');
    const home = mkdtempSync(join(tmpdir(), 'mxql-vsix-home-'));
    try {
      const into = join(home, '.local', 'share', 'mxql');
      for (const entry of entries.filter(
        (e) => e.name.startsWith('extension/dist/') && !e.name.endsWith('/'),
      )) {
        mkdirSync(dirname(join(into, entry.name)), { recursive: true });
        writeFileSync(join(into, entry.name), readZipEntry(zip, entry));
      }
      const session = await startSession(undefined, {
        command: 'node',
        args: [join(home, cmd[1]), '--stdio'],
      });
      const uri = 'file:///tmp/vsix.mxql';
      await session.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId: 'mxql', version: 1, text: 'CATEGORY app_countr\nTAGLOAD\n' },
      });
      const published = await session.diagnostics(uri, (p) => p.diagnostics.length > 0);
      await session.stop();
      assert.deepEqual(
        published.diagnostics.map((d) => d.code),
        ['category/unknown'],
        'the catalog beside server.js was read',
      );
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  void test(`is smaller than ${maxBytes / 1024 / 1024} MB`, () => {
    const size = statSync(vsixPath).size;
    assert.ok(size < maxBytes, `the VSIX is ${(size / 1024 / 1024).toFixed(2)} MB`);
  });
});
