/**
 * The syntax diagnostic codes: stable identifiers, their severity and a default message that says
 * what is wrong and how to fix it. Callers may append a specific hint.
 */
import type { MxqlDiagnostic, Range, Severity } from './ast';

interface CodeInfo {
  readonly code: string;
  readonly severity: Severity;
  readonly message: string;
}

/** Every syntax diagnostic the parser and lexer can report. */
export const SyntaxCodes = {
  unclosedBracket: {
    code: 'syntax/unclosed-bracket',
    severity: 'error',
    message: 'This bracket is never closed.',
  },
  unexpectedClose: {
    code: 'syntax/unexpected-close',
    severity: 'error',
    message: 'This closing bracket has no matching opening bracket.',
  },
  mismatchedBracket: {
    code: 'syntax/mismatched-bracket',
    severity: 'error',
    message: 'This closing bracket does not match the opening one.',
  },
  tooDeep: {
    code: 'syntax/too-deep',
    severity: 'error',
    message: 'Brackets nest more than 200 levels deep here; the content is skipped. Flatten the value.',
  },
  unclosedString: {
    code: 'syntax/unclosed-string',
    severity: 'error',
    message: 'This string is never closed; strings end on the line where they start.',
  },
  unclosedComment: {
    code: 'syntax/unclosed-comment',
    severity: 'error',
    message: 'This block comment is never closed, so everything after it is ignored.',
  },
  missingColon: {
    code: 'syntax/missing-colon',
    severity: 'error',
    message: 'Expected `key: value` in this object, e.g. `{key: oid, value: 5}`.',
  },
  missingKey: {
    code: 'syntax/missing-key',
    severity: 'error',
    message: 'A key is missing before `:`.',
  },
  missingValue: {
    code: 'syntax/missing-value',
    severity: 'error',
    message: 'A value is missing after `:`.',
  },
  unquotedColon: {
    code: 'syntax/unquoted-colon',
    severity: 'error',
    message:
      "This value contains `:`. Quote it (e.g. `'yyyyMMdd HH:mm:ss'`) or add the missing `,` before the next key.",
  },
  unexpectedToken: {
    code: 'syntax/unexpected-token',
    severity: 'error',
    message: 'Unexpected text.',
  },
  templateMarker: {
    code: 'syntax/template-marker',
    severity: 'error',
    message: 'Template marker `<% … %>` is not sendable as is; replace it with a value or a $param.',
  },
  injectInOperand: {
    code: 'syntax/inject-in-operand',
    severity: 'error',
    message: 'INJECT is a command of its own and is not expanded inside an operand; put it on its own line.',
  },
  badParam: {
    code: 'syntax/bad-param',
    severity: 'error',
    message: 'A $param name starts with a letter or `_` (e.g. `$oid`, `$group_keys`).',
  },
  paramKey: {
    code: 'syntax/param-key',
    severity: 'error',
    message: 'A $param cannot be a key; only values can be bound (e.g. `{value: $x}`).',
  },
  missingSubName: {
    code: 'syntax/missing-sub-name',
    severity: 'error',
    message: 'SUB needs a name: `SUB name` … `END`.',
  },
  unclosedSub: {
    code: 'syntax/unclosed-sub',
    severity: 'error',
    message: 'This SUB block is never closed; add `END` after its last command.',
  },
  unexpectedEnd: {
    code: 'syntax/unexpected-end',
    severity: 'error',
    message: '`END` without a matching `SUB`; remove it or add `SUB name` before the block.',
  },
} as const satisfies Record<string, CodeInfo>;

/** A key of {@link SyntaxCodes}. */
export type SyntaxCodeKey = keyof typeof SyntaxCodes;

/** Builds a diagnostic from a code's defaults, optionally appending a specific hint to the message. */
export function syntaxDiagnostic(key: SyntaxCodeKey, range: Range, hint?: string): MxqlDiagnostic {
  const info = SyntaxCodes[key];
  const message = hint === undefined ? info.message : `${info.message} ${hint}`;
  return { code: info.code, severity: info.severity, message, range };
}
