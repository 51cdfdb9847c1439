/**
 * What the editing features say besides diagnostics: quick-fix titles and why a rename was refused.
 * English here; each other language is a table of the same type (`editPhrases.<language>.ts`).
 */
import { type UiLanguage } from '../../../common/l10n';
import { EDIT_PHRASES_JA } from './editPhrases.ja';
import { EDIT_PHRASES_KO } from './editPhrases.ko';

/** The quick-fix titles and rename refusals of one language. */
export interface EditPhrases {
  readonly quickFix: QuickFixTitles;
  /** Why a rename was refused. */
  readonly rename: RenameRefusals;
}

/** The titles of the quick fixes (light-bulb menu). */
export interface QuickFixTitles {
  /** Replace the flagged text with `text` (a did-you-mean candidate). */
  readonly changeTo: (text: string) => string;
  /** Replace a deprecated command with `text`. */
  readonly replaceWith: (text: string) => string;
  /** Write `default` after a bare INJECT. */
  readonly nameFragment: string;
  /** Insert a `-- @inject name = …` line. */
  readonly addInject: (name: string) => string;
  /** Insert a `-- @param $name = …` line. */
  readonly addParam: (name: string) => string;
}

/** The sentences a refused rename shows. */
export interface RenameRefusals {
  readonly notRenamable: string;
  readonly badSubName: (name: string) => string;
  readonly badParamName: (name: string) => string;
}

/** The English {@link EditPhrases}. */
export const ENGLISH_EDIT_PHRASES: EditPhrases = {
  quickFix: {
    changeTo: (text) => `Change to '${text}'`,
    replaceWith: (text) => `Replace with '${text}'`,
    nameFragment: 'Name the fragment: INJECT default',
    addInject: (name) => `Add a '-- @inject ${name} = …' directive`,
    addParam: (name) => `Add a '-- @param ${name} = …' directive`,
  },
  rename: {
    notRenamable: 'Only SUB names and $params can be renamed.',
    badSubName: (name) => `\`${name}\` is not a SUB name: use letters, digits, _ and -.`,
    badParamName: (name) => `\`${name}\` is not a parameter name: use $ then letters, digits and _.`,
  },
};

const TABLES: { readonly [L in UiLanguage]: EditPhrases } = { ko: EDIT_PHRASES_KO, ja: EDIT_PHRASES_JA };

/** The quick-fix titles and rename refusals of `language`; English when undefined. */
export function editPhrasesOf(language: UiLanguage | undefined): EditPhrases {
  return language === undefined ? ENGLISH_EDIT_PHRASES : TABLES[language];
}
