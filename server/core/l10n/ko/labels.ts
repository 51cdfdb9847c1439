/** Korean labels of hover, completion and signature help (see {@link Labels}). */
import { type Labels } from '../labels';

/** Korean labels. */
export const KO_LABELS: Labels = {
  stage: { select: '선택', load: '로딩', process: '처리', structure: '구조' },
  commandHeading: (stage) => `${KO_LABELS.stage[stage]} 명령어`,
  deprecatedNote: (reason, replacements) =>
    `_더 이상 사용되지 않음:_ ${reason} 대신 사용할 명령어: ${replacements}.`,
  alsoWritten: (names) => `다른 표기: ${names}`,
  forms: '형식:',
  options: '옵션:',
  anyKey: (meaning) => `임의의 키: ${meaning}.`,
  optionHeading: (command, valueKind) => `${command}의 옵션 (${valueKind})`,
  values: (values) => `값: ${values}`,
  required: '필수 옵션입니다.',
  requiredDetail: '필수',
  confidenceNote: (confidence) =>
    confidence === 'observed'
      ? '_실제 쿼리에서 확인되었지만 매뉴얼에는 없습니다._'
      : '_실제 쿼리에서 검증되지 않았고 매뉴얼에도 없습니다._',
  optionValueDetail: (option) => (option === undefined ? '값' : `${option} 값`),
  rollUpSuffix: '롤업 접미사',
  columnKinds: {
    tag: '태그',
    field: '필드',
    system: '시스템',
    created: '생성됨',
    renamed: '이름 변경됨',
    joined: '조인됨',
    column: '컬럼',
    'system column': '시스템 컬럼',
    'created column': '생성된 컬럼',
    'renamed column': '이름이 바뀐 컬럼',
    'joined column': '조인된 컬럼',
    'used in this file': '이 파일에서 사용',
  },
  unit: (unit) => `단위 ${unit}`,
  deprecatedColumn: '_카테고리 메타데이터에서 더 이상 사용되지 않는 컬럼입니다._',
  columnFromQueries: '_공개 쿼리가 읽는 컬럼이지만 카테고리 메타데이터에는 없습니다._',
  columnFromWorkspace: (queries) =>
    `_워크스페이스 쿼리 ${queries}개에서 읽는 컬럼입니다. 카탈로그에는 없습니다._`,
  displayTypeOf: (column) => `${column}의 표시 형식`,
  category: '카테고리',
  loader: (loader) => `로더: \`${loader}\``,
  intervals: (intervals) => `수집 간격: ${intervals}`,
  intervalDetail: (intervals) => `간격 ${intervals}`,
  seriesKey: (columns) => `시리즈 키: ${columns}`,
  columnCounts: (tags, fields) => `태그 ${tags}개, 필드 ${fields}개`,
  columnListUnknown: '카탈로그에 컬럼 목록이 없습니다.',
  ruleCategory: (category) => `규칙의 카테고리: ${category}`,
  columnsUnknownDetail: '카탈로그에 컬럼 정보 없음',
  parameter: '파라미터',
  paramDeclared: (value) => `\`-- @param\`에 지정된 값: \`${value}\``,
  paramMissing:
    '이 파일에 `-- @param` 값이 없습니다. 에디터에서 실행하면 값을 묻고, `mxql run`은 값 없이 실행하지 않습니다.',
  paramOptional: (command) =>
    `여기서는 생략할 수 있습니다. 값이 없으면 ${command}을(를) 건너뛰고 모든 에이전트를 읽습니다. \`-- @param\` 값을 주면 범위가 좁아집니다.`,
  paramFromRange:
    '이 파일에 `-- @param` 값이 없습니다. 실행할 때 조회 시간 범위에서 값을 채웁니다(epoch 밀리초). 직접 지정한 값이 있으면 그 값을 씁니다.',
  exampleValue: (value) => `예시 값: \`${value}\``,
  declaredDetail: (value) => `선언됨: \`${value}\``,
  usedInFile: '이 파일에서 사용',
  giveParamValue: (name) => `이 파일을 실행할 때 쓸 \`${name}\` 값을 지정합니다.`,
  paramValueKinds: {
    column: '그 위치의 컬럼',
    rowCount: '행 수',
    category: '카테고리',
    duration: '기간',
    timeUnit: '시간 단위',
  },
  paramValueFor: (name) => `이 파일을 실행할 때 \`${name}\`에 쓸 값입니다.`,
  directive: '디렉티브',
  example: (example) => `예: \`${example}\``,
  fragmentPlaceholder: '쿼리 조각 삽입 위치',
  injectDeclared: '`-- @inject`에 지정된 조각:',
  injectMissing:
    '이 파일에 `-- @inject` 조각이 없습니다. 실행할 때 조각을 지정할 수 있으며, 지정하지 않으면 아무것도 삽입되지 않습니다.',
  injectFragment: 'INJECT 조각',
  exampleFragment: (fragment) => `조각 예시: \`${fragment}\``,
  subDeclared: (commands, uses) =>
    `명령어 ${commands}개로 된 하위 쿼리, ${uses === 0 ? '사용되지 않음' : `${uses}번 사용됨`}`,
  subReference: (line, commands) => `하위 쿼리 (${line}행, 명령어 ${commands}개)`,
  subDetail: (line) => `SUB (${line}행)`,
  subInFile: (commands) => `이 파일에 선언된 하위 쿼리입니다 (명령어 ${commands}개).`,
  subMissingDetail: '참조되었지만 아직 선언되지 않음',
  subMissing: (name) => `명령어가 \`${name}\`을(를) 참조하지만 \`SUB ${name}\` 블록이 없습니다.`,
  pathDetail: '사전 정의 쿼리 경로',
  pathRuns: (path) => `서비스의 사전 정의 쿼리 \`${path}\`을(를) 실행합니다.`,
  outlineQuery: '쿼리',
  outlineUnnamedSub: '(이름 없음)',
  outlineCommands: (commands) => `명령어 ${commands}개`,
};
