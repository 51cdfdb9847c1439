// The generic localisation helpers every program shares: which display language a locale names, filling
// `{0}`, `{1}` … of a template, and tables of English templates translated by their English text (the
// key of l10n/bundle.l10n.<lang>.json). The texts themselves belong to their owners.

/** Every language the product speaks, English first: one list for the CLI, the servers, the tools and the client. */
export const LANGUAGES = ['en', 'ko', 'ja'] as const;

/** A language the product speaks. */
export type Language = (typeof LANGUAGES)[number];

/**
 * A language with translations, the one the core's tables are keyed by. `undefined` everywhere means
 * English, the language every text is written in first.
 */
export type UiLanguage = Exclude<Language, 'en'>;

/** Every {@link UiLanguage}, for tests that check each table is complete. */
export const UI_LANGUAGES: readonly UiLanguage[] = ['ko', 'ja'];

/**
 * The language a locale names (`en`, `ko-KR`, `ko_KR`, `ja-JP`, `ja_JP.UTF-8`, any case, as VS Code,
 * LSP clients, environments and users spell it), or undefined when it names none the product speaks.
 * The one parser: doors that must refuse other locales (`--locale`) refuse on undefined; hosts that must
 * show something (the editor's display language) read undefined as English through {@link languageOf}.
 */
export function parseLocale(locale: string | undefined): Language | undefined {
  const language = locale
    ?.trim()
    .toLowerCase()
    .split(/[-_.@]/)[0];
  return LANGUAGES.find((known) => known === language);
}

/** The translated language `language` picks, or undefined for English. */
export function translatedLanguage(language: Language): UiLanguage | undefined {
  return language === 'en' ? undefined : language;
}

/**
 * The display language of a host's locale: the translated language it names, or undefined for English
 * and for every language without a translation.
 */
export function languageOf(locale: string | undefined): UiLanguage | undefined {
  const language = parseLocale(locale);
  return language === undefined ? undefined : translatedLanguage(language);
}

/** Fills `{0}`, `{1}`, … of a template; a placeholder without a value stays as it is. */
export function fillTemplate(template: string, ...args: (string | number | boolean)[]): string {
  return template.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? whole : String(value);
  });
}

/** A table of English templates by stable key (the results panel's, the dashboard's, the notebook renderer's). */
export type TextTable = Readonly<Record<string, string>>;

/** `table` in the user's language: `translate` is vscode.l10n.t (the English template is the key). */
export function translateTexts<T extends TextTable>(
  table: T,
  translate: (message: string) => string,
): Readonly<Record<keyof T, string>> {
  const entries = Object.entries(table).map(([key, english]) => [key, translate(english)] as const);
  return Object.fromEntries(entries) as Record<keyof T, string>;
}

/**
 * `table` as a page received it as JSON; a missing, malformed or non-text entry keeps its English
 * template, so a broken table never leaves a page without words.
 */
export function textsFrom<T extends TextTable>(
  table: T,
  json: string | null | undefined,
): Readonly<Record<keyof T, string>> {
  let given: unknown;
  try {
    given = json ? JSON.parse(json) : undefined;
  } catch {
    given = undefined;
  }
  const received = typeof given === 'object' && given !== null ? (given as Record<string, unknown>) : {};
  const entries = Object.entries(table).map(([key, english]) => {
    const value = received[key];
    return [key, typeof value === 'string' && value.trim() !== '' ? value : english] as const;
  });
  return Object.fromEntries(entries) as Record<keyof T, string>;
}
