/**
 * The folder boundaries of ARCHITECTURE.md hold by proof: each violating import below, linted as a file
 * inside the guarded folder with the repository's real ESLint config, is reported once by the layer
 * allow-list (`layers/imports`), in every import form (Node's loader side doors included) and in
 * `.ts`, `.mts`, `.cts`, `.js`, `.mjs` and `.cjs` files alike, and each allowed import is not. `tsc`
 * accepts every plant below, so this lint rule is the only guard. Type-aware rules are switched off (the probe files exist only in memory, and the
 * boundary rule needs no types).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

const root = join(__dirname, '..', '..');
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [{ files: ['**/*.ts', '**/*.mts', '**/*.cts'], ...tseslint.configs.disableTypeChecked }],
});

/** The boundary errors on `source` written in a file at `file` (repository-relative). */
async function boundaryRules(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath: join(root, file) });
  assert.ok(result, file);
  return result.messages.filter((m) => m.ruleId === 'layers/imports').map((m) => `${m.ruleId}: ${m.message}`);
}

const VIOLATIONS: readonly (readonly [file: string, source: string])[] = [
  ['server/core/features/probe.ts', "import { readFileSync } from 'node:fs';"],
  ['server/core/features/probe.ts', "import { join } from 'path';"],
  ['server/core/features/probe.ts', "import * as vscode from 'vscode';"],
  ['server/core/features/probe.ts', "import { Position } from 'vscode-languageserver-types';"],
  [
    'server/core/features/probe.ts',
    "import { createConnection } from 'vscode-languageserver-protocol/node';",
  ],
  ['server/core/features/probe.ts', "import { TextDocument } from 'vscode-languageserver-textdocument';"],
  ['server/core/features/probe.ts', "import { RequestType } from 'vscode-jsonrpc';"],
  ['server/core/features/probe.ts', "import { x } from '../../src/x';"],
  ['server/core/probe.ts', "import { x } from '../../client/src/extension';"],
  ['server/core/probe.ts', "import { fetch } from 'undici';"],
  ['server/src/probe.ts', "import { lex } from '../core/syntax/lexer';"],
  ['server/src/probe.ts', "export * from '../core/queries/queries';"],
  ['server/src/probe.ts', "import * as vscode from 'vscode';"],
  ['client/webview/results/probe.ts', "import { Ctx } from '../../src/ctx';"],
  ['client/webview/results/probe.ts', "import { parse } from '../../../server/core/index';"],
  ['client/webview/results/probe.ts', "import { readFileSync } from 'node:fs';"],
  ['client/src/run/probe.ts', "import { fetch } from 'undici';"],
  ['client/src/run/probe.ts', "import { lex } from '../../../server/core/syntax/lexer';"],
  ['client/src/run/probe.ts', "import { startServer } from '../../../server/src/server';"],
  ['demo/probe.ts', "import { request } from 'undici';"],
  ['cli/probe.ts', "import { request } from 'undici';"],
  ['cli/probe.ts', "import { lex } from '../server/core/syntax/lexer';"],
  ['common/probe.ts', "import { request } from 'undici';"],
  ['common/probe.ts', "import { x } from '../client/src/ctx';"],
  ['api/probe.ts', "import * as vscode from 'vscode';"],
  ['api/probe.ts', "import { x } from '../client/src/ctx';"],
  // Every import form, not only static `import`: `import()`, `require()`, `import = require()`,
  // `export … from`, `typeof import()`, and specifiers the rule cannot read.
  ['client/src/run/probe.ts', "const undici = await import('undici');"],
  ['client/src/run/probe.ts', 'const undici = await import(`undici`);'],
  ['client/src/run/probe.ts', "const name = 'undici';\nconst m = await import(name);"],
  ['client/src/run/probe.ts', "type Undici = typeof import('undici');"],
  ['demo/probe.ts', "const vscode = await import('vscode');"],
  ['demo/probe.ts', "const { request } = require('undici');"],
  ['api/probe.ts', "import vscode = require('vscode');"],
  ['server/src/probe.ts', "export { lex } from '../core/syntax/lexer';"],
  ['server/src/probe.ts', "const { lex } = await import('../core/syntax/lexer');"],
  // The core imports no package at all, not even one common/ may import.
  ['server/core/features/probe.ts', "import { z } from 'zod';"],
  ['server/core/features/probe.ts', "const ajv = await import('ajv');"],
  ['server/core/features/probe.ts', "import { RequestType } from 'vscode-languageserver-protocol';"],
  ['server/core/probe.ts', "export { request } from 'undici';"],
  ['common/probe.ts', "import { z } from 'zod';"],
  ['client/webview/dashboard/probe.ts', "import { z } from 'zod';"],
  ['client/webview/results/probe.ts', "import { join } from 'path';"],
  // Product code never imports tests, the manifest or the translation tables (bar the notebook renderer's).
  ['client/src/run/probe.ts', "import { corpus } from '../../../test/support/corpus';"],
  ['cli/probe.ts', "import { runCli } from '../test/support/cliProcess';"],
  ['cli/probe.ts', "import pkg from '../package.json';"],
  ['cli/probe.ts', "import { main } from '../server/src/server';"],
  ['cli/probe.ts', "import { rank } from '../assistant/findData/ranking';"],
  ['client/src/probe.ts', "import { explain } from '../../assistant/tools/explain';"],
  ['server/src/probe.ts', "const pkg = require('../../package.json');"],
  ['client/src/probe.ts', "import ko from '../../l10n/bundle.l10n.ko.json';"],
  ['client/webview/results/probe.ts', "import ko from '../../../l10n/bundle.l10n.ko.json';"],
  ['client/webview/notebook/probe.ts', "import pkg from '../../../package.json';"],
  ['api/probe.ts', "import { x } from '../../elsewhere/x';"],
  // The extension runs the demo only as a child process: no demo runtime module, in any form.
  ['client/src/profiles/probe.ts', "import { startDemoServer } from '../../../demo/index';"],
  ['client/src/profiles/probe.ts', "const demo = await import('../../../demo/index');"],
  ['client/src/profiles/probe.ts', "export { startDemoServer } from '../../../demo/index';"],
  ['client/src/profiles/probe.ts', "import { createRoutes } from '../../../demo/routes/index';"],
  ['client/src/profiles/probe.ts', "import type { DemoData } from '../../../demo/data/index';"],
  ['demo/clientOptions.ts', "import { startDemoServer } from './index';"],
  // The child's messages are common/'s; the demo's own types stay out of the extension.
  ['client/src/profiles/probe.ts', "import type { DemoServerStats } from '../../../demo/index';"],
  ['demo/clientOptions.ts', "import { createOpenApiClient } from '../api/index';"],
  // `.mts` files are judged like `.ts` ones.
  ['demo/probe.mts', "const vscode = await import('vscode');"],
  ['server/core/probe.mts', "import { readFileSync } from 'node:fs';"],
  ['client/src/probe.mts', "import { startDemoServer } from '../../demo/index';"],
  // Product code reaches the core through its facades only, whatever core folder it wants, even for types.
  ['client/src/explorer/probe.ts', "import { DIRECTIVES } from '../../../server/core/catalog/directives';"],
  ['assistant/probe.ts', "import type { FlowStep } from '../server/core/columns/flow';"],
  ['demo/probe.ts', "import { validate } from '../server/core/validation/validate';"],
  ['api/probe.ts', "import { lookupValues } from '../server/core/analysis/valueLookup';"],
  ['cli/probe.ts', "export { localizedMessage } from '../server/core/l10n/diagnostics';"],
  ['server/src/probe.ts', "import { queryAt } from '../core/queries/queries';"],
  ['server/src/probe.ts', "import { DIAGNOSTICS } from '../core/diagnostics/table';"],
  ['server/src/probe.ts', "import { bundledCategoryCatalog } from '../core/catalog/index';"],
  // Node's loader side doors: a require function from `createRequire`, called at once or by the name
  // it is stored under, however `createRequire` was imported; `require.resolve`, `module.require` and
  // `import.meta.resolve`; and a require function passed on, where the rule could not follow it.
  [
    'client/src/probe.ts',
    "import { createRequire } from 'node:module';\ncreateRequire(import.meta.url)('undici');",
  ],
  [
    'client/src/probe.ts',
    "import { createRequire } from 'node:module';\nconst load = createRequire(__filename);\nload('undici');",
  ],
  [
    'client/src/probe.ts',
    "import { createRequire as make } from 'node:module';\nlet load;\nload = make(__filename);\nload('undici');",
  ],
  ['client/src/probe.ts', "import * as m from 'node:module';\nm.createRequire(__filename)('undici');"],
  [
    'server/src/probe.ts',
    "import { createRequire } from 'node:module';\nconst load = createRequire(__filename);\nload.resolve('vscode');",
  ],
  ['server/core/probe.ts', "const where = require.resolve('undici');"],
  ['client/src/probe.ts', "const where = require.resolve('../../demo/index');"],
  ['client/src/probe.ts', "const where = import.meta.resolve('undici');"],
  ['demo/probe.ts', "const m = module.require('vscode');"],
  ['client/src/probe.ts', "const load = require;\nload('undici');"],
  ['client/src/probe.ts', 'const use = (f: unknown) => f;\nuse(require);'],
  [
    'client/src/probe.ts',
    "import { createRequire } from 'node:module';\nexport const loaders = [createRequire(__filename)];",
  ],
  [
    'client/src/probe.ts',
    "import { createRequire } from 'node:module';\nconst { resolve } = createRequire(__filename);",
  ],
  // JavaScript files inside a layer are judged by the same table as TypeScript ones.
  ['client/src/probe.js', "import { fetch } from 'undici';"],
  [
    'client/src/probe.mjs',
    "import { createRequire } from 'node:module';\ncreateRequire(import.meta.url)('undici');",
  ],
  ['server/core/probe.cjs', "const fs = require('node:fs');"],
  ['client/webview/results/probe.js', "import { readFileSync } from 'node:fs';"],
  ['demo/probe.mjs', "const vscode = await import('vscode');"],
  ['server/src/probe.cts', "import vscode = require('vscode');"],
  ['demo/clientOptions.ts', "import { createRequire } from 'node:module';"],
  // The extension and the language server read the catalog data from dist/: never the inlined bundle.
  [
    'client/src/probe.ts',
    "import { bundledCategoryCatalog } from '../../server/core/catalog/bundledCatalog';",
  ],
  ['server/src/probe.ts', "const { bundledPathCatalog } = await import('../core/catalog/bundledCatalog');"],
  ['server/src/probe.mjs', "import { bundledPathCatalog } from '../core/catalog/bundledCatalog';"],
  // A file outside every layer of the allow-list is refused as a whole.
  ['examples/probe.ts', "import { parse } from '../server/core/index';"],
];

const ALLOWED: readonly (readonly [file: string, source: string])[] = [
  ['server/core/features/probe.ts', "import { lex } from '../syntax/lexer';"],
  ['server/src/probe.ts', "import { parse } from '../core/index';"],
  ['server/src/probe.ts', "import { createConnection } from 'vscode-languageserver/node';"],
  ['client/src/run/probe.ts', "import { parse } from '../../../server/core/index';"],
  ['client/webview/results/probe.ts', "import { type ToWebview } from '../../../common/resultsMessages';"],
  ['cli/probe.ts', "import { bundledCategoryCatalog } from '../server/core/catalog/bundledCatalog';"],
  ['api/probe.ts', "import { request } from 'undici';"],
  ['common/probe.ts', "import { RequestType } from 'vscode-languageserver-protocol';"],
  ['client/src/profiles/probe.ts', "import { isDemoChildMessage } from '../../../common/demoProtocol';"],
  ['client/src/profiles/probe.ts', "import { demoClientOptions } from '../../../demo/clientOptions';"],
  ['client/src/profiles/probe.ts', "import type { DemoServerStats } from '../../../common/demoProtocol';"],
  ['client/src/probe.ts', "const vscode = await import('vscode');"],
  ['client/webview/notebook/probe.ts', "import ko from '../../../l10n/bundle.l10n.ko.json';"],
  ['demo/probe.ts', "const { createServer } = await import('node:http');"],
  ['demo/clientOptions.ts', "import type { DemoServer } from './index';"],
  ['cli/probe.ts', "import { Server } from '@modelcontextprotocol/sdk/server/index.js';"],
  ['server/core/probe.mts', "import { lex } from './syntax/lexer';"],
  ['server/core/syntax/probe.ts', "import { DIRECTIVES } from '../catalog/directives';"],
  // Tests may reach the core's internals (core tests check modules the facade does not export).
  ['test/core/probe.ts', "import { commandEffect } from '../../server/core/columns/effects';"],
  ['test/probe.ts', "const name = 'undici';\nconst m = await import(name);"],
  // The side doors load what the layer may load; a JavaScript file there is judged by the same table.
  ['api/probe.ts', "import { createRequire } from 'node:module';\ncreateRequire(__filename)('undici');"],
  ['cli/probe.ts', "const where = require.resolve('@modelcontextprotocol/sdk/package.json');"],
  ['cli/probe.mjs', "import { bundledCategoryCatalog } from '../server/core/catalog/bundledCatalog';"],
  ['demo/probe.cjs', "const { createServer } = require('node:http');"],
  ['client/src/probe.ts', 'const main = require.main;'],
  [
    'scripts/probe.mjs',
    "import { createRequire } from 'node:module';\nconst load = createRequire(import.meta.url);\nload('undici');",
  ],
  // The CLI, the demo and the assistant ship the catalog data inline.
  ['assistant/probe.ts', "import { bundledCategoryCatalog } from '../server/core/catalog/bundledCatalog';"],
];

void describe('ESLint proves the folder boundaries', () => {
  for (const [file, source] of VIOLATIONS) {
    void test(`${file}: ${source}`, async () => {
      const found = await boundaryRules(file, source);
      assert.equal(found.length, 1, `expected one boundary error, got: ${found.join(' | ') || 'none'}`);
    });
  }
  for (const [file, source] of ALLOWED) {
    void test(`allowed in ${file}: ${source}`, async () => {
      assert.deepEqual(await boundaryRules(file, source), []);
    });
  }
});
