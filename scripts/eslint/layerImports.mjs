// ESLint rule `layers/imports`: the layer boundaries of ARCHITECTURE.md as one allow-list (after VS Code's
// `code-import-patterns`). Each layer names the folders and packages it may import; anything else is
// refused, whatever form the import takes: `import`, `export … from`, `import()`, `require()`,
// `import x = require()`, `typeof import()` types, and the side doors of Node's loader: a require
// function made by `createRequire(…)` (called at once or through the name it is stored in),
// `require.resolve()`, `module.require()` and `import.meta.resolve()`. A require function passed on or
// renamed is refused, since the rule could no longer see what it loads. Relative paths are resolved
// against the importing file and compared as repository-relative paths, so `../core/syntax/lexer` cannot
// slip past a pattern written for `server/core/`; a specifier the rule cannot read (a computed
// `import(x)`) is refused too. The table itself is scripts/eslint/layers.mjs.
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

/** The name a member expression reads (`a.b` or `a['b']`), if it is written out. */
function propertyName(member) {
  const { property, computed } = member;
  if (!computed && property.type === 'Identifier') return property.name;
  return property.type === 'Literal' && typeof property.value === 'string' ? property.value : undefined;
}

const isImportMeta = (node) =>
  node.type === 'MetaProperty' && node.meta.name === 'import' && node.property.name === 'meta';

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
      escapes:
        'A require function that is stored, renamed or passed on cannot be judged; call it directly with a string literal.',
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

    // Names bound to a require function: the CommonJS `require`, those `createRequire` is imported as, and
    // the variables holding a function it made.
    const requireNames = new Set(['require']);
    const createRequireNames = new Set(['createRequire']);
    const isCreateRequireCall = (node) =>
      node?.type === 'CallExpression' &&
      ((node.callee.type === 'Identifier' && createRequireNames.has(node.callee.name)) ||
        (node.callee.type === 'MemberExpression' && propertyName(node.callee) === 'createRequire'));
    const isRequireFunction = (node) =>
      (node?.type === 'Identifier' && requireNames.has(node.name)) || isCreateRequireCall(node);
    /** Where a require function may stand: called, `.resolve()`d, or stored under a plain name we follow. */
    const usedInPlace = (node) => {
      const { parent } = node;
      if (parent.type === 'CallExpression' && parent.callee === node) return true;
      if (parent.type === 'MemberExpression' && parent.object === node) {
        const member = propertyName(parent);
        return (
          (member === 'resolve' &&
            parent.parent.type === 'CallExpression' &&
            parent.parent.callee === parent) ||
          member === 'main' ||
          member === 'cache'
        );
      }
      if (parent.type === 'VariableDeclarator' && parent.init === node)
        return parent.id.type === 'Identifier';
      if (parent.type === 'AssignmentExpression' && parent.right === node)
        return parent.left.type === 'Identifier';
      return false;
    };
    /** An identifier that reads a variable (not a property name, key or declaration). */
    const isReference = (node) => {
      const { parent } = node;
      if (
        (parent.type === 'MemberExpression' || parent.type === 'TSQualifiedName') &&
        parent.object !== node &&
        parent.left !== node
      )
        return false;
      if (
        (parent.type === 'Property' ||
          parent.type === 'PropertyDefinition' ||
          parent.type === 'MethodDefinition' ||
          parent.type === 'TSPropertySignature' ||
          parent.type === 'TSMethodSignature') &&
        parent.key === node &&
        !parent.computed
      )
        return parent.type === 'Property' && parent.shorthand && parent.value === node;
      if (parent.type === 'VariableDeclarator' && parent.id === node) return false;
      if (parent.type === 'AssignmentExpression' && parent.left === node) return false;
      if (parent.type.startsWith('Import') || parent.type.startsWith('Export')) return false;
      if (parent.type === 'FunctionDeclaration' || parent.type === 'FunctionExpression') return false;
      if (parent.type === 'TSTypeReference' || parent.type === 'LabeledStatement') return false;
      return !(parent.type === 'Property' && parent.value === node && parent.parent.type === 'ObjectPattern');
    };

    return {
      ImportSpecifier: (node) => {
        if (node.imported.name === 'createRequire') createRequireNames.add(node.local.name);
      },
      VariableDeclarator: (node) => {
        if (node.id.type === 'Identifier' && isRequireFunction(node.init)) requireNames.add(node.id.name);
      },
      AssignmentExpression: (node) => {
        if (node.left.type === 'Identifier' && isRequireFunction(node.right))
          requireNames.add(node.left.name);
      },
      Identifier: (node) => {
        if (requireNames.has(node.name) && isReference(node) && !usedInPlace(node))
          context.report({ node, messageId: 'escapes' });
      },
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
        const { callee } = node;
        if (isCreateRequireCall(node)) {
          if (!usedInPlace(node)) context.report({ node, messageId: 'escapes' });
          return;
        }
        const loads =
          isRequireFunction(callee) ||
          (callee.type === 'MemberExpression' &&
            ((propertyName(callee) === 'resolve' &&
              (isRequireFunction(callee.object) || isImportMeta(callee.object))) ||
              propertyName(callee) === 'require'));
        if (loads) checkNode(node.arguments[0], false);
      },
    };
  },
};

export default { meta: { name: 'layers' }, rules: { imports } };
