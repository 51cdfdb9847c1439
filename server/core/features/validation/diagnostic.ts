/**
 * The diagnostic shape every check of the core produces, and the table of stable codes.
 * Ranges are UTF-16 offsets into the document text; only server/src/convert.ts maps them to LSP positions.
 */
import { type MxqlDiagnostic } from '../../syntax/index';

/** Extra rendering hints: faded (`unnecessary`) or struck through (`deprecated`). */
export type DiagnosticTag = 'unnecessary' | 'deprecated';

/** Data a quick fix needs, carried on the diagnostic so the fix does not re-run the checks. */
export interface DiagnosticData {
  /** Replacement candidates for the text in `range` (did-you-mean, OIDSET replacements). */
  readonly replacements?: readonly { readonly title: string; readonly newText: string }[];
  /** Offset where a directive line may be inserted (start of a line). */
  readonly insertAt?: number;
  /** Name the diagnostic is about: an INJECT fragment or a `$param` (with its `$`). */
  readonly name?: string;
}

/**
 * A diagnostic of `validate`: the parser's {@link MxqlDiagnostic} plus what quick fixes and
 * rendering need. `code` is stable (`group/name`).
 */
export interface ValidationDiagnostic extends MxqlDiagnostic {
  readonly data?: DiagnosticData;
  readonly tags?: readonly DiagnosticTag[];
}

/** Every code the feature checks emit (the parser and directive parser add their own `syntax/*`, `directive/*`). */
export const DiagnosticCodes = {
  injectMissingFragment: 'inject/missing-fragment',
  injectBare: 'inject/bare',
  injectUnusedFragment: 'inject/unused-fragment',
  injectFragmentError: 'inject/fragment-error',
  injectInOperand: 'inject/in-operand',
  paramAsKey: 'param/as-key',
  paramUnbound: 'param/unbound',
  paramUnused: 'param/unused',
  missingCategory: 'structure/missing-category',
  processBeforeLoad: 'structure/process-before-load',
  missingLoader: 'structure/missing-loader',
  commandUnknown: 'command/unknown',
  commandDeprecated: 'command/deprecated',
  optionUnknown: 'option/unknown',
  deleteBareWord: 'delete/bare-word',
  rangeTooLong: 'range/too-long',
  categoryUnknown: 'category/unknown',
  columnUnknown: 'column/unknown',
  subUnresolved: 'sub/unresolved',
} as const;

/** A code emitted by the feature checks. */
export type DiagnosticCode = (typeof DiagnosticCodes)[keyof typeof DiagnosticCodes];
