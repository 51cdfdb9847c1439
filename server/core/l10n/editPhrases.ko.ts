/** Korean quick-fix titles and rename refusals (the English owner: `editPhrases.ts`). */
import { type EditPhrases } from './editPhrases';

export const EDIT_PHRASES_KO: EditPhrases = {
  quickFix: {
    changeTo: (text) => `'${text}'(으)로 변경`,
    replaceWith: (text) => `'${text}'(으)로 바꾸기`,
    nameFragment: '조각 이름 쓰기: INJECT default',
    addInject: (name) => `'-- @inject ${name} = …' 지시문 추가`,
    addParam: (name) => `'-- @param ${name} = …' 지시문 추가`,
  },
  rename: {
    notRenamable: 'SUB 이름과 $params만 이름을 바꿀 수 있습니다.',
    badSubName: (name) => `\`${name}\`은(는) SUB 이름이 될 수 없습니다. 영문자, 숫자, _, -만 쓰세요.`,
    badParamName: (name) =>
      `\`${name}\`은(는) 매개변수 이름이 될 수 없습니다. $ 뒤에 영문자, 숫자, _를 쓰세요.`,
  },
};
