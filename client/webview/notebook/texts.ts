// The renderer's words. A notebook renderer runs without vscode.l10n, so the extension writes VS Code's
// display language into each output item (`lang`) and the renderer picks the matching table among the
// extension's own bundles (l10n/bundle.l10n.<lang>.json, keyed by the English template, the same
// files vscode.l10n reads). A language without a bundle, or no `lang`, reads English.
import ja from '../../../l10n/bundle.l10n.ja.json';
import ko from '../../../l10n/bundle.l10n.ko.json';
import { NOTEBOOK_TEXTS } from '../../../common/notebookOutput';
import { fillTemplate, languageOf, translateTexts, type UiLanguage } from '../../../common/l10n';
import { translateResultsTexts, type ResultsTexts } from '../../../common/resultsTexts';

const BUNDLES: Readonly<Record<UiLanguage, Readonly<Record<string, string>>>> = { ko, ja };

/** The texts of one display language. */
export interface RendererTexts {
  readonly results: ResultsTexts;
  readonly notebook: Readonly<Record<keyof typeof NOTEBOOK_TEXTS, string>>;
  /** Any English template of the extension, translated and filled (format errors of an output). */
  readonly say: (template: string, ...args: string[]) => string;
}

/** The bundle of a VS Code display language (`ko`, `ja`, `ja-JP`), or undefined for English. */
function bundleOf(lang: string | undefined): Readonly<Record<string, string>> | undefined {
  const language = languageOf(lang);
  return language && BUNDLES[language];
}

const cache = new Map<string, RendererTexts>();

/** The renderer's texts in `lang`, English for an unknown or missing one. */
export function rendererTexts(lang: string | undefined): RendererTexts {
  const key = lang ?? '';
  const known = cache.get(key);
  if (known) return known;
  const bundle = bundleOf(lang);
  const translate = (message: string): string => {
    const value = bundle?.[message];
    return typeof value === 'string' && value.trim() !== '' ? value : message;
  };
  const texts: RendererTexts = {
    results: translateResultsTexts(translate),
    notebook: translateTexts(NOTEBOOK_TEXTS, translate),
    say: (template, ...args) => fillTemplate(translate(template), ...args),
  };
  cache.set(key, texts);
  return texts;
}
