/**
 * Diagnostics in the user's language. The English text is owned by `table.ts`; each other language is
 * one table of pure data (`diagnostics.ko.ts`, `diagnostics.ja.ts`) typed over the codes and argument types
 * of {@link DIAGNOSTICS}, so a code or hint without a translation does not compile.
 * A diagnostic keeps its code and arguments, and is worded here only when a client asks for a language.
 */
import { type UiLanguage } from '../../../common/l10n';
import { MESSAGES_JA } from './diagnostics.ja';
import { MESSAGES_KO } from './diagnostics.ko';
import {
  DIAGNOSTICS,
  ENGLISH_PHRASES,
  hintSentence,
  type DiagnosticArgValues,
  type DiagnosticCode,
  type DiagnosticEntry,
  type FixedEntry,
  type HintArgs,
  type Phrases,
} from '../diagnostics/table';

/** Words a nested finding (inside an INJECT fragment) in the same language. */
export type NestedMessage = (finding: {
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly args?: DiagnosticArgValues;
}) => string;

/**
 * The translation of one table entry: the text of a fixed message (its hint comes from
 * {@link Phrases.hints}), or a function of the entry's own arguments.
 */
export type LocalizedEntry<E> = E extends FixedEntry
  ? string
  : E extends DiagnosticEntry<infer A>
    ? (args: A, nested: NestedMessage) => string
    : never;

/** Everything the diagnostics path shows, in one language other than English. */
export interface MessageTable {
  readonly phrases: Phrases;
  readonly messages: { readonly [C in DiagnosticCode]: LocalizedEntry<(typeof DIAGNOSTICS)[C]> };
}

const TABLES: { readonly [L in UiLanguage]: MessageTable } = { ko: MESSAGES_KO, ja: MESSAGES_JA };

/** The phrases around diagnostics (alternatives, did-you-mean, hints) of `language`; English when undefined. */
export function phrasesOf(language: UiLanguage | undefined): Phrases {
  return language === undefined ? ENGLISH_PHRASES : TABLES[language].phrases;
}

/**
 * The message of diagnostic `code` with `args` in `language` (English when undefined). Costs one
 * template call, so a server can word every published diagnostic without slowing diagnostics.
 */
export function diagnosticMessage(
  code: DiagnosticCode,
  args: DiagnosticArgValues | undefined,
  language: UiLanguage | undefined,
): string {
  if (language === undefined) return (DIAGNOSTICS[code] as DiagnosticEntry<unknown>).message(args);
  const table = TABLES[language];
  const entry = table.messages[code] as string | ((a: unknown, nested: NestedMessage) => string);
  if (typeof entry !== 'string') {
    return entry(args, (f) => diagnosticMessage(f.code, f.args, language));
  }
  const hint = hintSentence(table.phrases.hints, args as HintArgs | undefined);
  return hint === undefined ? entry : `${entry}${table.phrases.hintSeparator}${hint}`;
}

/**
 * The message of `d` in `language`: its own (English) message when `language` is undefined, else
 * worded again from its code and arguments.
 */
export function localizedMessage(
  d: { readonly code: DiagnosticCode; readonly message: string; readonly args?: DiagnosticArgValues },
  language: UiLanguage | undefined,
): string {
  if (language === undefined) return d.message;
  // A message built from arguments cannot be worded without them (a diagnostic made by hand, not by
  // `diagnostic()`): its own message beats a thrown error in the middle of publishing.
  if (d.args === undefined && typeof TABLES[language].messages[d.code] !== 'string') return d.message;
  return diagnosticMessage(d.code, d.args, language);
}
