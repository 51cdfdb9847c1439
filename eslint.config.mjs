// ESLint flat config. Besides code health, it enforces the layer boundaries of ARCHITECTURE.md:
// a tsconfig's `types: []` alone does not stop `import 'vscode'`, so each folder states what it may not import.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const vscodeAndLsp = [
  { name: 'vscode', message: 'This layer must not depend on the VS Code API.' },
  { name: 'vscode-languageserver', message: 'Only server/src speaks LSP.' },
  {
    name: 'vscode-languageclient',
    message: 'Only client/src (the extension shell) starts the language client.',
  },
  {
    name: 'vscode-languageclient/node',
    message: 'Only client/src (the extension shell) starts the language client.',
  },
  { name: 'vscode-languageserver/node', message: 'Only server/src speaks LSP.' },
];
const coreDeepImport = {
  group: ['**/server/core/*/**', '!**/server/core/index', '!**/server/core/catalog/bundledCatalog'],
  message:
    'Outside the language core, import it through server/core/index.ts only (or catalog/bundledCatalog for the inline catalog data).',
};

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
    files: ['server/core/**/*.ts'],
    rules: {
      'no-console': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [...vscodeAndLsp, { name: 'undici', message: 'The language core does no IO.' }],
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'http', 'https', 'os', 'child_process'],
              message: 'The language core does no IO.',
            },
            {
              group: ['**/client/**', '**/server/src/**'],
              message: 'Arrows point inward: the core imports only itself and common/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    rules: {
      'no-console': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'vscode', message: 'The language server runs outside VS Code; use LSP.' },
            { name: 'undici', message: 'The language server does no HTTP.' },
          ],
          patterns: [
            { group: ['**/client/**'], message: 'The server does not import the extension client.' },
            coreDeepImport,
          ],
        },
      ],
    },
  },
  {
    files: ['api/**/*.ts', 'common/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: vscodeAndLsp, patterns: [coreDeepImport] }],
    },
  },
  {
    files: ['demo/**/*.ts', 'cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...vscodeAndLsp, { name: 'undici', message: 'Only api/ talks HTTP.' }],
          patterns: [coreDeepImport],
        },
      ],
    },
  },
  {
    files: ['client/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'undici', message: 'Only api/ talks HTTP.' }],
          patterns: [coreDeepImport],
        },
      ],
    },
  },
  {
    files: ['client/webview/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...vscodeAndLsp,
            { name: 'undici', message: 'The webview never talks HTTP; the extension does.' },
          ],
          patterns: [{ group: ['node:*'], message: 'The webview is a browser program.' }],
        },
      ],
    },
  },
);
