/**
 * The diagnostic shape every part of the core produces, parser and checks alike (codes, severities and
 * messages: `table.ts`). Ranges are UTF-16 offsets into the document text; only server/src/convert.ts
 * maps them to LSP positions. The syntax tree reuses {@link Range} for its nodes.
 */
import type { DiagnosticArgValues, DiagnosticCode } from './table';

/** A half-open range of offsets `[start, end)` into the source text. */
export interface Range {
  readonly start: number;
  readonly end: number;
}

/** Diagnostic severities, from most to least serious. */
export const Severity = {
  error: 'error',
  warning: 'warning',
  information: 'information',
  hint: 'hint',
} as const;
/** One of the {@link Severity} values. */
export type Severity = (typeof Severity)[keyof typeof Severity];

/**
 * A problem found in MXQL text. `code` is stable (`group/name`, e.g. `syntax/unclosed-bracket`)
 * so that clients can filter, document and quick-fix by code; `message` tells the user what to do.
 */
export interface MxqlDiagnostic {
  /** A code of the one diagnostics table (`server/core/diagnostics/table.ts`). */
  readonly code: DiagnosticCode;
  readonly severity: Severity;
  /** In English; `localizedMessage` words it in another language from `code` and `args`. */
  readonly message: string;
  readonly range: Range;
  /** The arguments the message was built from (absent for a fixed message without a hint). */
  readonly args?: DiagnosticArgValues;
}

/** Extra rendering hints: faded (`unnecessary`) or struck through (`deprecated`). */
export type DiagnosticTag = 'unnecessary' | 'deprecated';

/** A replacement candidate for a diagnostic's range; its quick-fix title is worded by `kind`. */
export interface Replacement {
  /** `change`: a did-you-mean candidate; `replace`: what a deprecated command becomes. */
  readonly kind: 'change' | 'replace';
  readonly newText: string;
  /** The text replaced when it is not the diagnostic's own (a rewrite of the whole command). */
  readonly range?: Range;
}

/** Data a quick fix needs, carried on the diagnostic so the fix does not re-run the checks. */
export interface DiagnosticData {
  /** Replacement candidates for the text in `range` (did-you-mean, OIDSET replacements). */
  readonly replacements?: readonly Replacement[];
  /** Offset where a directive line may be inserted (start of a line). */
  readonly insertAt?: number;
  /** Name the diagnostic is about: an INJECT fragment or a `$param` (with its `$`). */
  readonly name?: string;
}

/**
 * A diagnostic of `validate`: the parser's {@link MxqlDiagnostic} plus what quick fixes and
 * rendering need. `code`, severity and message come from the one table (`diagnostics/table.ts`).
 */
export interface ValidationDiagnostic extends MxqlDiagnostic {
  readonly data?: DiagnosticData;
  readonly tags?: readonly DiagnosticTag[];
}
