/**
 * The languages the language server speaks besides English. The core words everything in English
 * (the owner of each text); translations are tables keyed like the English ones, so a text without
 * a translation is a type error or a failing test, never a silent gap.
 */

/** A display language other than English. `undefined` everywhere means English. */
export type UiLanguage = 'ko' | 'ja';

/** Every {@link UiLanguage}, for tests that check each table is complete. */
export const UI_LANGUAGES: readonly UiLanguage[] = ['ko', 'ja'];

/** The language of an LSP locale (`ko`, `ko-KR`, `ja_JP`), or undefined for English and the rest. */
export function uiLanguageOf(locale: string | undefined): UiLanguage | undefined {
  const language = locale?.toLowerCase().split(/[-_]/)[0];
  return language === 'ko' || language === 'ja' ? language : undefined;
}
