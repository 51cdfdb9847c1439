/**
 * The MXQL language core: plain text in, plain data with offsets out.
 * It imports neither `vscode` nor LSP packages, and does no IO. Everything outside the core
 * (language server, demo backend, CLI, extension) imports it through this file only.
 */
export * from './syntax/index';
export * from './catalog/index';
export * from './features/index';
export * from './diagnostics/table';
export {
  diagnosticMessage,
  localizedMessage,
  phrasesOf,
  type LocalizedEntry,
  type MessageTable,
  type NestedMessage,
} from './diagnostics/messages';
export * from './l10n/language';
export * from './run/index';
export { wordingFor, type Wording } from './l10n/wording';
export * from './embedded/jsonQueries';
export * from './embedded/board';
export * from './embedded/boardConventions';
export * from './embedded/boardRun';
export * from './embedded/eventRules';
export * from './embedded/jsonDiagnostics';
export * from './embedded/jsonEdit';
