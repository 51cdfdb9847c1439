/**
 * The languages the language server speaks besides English. The core words everything in English
 * (the owner of each text); translations are tables keyed like the English ones, so a text without
 * a translation is a type error or a failing test, never a silent gap. Which language a locale names
 * is common/l10n.ts's one parser, shared with the extension and the notebook renderer.
 */
export { languageOf, UI_LANGUAGES, type UiLanguage } from '../../../common/l10n';
