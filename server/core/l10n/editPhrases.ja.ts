/** Japanese quick-fix titles and rename refusals (the English owner: `editPhrases.ts`). */
import { type EditPhrases } from './editPhrases';

export const EDIT_PHRASES_JA: EditPhrases = {
  quickFix: {
    changeTo: (text) => `'${text}' に変更`,
    replaceWith: (text) => `'${text}' に置き換え`,
    nameFragment: 'フラグメント名を明記: INJECT default',
    addInject: (name) => `'-- @inject ${name} = …' ディレクティブを追加`,
    addParam: (name) => `'-- @param ${name} = …' ディレクティブを追加`,
  },
  rename: {
    notRenamable: '名前を変更できるのは SUB 名と $params だけです。',
    badSubName: (name) => `\`${name}\` は SUB 名にできません。英字、数字、_、- を使ってください。`,
    badParamName: (name) =>
      `\`${name}\` はパラメーター名にできません。$ の後に英字、数字、_ を使ってください。`,
  },
};
