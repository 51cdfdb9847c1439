// What people read about each tool, in every language the product speaks: its title (the chat's tool
// picker and progress line, the confirmation dialog, MCP clients' tool lists) and one sentence saying what
// it does. English is the tool's own definition (its title, and the first sentence of its description);
// the Korean and Japanese texts are this one table, which `npm run tools:manifest` writes into
// package.nls.ko.json and package.nls.ja.json, and which the extension and `mxql mcp --locale` read.
import type { Language, UiLanguage } from '../common/l10n';
import type { ToolDefinition } from './types';

/** A tool's title and its one sentence for people, in one language. */
export interface ToolDisplayText {
  readonly title: string;
  readonly description: string;
}

/** Tool name → its texts in each translated language; a test names any tool missing here. */
export const TOOL_DISPLAY_TEXTS: Readonly<Record<string, Readonly<Record<UiLanguage, ToolDisplayText>>>> = {
  mxql_find_data: {
    ko: {
      title: '의미로 모니터링 데이터 찾기',
      description: '한국어·영어·일본어로 적은 말에 맞는 MXQL 카테고리와 컬럼을 찾습니다.',
    },
    ja: {
      title: '意味で監視データを探す',
      description: '日本語・英語・韓国語の言葉に合う MXQL カテゴリと列を探します。',
    },
  },
  mxql_describe_category: {
    ko: {
      title: 'MXQL 카테고리 설명',
      description:
        '카테고리의 태그와 필드(이름, 타입, 단위, 뜻), 로더와 검사를 통과한 예제 쿼리를 보여 줍니다.',
    },
    ja: {
      title: 'MXQL カテゴリの説明',
      description:
        'カテゴリのタグとフィールド(名前、型、単位、意味)、ローダーとチェックを通る例のクエリを示します。',
    },
  },
  mxql_check: {
    ko: {
      title: 'MXQL 쿼리 검사',
      description: '실행하지 않고 MXQL을 검사합니다: 문법, 명령, 옵션, 카탈로그의 카테고리와 컬럼.',
    },
    ja: {
      title: 'MXQL クエリのチェック',
      description: '実行せずに MXQL をチェックします: 構文、コマンド、オプション、カタログのカテゴリと列。',
    },
  },
  mxql_explain: {
    ko: {
      title: 'MXQL 쿼리 설명',
      description:
        'MXQL 쿼리를 단계별로 설명합니다: 각 명령의 줄, 하는 일, 추가하거나 제외하는 컬럼, 그리고 결과의 컬럼(메인 파이프라인과 각 SUB).',
    },
    ja: {
      title: 'MXQL クエリの説明',
      description:
        'MXQL クエリを段階ごとに説明します: 各コマンドの行、その働き、追加・除外するカラム、そして結果のカラム(メインパイプラインと各 SUB)。',
    },
  },
  mxql_run: {
    ko: { title: 'MXQL 쿼리 실행', description: '모니터링 서비스(또는 데모)에서 MXQL을 실행합니다.' },
    ja: { title: 'MXQL クエリの実行', description: '監視サービス(またはデモ)で MXQL を実行します。' },
  },
  mxql_list_projects: {
    ko: {
      title: '모니터링 프로젝트 목록',
      description: '계정의 프로젝트를 이름, pcode, 제품 유형, 플랫폼, 상태와 함께 보여 줍니다.',
    },
    ja: {
      title: '監視プロジェクトの一覧',
      description:
        'アカウントのプロジェクトを名前、pcode、製品タイプ、プラットフォーム、状態とともに示します。',
    },
  },
  mxql_list_agents: {
    ko: {
      title: '프로젝트의 에이전트 목록',
      description: '프로젝트의 에이전트를 이름, 호스트 IP, 활성 여부와 함께 보여 줍니다.',
    },
    ja: {
      title: 'プロジェクトのエージェント一覧',
      description: 'プロジェクトのエージェントを名前、ホスト IP、稼働状況とともに示します。',
    },
  },
  mxql_open_api: {
    ko: {
      title: 'Open API 조회 엔드포인트 호출',
      description: 'Monitoring Open API의 조회 엔드포인트 하나를 명세와 한도를 확인한 뒤 호출합니다.',
    },
    ja: {
      title: 'Open API の参照エンドポイントを呼ぶ',
      description: 'Monitoring Open API の参照エンドポイントを仕様と上限を確かめてから呼びます。',
    },
  },
  mxql_list_paths: {
    ko: {
      title: '미리 정의된 쿼리 경로 나열',
      description:
        '서비스의 미리 정의된 쿼리(mxql_run이 mql 대신 path로 실행하는 /app/act_tx/act_tx_oid 같은 경로)를 나열합니다.',
    },
    ja: {
      title: '定義済みクエリのパスを一覧',
      description:
        'サービスの定義済みクエリ(mxql_run が mql の代わりに path で実行する /app/act_tx/act_tx_oid のようなパス)を一覧します。',
    },
  },
  mxql_compare: {
    ko: {
      title: '기준 구간과 비교',
      description:
        '"무엇이 바뀌었나?"에 답합니다: MXQL 쿼리 하나를 그 구간과 기준 구간(prev: 바로 앞 구간, 1d·7d: 하루 전·일주일 전 같은 구간)에 실행하고, 에이전트(oid/oname)와 숫자 필드별로 평균이 얼마나 움직였는지(변화량, 변화율, 기준 구간 표준편차 단위의 score) 순위를 매깁니다.',
    },
    ja: {
      title: '基準期間と比較',
      description:
        '「何が変わったか」に答えます。1 つの MXQL クエリをその期間と基準期間 (prev: 直前の期間、1d・7d: 1 日前・1 週間前の同じ期間) で実行し、エージェント (oid/oname) と数値フィールドごとに平均がどれだけ動いたか (変化量、変化率、基準期間の標準偏差を単位とした score) を順位付けします。',
    },
  },
  mxql_alert_draft: {
    ko: {
      title: '알림 규칙 초안과 재적용',
      description:
        'MXQL 쿼리를 이벤트(알림) 규칙으로 바꾸고 과거 데이터에 다시 적용합니다: 쿼리를 지난 하루(over: 6h, 7d …)에 실행하고, 첫 숫자 필드(또는 field)를 고르고, 데이터에서 임계값을 제안하며(95번째 백분위수를 반올림, 또는 단위가 있는 threshold: 80%, 250ms, 1.5k), 규칙 JSON(category, rule, eventTitle, eventMessage, eventLevelText, silentSec, repeatDuration), 임계값의 근거, 그리고 백테스트(에이전트별로 규칙이 언제, 얼마나 오래 발생했을지)를 돌려줍니다.',
    },
    ja: {
      title: 'アラートルール案と再適用',
      description:
        'MXQL クエリをイベント (アラート) ルールにし、過去のデータに再適用します。クエリを直近 1 日 (over: 6h、7d …) で実行し、最初の数値フィールド (または field) を選び、データからしきい値を提案し (95 パーセンタイルを丸めた値、または単位付きの threshold: 80%、250ms、1.5k)、ルール JSON (category、rule、eventTitle、eventMessage、eventLevelText、silentSec、repeatDuration)、しきい値の根拠、そしてバックテスト (エージェントごとにルールがいつ、どれだけの間発火していたか) を返します。',
    },
  },
};

/** The first sentence of a model description, which says what the tool does without how to call it. */
function firstSentence(description: string): string | undefined {
  return /^.*?[.!?](?=\s+[A-Z]|$)/s.exec(description)?.[0];
}

/** `tool`'s title and sentence for people in `language`; English where a translation is missing. */
export function toolDisplayText(
  tool: Pick<ToolDefinition<never>, 'name' | 'title' | 'description'>,
  language: Language,
): ToolDisplayText {
  const translated = language === 'en' ? undefined : TOOL_DISPLAY_TEXTS[tool.name]?.[language];
  return translated ?? { title: tool.title, description: firstSentence(tool.description) ?? tool.title };
}
