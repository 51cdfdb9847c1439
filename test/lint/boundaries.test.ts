/**
 * The folder boundaries of ARCHITECTURE.md hold by proof: each violating import below, linted as a file
 * inside the guarded folder with the repository's real ESLint config, is reported by the rule that
 * guards it, and each allowed import is not. Type-aware rules are switched off (the probe files exist
 * only in memory, and the boundary rules need no types).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

const root = join(__dirname, '..', '..');
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [{ files: ['**/*.ts'], ...tseslint.configs.disableTypeChecked }],
});

/** The boundary rules that fire on `source` written in a file at `file` (repository-relative). */
async function boundaryRules(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath: join(root, file) });
  assert.ok(result, file);
  return result.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'layers/imports')
    .map((m) => `${m.ruleId}: ${m.message}`);
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
  ['server/src/probe.ts', "export * from '../core/features/queries';"],
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
