/**
 * The MXQL syntax layer: lexer, tolerant parser, AST, navigation and cursor helpers, the shared
 * directive parser, the formula parser and the formatter.
 *
 * Architecture Invariant: pure. No IO, no Node, no vscode, no LSP types; positions are offsets
 * (UTF-16 code units) and only server/src/convert.ts maps them to lines and characters.
 * Architecture Invariant: total. `parse`, `parseDirectives`, `parseExpression` and `format` accept
 * any string and never throw; every character of the input is covered by some node or comment,
 * and the formatter returns its input unchanged rather than change the tree.
 * API Boundary: everything public is exported here; the AST shapes in ast.ts only grow.
 */
export * from './ast';
export { parse } from './parser';
export { lex, TokenKind, type Token, type LexResult } from './lexer';
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
export { lineStartsOf, lineColumnOf, lineRangeOf } from './lineIndex';
export { cursorContext, CursorKind, type CursorContext } from './cursorContext';
export {
  directivesOf,
  parseDirectives,
  stripDirectives,
  directiveEntries,
  type Directives,
  type DirectiveEntry,
  type DirectiveDuration,
  type DirectiveOptions,
} from './directives';
export { parseDuration, formatDuration, parseAbsoluteTime, type TimezoneOffset } from './time';
export { format, type FormatOptions } from './format';
export {
  blockDirectiveEntries,
  parseBlocks,
  reparseBlocks,
  type BlockParse,
  type SyntaxBlock,
  type TextEdit,
} from './blocks';
export { lineIndexOf, lineEndOf, nextLineStart } from './lineIndex';
export { findInjectCycle, describeInjectCycle } from './injectCycles';
export { astShape } from './shape';
export { parseExpression, type ExprNode, type ExpressionResult } from './expression';
export { commandExpressionSites, expressionSites, type ExpressionSite } from './expressionSites';
