/** The extension's version, replaced at bundle time by esbuild (see esbuild.mjs). */
declare const __MXQL_VERSION__: string;
