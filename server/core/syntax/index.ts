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
export {
  childrenOf,
  findNodeAt,
  nodeAt,
  allStatements,
  commentAt,
  subAt,
  pipelineAt,
  statementAt,
  topLevelItemAt,
  walkValue,
  findSub,
  lineOf,
  lineStartOf,
  tokenAt,
  type PipelineAt,
} from './navigate';
export { cursorContext, CursorKind, type CursorContext } from './cursorContext';
export {
  parseDirectives,
  stripDirectives,
  directiveEntries,
  DIRECTIVE_KEYS,
  type Directives,
  type DirectiveEntry,
  type DirectiveDuration,
  type DirectiveOptions,
} from './directives';
export { parseDuration, formatDuration, parseAbsoluteTime, type TimezoneOffset } from './time';
export { format, type FormatOptions } from './format';
export { astShape } from './shape';
export { parseExpression, type ExprNode, type ExpressionResult } from './expression';
export { expressionSites, type ExpressionSite } from './expressionSites';
