// ESLint rule `layers/imports`: the folder boundaries of ARCHITECTURE.md, checked on resolved paths.
// `no-restricted-imports` matches the import text, so `../core/syntax/lexer` from server/src or
// `../../client/src/x` from a webview slips past a pattern written for `server/core/`; this rule resolves
// every relative import against the importing file and compares repository-relative folders.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The core's public doors: everything outside server/core imports one of these (extension optional). */
const CORE_FACADES = ['server/core/index', 'server/core/catalog/bundledCatalog'];

const toRepoPath = (file) => relative(repoRoot, file).split(sep).join('/');
const inside = (path, folder) => path === folder || path.startsWith(`${folder}/`);
const withoutExtension = (path) => path.replace(/\.(ts|mts|js|mjs)$/, '');

/** @type {import('eslint').Rule.RuleModule} */
const imports = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports that cross a folder boundary, judged on resolved paths.' },
    schema: [
      {
        type: 'object',
        properties: {
          forbidden: {
            type: 'array',
            items: {
              type: 'object',
              properties: { folder: { type: 'string' }, message: { type: 'string' } },
              required: ['folder', 'message'],
              additionalProperties: false,
            },
          },
          coreFacadeOnly: { type: 'boolean' },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      forbidden: "'{{source}}' resolves into {{folder}}/: {{message}}",
      deepCore:
        "'{{source}}' reaches inside server/core: outside the language core, import it through server/core/index.ts only (or catalog/bundledCatalog for the inline catalog data).",
    },
  },
  create(context) {
    const { forbidden = [], coreFacadeOnly = false } = context.options[0] ?? {};
    const importer = toRepoPath(context.filename);
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = toRepoPath(resolve(dirname(context.filename), source));
      const hit = forbidden.find((f) => inside(target, f.folder));
      if (hit) {
        context.report({
          node,
          messageId: 'forbidden',
          data: { source, folder: hit.folder, message: hit.message },
        });
        return;
      }
      if (
        coreFacadeOnly &&
        !inside(importer, 'server/core') &&
        inside(target, 'server/core') &&
        !CORE_FACADES.includes(withoutExtension(target))
      ) {
        context.report({ node, messageId: 'deepCore', data: { source } });
      }
    };
    const fromSource = (node) => check(node.source, node.source?.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: (node) => node.source && fromSource(node),
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      TSImportType: (node) => {
        const literal = node.argument?.literal ?? node.argument;
        if (literal?.type === 'Literal') check(literal, literal.value);
      },
      CallExpression: (node) => {
        const [first] = node.arguments;
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && first?.type === 'Literal')
          check(first, first.value);
      },
    };
  },
};

export default { meta: { name: 'layers' }, rules: { imports } };
