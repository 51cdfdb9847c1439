/**
 * Language features over the syntax tree and the catalog. A plain list of modules: each feature
 * module exports its own public API.
 */
export * from './columns';
export * from './validation/diagnostic';
export * from './validation/validate';
export * from './codeActions';
