// The npm package (`npm pack` of a clean tree) runs on its own: unpacked into a folder with no
// node_modules, its `mxql mcp --demo` answers the SDK's own MCP client over stdio, lists every tool and runs
// a query on the demo, so `mxql mcp` set up in an assistant from the package needs nothing else.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { TOOLS } from '../../assistant/toolset';
import { stageCleanBuild } from './buildVsix';

let stage = '';
let unpacked = '';

before(() => {
  const built = stageCleanBuild();
  stage = built.stage;
  // The build already ran; the package holds what .npmignore lets through.
  const pack = spawnSync('npm', ['pack', '--ignore-scripts', '--pack-destination', stage], {
    cwd: built.tree,
    encoding: 'utf8',
  });
  assert.equal(pack.status, 0, pack.stderr);
  const tarball = readdirSync(stage).find((f) => f.endsWith('.tgz'));
  assert.ok(tarball, `no tarball in ${stage}`);
  unpacked = mkdtempSync(join(tmpdir(), 'mxql-npm-'));
  const untar = spawnSync('tar', ['xzf', join(stage, tarball), '-C', unpacked], { encoding: 'utf8' });
  assert.equal(untar.status, 0, untar.stderr);
});

after(() => {
  if (stage) rmSync(stage, { recursive: true, force: true });
  if (unpacked) rmSync(unpacked, { recursive: true, force: true });
});

void test('the package holds the bundles and the catalog, and no sources or node_modules', () => {
  const root = join(unpacked, 'package');
  for (const file of ['dist/cli.js', 'dist/server.js', 'dist/catalog/categories.json', 'package.json'])
    assert.ok(existsSync(join(root, file)), `${file} is missing`);
  for (const folder of ['node_modules', 'assistant', 'server', 'test'])
    assert.ok(!existsSync(join(root, folder)), `${folder} must not be packed`);
});

void test("the package's mxql mcp --demo serves every tool over stdio with nothing installed", async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(unpacked, 'package', 'dist', 'cli.js'), 'mcp', '--demo'],
    cwd: unpacked,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'npm-package-test', version: '1.0.0' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      TOOLS.map((t) => t.name),
    );
    const result = await client.callTool({
      name: 'mxql_run',
      arguments: { mql: 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, oname, tps]', range: '15m' },
    });
    assert.notEqual(result.isError, true, JSON.stringify(result.content));
    const structured = result.structuredContent as { rowCount?: number };
    assert.ok((structured.rowCount ?? 0) > 0, JSON.stringify(structured));
  } finally {
    await client.close();
  }
});
