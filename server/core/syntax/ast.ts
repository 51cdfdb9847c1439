/**
 * The MXQL syntax tree.
 *
 * Every node carries an exact half-open offset range `[start, end)` into the parsed text (UTF-16 code
 * units, as JavaScript strings index them). Offsets, never line/column: only the LSP adapter maps
 * offsets to positions. Statements also carry their 0-based line index.
 *
 * Stability: these shapes are a contract with completion, validation, the formatter, the demo
 * engine and the language server. Fields may be added; existing fields are never renamed.
 */
import type { MxqlDiagnostic, Range } from '../diagnostics/types';

export { Severity, type Range, type MxqlDiagnostic } from '../diagnostics/types';

// ---------------------------------------------------------------------------------------------
// Comments and template markers

/** `hash`: `# …` (first non-blank of a line); `dash`: `-- …`; `block`: `/* … *\/` (may span lines). */
export type CommentStyle = 'hash' | 'dash' | 'block';

/** A comment, kept in the tree so that the formatter can preserve it. */
export interface CommentNode {
  readonly kind: 'comment';
  readonly style: CommentStyle;
  /** The full comment text including its `#`, `--` or `/* *\/` delimiters. */
  readonly text: string;
  readonly range: Range;
  /** 0-based line of the comment's first character. */
  readonly line: number;
  /** True when code precedes the comment on the same line (`TAGLOAD -- load`). */
  readonly trailing: boolean;
  /** True for a `-- @word …` directive line (see directives.ts); still a comment to the service. */
  readonly directive: boolean;
}

/**
 * A yard template marker `<% NAME %>`. It is filled in by the service when a query is served by
 * path; raw text containing one cannot be sent as is (diagnostic `syntax/template-marker`).
 */
export interface TemplateMarker {
  readonly kind: 'marker';
  /** The text between `<%` and `%>`, trimmed (e.g. `OID_PARAM`). */
  readonly name: string;
  readonly range: Range;
}

// ---------------------------------------------------------------------------------------------
// Operand values (relaxed JSON and friends)

/** `{ key: value, … }`. Members may also be bare (`UNFOLD { sid, serial }`). */
export interface ObjectValue {
  readonly kind: 'object';
  readonly members: readonly MemberNode[];
  /** From `{` through `}`; an unclosed object ends at its last token. */
  readonly range: Range;
  /** False when the closing `}` is missing (diagnostic `syntax/unclosed-bracket`). */
  readonly closed: boolean;
}

/** The key of an object member: a bare word (`pk.key`, `cpu$`), a quoted string or a `$param`. */
export interface KeyNode {
  readonly kind: 'key';
  /** The key without quotes (`"cpu$"` → `cpu$`). */
  readonly name: string;
  /** The quote character when the key was quoted, otherwise null. */
  readonly quote: "'" | '"' | null;
  /** True when the key is a `$param` (not allowed by the service; validation reports it). */
  readonly param: boolean;
  readonly range: Range;
}

/**
 * One `key: value` member. A bare member (`{ sid, serial }`) has `colonRange === null` and
 * `value === null`. A member with a colon but nothing after it has `value === null` too
 * (diagnostic `syntax/missing-value`). Several words without a colon (`{oid = '123'}`) give
 * `key === null` and the words as an expression `value` (diagnostic `syntax/missing-colon`).
 */
export interface MemberNode {
  readonly kind: 'member';
  readonly key: KeyNode | null;
  readonly colonRange: Range | null;
  readonly value: Value | null;
  readonly range: Range;
}

/** `[ a, b, … ]`; nested arrays allowed (`RENAME [[a, b], [c, d]]`). */
export interface ArrayValue {
  readonly kind: 'array';
  readonly items: readonly Value[];
  readonly range: Range;
  /** False when the closing `]` is missing. */
  readonly closed: boolean;
}

/** `'text'` or `"text"`; no escapes exist in MXQL. */
export interface StringValue {
  readonly kind: 'string';
  /** The text between the quotes. */
  readonly value: string;
  readonly quote: "'" | '"';
  readonly range: Range;
  /** False when the closing quote is missing on the line (diagnostic `syntax/unclosed-string`). */
  readonly closed: boolean;
}

/** An integer or decimal, optionally negative (`5000`, `0.5`, `-9`). */
export interface NumberValue {
  readonly kind: 'number';
  readonly value: number;
  readonly raw: string;
  readonly range: Range;
}

/**
 * A duration: unit suffix (`15s`, `5m`, `1h`, `7d`, `100ms`) or unit prefix (`m5`, `h1`, `d1`).
 * Prefix forms are also valid field names; consumers that expect a field may read `raw`.
 */
export interface DurationValue {
  readonly kind: 'duration';
  readonly raw: string;
  /** The duration in milliseconds. */
  readonly ms: number;
  readonly form: 'suffix' | 'prefix';
  readonly range: Range;
}

/** A bind variable `$name` used as a value. */
export interface ParamValue {
  readonly kind: 'param';
  /** The name including `$` (`$oid`), as the Open API `param` map keys it. */
  readonly name: string;
  readonly range: Range;
}

/** `true` / `false` (bare). Quoted `"true"` stays a {@link StringValue}. */
export interface BooleanValue {
  readonly kind: 'boolean';
  readonly value: boolean;
  readonly range: Range;
}

/** `null`. */
export interface NullValue {
  readonly kind: 'null';
  readonly range: Range;
}

/** `unlimit` (the last lookup length in the JSON form of CATEGORY). */
export interface UnlimitValue {
  readonly kind: 'unlimit';
  readonly range: Range;
}

/** A `{m5}` / `{h1}` resolution suffix written directly after a category word. */
export interface SuffixNode {
  readonly kind: 'suffix';
  /** The text between the braces (`m5`). */
  readonly text: string;
  /** From `{` through `}`. */
  readonly range: Range;
}

/**
 * A bare word: a field, category, enum value, SUB name (`oid`, `desc`, `rps.max`, `cpu$`,
 * `#WhaTapPIIClearHistory`, `app_counter{m5}`, `disk_reads(xos)`). Tokens written without blanks
 * between them form one word, including template markers (`counter<%TIMEUNIT%>`, then `template`
 * is true) and parentheses (`disk_reads(xos)`).
 */
export interface WordValue {
  readonly kind: 'word';
  /** The word as written, without the suffix. */
  readonly text: string;
  readonly suffix: SuffixNode | null;
  readonly template: boolean;
  /** Covers the word and its suffix. */
  readonly range: Range;
}

/**
 * Any other run of tokens up to `,`, `}` or `]` at depth 0 (or the end of the command):
 * an unquoted expression (`pcode+'_'+oname`, `x > 0 ? 'a' : 'b'`) or a bare FILTER condition.
 */
export interface ExpressionValue {
  readonly kind: 'expression';
  /** The exact source text of the run. */
  readonly text: string;
  readonly range: Range;
}

/** A template marker used as a value (`OID [ <%OID%> ]`, `CATEGORY <%CATEGORY%>`). */
export interface TemplateValue {
  readonly kind: 'template';
  readonly marker: TemplateMarker;
  readonly range: Range;
}

/**
 * `INJECT name` found inside an operand, where the service cannot expand it
 * (diagnostic `syntax/inject-in-operand`).
 */
export interface InjectValue {
  readonly kind: 'inject';
  readonly name: string | null;
  readonly nameRange: Range | null;
  readonly range: Range;
}

/** Every kind of operand value. */
export type Value =
  | ObjectValue
  | ArrayValue
  | StringValue
  | NumberValue
  | DurationValue
  | ParamValue
  | BooleanValue
  | NullValue
  | UnlimitValue
  | WordValue
  | ExpressionValue
  | TemplateValue
  | InjectValue;

// ---------------------------------------------------------------------------------------------
// Statements (logical commands: one line, or several while a bracket is open)

/** Fields shared by every statement. */
export interface StatementBase {
  readonly range: Range;
  /** 0-based line of the statement's first character. */
  readonly line: number;
  /** 0-based line of the statement's last character (differs for multi-line operands). */
  readonly endLine: number;
  /** A comment on the statement's last line, after its code. Also listed in `document.comments`. */
  readonly trailingComment: CommentNode | null;
}

/** `NAME operand?`: every command except INJECT, SUB/END and PromQL. */
export interface CommandNode extends StatementBase {
  readonly kind: 'command';
  /** The command name as written (`select`, `FIRST-ONLY`, `LogCountLoad`, `kv.load`). */
  readonly name: string;
  /** `name.toUpperCase()`: compare against this, commands are case-insensitive. */
  readonly upperName: string;
  readonly nameRange: Range;
  /** The operand, or null when the command has none (`TAGLOAD`). */
  readonly operand: Value | null;
}

/** `INJECT name` or bare `INJECT`: a placeholder the service fills from the request's `inject` map. */
export interface InjectNode extends StatementBase {
  readonly kind: 'inject';
  readonly keywordRange: Range;
  /** The fragment name, or null for a bare `INJECT`. */
  readonly name: string | null;
  readonly nameRange: Range | null;
}

/** A `>> promql` line or an `OPENMX …` line. The rest of the line is raw PromQL. */
export interface PromqlNode extends StatementBase {
  readonly kind: 'promql';
  /** `>>` or the `OPENMX` keyword as written. */
  readonly prefix: string;
  readonly prefixRange: Range;
  /** The raw text after the prefix, trimmed; nothing inside is MXQL. */
  readonly query: string;
  readonly queryRange: Range;
}

/** A line that is a template marker where a command belongs (`<% FILTER %>`). */
export interface TemplateStatement extends StatementBase {
  readonly kind: 'template-line';
  /** The markers on the line (usually one). */
  readonly markers: readonly TemplateMarker[];
}

/** A line that could not be read as a command; kept verbatim so nothing is lost. */
export interface InvalidStatement extends StatementBase {
  readonly kind: 'invalid';
  readonly text: string;
}

/** Every statement kind that can appear in a pipeline. */
export type Statement = CommandNode | InjectNode | PromqlNode | TemplateStatement | InvalidStatement;

/** An item of a pipeline body in source order: a statement or a full-line comment. */
export type BodyItem = Statement | CommentNode;

/**
 * `SUB name` … `END`: a named sub-query, referenced by JOIN / APPEND / FILTER-SUBQUERY / JOINByTime.
 * It may be declared before or after its use.
 */
export interface SubBlock {
  readonly kind: 'sub';
  readonly keywordRange: Range;
  /** The SUB name (word characters and `-`), or null when missing. */
  readonly name: string | null;
  readonly nameRange: Range | null;
  /** The object of the form `SUB {id:name}`, or null for `SUB name`. */
  readonly operand: ObjectValue | null;
  /** Statements and full-line comments between the SUB line and END, in order. */
  readonly body: readonly BodyItem[];
  /** The statements of `body` (the sub pipeline). */
  readonly commands: readonly Statement[];
  /** The END keyword range, or null when the block is not closed (diagnostic `syntax/unclosed-sub`). */
  readonly endRange: Range | null;
  /** From `SUB` through `END` (or the last body item). */
  readonly range: Range;
  readonly line: number;
  readonly endLine: number;
  /** A comment after the SUB name on the SUB line. */
  readonly trailingComment: CommentNode | null;
}

/** A top-level item in source order. */
export type TopLevelItem = Statement | CommentNode | SubBlock;

// ---------------------------------------------------------------------------------------------
// Indexes

/** One occurrence of a `$param`. Inside strings too (`pk:"$pk"`), since the service substitutes text. */
export interface ParamRef {
  /** The name including `$`. */
  readonly name: string;
  readonly range: Range;
  /** True when the occurrence is inside a quoted string. */
  readonly inString: boolean;
  /** True when the occurrence is a member key (`{$k: 1}`), which the service rejects. */
  readonly inKey: boolean;
}

/** How a command names a SUB: as its bare operand (`APPEND q1`) or in a member (`JOIN {query: q1}`). */
export type SubRefVia = 'operand' | 'query' | 'include' | 'exclude';

/** A use of a SUB name by JOIN, APPEND, FILTER-SUBQUERY or JOINByTime. */
export interface SubReference {
  readonly name: string;
  /** The range of the name (inside the quotes when quoted). */
  readonly range: Range;
  /** The referring command's upper-cased name. */
  readonly command: string;
  readonly via: SubRefVia;
  /** True when a `SUB` with this name exists in the document. */
  readonly resolved: boolean;
}

/** A parsed MXQL file. */
export interface MxqlDocument {
  readonly kind: 'document';
  readonly range: Range;
  /** Top-level items in source order (statements, comments, SUB blocks). */
  readonly items: readonly TopLevelItem[];
  /** The main pipeline: top-level statements outside SUB blocks, in order. */
  readonly main: readonly Statement[];
  readonly subs: readonly SubBlock[];
  /** Every comment of the file, in order (including trailing ones and those inside operands). */
  readonly comments: readonly CommentNode[];
  /** Every `$param` occurrence, in order. */
  readonly params: readonly ParamRef[];
  /** Every INJECT: statements, plus those found inside operands. */
  readonly injects: readonly (InjectNode | InjectValue)[];
  /** Every template marker, in order. */
  readonly markers: readonly TemplateMarker[];
  /** Every SUB reference, in order. */
  readonly subRefs: readonly SubReference[];
  /** Offset of the first character of each line (`lineStarts[0] === 0`). */
  readonly lineStarts: readonly number[];
}

/** The result of `parse()`: always a document, plus the syntax diagnostics (sorted by offset). */
export interface ParseResult {
  readonly ast: MxqlDocument;
  readonly diagnostics: readonly MxqlDiagnostic[];
}

/**
 * Any node of the tree. Note: `kind === 'inject'` is both an {@link InjectNode} statement and an
 * {@link InjectValue} inside an operand; tell them apart with `'keywordRange' in node`.
 */
export type AstNode =
  | MxqlDocument
  | SubBlock
  | Statement
  | CommentNode
  | Value
  | MemberNode
  | KeyNode
  | SuffixNode
  | TemplateMarker;
