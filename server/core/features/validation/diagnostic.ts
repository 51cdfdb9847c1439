/**
 * The diagnostic shape every check of the core produces (codes, severities and messages: `diagnostics/table.ts`).
 * Ranges are UTF-16 offsets into the document text; only server/src/convert.ts maps them to LSP positions.
 */
import { type MxqlDiagnostic } from '../../syntax/index';

/** Extra rendering hints: faded (`unnecessary`) or struck through (`deprecated`). */
export type DiagnosticTag = 'unnecessary' | 'deprecated';

/** A replacement candidate for a diagnostic's range; its quick-fix title is worded by `kind`. */
export interface Replacement {
  /** `change`: a did-you-mean candidate; `replace`: what a deprecated command becomes. */
  readonly kind: 'change' | 'replace';
  readonly newText: string;
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
