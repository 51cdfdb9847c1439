// Bundles every program of the extension. `node esbuild.mjs [--production] [--watch] [--tests]`.
// --production minifies; --watch rebuilds on change; --tests also bundles the in-VS-Code test suites.
import * as esbuild from 'esbuild';
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const tests = process.argv.includes('--tests');
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

const common = {
  bundle: true,
  minify: production,
  sourcemap: production ? false : 'linked',
  logLevel: 'warning',
  legalComments: 'none',
  define: { __MXQL_VERSION__: JSON.stringify(version) },
};
const node = { ...common, platform: 'node', target: 'node20', format: 'cjs' };

/** @type {import('esbuild').BuildOptions[]} */
const builds = [
  { ...node, entryPoints: ['client/src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
  // The shebang makes dist/server.js the package's mxql-language-server command.
  {
    ...node,
    entryPoints: ['server/src/main.ts'],
    outfile: 'dist/server.js',
    banner: { js: '#!/usr/bin/env node' },
  },
  {
    ...node,
    entryPoints: ['cli/main.ts'],
    outfile: 'dist/cli.js',
    banner: { js: '#!/usr/bin/env node' },
  },
  {
    ...common,
    platform: 'browser',
    target: 'chrome120',
    format: 'iife',
    entryPoints: {
      results: 'client/webview/results/main.ts',
      dashboard: 'client/webview/dashboard/main.ts',
      board: 'client/webview/board/main.ts',
    },
    outdir: 'dist/webview',
    loader: { '.ttf': 'file', '.woff': 'file', '.woff2': 'file' },
  },
  // The notebook renderer: an ES module VS Code loads into the notebook's webview; it adds its
  // style sheets itself, so they are bundled as text.
  {
    ...common,
    platform: 'browser',
    target: 'chrome120',
    format: 'esm',
    entryPoints: { notebookRenderer: 'client/webview/notebook/renderer.ts' },
    outdir: 'dist/webview',
    loader: { '.css': 'text' },
    // chart.ts imports uPlot's sheet for its side effect; the renderer adds that sheet itself.
    logOverride: { 'ignored-bare-import': 'silent' },
  },
];
if (tests) {
  builds.push({
    ...node,
    sourcemap: 'inline',
    minify: false,
    entryPoints: { index: 'test/integration/index.ts' },
    outdir: 'out/test/integration',
    external: ['vscode'],
    // Mocha's parallel mode resolves modules at run time; it is never used inside VS Code.
    logOverride: { 'require-resolve-not-external': 'silent' },
  });
}

function copyStatic() {
  mkdirSync('dist/webview', { recursive: true });
  // Codicons ship a font and stylesheet; the webview loads them from the extension, never from the network.
  const codicons = 'node_modules/@vscode/codicons/dist';
  for (const file of ['codicon.css', 'codicon.ttf']) {
    cpSync(`${codicons}/${file}`, `dist/webview/${file}`);
  }
  // The language server reads the category catalog from here on first use (see server/src/catalogLoader.ts).
  cpSync('server/core/catalog/data', 'dist/catalog', { recursive: true });
}

// A production build starts from an empty dist/, so no source map of an earlier dev build reaches the VSIX.
if (production) rmSync('dist', { recursive: true, force: true });

if (watch) {
  for (const b of builds) await (await esbuild.context(b)).watch();
  copyStatic();
  console.log('[watch] watching for changes');
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
  copyStatic();
}
