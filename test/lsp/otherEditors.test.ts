// The language server as README's "Other editors" section starts it: the commands and settings are read
// from README itself, the npm package is packed and installed into a temporary prefix exactly as README
// says, and each command gets the LSP conversation Neovim and Helix have with it (settings both pulled
// with workspace/configuration and pushed with workspace/didChangeConfiguration).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { ensureBundle, root, startSession, type Launch } from './lspClient';
import { newestMtime } from '../support/newestMtime';

const readme = readFileSync(join(root, 'README.md'), 'utf8');
const section = readme.slice(
  readme.indexOf('## Other editors'),
  readme.indexOf('\n## ', readme.indexOf('## Other editors') + 3),
);

/** Every `cmd = { 'a', 'b' }` of the Lua snippets that names no path (those come from the VSIX test). */
function luaCommands(): string[][] {
  return [...section.matchAll(/cmd = \{ ([^}]*) \}/g)]
    .map((m) => [...(m[1] ?? '').matchAll(/'([^']*)'/g)].map((q) => q[1] ?? ''))
    .filter((cmd) => cmd.length > 0 && !cmd.includes('node'));
}

/** Helix's `command` and `args`. */
function helixCommand(): string[] {
  const command = /^command = "([^"]+)"$/m.exec(section)?.[1];
  const args = /^args = \[([^\]]*)\]$/m.exec(section)?.[1] ?? '';
  assert.ok(command, 'README has a Helix language-server command');
  return [command, ...[...args.matchAll(/"([^"]*)"/g)].map((m) => m[1] ?? '')];
}

/** The codes README's settings disable (the same in every snippet). */
function disabledCodes(): string[] {
  const lists = [...section.matchAll(/disabledCodes = [{[]([^}\]]*)[}\]]/g)].map((m) =>
    [...(m[1] ?? '').matchAll(/['"]([^'"]+)['"]/g)].map((q) => q[1] ?? ''),
  );
  assert.ok(lists.length >= 3, 'each snippet sets disabledCodes');
  for (const list of lists) assert.deepEqual(list, lists[0]);
  return lists[0] ?? [];
}

/** A file with an unknown category (needs the catalog beside server.js) and a bare INJECT (disabled in README). */
const TEXT = 'CATEGORY app_countr\nTAGLOAD\nINJECT\n';

let work = '';
let path = '';

/** dist/cli.js and dist/server.js as fresh as their sources. */
function ensureCli(): void {
  ensureBundle();
  const cli = join(root, 'dist', 'cli.js');
  const sources = Math.max(newestMtime(join(root, 'cli')), newestMtime(join(root, 'server')));
  if (existsSync(cli) && statSync(cli).mtimeMs >= sources) return;
  const res = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: root, stdio: 'inherit' });
  assert.equal(res.status, 0, 'node esbuild.mjs failed');
}

function npm(args: string[], cwd: string): string {
  // The build above stands in for the package's prepack script.
  const res = spawnSync('npm', [...args, '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd,
    encoding: 'utf8',
  });
  assert.equal(res.status, 0, `npm ${args.join(' ')} failed:\n${res.stderr}`);
  return res.stdout;
}

async function conversation(launch: Launch): Promise<PublishDiagnosticsParams> {
  const settings = { diagnostics: { enabled: true, disabledCodes: disabledCodes() } };
  const session = await startSession(settings, launch);
  try {
    assert.equal(session.initializeResult.serverInfo?.name, 'mxql-language-server');
    await session.connection.sendNotification('workspace/didChangeConfiguration', {
      settings: { mxql: settings },
    });
    const uri = 'file:///tmp/editor.mxql';
    await session.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'mxql', version: 1, text: TEXT },
    });
    const published = await session.diagnostics(uri, (p) =>
      p.diagnostics.some((d) => d.code === 'category/unknown'),
    );
    const hover = await session.connection.sendRequest<{ contents: { value: string } } | null>(
      'textDocument/hover',
      {
        textDocument: { uri },
        position: { line: 0, character: 2 },
      },
    );
    assert.ok(hover && hover.contents.value.length > 0, 'hover on CATEGORY answers');
    return published;
  } finally {
    await session.stop();
    assert.equal(session.child.exitCode, 0, 'a clean shutdown exits 0');
  }
}

void describe('the language server in other editors, as README starts it', { timeout: 120_000 }, () => {
  before(() => {
    ensureCli();
    work = mkdtempSync(join(tmpdir(), 'mxql-editors-'));
    const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', work], root)) as {
      filename: string;
    }[];
    assert.ok(packed, 'npm pack wrote a tarball');
    npm(
      ['install', '--global', '--offline', '--prefix', join(work, 'prefix'), join(work, packed.filename)],
      work,
    );
    path = [join(work, 'prefix', 'bin'), process.env.PATH ?? ''].join(delimiter);
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  const launches = (): Launch[] => {
    const commands = [...luaCommands(), helixCommand(), ['mxql-language-server', '--stdio']];
    const unique = [...new Map(commands.map((c) => [c.join(' '), c])).values()];
    return unique.map(([command = '', ...args]) => ({ command, args, env: { ...process.env, PATH: path } }));
  };

  void test('README names `mxql lsp --stdio` for Neovim 0.7, 0.8+ and Helix', () => {
    assert.deepEqual(luaCommands(), [
      ['mxql', 'lsp', '--stdio'],
      ['mxql', 'lsp', '--stdio'],
    ]);
    assert.deepEqual(helixCommand(), ['mxql', 'lsp', '--stdio']);
  });

  void test('each README command from the installed npm package: catalog diagnostics, settings applied, hover', async () => {
    for (const launch of launches()) {
      const published = await conversation(launch);
      const codes = published.diagnostics.map((d) => String(d.code));
      const name = [launch.command, ...launch.args].join(' ');
      assert.ok(codes.includes('category/unknown'), `${name}: ${codes.join(', ')}`);
      assert.ok(codes.includes('inject/missing-fragment'), `${name}: ${codes.join(', ')}`);
      for (const off of disabledCodes())
        assert.ok(!codes.includes(off), `${name}: ${off} is disabled in README`);
    }
  });

  void test('`mxql lsp` explains itself and refuses unknown options', () => {
    const env = { ...process.env, PATH: path };
    const help = spawnSync('mxql', ['lsp', '--help'], { env, encoding: 'utf8' });
    assert.equal(help.status, 0);
    assert.match(help.stdout, /didChangeConfiguration/);
    const bad = spawnSync('mxql', ['lsp', '--tcp'], { env, encoding: 'utf8' });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /unknown option --tcp/);
  });
});
