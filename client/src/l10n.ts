// The one way runtime texts are translated: `t('Added {0}', name)`. The extension installs
// vscode.l10n.t at activation, which reads l10n/bundle.l10n.<locale>.json; until then (and in plain-node
// unit tests of pure modules) the English text is formatted here. No vscode import, so pure modules use it.
// Texts the core owns (what a `$param` stands for) come in the same language from the core's wording.
import { fillTemplate } from '../../common/resultsTexts';
import { uiLanguageOf, wordingFor, type Wording } from '../../server/core/index';

/** Formats `{0}`, `{1}`, … with `args`, as vscode.l10n.t does. */
const english = fillTemplate;

type Translate = (message: string, ...args: (string | number | boolean)[]) => string;
let translate: Translate = english;
let wording: Wording = wordingFor(undefined);

/** Installs VS Code's translator (vscode.l10n.t) and display language; called once at activation. */
export function useTranslator(fn: Translate, language?: string): void {
  translate = fn;
  wording = wordingFor(uiLanguageOf(language));
}

/** The core's wording in the user's language (English until activation). */
export function coreWording(): Wording {
  return wording;
}

/** The text in the user's language; `{n}` placeholders take `args`. The English text is the bundle key. */
export function t(message: string, ...args: (string | number | boolean)[]): string {
  return translate(message, ...args);
}
