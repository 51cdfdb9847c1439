/**
 * Korean wording of every diagnostic, hint and quick-fix title (the English owner: `table.ts`).
 * Quoted names, `$params`, MXQL keywords and backticked code stay as written.
 */
import { type MessageTable } from './diagnostics';
import {
  codeLines,
  directiveList,
  joinAlternatives,
  quoted,
  type JsonValueKind,
  type Phrases,
} from '../diagnostics/table';

/** What a JSON value is, in Korean. */
const JSON_KINDS_KO: Readonly<Record<JsonValueKind, string>> = {
  object: '객체',
  array: '배열',
  number: '숫자',
  boolean: '불리언',
  null: 'null',
};

const or = (items: readonly string[]): string => joinAlternatives(items, '또는');

const phrases: Phrases = {
  or,
  didYouMean: (suggestions) =>
    suggestions.length === 0 ? '' : ` ${or(quoted(suggestions))}을(를) 뜻하셨나요?`,
  hintSeparator: ' ',
  hints: {
    closeBlockComment: '블록 주석을 `*/`로 닫으세요.',
    closeSingleQuote: "같은 줄에 닫는 '를 추가하세요.",
    closeDoubleQuote: '같은 줄에 닫는 "를 추가하세요.',
    removeExtraComma: '불필요한 `,`를 지우세요.',
    addCommaBetweenMembers: '멤버 사이에 `,`를 넣으세요.',
    addClosingBrace: '닫는 `}`를 추가하세요.',
    valueBeforeComma: '`,` 앞에 값이 와야 합니다. 불필요한 `,`를 지우세요.',
    addCommaBetweenItems: '항목 사이에 `,`를 넣으세요.',
    addClosingBracket: '닫는 `]`를 추가하세요.',
    commandNameExpected: (a) => `줄 첫머리에는 명령 이름이 와야 하는데 \`${a.found ?? ''}\`이(가) 있습니다.`,
    ownLine: '지우거나 별도의 줄로 옮기세요.',
    noOpeningBracket: '지우거나 짝이 되는 여는 괄호를 추가하세요.',
    oneOperand: '명령은 피연산자를 하나만 받습니다. 이 텍스트를 지우거나 별도의 줄로 옮기세요.',
    wrongCloser: (a) =>
      `\`${a.opener ?? ''}\`이(가) \`${a.found ?? ''}\`(으)로 닫혔습니다. \`${a.want ?? ''}\`를 쓰세요.`,
    writeValue: '값을 쓰거나 키를 지우세요.',
    writeOptionName: '`:` 앞에 옵션 이름을 쓰세요.',
    keyIsOneWord: '키는 한 단어이거나 따옴표로 묶은 문자열이어야 합니다.',
    commaBefore: '앞에 `,`를 넣거나 지우세요.',
  },
};

const fragment = (a: { name: string; code: string }, nested: string): string =>
  `조각 '${a.name}' 안: ${nested} (${a.code})`;

/** Every diagnostic, hint and quick-fix title in Korean. */
export const MESSAGES_KO: MessageTable = {
  phrases,
  messages: {
    'syntax/unclosed-bracket': '이 괄호가 닫히지 않았습니다.',
    'syntax/unexpected-close': '이 닫는 괄호에 짝이 되는 여는 괄호가 없습니다.',
    'syntax/mismatched-bracket': '이 닫는 괄호가 여는 괄호와 맞지 않습니다.',
    'syntax/too-deep': '괄호가 200단계 넘게 중첩되어 안의 내용을 건너뜁니다. 값을 덜 중첩되게 풀어 쓰세요.',
    'syntax/unclosed-string': '이 문자열이 닫히지 않았습니다. 문자열은 시작한 줄에서 끝나야 합니다.',
    'syntax/unclosed-comment': '이 블록 주석이 닫히지 않아 그 뒤의 내용이 모두 무시됩니다.',
    'syntax/missing-colon': '이 객체에는 `key: value` 형식이 와야 합니다(예: `{key: oid, value: 5}`).',
    'syntax/missing-key': '`:` 앞에 키가 없습니다.',
    'syntax/missing-value': '`:` 뒤에 값이 없습니다.',
    'syntax/unquoted-colon':
      "이 값에 `:`가 들어 있습니다. 따옴표로 묶거나(예: `'yyyyMMdd HH:mm:ss'`) 다음 키 앞에 빠진 `,`를 넣으세요.",
    'syntax/unexpected-token': '예상하지 못한 텍스트입니다.',
    'syntax/template-marker': '템플릿 표시 `<% … %>`는 그대로 보낼 수 없습니다. 값이나 $param으로 바꾸세요.',
    'syntax/inject-in-operand':
      'INJECT는 독립된 명령이라 피연산자 안에서는 펼쳐지지 않습니다. 별도의 줄에 쓰세요.',
    'syntax/bad-param': '$param 이름은 영문자나 `_`로 시작합니다(예: `$oid`, `$group_keys`).',
    'syntax/param-key': '$param은 키가 될 수 없고 값만 바인딩할 수 있습니다(예: `{value: $x}`).',
    'syntax/missing-sub-name': 'SUB에는 이름이 필요합니다: `SUB name` 또는 `SUB {id:name}` … `END`.',
    'syntax/unclosed-sub': '이 SUB 블록이 닫히지 않았습니다. 마지막 명령 뒤에 `END`를 추가하세요.',
    'syntax/unexpected-end':
      '짝이 되는 `SUB`가 없는 `END`입니다. 지우거나 블록 앞에 `SUB name`을 추가하세요.',
    'syntax/internal': (a) =>
      `이 텍스트를 읽지 못해 이 파일에서는 편집기 기능이 제한됩니다. 문제를 알려 주세요. (${a.detail})`,

    'directive/bad-time': (a) =>
      `\`${a.value}\`은(는) 시간이 아닙니다. \`2026-11-01 06:00\`, \`2026-11-01T06:00:00Z\` 또는 epoch 밀리초로 쓰세요.`,
    'directive/bad-range': (a) => `\`${a.value}\`은(는) 기간이 아닙니다. \`15m\`, \`1h\`, \`7d\`처럼 쓰세요.`,
    'directive/bad-limit': (a) =>
      `\`${a.value}\`은(는) 행 수 제한이 아닙니다. \`500\`처럼 양의 정수를 쓰세요.`,
    'directive/bad-param': '`-- @param $name = value` 형식으로 쓰세요(이름은 `$`로 시작합니다).',
    'directive/bad-inject':
      '`-- @inject name = MXQL line` 형식으로 쓰세요(예: `-- @inject default = LIMIT 10`).',
    'directive/inject-cycle': (a) =>
      `INJECT 조각들이 순환(${a.cycle})을 이루어 결코 펼칠 수 없습니다. 순환을 닫는 INJECT를 지우세요.`,
    'directive/bad-path': '쿼리 경로는 `/`로 시작하고 공백이 없어야 합니다(예: `/app/act_tx/act_tx_oid`).',
    'directive/bad-pcode': (a) =>
      `\`${a.value}\`은(는) 프로젝트 코드가 아닙니다. \`12345\`처럼 번호를 쓰세요.`,
    'directive/stime-without-etime': '`-- @etime …`를 추가하세요. 절대 범위에는 양 끝이 모두 필요합니다.',
    'directive/etime-without-stime': '`-- @stime …`를 추가하세요. 절대 범위에는 양 끝이 모두 필요합니다.',
    'directive/bad-time-order': '`@etime`은 `@stime`보다 뒤여야 합니다.',
    'directive/range-and-stime': '`@stime`/`@etime`이 `@range`보다 우선합니다. 둘 중 하나를 지우세요.',
    'directive/unknown': (a) =>
      `알 수 없는 지시문 \`@${a.key}\`입니다. 쓸 수 있는 지시문: ${directiveList(a.known)}.`,
    'directive/duplicate': (a) => `\`@${a.key}\`이(가) 여러 번 설정되었습니다. 마지막 값이 쓰입니다.`,

    'expression/unclosed-string': '문자열을 닫으세요.',
    'expression/unexpected-token': (a) => `예상하지 못한 \`${a.text}\`입니다. 연산자가 빠진 것 같습니다.`,
    'expression/missing-colon': '`?` 조건에 `: value`를 추가하세요.',
    'expression/missing-operand': (a) =>
      a.found === undefined ? '수식 끝에 값이 없습니다.' : `값이 와야 하는데 \`${a.found}\`이(가) 있습니다.`,
    'expression/unclosed-paren': '닫는 `)`를 추가하세요.',
    'expression/too-deep': '이 수식은 너무 깊게 중첩되어 읽을 수 없습니다. 더 단순하게 쓰세요.',

    'inject/missing-fragment': (a) =>
      `INJECT ${a.name}은(는) 호출하는 쪽(대시보드나 실행의 inject 맵)이 채웁니다. 이 파일에는 이 조각이 없으므로 넘겨받지 않으면 아무것도 추가되지 않습니다. 여기서 실행하려면 '-- @inject ${a.name} = <MXQL>'로 선언하세요.`,
    'inject/undeclared-fragment': (a) =>
      `이 파일은 조각(${quoted(a.declared).join(', ')})을 선언하지만 '${a.name}'이라는 조각은 없어, 파일을 실행할 때 이 INJECT는 아무것도 추가하지 않습니다. '-- @inject ${a.name} = <MXQL>'로 선언하거나 이름을 고치세요.`,
    'inject/bare': "이름 없는 INJECT는 'INJECT default'로 처리됩니다. 분명히 하려면 이름을 쓰세요.",
    'inject/unused-fragment': (a) =>
      `조각 '${a.name}'이(가) 선언되었지만 어떤 INJECT도 쓰지 않아 전송되지 않습니다. 알맞은 곳에 'INJECT ${a.name}'을(를) 추가하거나 지시문을 지우세요.`,
    'inject/fragment-error': (a, nested) => fragment(a, nested(a)),
    'inject/fragment-warning': (a, nested) => fragment(a, nested(a)),
    'inject/fragment-note': (a, nested) => fragment(a, nested(a)),
    'inject/in-operand':
      'INJECT는 피연산자 안에서 펼쳐지지 않습니다. 서비스는 한 줄에 명령으로 쓴 INJECT만 바꿔 넣습니다. 별도의 줄로 옮기세요.',

    'param/as-key': (a) =>
      `'${a.name}'이(가) 키로 쓰였지만 $param은 값 자리에만 올 수 있습니다. '{value: ${a.name}}'처럼 쓰세요.`,
    'param/unbound': (a) =>
      `'${a.name}'에 여기서 쓸 값이 없습니다. 에디터에서 실행하면 값을 묻고, 'mxql run'은 값 없이 실행하지 않으며 알고 있는 선택지를 보여 줍니다. 값을 정해 두려면 '-- @param ${a.name} = <value>'를 추가하세요.`,
    'param/ignored-when-unbound': (a) =>
      `'${a.name}'은(는) 여기서 생략할 수 있습니다. 값이 없으면 ${a.command}을(를) 건너뛰고 모든 에이전트를 읽습니다. 범위를 좁히려면 '-- @param ${a.name} = <value>'를 추가하세요.`,
    'param/unused': (a) =>
      `'${a.name}'이(가) 선언되었지만 쿼리에서 쓰이지 않습니다. 지시문을 지우거나 $param을 사용하세요.`,

    'structure/missing-category': (a) =>
      `${a.loader}은(는) CATEGORY로 고른 카테고리를 불러오는데, 이 파이프라인에는 그 앞에 CATEGORY가 없습니다. 이 줄 위에 'CATEGORY <name>'을 추가하세요.`,
    'structure/process-before-load': (a) =>
      `${a.command}이(가) ${a.loader}이(가) 행을 불러오기 전에 실행되어 처리할 것이 없습니다. ${a.loader} 줄 아래로 옮기세요.`,
    'structure/missing-loader':
      'CATEGORY는 읽을 대상을 고를 뿐이라 로더가 없으면 행을 불러오지 않습니다. 그 뒤에 TAGLOAD(필드만 있는 카테고리라면 FLEXLOAD)를 추가하세요.',

    'command/unknown': (a) =>
      `'${a.name}'은(는) 알려진 MXQL 명령이 아니어서 서비스가 거부할 수 있습니다.${phrases.didYouMean(a.suggestions)}`,
    // The catalog words the reason in English only; the Korean sentence says the same in general terms.
    'command/deprecated': (a) =>
      `${a.name}은(는) 폐지되었습니다. 같은 일을 하는 ${or(a.replacedBy)}(으)로 바꾸세요.`,
    'option/unknown': (a) =>
      `${a.command}에는 '${a.name}' 옵션이 없어 서비스가 무시할 수 있습니다.${phrases.didYouMean(a.suggestions)} 알려진 옵션: ${a.known.join(', ')}.`,
    'option/missing-required': (a) =>
      `${a.command}에는 \`${a.option}\`이(가) 필요하며, 없으면 서비스가 거부합니다. 예: \`${a.example}\`.`,
    'operand/not-a-number': (a) =>
      `${a.command}에는 숫자나 \`$param\`을 써야 합니다. 예: \`${a.example}\`. 다른 피연산자는 서비스가 거부합니다.`,
    'operand/not-an-object': (a) =>
      `${a.command}은(는) 설정을 객체에서 읽습니다. 예: \`${a.example}\`. 이 피연산자는 객체가 아니어서 명령이 보이는 대로 동작하지 않습니다.`,
    'delete/bare-word': (a) =>
      `문서에서는 목록을 요구합니다: 'DELETE [${a.text}]'로 쓰세요. 현재 서버에서는 단어만 써도 동작합니다.`,

    'sql/order-by': (a) =>
      `\`ORDER BY\`는 SQL입니다. MXQL의 ORDER는 키를 객체에서 읽으므로 의도대로 정렬되지 않습니다. ${codeLines(a.rewrite, '다음 줄에')}로 쓰세요.`,
    'sql/where': (a) =>
      `\`WHERE\`는 SQL이며 MXQL 명령이 아닙니다. MXQL은 FILTER로 행을 거릅니다. ${codeLines(a.rewrite, '다음 줄에')}로 쓰세요.`,
    'sql/group-by': (a) =>
      `\`GROUP BY\`는 SQL입니다. MXQL의 GROUP은 키를 객체의 \`pk\`로 받습니다. ${codeLines(a.rewrite, '다음 줄에')}로 쓰세요.`,
    'sql/group-aggregate': (a) =>
      `GROUP에는 \`${a.key}\`가 없습니다. MXQL에는 집계 함수가 없고, GROUP이 컬럼을 병합하고 UPDATE가 값을 줄입니다. ${codeLines(a.rewrite, '다음 줄에')}로 쓰세요.`,
    'sql/limit-offset': (a) =>
      `\`LIMIT … OFFSET\`은 SQL입니다. MXQL은 LIMIT 앞에서 SKIP으로 행을 건너뜁니다. ${codeLines(a.rewrite, '다음 줄에')}로 쓰세요.`,
    'sql/select-star': (a) =>
      `\`SELECT *\`는 SQL입니다. MXQL에서는 피연산자 없는 SELECT가 모든 컬럼을 남깁니다. ${codeLines(a.rewrite, '다음 줄에')}로 쓰세요.`,
    'sql/select-list': (a) =>
      `SQL 선택 목록입니다. MXQL은 CATEGORY와 로더로 테이블을, 목록으로 컬럼을 고릅니다. ${codeLines(a.rewrite, '다음 줄에')}로 쓰세요.`,
    'sql/line-comment': 'MXQL에서 `//`는 주석이 아닙니다. `--`(줄 첫머리라면 `#`)를 쓰세요.',
    'group/time-without-timeunit': (a) =>
      `여기서는 \`timeunit\` 없이 \`time\`이 GROUP 키라서 행이 밀리초 단위로 묶여 따로 남습니다. 구간을 지정하세요: ${codeLines(a.rewrite, '다음 줄에')}.`,
    'filter/no-condition': (a) =>
      `이 FILTER에는 서비스가 읽는 조건(value, exclude, like, exist, notexist, over, under 또는 expr)이 없어 서비스가 거부합니다. ${codeLines(a.rewrite, '다음 줄에')}로 쓰세요.`,

    'range/too-long': (a) =>
      `${a.span === 'directives' ? '이 시간 범위' : '이 TIME-RANGE'}는 ${a.days}일에 걸치지만 Open API는 요청 하나에 최대 ${a.maxDays}일까지만 응답합니다. 범위를 줄이거나 쿼리를 나누세요.`,

    'category/unknown': (a) =>
      `알 수 없는 카테고리 '${a.name}': 카탈로그에 없으므로 이 쿼리는 행을 반환하지 않을 수 있습니다.${phrases.didYouMean(a.suggestions)}`,
    'category/not-in-catalog': (a) =>
      `카탈로그가 카테고리 '${a.name}'을(를) 몰라 컬럼을 검사하거나 완성할 수 없습니다. 쿼리가 행을 반환하지 않으면 이름을 확인하세요.`,
    'column/unknown': (a) =>
      `컬럼 '${a.name}'이(가) ${a.category === null ? '여기에' : `여기(카테고리 '${a.category}'와 위의 명령 기준)에`} 없으므로 이 참조는 아무것도 가리키지 않습니다.${phrases.didYouMean(a.suggestions)}`,
    'column/removed-above': (a) =>
      a.renamedTo === null
        ? `컬럼 '${a.name}'은(는) ${a.line}번째 줄의 ${a.command} 이후 없어지므로 이 참조는 여기서 아무것도 가리키지 않습니다.${a.command === 'SELECT' ? ' 사용하려면 그 SELECT에 넣으세요.' : ''}`
        : `컬럼 '${a.name}'은(는) ${a.line}번째 줄의 RENAME에서 '${a.renamedTo}'(으)로 바뀌었으므로 이 참조는 여기서 아무것도 가리키지 않습니다. 사용하려면 '${a.renamedTo}'(이)라고 쓰세요.`,
    'column/not-created': (a) =>
      `위에서 컬럼 '${a.name}'을(를) 만드는 명령이 없으므로 서비스가 추가하지 않는 한 이 참조는 여기서 아무것도 가리키지 않습니다.`,
    'column/not-in-catalog': (a) =>
      `카탈로그는 카테고리 '${a.category}'의 컬럼 '${a.name}'을(를) 모릅니다. 이 카테고리의 목록이 완전하지 않으므로 컬럼이 실제로 있을 수 있습니다.${phrases.didYouMean(a.suggestions)}`,

    'rule/unknown-field': (a) =>
      `'${a.name}'은(는) 카테고리 '${a.category}'의 필드가 아니므로 규칙이 이 값을 받지 못합니다.${phrases.didYouMean(a.suggestions)}`,
    'rule/field-not-in-catalog': (a) =>
      `카탈로그는 카테고리 '${a.category}'의 필드 '${a.name}'을(를) 모릅니다. 이 카테고리의 목록이 완전하지 않으므로 필드가 실제로 있을 수 있습니다.${phrases.didYouMean(a.suggestions)}`,
    'rule/unknown-category': (a) =>
      `카탈로그가 카테고리 '${a.name}'을(를) 몰라 이 규칙의 필드를 검사할 수 없습니다. 규칙이 발생하지 않으면 이름을 확인하세요.${phrases.didYouMean(a.suggestions)}`,
    'rule/not-a-string': (a) =>
      `'${a.key}'의 값이 문자열이 아니라 ${JSON_KINDS_KO[a.found]}입니다. 텍스트를 큰따옴표로 묶어 쓰세요.`,

    'sub/unresolved': (a) =>
      `${a.command}이(가) '${a.name}'을(를) 가리키지만 이 파일에는 'SUB ${a.name}' 블록이 없습니다.${phrases.didYouMean(a.suggestions)} SUB를 선언하거나(쓰는 곳보다 뒤에 있어도 됩니다) '/'로 시작하는 미리 정의된 쿼리 경로를 따옴표로 묶어 쓰세요.`,

    'json/syntax': (a) =>
      `이 JSON의 형식이 잘못되어(${a.detail}) 이 지점 뒤의 MXQL 문자열은 검사하지 않습니다. JSON을 고치면 다시 검사합니다.`,
    'json/not-a-string': (a) => `이 값은 MXQL 문자열이어야 합니다(${a.detail}). 쿼리로 검사하지 않습니다.`,
  },
};
