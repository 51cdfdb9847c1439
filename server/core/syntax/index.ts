/**
 * The MXQL syntax layer: lexer, tolerant parser, AST, navigation helpers, directives and formatter.
 * Pure: no IO, no Node, no vscode; nothing here throws on user input.
 */
export * from './ast';
export { parse } from './parser';
export { lex, TokenKind, type Token, type LexResult } from './lexer';
export { SyntaxCodes, syntaxDiagnostic, type SyntaxCodeKey } from './syntaxCodes';
export { COMMAND_SPELLINGS, isKnownCommand, looksLikeCommand, canonicalCommandCase } from './commandNames';
export { isNumberText, readDuration } from './classify';
export { SUB_REFERRING_COMMANDS } from './subReferences';
