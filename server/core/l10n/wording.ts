/**
 * How hover, completion and signature help word things in one display language: the fixed labels and
 * the catalog's sentences. Each language's wording is built once, on first use, and shared by every
 * document and request.
 */
import { catalogSentences, type CatalogTranslation } from './catalogText';
import { JA_CATALOG } from './catalog.ja';
import { JA_LABELS } from './labels.ja';
import { KO_CATALOG } from './catalog.ko';
import { KO_LABELS } from './labels.ko';
import { ENGLISH_LABELS, type Labels } from './labels';
import { type UiLanguage } from './language';

/** The words of one display language. */
export interface Wording {
  /** The language; undefined for English. */
  readonly language: UiLanguage | undefined;
  readonly labels: Labels;
  /** A catalog sentence in this language (an unknown sentence stays as it is). */
  readonly text: (english: string) => string;
}

/** English: the catalog's own sentences. */
export const ENGLISH_WORDING: Wording = {
  language: undefined,
  labels: ENGLISH_LABELS,
  text: (english) => english,
};

const SOURCES: Readonly<Record<UiLanguage, { labels: Labels; catalog: CatalogTranslation }>> = {
  ko: { labels: KO_LABELS, catalog: KO_CATALOG },
  ja: { labels: JA_LABELS, catalog: JA_CATALOG },
};

const built = new Map<UiLanguage, Wording>();

function build(language: UiLanguage): Wording {
  const { labels, catalog } = SOURCES[language];
  const sentences = new Map<string, string>();
  for (const s of catalogSentences(catalog))
    if (s.translated && !sentences.has(s.english)) sentences.set(s.english, s.translated);
  return { language, labels, text: (english) => sentences.get(english) ?? english };
}

/** The wording of `language` (English when undefined), built on first use. */
export function wordingFor(language: UiLanguage | undefined): Wording {
  if (language === undefined) return ENGLISH_WORDING;
  let wording = built.get(language);
  if (!wording) {
    wording = build(language);
    built.set(language, wording);
  }
  return wording;
}
