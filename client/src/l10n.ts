// The one way runtime texts are translated: `t('Added {0}', name)`. The extension installs
// vscode.l10n.t at activation, which reads l10n/bundle.l10n.<locale>.json; until then (and in plain-node
// unit tests of pure modules) the English text is formatted here. No vscode import, so pure modules use it.
import { fillTemplate } from '../../common/resultsTexts';

/** Formats `{0}`, `{1}`, … with `args`, as vscode.l10n.t does. */
const english = fillTemplate;

type Translate = (message: string, ...args: (string | number | boolean)[]) => string;
let translate: Translate = english;

/** Installs VS Code's translator (vscode.l10n.t); called once at activation. */
export function useTranslator(fn: Translate): void {
  translate = fn;
}

/** The text in the user's language; `{n}` placeholders take `args`. The English text is the bundle key. */
export function t(message: string, ...args: (string | number | boolean)[]): string {
  return translate(message, ...args);
}
