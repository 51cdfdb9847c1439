// The renderer's words. A notebook renderer runs without vscode.l10n, so the extension writes VS Code's
// display language into each output item (`lang`) and the renderer picks the matching table among the
// extension's own bundles (l10n/bundle.l10n.<lang>.json, keyed by the English template, the same
// files vscode.l10n reads). A language without a bundle, or no `lang`, reads English.
import { NOTEBOOK_TEXTS } from '../../../common/notebookOutput';
import {
  fillTemplate,
  translateResultsTexts,
  translateTexts,
  type ResultsTexts,
} from '../../../common/resultsTexts';

type Bundle = Readonly<Record<string, string>>;

// Each bundle holds every text of the extension and was a quarter of the renderer's code: as a chunk of
// its own, it is fetched the first time an output in its language is shown, never for English.
const BUNDLES: Readonly<Record<string, () => Promise<{ default: Bundle }>>> = {
  ko: () => import('../../../l10n/bundle.l10n.ko.json'),
  ja: () => import('../../../l10n/bundle.l10n.ja.json'),
};

/** The texts of one display language. */
export interface RendererTexts {
  readonly results: ResultsTexts;
  readonly notebook: Readonly<Record<keyof typeof NOTEBOOK_TEXTS, string>>;
  /** Any English template of the extension, translated and filled (format errors of an output). */
  readonly say: (template: string, ...args: string[]) => string;
}

/** The bundle name of a VS Code display language (`ko`, `ja`, `ja-JP`), or '' for English. */
function bundleName(lang: string | undefined): string {
  const base = lang?.toLowerCase().split('-')[0] ?? '';
  return Object.hasOwn(BUNDLES, base) ? base : '';
}

function textsFrom(bundle: Bundle | undefined): RendererTexts {
  const translate = (message: string): string => {
    const value = bundle?.[message];
    return typeof value === 'string' && value.trim() !== '' ? value : message;
  };
  return {
    results: translateResultsTexts(translate),
    notebook: translateTexts(NOTEBOOK_TEXTS, translate),
    say: (template, ...args) => fillTemplate(translate(template), ...args),
  };
}

const english = textsFrom(undefined);
const loaded = new Map<string, RendererTexts>([['', english]]);

/** The texts in `lang` when they are at hand (English always is), so an output renders at once. */
export function readyTexts(lang: string | undefined): RendererTexts | undefined {
  return loaded.get(bundleName(lang));
}

/** The texts in `lang`, fetching its bundle the first time; English for an unknown or missing one. */
export async function loadTexts(lang: string | undefined): Promise<RendererTexts> {
  const name = bundleName(lang);
  const known = loaded.get(name);
  if (known) return known;
  const load = BUNDLES[name];
  if (!load) return english;
  try {
    const texts = textsFrom((await load()).default);
    loaded.set(name, texts);
    return texts;
  } catch {
    // A bundle that cannot be fetched leaves the output readable in English rather than not shown.
    return english;
  }
}
