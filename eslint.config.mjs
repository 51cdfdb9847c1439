// ESLint flat config. Besides code health, it enforces the layer boundaries of ARCHITECTURE.md:
// a tsconfig's `types: []` alone does not stop `import 'vscode'`, so each folder lists what it may import.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import layers from './scripts/eslint/layerImports.mjs';
import { LAYERS } from './scripts/eslint/layers.mjs';

// Every source form the layered folders may hold: a `.js`/`.mjs`/`.cjs` file is bundled like a `.ts`
// one, so it is judged by the same table. Outside the layers (root configs) only TypeScript is refused.
const SOURCE = '{ts,mts,cts,js,mjs,cjs}';
const LAYERED_FILES = [
  '**/*.{ts,mts,cts}',
  ...LAYERS.map(({ folder }) => (/\.[a-z]+$/.test(folder) ? folder : `${folder}/**/*.${SOURCE}`)),
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
      '**/*.d.cts',
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
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: LAYERED_FILES,
    plugins: { layers },
    rules: { 'layers/imports': ['error', { layers: LAYERS }] },
  },
  {
    files: [`server/**/*.${SOURCE}`],
    rules: { 'no-console': 'error' },
  },
  {
    files: [`client/webview/**/*.${SOURCE}`],
    languageOptions: { globals: { ...globals.browser } },
  },
);
