/** Korean command and option descriptions, keyed by command name and option name (nested as `parent.key`). */
import { type CatalogTranslation } from './catalogText';

const agentFilter = (what: string): string =>
  `지정한 ${what}의 행만 로드합니다. ID 하나 또는 목록을 받습니다. 값이 없거나 $param이 바인딩되지 않으면 아무 일도 하지 않습니다.`;
const BACKWARD = '최신 행부터 읽습니다.';
const KV_TABLE = '읽을 키-값 테이블.';
const QUERY_SOURCE = "SUB 이름 또는 따옴표로 감싼 사전 정의 경로 ('/app/…').";
const UNKNOWN_ALERT_KEY = '생성된 알림 쿼리에서 보인 키로, 의미는 알 수 없습니다.';
const KEEP_EQUAL = '컬럼 값이 이 값과 같은 행을 남깁니다.';
const DROP_EQUAL = '컬럼 값이 이 값과 같은 행을 버립니다.';

/** By command name. */
export const KO_COMMANDS: CatalogTranslation['commands'] = {
  CATEGORY: {
    description:
      '파이프라인이 읽을 지표 테이블을 지정합니다. 파이프라인마다 한 번 필요합니다. 맵 형식은 시간 구간 길이에 따라 롤업을 고릅니다.',
  },
  OID: { description: agentFilter('에이전트(오브젝트 ID)') },
  OKIND: { description: agentFilter('에이전트 그룹(okind ID)') },
  ONODE: { description: agentFilter('노드(onode ID)') },
  OIDSET: {
    description: '에이전트, 에이전트 그룹, 노드로 로드를 제한하던 예전 방식으로, 객체 하나에 함께 씁니다.',
    options: {
      oid: '로드할 에이전트 ID (또는 $param).',
      okind: '로드할 에이전트 그룹 ID (또는 $param).',
      onode: '로드할 노드 ID (또는 $param).',
      microOid: '컨테이너 카테고리에서 로드할 컨테이너(마이크로 에이전트) ID.',
    },
    deprecated: '벤더가 OIDSET을 폐기했습니다. OID, OKIND, ONODE 한 줄이 같은 일을 합니다.',
  },
  HEADER: {
    description: '대시보드 위젯용 표시 힌트이며 데이터는 바꾸지 않습니다.',
    options: { category: '대시보드 위젯이 결과와 연결할 카테고리.' },
    anyKey: '결과 컬럼 이름 뒤에 `$`를 붙인 키로, 대시보드 위젯에 그 컬럼의 표시 방법을 알려 줍니다',
  },
  'TIME-RANGE': {
    description: '쿼리의 시간 구간(호출하는 쪽의 stime/etime)을 덮어씁니다.',
    options: {
      recent: '지금 끝나는, 이 길이의 구간.',
      duration: '구간 길이. `stime`부터 세거나 `etime`에서 거꾸로 셉니다.',
      etime: '구간의 끝 (에포크 ms, 보통 $etime).',
      stime: '구간의 시작 (에포크 ms, 보통 $stime).',
      sdate: "구간의 첫날 ('yyyy/MM/dd' 형식).",
      edate: "구간의 마지막 날 ('yyyy/MM/dd' 형식).",
      timezone: '`sdate`/`edate`의 시간대.',
    },
  },
  'TIME-PAST': {
    description: '시간 구간 전체를 과거로 옮겨 어제나 지난주와 비교할 수 있게 합니다.',
    options: { delta: '구간을 얼마나 과거로 옮길지.' },
  },
  LogTag: {
    description: '로그 로더가 실행되기 전에 로그 카테고리를 지정한 태그 값을 가진 줄로 좁힙니다.',
    options: {
      key: '일치시킬 로그 태그 이름 (여러 개 가능).',
      value: '로그 줄이 가져야 하는 태그 값 (여러 개 가능).',
      exclude: '로그 줄을 제외시키는 태그 값 (여러 개 가능).',
    },
  },
  TAGLOAD: {
    description: 'CATEGORY로 고른 태그·필드 카테고리의 행을 읽습니다.',
    options: {
      backward: BACKWARD,
      filter: '로드 시점의 행 필터: {key, value|exclude|like|notlike} 하나 또는 그 목록.',
      'filter.key': '필터가 검사할 컬럼.',
      'filter.value': KEEP_EQUAL,
      'filter.exclude': DROP_EQUAL,
      'filter.like': '값에 이 텍스트가 들어 있는 행을 남깁니다 (숫자는 따옴표로 감쌉니다).',
      'filter.notlike': '값에 이 텍스트가 들어 있는 행을 버립니다 (숫자는 따옴표로 감쌉니다).',
    },
  },
  FLEXLOAD: {
    description: '필드만 있는 카테고리(agent_list, event_cache, stat_* …)의 행을 읽습니다.',
    options: { backward: BACKWARD, rows: '읽을 행 수의 상한.' },
  },
  LogCountLoad: {
    description: '로그 카테고리의 구간별 로그 줄 수와 비율을 읽습니다.',
    options: {
      stat: '읽을 로그 통계. 전부 읽으려면 "*".',
      group: '개수를 셀 기준이 되는 로그 태그 키.',
      aggr: '집계할 로그 태그 키.',
    },
  },
  LogSink: { description: '로그 싱크 카테고리의 원본 레코드를 읽습니다.', options: { backward: BACKWARD } },
  'KV.LOAD': {
    description: '카테고리 대신 키-값(인벤토리) 테이블의 모든 행을 읽습니다.',
    options: { table: KV_TABLE, ifexist: '테이블이 없을 때 실패하지 않고 아무것도 반환하지 않습니다.' },
  },
  'KV.SNAPSHOT': {
    description: '키-값 테이블의 특정 날짜 스냅숏을 읽습니다.',
    options: { table: KV_TABLE, target: '읽을 테이블 스냅숏.' },
  },
  'kv.select': {
    description: '키-값 테이블에서 지정한 키를 가진 행을 읽습니다.',
    options: { table: KV_TABLE, 'pk.val': '읽을 행의 기본 키 값.' },
  },
  '>>': {
    description: '줄의 나머지가 PromQL 쿼리이며, 그 결과 행(time, value, 라벨)이 파이프라인으로 들어갑니다.',
  },
  SELECT: {
    description: '나열한 컬럼만 그 순서대로 남깁니다. 인자 없는 SELECT는 모든 컬럼을 남깁니다.',
    options: {
      default: '`like`/`notlike`와 관계없이 남기는 컬럼.',
      like: '이름에 이 텍스트가 들어 있는 컬럼만 남깁니다.',
      notlike: '이름에 이 텍스트가 들어 있는 컬럼을 버립니다.',
    },
  },
  CREATE: {
    description: '컬럼 하나를 추가합니다: 상수, 복사, 수식, 또는 조회한 이름.',
    options: {
      key: '추가할 컬럼의 이름.',
      value: '모든 행에 넣을 상수.',
      from: '이 컬럼을 복사합니다.',
      expr: '같은 행의 다른 컬럼으로 값을 계산합니다.',
      oname: '이 컬럼에 든 oid의 에이전트 이름을 조회합니다.',
      okind: '이 컬럼에 든 okind의 그룹 이름을 조회합니다.',
      onode: '이 컬럼에 든 onode의 노드 이름을 조회합니다.',
      env: '쿼리 환경의 값(구간 시작/끝, 현재 시각)을 복사합니다.',
    },
  },
  'CREATE-EXPR': {
    description: '계산 컬럼 여러 개를 한 번에 추가합니다. 키마다 수식 하나를 씁니다.',
    anyKey: '추가할 컬럼의 이름이며, 값은 그 수식입니다',
  },
  DELETE: {
    description: '나열한 컬럼을 제거합니다. 매뉴얼은 목록을 요구하지만 이름 하나만 써도 동작합니다.',
  },
  RENAME: {
    description: '컬럼 이름을 바꿉니다. `time`의 이름을 바꾸면 ORDER와 GROUP의 동작이 달라집니다.',
    options: { src: '현재 컬럼 이름 (여러 개 가능).', dst: '새 이름 (위치별로 대응).' },
  },
  ROWNUM: { description: '새 `rownum` 컬럼에 행 번호를 매깁니다.' },
  ADJUST: {
    description: '숫자 컬럼에 산술 연산이나 하한/상한을 적용합니다 (`time`에는 적용하지 않음).',
    options: {
      key: '바꿀 컬럼. 없으면 모든 숫자 컬럼.',
      add: '각 값에 이 값을 더합니다.',
      sub: '각 값에서 이 값을 뺍니다.',
      mul: '각 값에 이 값을 곱합니다.',
      div: '각 값을 이 값으로 나눕니다.',
      over: '이 값보다 작은 값을 이 값으로 올립니다 (하한).',
      under: '이 값보다 큰 값을 이 값으로 내립니다 (상한).',
    },
  },
  UNFOLD: { description: '목록 값(packed) 컬럼을 요소마다 한 행으로 펼칩니다.' },
  FOLD: {
    description: 'UNFOLD의 반대: 여러 행의 값을 목록 값 컬럼으로 묶습니다.',
    options: { pk: '값이 같으면 한 묶음 행이 되는 컬럼.', key: '목록으로 묶을 컬럼.' },
  },
  'PIVOT-HEAD': {
    description: '컬럼을 행으로 바꿉니다: 나머지 컬럼마다 (pivot_field, pivot_value) 행이 됩니다.',
    options: { key: '모든 출력 행에 그대로 남는 컬럼.', except: '피벗에서 뺄 컬럼.' },
  },
  'PIVOT-FIELD': {
    description: '행을 컬럼으로 바꿉니다: 한 컬럼의 값이 새 컬럼 이름이 됩니다.',
    options: {
      key: '출력 행 하나를 식별하는 컬럼.',
      pivot_field: '값이 컬럼 이름이 될 컬럼.',
      pivot_value: '값이 새 컬럼을 채울 컬럼.',
    },
  },
  DELTA: {
    description: '같은 시리즈의 이전 행 이후 카운터가 얼마나 변했는지 기록합니다.',
    options: {
      pk: '시리즈 하나를 식별하는 컬럼.',
      key: '차이를 받을 컬럼.',
      target: '차이를 구할, 계속 증가하는 카운터 컬럼.',
    },
  },
  HVTEXT: {
    description: '텍스트 사전에서 해시를 찾아 그 텍스트(SQL, 서비스 이름, 오류 …)로 바꿉니다.',
    options: {
      hash: '해시가 든 컬럼.',
      key: '텍스트를 받을 컬럼.',
      type: '사용할 텍스트 사전.',
      timefield: '해시가 기록된 시각이 든 컬럼.',
      checktime: '그 시각 전후로 텍스트를 찾을 범위.',
    },
  },
  FORMAT: {
    description: '컬럼을 표시 형식으로 다시 씁니다. 예: 숫자 IP를 점 표기 텍스트로.',
    options: { key: '그 자리에서 서식을 바꿀 컬럼.', type: '바꿀 형식.' },
  },
  IP2LOC: { description: 'IP 컬럼으로 조회한 지리적 위치 컬럼을 추가합니다.' },
  'OS-BROWSER': {
    description: '사용자 에이전트를 풀어 운영체제와 브라우저 컬럼을 만듭니다.',
    options: { hashKey: '사용자 에이전트 해시가 든 컬럼.', textKey: '사용자 에이전트 텍스트를 받을 컬럼.' },
  },
  SQLTABLE: {
    description: 'SQL 텍스트를 분석해 접근하는 테이블과 접근 종류를 나열합니다.',
    options: {
      sql: 'SQL 텍스트가 든 컬럼.',
      key: '찾아낸 테이블과 작업을 받을 컬럼.',
      compact: '더 짧게 출력합니다.',
    },
  },
  'PART-BY': {
    description: '파티션별 집계를 계산해 새 컬럼에 넣습니다.',
    options: {
      task: '{key, from, func} 계산의 목록.',
      'task.key': '결과를 받을 컬럼.',
      'task.from': '함수가 읽을 컬럼.',
      'task.func': '값을 합치는 방법.',
    },
  },
  PLUGIN: { description: '행을 서버 쪽 플러그인에 넘깁니다. 무엇이 돌아올지는 플러그인에 달려 있습니다.' },
  GROUP: {
    description:
      '행을 시간과 키 컬럼으로 구간을 나누고 구간마다 한 행으로 병합합니다. 병합된 행 수는 `_rows_`에 셉니다.',
    options: {
      timeunit: '시간 구간의 폭 (기간, m5/h1 형식, 또는 ms).',
      pk: '그룹을 식별하는 컬럼.',
      last: '그룹마다 가장 최근 값을 남길 컬럼.',
      listup: '모든 값을 목록으로 남길 컬럼 (UPDATE pct용).',
      user: '사용자 비트 블롭 컬럼: 고유 사용자 수로 바뀌고, 병합된 비트는 `userbytes`에 남습니다.',
      merge: 'MetricValue로 누적할 숫자 컬럼.',
      rows: '그룹마다 남길 최대 행 수 (지정하지 않으면 1000).',
      first: '그룹마다 가장 이른 값을 남길 컬럼.',
      sum: '그룹마다 합산할 컬럼.',
      quantile: '병합할 분위수 스케치 컬럼.',
      quantile2: '병합할 분위수 스케치 컬럼으로, `rank`로 읽습니다.',
      rank: '`quantile2`에서 읽을 분위수 (0..1).',
      timegroup: '생성된 알림 쿼리에서 `timeunit` 대신 쓰인 키.',
      keep: UNKNOWN_ALERT_KEY,
    },
  },
  UPDATE: {
    description: '값을 그 자리에서 바꿉니다: MetricValue 축약, 날짜와 숫자 서식, 빈 값 채우기, 형 변환.',
    options: {
      key: '바꿀 컬럼.',
      value: 'MetricValue를 숫자 하나로 축약하는 방법.',
      datetime: "에포크 ms를 텍스트로 보여 줍니다. 예: 'yyyy-MM-dd HH:mm' (따옴표로 감쌉니다).",
      timezone: '`datetime`에 쓰는 시간대.',
      notnull: '컬럼이 비어 있는 곳에 쓸 값.',
      pct: 'GROUP listup으로 모은 컬럼의 백분위수 (0..100).',
      decimal: "'0.00' 같은 숫자 서식 (따옴표로 감쌉니다).",
      cast: '컬럼을 이 타입으로 변환합니다.',
      expr: '한 번 보인 키: 수식으로 컬럼을 다시 계산합니다.',
      keep: UNKNOWN_ALERT_KEY,
    },
  },
  IFUPDATE: {
    description: '조건을 만족하는 행의 컬럼을 상수로 덮어씁니다.',
    options: {
      if: '행이 만족해야 하는 조건.',
      key: '덮어쓸 컬럼.',
      value: '새 값 (null이면 지웁니다).',
    },
  },
  OIUPDATE: {
    description: '에이전트 관련 컬럼의 빈 값을 기본값으로 채웁니다.',
    options: { key: '채울 컬럼.', notnull: '컬럼이 비어 있는 곳에 쓸 값.' },
  },
  ORDER: {
    description: '행을 정렬합니다. `time` 컬럼이 있으면 항상 그 컬럼이 먼저 정렬됩니다.',
    options: {
      key: '정렬 기준 컬럼. 중요한 것부터 씁니다.',
      sort: '키마다의 정렬 방향.',
      rows: '시간 값마다 남길 최대 행 수 (지정하지 않으면 10000).',
    },
  },
  LIMIT: { description: '처음 N개 행만 넘깁니다.' },
  SKIP: {
    description: '처음 N개 행을 버립니다. LIMIT와 함께 쓰면 결과를 페이지 단위로 넘길 수 있습니다.',
    options: { value: '버릴 행 수.' },
  },
  FILTER: {
    description: '검사 하나를 통과한 행을 남깁니다. 조건마다 FILTER 줄을 하나씩 씁니다.',
    options: {
      key: '검사할 컬럼.',
      value: KEEP_EQUAL,
      expr: '이 조건이 참인 행을 남깁니다.',
      exist: '컬럼에 값이 있는 행을 남깁니다 (`true`만 가능).',
      notexist: '컬럼이 비어 있는 행을 남깁니다 (`true`만 가능).',
      over: '컬럼 값이 이 값 이상인 행을 남깁니다.',
      under: '컬럼 값이 이 값 이하인 행을 남깁니다.',
      like: '값에 이 텍스트가 들어 있는 행을 남깁니다.',
      exclude: DROP_EQUAL,
    },
  },
  'FILTER-KEYS': {
    description: '키 컬럼이 지정한 값을 가진 행을 남깁니다. 복수형 `keys`/`values`에 주의하세요.',
    options: {
      keys: '비교할 컬럼 (복수형 키).',
      values: '그 컬럼들이 가져야 하는 값, 위치별로 대응 (복수형 키).',
    },
  },
  'FIRST-ONLY': {
    description: '키 값마다 첫 행만 넘깁니다. 결과는 로드 방향에 따라 달라집니다.',
    options: { key: '값 조합이 처음 나와야 하는 컬럼.', timebase: '시간 값마다 적용합니다.' },
  },
  'LAST-ONLY': {
    description: '키 값마다 가장 최근 행만 넘깁니다.',
    options: { key: '값 조합으로 시리즈를 식별하는 컬럼.' },
  },
  'TIME-FILTER': {
    description: '지정한 시간 범위 안에 드는 행을 건너뜁니다.',
    options: {
      time: "시작 시점 ('yyyy/MM/dd HH:mm:ss' 형식).",
      date: "날짜 ('yyyy/MM/dd' 형식).",
      duration: '`time`/`date`부터의 길이 (d1, h1, m5 … 또는 ms).',
      timezone: '`time`/`date`의 시간대.',
      gmt: 'GMT 기준 시차, 시간 단위 (9, -5).',
    },
  },
  JOIN: {
    description: '다른 쿼리(SUB 또는 경로)의 컬럼을 키가 같은 행에 추가합니다.',
    options: {
      query: QUERY_SOURCE,
      pk: '두 결과 사이에서 맞춰 볼 키 컬럼.',
      field: '다른 결과에서 가져올 컬럼. 없으면 모두.',
      type: '조인 종류.',
      last: '다른 결과에서 가장 최근 값을 가져올 컬럼.',
      rows: '다른 쿼리에서 읽을 행 수의 상한.',
    },
  },
  JOINByTime: {
    description: 'JOIN과 같지만 행의 시간도 같아야 합니다.',
    options: { query: QUERY_SOURCE, pk: '시간 외에 맞춰 볼 키 컬럼.' },
  },
  APPEND: {
    description: '이 파이프라인의 행 뒤에 다른 쿼리의 행을 덧붙입니다.',
    options: { query: QUERY_SOURCE, field: '덧붙인 행에서 남길 컬럼.' },
  },
  'FILTER-SUBQUERY': {
    description: '키 값이 다른 쿼리에 나오는 행을 남깁니다 (또는 버립니다).',
    options: {
      key: '다른 결과에서 값을 찾아볼 컬럼.',
      query: '키 값이 이 SUB나 경로에서 발견된 행만 남습니다.',
      include: '`query`와 같습니다.',
      exclude: '키 값이 이 SUB나 경로에서 발견된 행은 버립니다.',
    },
  },
  'kv.insert': {
    description: '현재 행을 키-값 테이블에 저장합니다.',
    options: { table: '쓸 키-값 테이블.', 'pk.key': '행 키를 이루는 컬럼.' },
  },
  SUB: {
    description: 'JOIN, APPEND 등이 참조할 수 있는 이름 있는 하위 쿼리를 시작합니다 (END로 끝냅니다).',
  },
  END: { description: '마지막으로 연 SUB 블록을 닫습니다.' },
  INJECT: {
    description:
      '호출하는 쪽이 이 이름으로 보낸 MXQL 줄로 바뀌는 자리 표시자입니다. 아무것도 보내지 않으면 아무 일도 일어나지 않습니다.',
  },
  OPENMX: {
    description: '쿼리 전체가 PromQL입니다 (OpenMetrics 이름을 둘러보려면 `ls`/`status`).',
  },
};
