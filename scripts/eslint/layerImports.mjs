// ESLint rule `layers/imports`: the layer boundaries of ARCHITECTURE.md as one allow-list (after VS Code's
// `code-import-patterns`). Each layer names the folders and packages it may import; anything else is
// refused, whatever form the import takes: `import`, `export … from`, `import()`, `require()`,
// `import x = require()` and `typeof import()` types. Relative paths are resolved against the importing
// file and compared as repository-relative paths, so `../core/syntax/lexer` cannot slip past a pattern
// written for `server/core/`; a specifier the rule cannot read (a computed `import(x)`) is refused too.
import { builtinModules } from 'node:module';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BUILTINS = new Set(builtinModules);

const toRepoPath = (file) => relative(repoRoot, file).split(sep).join('/');
const inside = (path, folder) => path === folder || path.startsWith(`${folder}/`);
const withoutExtension = (path) => path.replace(/\.(d\.ts|d\.mts|ts|mts|js|mjs|cjs|json)$/, '');

/** A path entry allows a folder (and all below it) or one module named without its extension; `*` any. */
const pathAllowed = (target, entry) =>
  entry === '*' || inside(target, entry) || withoutExtension(target) === entry;

/** A package entry allows that package and its subpaths; `node:*` Node's built-in modules; `*` any. */
function packageAllowed(specifier, entry) {
  if (entry === '*') return true;
  if (entry === 'node:*') return specifier.startsWith('node:');
  return specifier === entry || specifier.startsWith(`${entry}/`);
}

/** `path` and `node:path` are one module: judge bare built-in names as `node:` ones. */
function normalizedPackage(specifier) {
  const name = specifier.split('/')[0];
  return !specifier.startsWith('node:') && BUILTINS.has(name) ? `node:${specifier}` : specifier;
}

/** The layer of a repository-relative file: the entry whose folder (or file) holds it most narrowly. */
function layerOf(file, layers) {
  let best;
  for (const layer of layers) {
    if (inside(file, layer.folder) && (!best || layer.folder.length > best.folder.length)) best = layer;
  }
  return best;
}

const stringList = { type: 'array', items: { type: 'string' } };

/** @type {import('eslint').Rule.RuleModule} */
const imports = {
  meta: {
    type: 'problem',
    docs: { description: 'Allow each layer only the folders and packages it lists, for every import form.' },
    schema: [
      {
        type: 'object',
        properties: {
          layers: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                folder: { type: 'string' },
                why: { type: 'string' },
                paths: stringList,
                typePaths: stringList,
                packages: stringList,
              },
              required: ['folder', 'why', 'paths', 'packages'],
              additionalProperties: false,
            },
          },
        },
        required: ['layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      noLayer: 'This file belongs to no layer of the allow-list: give its folder one in eslint.config.mjs.',
      unreadable: 'An import whose specifier is computed cannot be judged; write it as a string literal.',
      path: "'{{source}}' resolves to {{target}}, which {{folder}}/ may not import{{typeOnly}}. {{why}}",
      package: "'{{source}}' is not a package {{folder}}/ may import. {{why}}",
    },
  },
  create(context) {
    const { layers } = context.options[0];
    const importer = toRepoPath(context.filename);
    const layer = layerOf(importer, layers);
    if (!layer) {
      return { Program: (node) => context.report({ node, messageId: 'noLayer' }) };
    }
    const { folder, why, paths, typePaths = [], packages } = layer;
    if (paths.includes('*') && packages.includes('*')) return {};

    /** Judges one specifier; `typeOnly` when the import is erased from the emitted code. */
    const check = (node, source, typeOnly) => {
      if (source.startsWith('.') || isAbsolute(source)) {
        const target = toRepoPath(resolve(dirname(context.filename), source));
        if (paths.some((entry) => pathAllowed(target, entry))) return;
        if (typeOnly && typePaths.some((entry) => pathAllowed(target, entry))) return;
        const typeHint = typePaths.some((entry) => pathAllowed(target, entry)) ? ' except as types' : '';
        context.report({
          node,
          messageId: 'path',
          data: { source, target, folder, why, typeOnly: typeHint },
        });
        return;
      }
      const specifier = normalizedPackage(source);
      if (!packages.some((entry) => packageAllowed(specifier, entry))) {
        context.report({ node, messageId: 'package', data: { source, folder, why } });
      }
    };
    /** A specifier node: a string literal, or a template literal without expressions; else unreadable. */
    const checkNode = (node, typeOnly) => {
      if (node?.type === 'Literal' && typeof node.value === 'string') check(node, node.value, typeOnly);
      else if (node?.type === 'TemplateLiteral' && node.expressions.length === 0)
        check(node, node.quasis[0].value.cooked, typeOnly);
      else context.report({ node: node ?? context.sourceCode.ast, messageId: 'unreadable' });
    };
    const allTypes = (specifiers) =>
      specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type');

    return {
      ImportDeclaration: (node) =>
        checkNode(node.source, node.importKind === 'type' || allTypes(node.specifiers)),
      ExportNamedDeclaration: (node) =>
        node.source && checkNode(node.source, node.exportKind === 'type' || allTypes(node.specifiers)),
      ExportAllDeclaration: (node) => checkNode(node.source, node.exportKind === 'type'),
      ImportExpression: (node) => checkNode(node.source, false),
      TSImportEqualsDeclaration: (node) => {
        if (node.moduleReference.type === 'TSExternalModuleReference')
          checkNode(node.moduleReference.expression, node.importKind === 'type');
      },
      TSImportType: (node) => checkNode(node.argument?.literal ?? node.argument, true),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require')
          checkNode(node.arguments[0], false);
      },
    };
  },
};

export default { meta: { name: 'layers' }, rules: { imports } };
