/**
 * The one table of every diagnostic the core reports: code → severity → message template → reason.
 * Parser, directive parser, formula parser and feature checks build their diagnostics only through
 * {@link diagnostic}, so a code missing from this table does not compile, and every message lives here.
 *
 * Severity policy (applied to every entry; a code has exactly one severity):
 * - **error**: the service would reject the query, or the text cannot mean anything (a bracket never
 *   closed, a template marker, a span longer than the API answers, SQL such as `ORDER BY` that MXQL
 *   drops without a word).
 * - **warning**: the query runs, but almost surely not as meant (an unknown command or option, a
 *   column the catalog knows completely is missing, a SUB that does not exist, a fragment the file's
 *   own directives leave out).
 * - **information** / **hint**: style, deprecation, knowledge the catalog lacks, and things the caller
 *   supplies when it runs the query (`$params`, INJECT fragments): never a squiggle on a working query.
 *
 * Where the same finding can be either (a column the catalog knows completely vs. one it does not),
 * there are two codes, so the severity stays a fact of the code and users can disable each one.
 */
import type { Range, Severity } from './types';

/** One row of the table: what a code means, how loud it is, and what it says. */
export interface DiagnosticEntry<A> {
  readonly severity: Severity;
  /** Builds the English message from the code's arguments. */
  readonly message: (args: A) => string;
  /** One line: why the code exists and why it has its severity (shown in docs and tests). */
  readonly reason: string;
}

/**
 * The fix-it sentences a syntax check may append to a fixed message, by key, so that each language
 * words them (the English owner is here; translations: `messages.<language>.ts`). A sentence about
 * the text at hand is a function of the {@link HintArgs}.
 */
export const SYNTAX_HINTS = {
  closeBlockComment: 'Close the block comment with `*/`.',
  closeSingleQuote: "Add the closing ' on the same line.",
  closeDoubleQuote: 'Add the closing " on the same line.',
  removeExtraComma: 'Remove the extra `,`.',
  addCommaBetweenMembers: 'Add `,` between members.',
  addClosingBrace: 'Add the closing `}`.',
  valueBeforeComma: 'Expected a value before `,`; remove the extra `,`.',
  addCommaBetweenItems: 'Add `,` between items.',
  addClosingBracket: 'Add the closing `]`.',
  commandNameExpected: (a: HintArgs) =>
    `Expected a command name at the start of the line, found \`${a.found ?? ''}\`.`,
  ownLine: 'Remove it or move it to its own line.',
  noOpeningBracket: 'Remove it, or add the matching opening bracket.',
  oneOperand: 'A command takes one operand; remove this text or put it on its own line.',
  wrongCloser: (a: HintArgs) =>
    `\`${a.opener ?? ''}\` is closed by \`${a.found ?? ''}\`; write \`${a.want ?? ''}\`.`,
  writeValue: 'Write a value, or remove the key.',
  writeOptionName: 'Write the option name before `:`.',
  keyIsOneWord: 'A key is one word or a quoted string.',
  commaBefore: 'Add `,` before it, or remove it.',
} as const;

/** The key of a {@link SYNTAX_HINTS} sentence. */
export type SyntaxHint = keyof typeof SYNTAX_HINTS;

/** A fix-it sentence of one language: fixed, or about the text at hand. */
export type HintText = string | ((args: HintArgs) => string);

/** Arguments of a fixed message: an optional fix-it sentence appended to it, and what that sentence names. */
export interface HintArgs {
  readonly hint?: SyntaxHint;
  /** The text found (a token, a closing bracket). */
  readonly found?: string;
  /** The opening bracket. */
  readonly opener?: string;
  /** What should have been written. */
  readonly want?: string;
}

/** The hint sentence of `args` from `hints` (one language's table), or undefined without a hint. */
export function hintSentence(
  hints: { readonly [H in SyntaxHint]: HintText },
  args: HintArgs | undefined,
): string | undefined {
  if (args?.hint === undefined) return undefined;
  const hint = hints[args.hint];
  return typeof hint === 'string' ? hint : hint(args);
}

/** An entry whose message is fixed (`text`), with an optional fix-it sentence the caller may append. */
export interface FixedEntry {
  readonly severity: Severity;
  /** The English message without a hint. */
  readonly text: string;
  readonly message: (args?: HintArgs) => string;
  readonly reason: string;
}

function fixed(severity: Severity, text: string, reason: string): FixedEntry {
  return {
    severity,
    text,
    reason,
    message: (a) => {
      const hint = hintSentence(SYNTAX_HINTS, a);
      return hint === undefined ? text : `${text} ${hint}`;
    },
  };
}

function template<A>(severity: Severity, message: (args: A) => string, reason: string): DiagnosticEntry<A> {
  return { severity, message, reason };
}

/**
 * The texts around diagnostics that each language words its own way: joining names, "did you mean" and
 * fix-it hints. English: {@link ENGLISH_PHRASES}; the others: `l10n/diagnostics.<language>.ts`.
 */
export interface Phrases {
  /** `'a', 'b' or 'c'`: already quoted or plain items, joined as alternatives. */
  readonly or: (items: readonly string[]) => string;
  /** ` Did you mean 'a' or 'b'?` (with its leading separator), or nothing without suggestions. */
  readonly didYouMean: (suggestions: readonly string[]) => string;
  /** What goes between a fixed message and its hint. */
  readonly hintSeparator: string;
  readonly hints: { readonly [H in SyntaxHint]: HintText };
}

/** `'a'` for each item. */
export function quoted(items: readonly string[]): string[] {
  return items.map((s) => `'${s}'`);
}

/** `a, b <word> c`: the shape every language here uses for alternatives. */
export function joinAlternatives(items: readonly string[], word: string): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${word} ${items.at(-1) ?? ''}`;
}

/** `@a, @b`: directive keys as written. */
export function directiveList(keys: readonly string[]): string {
  return keys.map((k) => `@${k}`).join(', ');
}

/** The English {@link Phrases}. */
export const ENGLISH_PHRASES: Phrases = {
  or: (items) => joinAlternatives(items, 'or'),
  didYouMean: (suggestions) =>
    suggestions.length === 0 ? '' : ` Did you mean ${joinAlternatives(quoted(suggestions), 'or')}?`,
  hintSeparator: ' ',
  hints: SYNTAX_HINTS,
};

const didYouMeanSentence = ENGLISH_PHRASES.didYouMean;

interface Named {
  readonly name: string;
}
interface WithSuggestions extends Named {
  readonly suggestions: readonly string[];
}

/**
 * A finding inside an `-- @inject` fragment, reported at the directive: its code, English message
 * and arguments, so that other languages render it again.
 */
export interface FragmentFinding extends Named {
  readonly message: string;
  readonly code: DiagnosticCode;
  readonly args?: DiagnosticArgValues;
}

function fragmentMessage(a: FragmentFinding): string {
  return `In fragment '${a.name}': ${a.message} (${a.code})`;
}

/** Which span `range/too-long` is about. */
export type SpanKind = 'time-range-command' | 'directives';

/** What a JSON value that should have been a string is instead. */
export type JsonValueKind = 'object' | 'array' | 'number' | 'boolean' | 'null';

const JSON_VALUE_KINDS: Readonly<Record<JsonValueKind, string>> = {
  object: 'an object',
  array: 'an array',
  number: 'a number',
  boolean: 'a boolean',
  null: 'null',
};

/** The arguments of a finding that names the MXQL to write instead. */
export interface Rewrite {
  /** The MXQL that means what the text at hand was written to mean. */
  readonly rewrite: string;
}

/** `` `A` then `B` ``: the lines of a rewrite in backticks, joined by `word` (one line: just `` `A` ``). */
export function codeLines(rewrite: string, word: string): string {
  return rewrite
    .split(/\r?\n/)
    .map((line) => `\`${line.trim()}\``)
    .join(` ${word} `);
}

const SQL_HABIT = 'SQL in MXQL: the service rejects it or silently drops it, never does what SQL means.';

const CANNOT_MEAN = 'It cannot mean anything, so the service rejects it.';

/** Every diagnostic code, by `group/name`. */
export const DIAGNOSTICS = {
  // ---- syntax: the text cannot be read as MXQL
  'syntax/unclosed-bracket': fixed('error', 'This bracket is never closed.', CANNOT_MEAN),
  'syntax/unexpected-close': fixed(
    'error',
    'This closing bracket has no matching opening bracket.',
    CANNOT_MEAN,
  ),
  'syntax/mismatched-bracket': fixed(
    'error',
    'This closing bracket does not match the opening one.',
    CANNOT_MEAN,
  ),
  'syntax/too-deep': fixed(
    'error',
    'Brackets nest more than 200 levels deep here; the content is skipped. Flatten the value.',
    'The parser stops reading such nesting, so nothing inside can be checked or sent as meant.',
  ),
  'syntax/unclosed-string': fixed(
    'error',
    'This string is never closed; strings end on the line where they start.',
    CANNOT_MEAN,
  ),
  'syntax/unclosed-comment': fixed(
    'error',
    'This block comment is never closed, so everything after it is ignored.',
    'Everything after it silently disappears from the query.',
  ),
  'syntax/missing-colon': fixed(
    'error',
    'Expected `key: value` in this object, e.g. `{key: oid, value: 5}`.',
    CANNOT_MEAN,
  ),
  'syntax/missing-key': fixed('error', 'A key is missing before `:`.', CANNOT_MEAN),
  'syntax/missing-value': fixed('error', 'A value is missing after `:`.', CANNOT_MEAN),
  'syntax/unquoted-colon': fixed(
    'error',
    "This value contains `:`. Quote it (e.g. `'yyyyMMdd HH:mm:ss'`) or add the missing `,` before the next key.",
    CANNOT_MEAN,
  ),
  'syntax/unexpected-token': fixed('error', 'Unexpected text.', CANNOT_MEAN),
  'syntax/template-marker': fixed(
    'error',
    'Template marker `<% … %>` is not sendable as is; replace it with a value or a $param.',
    'A dashboard fills such markers in; sent as is, the service rejects the text.',
  ),
  'syntax/inject-in-operand': fixed(
    'error',
    'INJECT is a command of its own and is not expanded inside an operand; put it on its own line.',
    'The service only expands INJECT on a line of its own; elsewhere it is invalid text.',
  ),
  'syntax/bad-param': fixed(
    'error',
    'A $param name starts with a letter or `_` (e.g. `$oid`, `$group_keys`).',
    CANNOT_MEAN,
  ),
  'syntax/param-key': fixed(
    'error',
    'A $param cannot be a key; only values can be bound (e.g. `{value: $x}`).',
    'The service binds values only; a key stays a literal `$name`.',
  ),
  'syntax/missing-sub-name': fixed(
    'error',
    'SUB needs a name: `SUB name` or `SUB {id:name}` … `END`.',
    'Nothing can refer to a SUB without a name.',
  ),
  'syntax/unclosed-sub': fixed(
    'error',
    'This SUB block is never closed; add `END` after its last command.',
    CANNOT_MEAN,
  ),
  'syntax/unexpected-end': fixed(
    'error',
    '`END` without a matching `SUB`; remove it or add `SUB name` before the block.',
    CANNOT_MEAN,
  ),
  'syntax/internal': template<{ detail: string }>(
    'error',
    (a) =>
      `This text could not be read; the editor features are limited for this file. Please report it. (${a.detail})`,
    'A parser failure must be visible rather than hide every other finding.',
  ),

  // ---- directives: `-- @key value` lines the run command and CLI read (the service never sees them)
  'directive/bad-time': template<{ value: string }>(
    'error',
    (a) =>
      `\`${a.value}\` is not a time. Use \`2026-11-01 06:00\`, \`2026-11-01T06:00:00Z\` or epoch milliseconds.`,
    'The run cannot build a time range from it.',
  ),
  'directive/bad-range': template<{ value: string }>(
    'error',
    (a) => `\`${a.value}\` is not a duration; write e.g. \`15m\`, \`1h\` or \`7d\`.`,
    'The run cannot build a time range from it.',
  ),
  'directive/bad-limit': template<{ value: string }>(
    'error',
    (a) => `\`${a.value}\` is not a row limit; write a positive whole number such as \`500\`.`,
    'The run cannot send it as a limit.',
  ),
  'directive/bad-param': fixed(
    'error',
    'Write `-- @param $name = value` (the name starts with `$`).',
    'The run cannot bind anything from it.',
  ),
  'directive/bad-inject': fixed(
    'error',
    'Write `-- @inject name = MXQL line` (e.g. `-- @inject default = LIMIT 10`).',
    'The run cannot supply a fragment from it.',
  ),
  'directive/inject-cycle': template<{ cycle: string }>(
    'error',
    (a) =>
      `INJECT fragments form a cycle (${a.cycle}), so they can never be expanded. Remove the INJECT that closes it.`,
    'The service cannot expand a fragment that contains itself.',
  ),
  'directive/bad-path': fixed(
    'error',
    'A query path starts with `/` and has no spaces, e.g. `/app/act_tx/act_tx_oid`.',
    'The path endpoint rejects it.',
  ),
  'directive/bad-pcode': template<{ value: string }>(
    'error',
    (a) => `\`${a.value}\` is not a project code; write its number, e.g. \`12345\`.`,
    'The run cannot address a project with it.',
  ),
  'directive/stime-without-etime': fixed(
    'error',
    'Add `-- @etime …`: an absolute range needs both ends.',
    'The run cannot build a range from one end.',
  ),
  'directive/etime-without-stime': fixed(
    'error',
    'Add `-- @stime …`: an absolute range needs both ends.',
    'The run cannot build a range from one end.',
  ),
  'directive/bad-time-order': fixed(
    'error',
    '`@etime` must be after `@stime`.',
    'An empty or reversed range cannot mean anything.',
  ),
  'directive/range-and-stime': fixed(
    'warning',
    '`@stime`/`@etime` take precedence over `@range`; remove one of them.',
    'The run works, but one of the two ranges is silently ignored.',
  ),
  'directive/unknown': template<{ key: string; known: readonly string[] }>(
    'warning',
    (a) => `Unknown directive \`@${a.key}\`; known: ${directiveList(a.known)}.`,
    'Probably a typo: the run ignores it.',
  ),
  'directive/duplicate': template<{ key: string }>(
    'warning',
    (a) => `\`@${a.key}\` is set more than once; the last one wins.`,
    'The run works, but the earlier value is silently ignored.',
  ),

  // ---- formulas (`expr:`, `if:`, FILTER conditions): the service evaluates them at run time
  'expression/unclosed-string': fixed(
    'warning',
    'Close the string.',
    'Formulas are evaluated by the service; a broken one usually yields empty values, not an error.',
  ),
  'expression/unexpected-token': template<{ text: string }>(
    'warning',
    (a) => `Unexpected \`${a.text}\`; an operator is probably missing.`,
    'Formulas are evaluated by the service; a broken one usually yields empty values, not an error.',
  ),
  'expression/missing-colon': fixed(
    'warning',
    'Add `: value` to the `?` condition.',
    'Formulas are evaluated by the service; a broken one usually yields empty values, not an error.',
  ),
  'expression/missing-operand': template<{ found?: string }>(
    'warning',
    (a) =>
      a.found === undefined
        ? 'A value is missing at the end of the formula.'
        : `Expected a value, found \`${a.found}\`.`,
    'Formulas are evaluated by the service; a broken one usually yields empty values, not an error.',
  ),
  'expression/unclosed-paren': fixed(
    'warning',
    'Add the closing `)`.',
    'Formulas are evaluated by the service; a broken one usually yields empty values, not an error.',
  ),
  'expression/too-deep': fixed(
    'warning',
    'This formula nests too deeply to read; simplify it.',
    'It cannot be checked; the service may still evaluate it.',
  ),

  // ---- INJECT: fragments the caller (dashboard, Open API request, run command) supplies
  'inject/missing-fragment': template<Named>(
    'hint',
    (a) =>
      `INJECT ${a.name} is filled in by the caller (a dashboard or the run's inject map); this file gives no fragment for it, so it adds nothing unless one is passed. Declare one with '-- @inject ${a.name} = <MXQL>' to run it from here.`,
    'Callers normally supply fragments; leaving them open is the usual way to write such queries.',
  ),
  'inject/undeclared-fragment': template<Named & { declared: readonly string[] }>(
    'warning',
    (a) =>
      `This file declares its fragments (${quoted(a.declared).join(', ')}) but none named '${a.name}', so this INJECT adds nothing when the file runs. Declare it with '-- @inject ${a.name} = <MXQL>' or fix the name.`,
    "The file's own directives say it supplies its fragments, so a missing one is almost surely a slip.",
  ),
  'inject/bare': fixed(
    'information',
    "A bare INJECT is treated as 'INJECT default'. Write the name to make that explicit.",
    'Style: the meaning is the same.',
  ),
  'inject/unused-fragment': template<Named>(
    'warning',
    (a) =>
      `Fragment '${a.name}' is declared but no INJECT uses it, so it is never sent. Add 'INJECT ${a.name}' where it belongs or remove the directive.`,
    'Someone wrote it to be sent, and it never is.',
  ),
  'inject/fragment-error': template<FragmentFinding>(
    'error',
    fragmentMessage,
    'The fragment is sent where INJECT stands, and the service rejects it there.',
  ),
  'inject/fragment-warning': template<FragmentFinding>(
    'warning',
    fragmentMessage,
    'The fragment runs where INJECT stands, almost surely not as meant.',
  ),
  'inject/fragment-note': template<FragmentFinding>(
    'information',
    fragmentMessage,
    'Style or missing knowledge inside a fragment; it runs.',
  ),
  'inject/in-operand': fixed(
    'error',
    'INJECT is not expanded inside an operand: the service only replaces INJECT written as a command on its own line. Move it to a line of its own.',
    'The service does not expand it there, so the text is invalid.',
  ),

  // ---- $params: values the caller binds
  'param/as-key': template<Named>(
    'error',
    (a) =>
      `'${a.name}' is used as a key, but a $param can only stand for a value: write e.g. '{value: ${a.name}}'.`,
    'The service binds values only; a key stays a literal `$name`.',
  ),
  'param/unbound': template<Named>(
    'information',
    (a) =>
      `'${a.name}' has no value here: a run in the editor asks for it, and 'mxql run' refuses without it and lists the choices it knows. Add '-- @param ${a.name} = <value>' to fix one.`,
    'A run needs the value: the editor asks for it, the CLI refuses without it.',
  ),
  'param/ignored-when-unbound': template<Named & { command: string }>(
    'hint',
    (a) =>
      `'${a.name}' is optional here: unbound, ${a.command} is skipped and the query reads all agents. Add '-- @param ${a.name} = <value>' to narrow it.`,
    'The service skips OID/OKIND/ONODE/OIDSET whose $param is not passed and reads all agents: optional.',
  ),
  'param/unused': template<Named>(
    'hint',
    (a) => `'${a.name}' is declared but the query never uses it; remove the directive or use the $param.`,
    'Style: an unused declaration does no harm.',
  ),

  // ---- pipeline structure
  'structure/missing-category': template<{ loader: string }>(
    'error',
    (a) =>
      `${a.loader} loads the category chosen by CATEGORY, but this pipeline has none before it. Add 'CATEGORY <name>' above this line.`,
    'The service cannot load rows without knowing the category.',
  ),
  'structure/process-before-load': template<{ command: string; loader: string }>(
    'warning',
    (a) =>
      `${a.command} runs before ${a.loader} has loaded any rows, so it has nothing to work on. Move it below the ${a.loader} line.`,
    'It runs, but on no rows.',
  ),
  'structure/missing-loader': fixed(
    'warning',
    'CATEGORY only chooses what to read; without a loader no rows are loaded. Add TAGLOAD (or FLEXLOAD for field-only categories) after it.',
    'It runs, but returns nothing.',
  ),

  // ---- commands and options
  'command/unknown': template<WithSuggestions>(
    'warning',
    (a) =>
      `'${a.name}' is not a known MXQL command; the service may reject it.${didYouMeanSentence(a.suggestions)}`,
    'Usually a typo; kept a warning because servers add commands before this table knows them.',
  ),
  'command/deprecated': template<{ name: string; reason: string; replacedBy: readonly string[] }>(
    'information',
    (a) => `${a.name} is deprecated. ${a.reason} Replace it with ${ENGLISH_PHRASES.or(a.replacedBy)}.`,
    'Deprecation: it still works.',
  ),
  'option/unknown': template<WithSuggestions & { command: string; known: readonly string[] }>(
    'warning',
    (a) =>
      `${a.command} has no option '${a.name}'; the service may ignore it.${didYouMeanSentence(a.suggestions)} Known options: ${a.known.join(', ')}.`,
    'It runs, but the option is almost surely ignored.',
  ),
  'option/missing-required': template<{ command: string; option: string; example: string }>(
    'error',
    (a) =>
      `${a.command} needs \`${a.option}\`, and the service rejects it without one. Write e.g. \`${a.example}\`.`,
    'The service rejects the command.',
  ),
  'operand/not-a-number': template<{ command: string; example: string }>(
    'error',
    (a) =>
      `${a.command} takes a number or a \`$param\`, e.g. \`${a.example}\`; the service rejects any other operand.`,
    'The service rejects the command.',
  ),
  'operand/not-an-object': template<{ command: string; example: string }>(
    'warning',
    (a) =>
      `${a.command} reads its settings from an object, e.g. \`${a.example}\`; this operand is not one, so the command will not do what it seems to say.`,
    'The service reads the options of the command from an object only; the documentation names no other form.',
  ),
  'delete/bare-word': template<{ text: string }>(
    'information',
    (a) =>
      `The documentation asks for a list: write 'DELETE [${a.text}]'. The bare word works with current servers.`,
    'Style: it works.',
  ),

  // ---- SQL written where MXQL belongs: the service rejects it or silently drops it, never does what SQL means
  'sql/order-by': template<Rewrite>(
    'error',
    (a) =>
      `\`ORDER BY\` is SQL: MXQL's ORDER reads its keys from an object, so the rows are not sorted as meant. Write ${codeLines(a.rewrite, 'then')}.`,
    SQL_HABIT,
  ),
  'sql/where': template<Rewrite>(
    'error',
    (a) =>
      `\`WHERE\` is SQL, not an MXQL command; MXQL keeps rows with FILTER. Write ${codeLines(a.rewrite, 'then')}.`,
    SQL_HABIT,
  ),
  'sql/group-by': template<Rewrite>(
    'error',
    (a) =>
      `\`GROUP BY\` is SQL: MXQL's GROUP takes its keys as \`pk\` in an object. Write ${codeLines(a.rewrite, 'then')}.`,
    SQL_HABIT,
  ),
  'sql/group-aggregate': template<Rewrite & { key: string }>(
    'error',
    (a) =>
      `GROUP has no \`${a.key}\`: MXQL has no aggregate functions; GROUP merges the column and UPDATE reduces it. Write ${codeLines(a.rewrite, 'then')}.`,
    SQL_HABIT,
  ),
  'sql/limit-offset': template<Rewrite>(
    'error',
    (a) =>
      `\`LIMIT … OFFSET\` is SQL: MXQL skips rows with SKIP before LIMIT. Write ${codeLines(a.rewrite, 'then')}.`,
    SQL_HABIT,
  ),
  'sql/select-star': template<Rewrite>(
    'error',
    (a) =>
      `\`SELECT *\` is SQL: in MXQL a SELECT without operand keeps every column. Write ${codeLines(a.rewrite, 'then')}.`,
    SQL_HABIT,
  ),
  'sql/select-list': template<Rewrite>(
    'error',
    (a) =>
      `This is a SQL select list: MXQL chooses the table with CATEGORY and a loader, and the columns with a list. Write ${codeLines(a.rewrite, 'then')}.`,
    SQL_HABIT,
  ),
  'sql/line-comment': fixed(
    'error',
    '`//` does not start a comment in MXQL. Write `--` (or `#` at the start of a line).',
    SQL_HABIT,
  ),

  // ---- option forms the service reads differently than written
  'group/time-without-timeunit': template<Rewrite>(
    'warning',
    (a) =>
      `\`time\` is a GROUP key here without \`timeunit\`, so rows are grouped by the exact millisecond and stay apart. Give the bucket: ${codeLines(a.rewrite, 'then')}.`,
    'It runs, but nothing is grouped over time.',
  ),
  'filter/no-condition': template<Rewrite>(
    'error',
    (a) =>
      `This FILTER has no test the service reads (value, exclude, like, exist, notexist, over, under or expr), so the service rejects it. Write ${codeLines(a.rewrite, 'then')}.`,
    'The service rejects a FILTER without a test.',
  ),

  // ---- time ranges
  'range/too-long': template<{ span: SpanKind; days: number; maxDays: number }>(
    'error',
    (a) =>
      `${a.span === 'directives' ? 'This time range' : 'This TIME-RANGE'} covers ${a.days} days, but the Open API answers at most ${a.maxDays} days per request. Shorten it or split the query.`,
    'The service rejects the request.',
  ),

  // ---- catalog names
  'category/unknown': template<WithSuggestions>(
    'warning',
    (a) =>
      `Unknown category '${a.name}': it is not in the catalog, so this query may return no rows.${didYouMeanSentence(a.suggestions)}`,
    'Close to a known name that no public query or metadata spells this way: most likely a typo.',
  ),
  'category/not-in-catalog': template<Named>(
    'information',
    (a) =>
      `The catalog does not know category '${a.name}', so its columns cannot be checked or completed. If the query returns no rows, check the name.`,
    'Nothing close to it is known: the catalog may simply lack it (missing knowledge, not a mistake).',
  ),
  'column/unknown': template<WithSuggestions & { category: string | null }>(
    'warning',
    (a) =>
      `Column '${a.name}' does not exist ${a.category === null ? 'here' : `here (category '${a.category}' and the commands above)`}, so this reference matches nothing.${didYouMeanSentence(a.suggestions)}`,
    'Only where the column set is known completely (created by the pipeline, or a fully catalogued category).',
  ),
  'column/removed-above': template<{ name: string; command: string; line: number; renamedTo: string | null }>(
    'information',
    (a) =>
      a.renamedTo === null
        ? `Column '${a.name}' is gone after the ${a.command} on line ${a.line}, so this reference matches nothing here.${a.command === 'SELECT' ? ' List it in that SELECT to use it.' : ''}`
        : `Column '${a.name}' was renamed to '${a.renamedTo}' by the RENAME on line ${a.line}, so this reference matches nothing here. Write '${a.renamedTo}' to use it.`,
    'The column existed and a command above took it away: a leftover the service ignores, common in working queries, so it is faded rather than flagged.',
  ),
  'column/not-created': template<Named>(
    'information',
    (a) =>
      `Nothing above creates column '${a.name}', so this reference matches nothing here unless the service adds it.`,
    'A column commands create (`_id_`, `_name_`, `_rows_`, `rownum` …): the service may add some itself, so it is not flagged.',
  ),
  'column/not-in-catalog': template<WithSuggestions & { category: string }>(
    'information',
    (a) =>
      `The catalog does not know column '${a.name}' of category '${a.category}'; its list for this category is incomplete, so the column may well exist.${didYouMeanSentence(a.suggestions)}`,
    'Missing knowledge is not a mistake in the query.',
  ),

  // ---- event (alert) rules kept as JSON: field names checked against the rule's category
  'rule/unknown-field': template<WithSuggestions & { category: string }>(
    'warning',
    (a) =>
      `'${a.name}' is not a field of category '${a.category}', so the rule never gets a value for it.${didYouMeanSentence(a.suggestions)}`,
    "Only where the category's fields are known completely: the rule or message reads nothing.",
  ),
  'rule/field-not-in-catalog': template<WithSuggestions & { category: string }>(
    'information',
    (a) =>
      `The catalog does not know field '${a.name}' of category '${a.category}'; its list for this category is incomplete, so the field may well exist.${didYouMeanSentence(a.suggestions)}`,
    'Missing knowledge is not a mistake in the rule.',
  ),
  'rule/unknown-category': template<WithSuggestions>(
    'information',
    (a) =>
      `The catalog does not know category '${a.name}', so the fields of this rule cannot be checked. If the rule never fires, check the name.${didYouMeanSentence(a.suggestions)}`,
    'The catalog may simply lack it: missing knowledge, at most information.',
  ),
  'rule/not-a-string': template<{ key: string; found: JsonValueKind }>(
    'warning',
    (a) => `'${a.key}' holds ${JSON_VALUE_KINDS[a.found]}, not a string; write its text in double quotes.`,
    'The service reads rules, categories and messages as text; another value is almost surely a slip.',
  ),

  // ---- SUB references
  'sub/unresolved': template<WithSuggestions & { command: string }>(
    'warning',
    (a) =>
      `${a.command} refers to '${a.name}', but this file has no 'SUB ${a.name}' block.${didYouMeanSentence(a.suggestions)} Declare the SUB (it may come after its use), or quote a predefined query path starting with '/'.`,
    'Most likely a typo; a server may resolve names this file cannot see.',
  ),

  // ---- MXQL kept in the strings of a JSON file (dashboards); `detail` is the JSON scanner's finding
  'json/syntax': template<{ detail: string }>(
    'error',
    (a) =>
      `This JSON is malformed (${a.detail}), so the MXQL strings after this point are not checked. Fix the JSON to check them again.`,
    'The file cannot be loaded as a dashboard, and the queries after the error cannot be found.',
  ),
  'json/not-a-string': template<{ detail: string }>(
    'warning',
    (a) => `This value should be a string of MXQL (${a.detail}), so it is not checked as a query.`,
    'A board reads its query from a string; any other value runs nothing.',
  ),
} as const satisfies Record<string, DiagnosticEntry<never>>;

/** Every diagnostic code the core can report. An unknown code does not compile. */
export type DiagnosticCode = keyof typeof DIAGNOSTICS;

/** The message arguments of `code` (an empty tuple or an optional hint for fixed messages). */
export type DiagnosticArgs<C extends DiagnosticCode> = Parameters<(typeof DIAGNOSTICS)[C]['message']>;

/** The arguments of any code (what a diagnostic keeps to be worded again in another language). */
export type DiagnosticArgValues = NonNullable<DiagnosticArgs<DiagnosticCode>[0]>;

/** A diagnostic as the table builds it: code, severity, English message and its arguments, at `range`. */
export interface TableDiagnostic<C extends DiagnosticCode = DiagnosticCode> {
  readonly code: C;
  readonly severity: Severity;
  readonly message: string;
  readonly range: Range;
  /** The message arguments, so `localizedMessage` can word it in another language. */
  readonly args?: DiagnosticArgValues;
}

/** Builds the diagnostic of `code` at `range`, with the table's severity and message. */
export function diagnostic<C extends DiagnosticCode>(
  code: C,
  range: Range,
  ...args: DiagnosticArgs<C>
): TableDiagnostic<C> {
  const entry = DIAGNOSTICS[code] as DiagnosticEntry<unknown>;
  const values = args[0];
  const message = entry.message(values);
  return values === undefined
    ? { code, severity: entry.severity, message, range }
    : { code, severity: entry.severity, message, range, args: values };
}

/** All codes, in table order (for documentation and the settings' examples). */
export function diagnosticCodes(): readonly DiagnosticCode[] {
  return Object.keys(DIAGNOSTICS) as DiagnosticCode[];
}
