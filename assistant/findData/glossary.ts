/**
 * A small bilingual glossary of monitoring terms, written for this project: a Korean, Japanese or
 * English word adds the English words that column and category names use (응답시간 → resp, time), and
 * some words point to a product line (컨테이너 → Kubernetes) that ranks that line's categories first.
 */
import { type ProductLine } from '../../server/core/index';
import { normalise, stem, tokenize } from './tokenize';

interface GlossaryEntry {
  /** Surface forms; Korean and Japanese ones match inside words, English ones as whole words. */
  readonly words: readonly string[];
  /** English words as names spell them. */
  readonly adds: readonly string[];
  readonly line?: ProductLine;
}

const GLOSSARY: readonly GlossaryEntry[] = [
  {
    words: ['응답시간', '응답 시간', '응답', '応答時間', '応答', 'レスポンス', 'latency', '지연'],
    adds: ['resp', 'response', 'time'],
  },
  {
    words: ['액티브', '활성', 'アクティブ', '実行中', '실행중', '실행 중', 'in-flight', 'running'],
    adds: ['active'],
  },
  {
    words: ['트랜잭션', '트랜젝션', 'トランザクション', 'transaction'],
    adds: ['tx', 'transaction', 'service'],
  },
  { words: ['서비스', 'サービス'], adds: ['service', 'tx'] },
  { words: ['초당', '毎秒', '秒間', 'throughput', '처리량', 'スループット'], adds: ['tps', 'rate'] },
  { words: ['메모리', 'メモリ', 'memory', 'mem'], adds: ['memory', 'mem'] },
  { words: ['힙', 'ヒープ'], adds: ['heap'] },
  { words: ['디스크', 'ディスク'], adds: ['disk'] },
  { words: ['파일시스템', 'ファイルシステム', 'filesystem'], adds: ['disk', 'fs', 'mount'] },
  { words: ['네트워크', 'ネットワーク', '트래픽', 'トラフィック'], adds: ['network', 'net', 'traffic'] },
  { words: ['에이전트', 'エージェント'], adds: ['agent', 'oid', 'oname'] },
  { words: ['프로젝트', 'プロジェクト'], adds: ['pcode', 'project'] },
  { words: ['서버', 'サーバ', 'server'], adds: ['server'], line: 'server' },
  { words: ['호스트', 'ホスト'], adds: ['host'] },
  {
    words: [
      '데이터베이스',
      'データベース',
      'database',
      'mysql',
      'postgresql',
      'oracle',
      'mssql',
      'mongodb',
      'redis',
    ],
    adds: ['db', 'database'],
    line: 'database',
  },
  { words: ['커넥션', '연결', '접속', '接続', 'コネクション', 'connection'], adds: ['conn', 'connection'] },
  { words: ['커넥션풀', '커넥션 풀', 'コネクションプール', 'pool'], adds: ['pool'] },
  { words: ['사용자', '유저', 'ユーザ', '利用者'], adds: ['user'] },
  { words: ['동시접속', '동시 접속', '同時接続', 'concurrent'], adds: ['user', 'concurrent'] },
  { words: ['방문자', '訪問者', 'visitor'], adds: ['visitor'] },
  { words: ['오류', '에러', 'エラー', '예외', '例外'], adds: ['error', 'err'] },
  { words: ['건수', '횟수', '개수', '件数', '回数', '数'], adds: ['count', 'cnt'] },
  { words: ['사용량', '使用量', 'usage'], adds: ['usage', 'used'] },
  { words: ['사용률', '使用率', 'utilization'], adds: ['usage', 'pct', 'util'] },
  { words: ['스레드', 'スレッド'], adds: ['thread'] },
  { words: ['가비지', 'ガベージ', 'gc'], adds: ['gc'] },
  { words: ['컨테이너', 'コンテナ'], adds: ['container'], line: 'kubernetes' },
  { words: ['쿠버네티스', 'kubernetes', 'k8s', '파드', 'ポッド'], adds: ['kube', 'pod'], line: 'kubernetes' },
  { words: ['노드', 'ノード'], adds: ['node', 'onode'] },
  { words: ['클러스터', 'クラスタ'], adds: ['cluster'] },
  { words: ['상태', '状態', '状況'], adds: ['status', 'state', 'stat'] },
  { words: ['통계', '統計', 'statistic'], adds: ['stat'] },
  { words: ['목록', '一覧', '리스트', 'リスト'], adds: ['list'] },
  { words: ['종류', '種類', '유형', '타입', 'タイプ'], adds: ['okind', 'kind', 'type'] },
  { words: ['요약', '要約', 'サマリ'], adds: ['summary', 'count'] },
  {
    words: ['이벤트', 'イベント', '알림', '경보', 'アラート', 'alarm'],
    adds: ['event', 'alert'],
    line: 'any',
  },
  { words: ['로그', 'ログ'], adds: ['log'], line: 'logs' },
  { words: ['브라우저', 'ブラウザ', '페이지', 'ページ'], adds: ['rum', 'page', 'browser'], line: 'browser' },
  { words: ['프로세스', 'プロセス'], adds: ['process', 'proc'] },
  { words: ['쿼리', 'クエリ', '슬로우', 'スロー'], adds: ['sql'] },
  { words: ['외부호출', '외부 호출', '外部呼び出し', 'http'], adds: ['httpc', 'http'] },
  { words: ['코어', 'コア'], adds: ['core', 'cores'] },
  { words: ['밀리코어', '밀리 코어', 'ミリコア', 'millicore'], adds: ['millicore', 'quota', 'cpu'] },
  { words: ['인스턴스', 'インスタンス'], adds: ['instance'] },
  { words: ['세션', 'セッション'], adds: ['session'] },
  { words: ['테이블', 'テーブル'], adds: ['table'] },
  { words: ['인덱스', 'インデックス'], adds: ['index', 'idx'] },
  { words: ['대기', '待機', 'wait'], adds: ['wait'] },
  { words: ['잠금', '락', 'ロック'], adds: ['lock'] },
  {
    words: ['애플리케이션', '어플리케이션', 'アプリケーション', '앱'],
    adds: ['app', 'application'],
    line: 'apm',
  },
  { words: ['스왑', 'スワップ'], adds: ['swap'] },
  { words: ['부하', '負荷'], adds: ['load'] },
  { words: ['패킷', 'パケット'], adds: ['packet'] },
  { words: ['클라우드', 'クラウド', 'aws', 'azure', 'gcp'], adds: ['cloud'], line: 'cloud' },
  { words: ['클래스', 'クラス'], adds: ['class'] },
  { words: ['버전', 'バージョン'], adds: ['version'] },
  { words: ['시간', '時間'], adds: ['time'] },
  { words: ['사이즈', '크기', 'サイズ'], adds: ['size'] },
  { words: ['바이트', 'バイト'], adds: ['byte'] },
  { words: ['요청', 'リクエスト'], adds: ['request', 'req'] },
];

/** A term the query adds, the word of the query it comes from, and a product line it points to. */
export interface GlossaryHit {
  readonly word: string;
  readonly terms: readonly string[];
  readonly line?: ProductLine;
}

/** A word outside ASCII: Korean or Japanese, matched inside words. */
const CJK = /[^ -~]/;

interface PreparedEntry {
  readonly entry: GlossaryEntry;
  readonly cjk: readonly string[];
  readonly latin: ReadonlySet<string>;
  readonly terms: readonly string[];
}

const PREPARED: readonly PreparedEntry[] = GLOSSARY.map((entry) => ({
  entry,
  cjk: entry.words.filter((w) => CJK.test(w)).map(normalise),
  latin: new Set(entry.words.filter((w) => !CJK.test(w)).map((w) => normalise(w).trim())),
  terms: entry.adds.flatMap((a) => tokenize(a)),
}));

/** The glossary entries the text names. */
export function glossaryHits(text: string): GlossaryHit[] {
  const folded = normalise(text);
  const words = new Set(folded.split(/[^a-z0-9-]+/).flatMap((w) => (w ? [w, stem(w)] : [])));
  const out: GlossaryHit[] = [];
  for (const p of PREPARED) {
    const word = p.cjk.find((w) => folded.includes(w)) ?? [...p.latin].find((w) => words.has(w));
    if (word === undefined) continue;
    out.push({ word, terms: p.terms, ...(p.entry.line ? { line: p.entry.line } : {}) });
  }
  return out;
}
