/**
 * Signature-style help for option objects: inside `{…}` of a command, the command's options as
 * parameters with the one at the cursor active.
 */
import { findCommand, type OptionDef, optionMatches } from '../catalog/index';
import { cursorContext } from '../syntax/index';
import { type DocumentAnalysis } from '../analysis/documentAnalysis';
import { type UiLanguage } from '../l10n/language';
import { wordingFor } from '../l10n/wording';

/** One option shown as a parameter. */
export interface OptionParameter {
  readonly label: string;
  readonly documentation: string;
}

/** The help for the object at a cursor. */
export interface OptionSignature {
  /** `ORDER {key, sort, rows}`. */
  readonly label: string;
  readonly documentation: string;
  readonly parameters: readonly OptionParameter[];
  /** Index of the option at the cursor, or -1 when the cursor is not on a known key. */
  readonly activeParameter: number;
}

/**
 * The option signature at `offset`, or null outside a command's object operand; its documentation in
 * `language` (English when undefined).
 */
export function signatureHelp(
  analysis: DocumentAnalysis,
  offset: number,
  language?: UiLanguage,
): OptionSignature | null {
  const w = wordingFor(language);
  const ctx = cursorContext(analysis.doc, analysis.text, offset);
  if (ctx.command === null || ctx.container === null) return null;
  const def = findCommand(ctx.command);
  if (!def || def.options.length === 0) return null;
  const options = def.options;
  const label = `${def.name} {${options.map((o) => o.name).join(', ')}}`;
  const current = ctx.node?.kind === 'key' ? ctx.node.name : ctx.keyPath[0];
  return {
    label,
    documentation: w.text(def.description),
    parameters: options.map((o) => ({
      label: o.name,
      documentation: `${o.valueKind} — ${w.text(o.description)}`,
    })),
    activeParameter: current === undefined ? -1 : activeIndex(options, current),
  };
}

/** The option named `key`, or the first one it starts (a key being typed). */
function activeIndex(options: readonly OptionDef[], key: string): number {
  const exact = options.findIndex((o) => optionMatches(o, key));
  return exact >= 0 || key === '' ? exact : options.findIndex((o) => o.name.startsWith(key));
}
