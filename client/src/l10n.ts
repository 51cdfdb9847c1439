// The one way runtime texts are translated: `t('Added {0}', name)` for a text the UI layer writes, and
// `translateText(text)` for a text a pure module returned as data (`{ template, args }`: the API client's errors,
// the run planner's refusals, the extension's own problems). The extension installs vscode.l10n.t at
// activation, which reads l10n/bundle.l10n.<locale>.json; until then (and in plain-node unit tests of
// pure modules) the English text is formatted here. No vscode import, so pure modules may use it.
import { fillTemplate, type UiLanguage } from '../../common/l10n';
import { sayText, type ShownText } from '../../common/templateText';
import { wordingFor, type Wording } from '../../server/core/index';

type Translate = (message: string, ...args: (string | number | boolean)[]) => string;
let translate: Translate = fillTemplate;
let language: UiLanguage | undefined;

/** Installs VS Code's translator (vscode.l10n.t) and its display language; called once at activation. */
export function useTranslator(fn: Translate, displayLanguage?: UiLanguage): void {
  translate = fn;
  language = displayLanguage;
}

/** The display language the installed translator speaks (undefined: English). */
export function uiLanguage(): UiLanguage | undefined {
  return language;
}

/** The core's wording (what a `$param` stands for …) in the display language; English until activation. */
export function coreWording(): Wording {
  return wordingFor(language);
}

/** The text in the user's language; `{n}` placeholders take `args`. The English text is the bundle key. */
export function t(message: string, ...args: (string | number | boolean)[]): string {
  return translate(message, ...args);
}

/**
 * A text of an English table another module owns (the Open API endpoint table's titles), in the user's
 * language: the English text is the key, and the completeness test reads the keys from the table itself.
 */
export function tableText(english: string): string {
  return translate(english);
}

/**
 * A text given as data in the user's language: its template is the key, nested texts are said too; a
 * name or value (a plain string) is shown as it is.
 */
export function translateText(text: ShownText): string {
  if (typeof text === 'string') return text;
  return sayText(text, (template, ...args) => translate(template, ...args));
}
