// The layer table: which folder of the repository may import which. ESLint enforces it
// (`layers/imports`, scripts/eslint/layerImports.mjs) and ARCHITECTURE.md states it; a test holds the two
// equal, so this module is the one owner of the fact.
//
// Each layer names a folder, or one file (the narrowest holding a file is its layer): the folders or
// modules (named without extension) it may import (`paths`), those it may import only as types
// (`typePaths`, erased from the build), and its packages. Anything else is refused in every import form;
// a `.ts`/`.mts`/`.cts` file of no layer is refused as a whole. Package entries cover their subpaths,
// `node:*` the Node built-ins (bare `path` counts as `node:path`).

/** The core's doors for product code (tests may reach internals): `index.ts` names what each consumer reads. */
export const CORE_INDEX = 'server/core/index';
/**
 * The catalog's JSON data inlined, a door of its own for the hosts that ship the data in their bundle (the
 * CLI, the demo, the assistant). The extension and the language server read the data from dist/catalog/ on
 * first use, so they may not import it: it would put the whole catalog into their bundles.
 */
export const BUNDLED_CATALOG = 'server/core/catalog/bundledCatalog';
const CORE_FACADES = [CORE_INDEX, BUNDLED_CATALOG];
const ASSISTANT_DOORS = ['assistant/toolset', 'assistant/types'];
const WEBVIEW = {
  paths: ['client/webview', 'common'],
  packages: ['slickgrid', 'uplot', 'sortablejs', 'markdown-it'],
};

/** @type {readonly import('./layers.d.mts').Layer[]} */
export const LAYERS = [
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
    why: 'The language server speaks LSP onto the core (through server/core/index.ts) and nothing else; it reads the catalog data from dist/.',
    paths: ['server/src', CORE_INDEX, 'common'],
    packages: [
      'vscode-languageserver',
      'vscode-languageserver-protocol',
      'vscode-languageserver-textdocument',
      'node:*',
    ],
  },
  {
    folder: 'client/src',
    why: 'The extension reaches the core through its index (the catalog data from dist/), talks HTTP through api/ and runs the demo only as a child process (`dist/cli.js demo-server`).',
    // demo/clientOptions (how a client reaches a running demo) imports only types itself, so it brings
    // none of the demo into the extension; the child's messages are common/demoProtocol.
    paths: ['client/src', CORE_INDEX, 'common', 'api/index', ...ASSISTANT_DOORS, 'demo/clientOptions'],
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
