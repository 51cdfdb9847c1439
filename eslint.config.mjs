// ESLint flat config. Besides code health, it enforces the layer boundaries of ARCHITECTURE.md:
// a tsconfig's `types: []` alone does not stop `import 'vscode'`, so each folder lists what it may import.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import layers from './scripts/eslint/layerImports.mjs';

// The allow-list of every layer (`folder`: a folder, or one file; the narrowest holding a file is its
// layer): the folders or modules (named without extension) it may import (`paths`), those it may
// import only as types (`typePaths`, erased from the build), and its packages. Anything else is refused
// in every import form (`layers/imports`); a `.ts` or `.mts` file of no layer is refused as a whole.
// Package entries cover their subpaths, `node:*` the Node built-ins (bare `path` counts as `node:path`).
// The core's facades are the only doors into server/core from product code (tests may reach internals):
// index.ts names what each consumer reads; catalog/bundledCatalog inlines the catalog's JSON data, a
// door of its own so that the language server, which reads the data from dist/ on first use, does not
// bundle it by importing the facade.
const CORE_FACADES = ['server/core/index', 'server/core/catalog/bundledCatalog'];
const ASSISTANT_DOORS = ['assistant/toolset', 'assistant/types'];
const WEBVIEW = {
  paths: ['client/webview', 'common'],
  packages: ['slickgrid', 'uplot', 'sortablejs', 'markdown-it'],
};
const LAYERS = [
  {
    folder: 'server/core',
    why: 'Arrows point inward: the core imports only itself and common/, and no package at all.',
    paths: ['server/core', 'common'],
    packages: [],
  },
  {
    folder: 'common',
    why: 'common/ holds messages every program imports, so it imports none of them; LSP types only.',
    paths: ['common'],
    packages: ['vscode-languageserver-protocol'],
  },
  {
    folder: 'server/src',
    why: 'The language server speaks LSP onto the core (through server/core/index.ts) and nothing else.',
    paths: ['server/src', ...CORE_FACADES, 'common'],
    packages: [
      'vscode-languageserver',
      'vscode-languageserver-protocol',
      'vscode-languageserver-textdocument',
      'node:*',
    ],
  },
  {
    folder: 'client/src',
    why: 'The extension reaches the core through its facade, talks HTTP through api/ and runs the demo only as a child process (`dist/cli.js demo-server`).',
    // demo/clientOptions (how a client reaches a running demo) imports only types itself, so it brings
    // none of the demo into the extension; the child's messages are common/demoProtocol.
    paths: ['client/src', ...CORE_FACADES, 'common', 'api/index', ...ASSISTANT_DOORS, 'demo/clientOptions'],
    packages: ['vscode', 'vscode-languageclient', 'node:*'],
  },
  {
    folder: 'client/webview',
    why: 'The webview is a browser program: it talks to the extension only through common/ messages.',
    ...WEBVIEW,
  },
  {
    folder: 'client/webview/notebook',
    why: "The notebook renderer has no vscode.l10n: it bundles the extension's l10n/ tables, nothing more.",
    paths: [...WEBVIEW.paths, 'l10n/bundle.l10n.ko', 'l10n/bundle.l10n.ja'],
    packages: WEBVIEW.packages,
  },
  {
    folder: 'api',
    why: 'The Open API client is the only importer of undici and knows nothing of its callers.',
    paths: ['api', ...CORE_FACADES, 'common'],
    packages: ['undici', 'node:*'],
  },
  {
    folder: 'demo',
    why: 'The demo backend serves HTTP with Node alone over the core; its hosts start it.',
    paths: ['demo', ...CORE_FACADES, 'common', 'api/index'],
    packages: ['node:*'],
  },
  {
    // The one demo module the extension bundles stays a door: it sees the demo only as types.
    folder: 'demo/clientOptions.ts',
    why: 'The extension bundles this module, so it may import the demo and api/ only as types.',
    paths: ['common'],
    typePaths: ['demo', 'api/index'],
    packages: [],
  },
  {
    folder: 'cli',
    why: 'The mxql command composes the core, api/, demo/ and assistant/; it speaks MCP, never VS Code.',
    paths: ['cli', ...CORE_FACADES, 'common', 'api/index', 'demo', ...ASSISTANT_DOORS],
    packages: ['@modelcontextprotocol/sdk', 'node:*'],
  },
  {
    // The assistant toolset: pure over the core, the API client and common/; its shells (the extension,
    // `mxql mcp`) hand it a target, so it never starts the demo or speaks VS Code, LSP or MCP itself.
    folder: 'assistant',
    why: 'The toolset is pure over the core, the API client and common/.',
    paths: ['assistant', ...CORE_FACADES, 'common', 'api/index'],
    packages: ['ajv'],
  },
  { folder: 'scripts', why: 'Developer scripts may use anything.', paths: ['*'], packages: ['*'] },
  { folder: 'test', why: 'Tests may use anything.', paths: ['*'], packages: ['*'] },
];

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
  {
    files: ['**/*.ts', '**/*.mts'],
    plugins: { layers },
    rules: { 'layers/imports': ['error', { layers: LAYERS }] },
  },
  {
    files: ['server/**/*.ts', 'server/**/*.mts'],
    rules: { 'no-console': 'error' },
  },
  {
    files: ['client/webview/**/*.ts', 'client/webview/**/*.mts'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
