/**
 * Language features over the syntax tree and the catalog. A plain list of modules: each feature
 * module exports its own public API.
 */
export * from '../columns/flow';
export * from '../diagnostics/types';
export * from '../validation/validate';
export * from './codeActions';
export * from './languageService';
export * from './completion';
export * from './completionSite';
export * from './hover';
export * from './signatureHelp';
export * from './symbols';
export * from './navigation';
export * from './rename';
export * from './semanticTokens';
export * from '../queries/queries';
export * from '../queries/rangeParams';
export * from './folding';
export * from './columnUsage';
export * from './workspaceReads';
