// ESLint flat config. Besides code health, it enforces the layer boundaries of ARCHITECTURE.md:
// a tsconfig's `types: []` alone does not stop `import 'vscode'`, so each folder states what it may not import.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { builtinModules } from 'node:module';
import layers from './scripts/eslint/layerImports.mjs';

// Bare package names each layer may not import (patterns, so subpaths such as `/node` count too).
const VSCODE = { group: ['vscode'], message: 'This layer must not depend on the VS Code API.' };
const LSP_SERVER = {
  group: ['vscode-languageserver', 'vscode-languageserver/*'],
  message: 'Only server/src speaks LSP as a server.',
};
const LSP_CLIENT = {
  group: ['vscode-languageclient', 'vscode-languageclient/*'],
  message: 'Only client/src (the extension) starts the language client.',
};
const LSP_ANY = {
  group: ['vscode-languageserver*', 'vscode-languageclient*', 'vscode-jsonrpc', 'vscode-jsonrpc/*'],
  message: 'This layer knows nothing of LSP or JSON-RPC: it speaks offsets and plain data.',
};
const UNDICI = {
  group: ['undici', 'undici/*'],
  message: 'Only api/ talks HTTP: it is the one importer of undici.',
};
const NODE = {
  group: ['node:*'],
  // Exact names: a pattern `events` would also match a relative `./events`.
  names: builtinModules,
  message: 'This layer does no IO and runs outside Node too: no Node built-in modules.',
};

/** `no-restricted-imports` for bare package names plus `layers/imports` for folders, judged on resolved paths. */
function layer(packages, folders, coreFacadeOnly) {
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: packages.map(({ group, message }) => ({ group, message })),
        paths: packages.flatMap(({ names = [], message }) => names.map((name) => ({ name, message }))),
      },
    ],
    'layers/imports': [
      'error',
      { forbidden: folders.map(([folder, message]) => ({ folder, message })), coreFacadeOnly },
    ],
  };
}

const toClient = ['client', 'Nothing outside client/ imports the extension or its webviews.'];
const toServerSrc = [
  'server/src',
  'Only the language server process runs server/src; use server/core/index.ts.',
];
const toCli = ['cli', 'Nothing imports the mxql command.'];
const toDemo = ['demo', 'Only the extension and the CLI host the demo backend.'];
const toApi = ['api', 'The language and common/ never call the Open API.'];
const inward = 'Arrows point inward: the core imports only itself and common/.';
const commonLeaf = 'common/ holds messages every program imports, so it imports none of them.';

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'out/**',
      '.cache/**',
      'test-results/**',
      'test/grammar/**',
      'test/fixtures/**',
      '**/*.d.ts',
      '**/*.d.mts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use an `as const` object and a union.' },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  { plugins: { layers } },
  {
    files: ['server/core/**/*.ts'],
    rules: {
      'no-console': 'error',
      ...layer(
        [VSCODE, LSP_ANY, UNDICI, NODE],
        [
          ['client', inward],
          ['server/src', inward],
          ['api', inward],
          ['demo', inward],
          ['cli', inward],
        ],
        false,
      ),
    },
  },
  {
    files: ['server/src/**/*.ts'],
    rules: {
      'no-console': 'error',
      ...layer(
        [{ ...VSCODE, message: 'The language server runs outside VS Code; use LSP.' }, LSP_CLIENT, UNDICI],
        [toClient, toApi, toDemo, toCli],
        true,
      ),
    },
  },
  {
    files: ['api/**/*.ts'],
    rules: layer([VSCODE, LSP_SERVER, LSP_CLIENT], [toClient, toServerSrc, toDemo, toCli], true),
  },
  {
    files: ['common/**/*.ts'],
    rules: layer(
      [VSCODE, LSP_SERVER, LSP_CLIENT, UNDICI, NODE],
      [
        ['client', commonLeaf],
        ['server', commonLeaf],
        ['api', commonLeaf],
        ['demo', commonLeaf],
        ['cli', commonLeaf],
      ],
      false,
    ),
  },
  {
    files: ['demo/**/*.ts'],
    rules: layer([VSCODE, LSP_SERVER, LSP_CLIENT, UNDICI], [toClient, toServerSrc, toCli], true),
  },
  {
    files: ['cli/**/*.ts'],
    rules: layer([VSCODE, LSP_SERVER, LSP_CLIENT, UNDICI], [toClient, toServerSrc], true),
  },
  {
    // The assistant toolset: pure over the core, the API client and common/; its shells (the extension,
    // `mxql mcp`) hand it a target, so it never starts the demo or speaks VS Code, LSP or MCP itself.
    files: ['assistant/**/*.ts'],
    rules: layer(
      [VSCODE, LSP_ANY, UNDICI, { group: ['@modelcontextprotocol/*'], message: 'Only cli/ speaks MCP.' }],
      [toClient, toServerSrc, toCli, ['demo', 'The shells host the demo; the toolset only gets a client.']],
      true,
    ),
  },
  {
    files: ['client/src/**/*.ts'],
    rules: layer(
      [UNDICI, LSP_SERVER],
      [
        ['client/webview', 'The webview is a browser program; talk to it with common/ messages.'],
        toServerSrc,
        toCli,
      ],
      true,
    ),
  },
  {
    files: ['client/webview/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: layer(
      [VSCODE, LSP_ANY, { ...UNDICI, message: 'The webview never talks HTTP; the extension does.' }, NODE],
      [
        [
          'client/src',
          'The webview is a browser program: it talks to the extension only through common/ messages.',
        ],
        ['server', 'The webview is a browser program: the language lives in the language server.'],
        toApi,
        toDemo,
        toCli,
      ],
      false,
    ),
  },
);
