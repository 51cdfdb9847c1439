/**
 * Japanese sentences for option values, expression functions, system columns, well-known `$params`,
 * INJECT names and directives, keyed like their English tables.
 */
import { type CatalogTranslation } from './catalogText';

/** By value list, then value. */
export const JA_VALUES: CatalogTranslation['values'] = {
  SORT_ORDERS: { asc: '小さい値から並べます。', desc: '大きい値から並べます。' },
  BOOLEAN_VALUES: {
    true: '動作をオンにします。',
    false: '動作をオフにします (ほとんどのスイッチの既定値)。',
  },
  TIMEUNIT_VALUES: {
    '5000': '5 秒をミリ秒で書いた値です。',
    '5s': '5 秒単位の区間。',
    '1m': '1 分単位の区間。',
    '5m': '5 分単位の区間。',
    '10m': '10 分単位の区間。',
    '1h': '1 時間単位の区間。',
    '1d': '1 日単位の区間。',
    m1: '1 分 (接頭辞形式)。',
    m5: '5 分 (接頭辞形式)。',
    m10: '10 分 (接頭辞形式)。',
    h1: '1 時間 (接頭辞形式)。',
    d1: '1 日 (接頭辞形式)。',
    '10s': '10 秒単位の区間。',
    '30s': '30 秒単位の区間。',
    '60s': '60 秒単位の区間。',
    '120s': '2 分単位の区間を秒で書いた値です。',
  },
  DURATION_VALUES: {
    '15s': '直近 15 秒。',
    '1m': '1 分。',
    '5m': '5 分。',
    '10m': '10 分。',
    '30m': '30 分。',
    '1h': '1 時間。',
    '6h': '6 時間。',
    '24h': '24 時間。',
    '1d': '1 日。',
    '3d': '3 日。',
    '7d': '1 週間。',
    '28d': '4 週間。',
  },
  MERGE_FUNCTIONS: {
    sum: 'マージした値を合計します。',
    avg: 'マージした値の平均。集約しない MetricValue が表示する値です。',
    min: 'マージした値の最小値。',
    max: 'マージした値の最大値。',
    last: '最後にマージした値。',
    cnt: 'マージした値の個数。',
    count: 'マージした値の個数 (長い表記)。',
    aggr: 'LogCountLoad が生成するログの集計統計。',
  },
  UPDATE_KINDS: {
    value: 'MetricValue をマージ関数で集約します。',
    datetime: 'エポックミリ秒のカラムを Java の日付パターンでテキストにします。',
    timezone: '`datetime` で使うタイムゾーン。',
    notnull: 'カラムが空のときに入れる値。',
    pct: 'GROUP の `listup` で集めたカラムのパーセンタイル。',
    decimal: '数値を Java の10進パターンで書式化します。',
    cast: 'カラムを別の型に変換します。',
  },
  CAST_TYPES: { long: '整数 (64 ビット)。', int: '整数 (32 ビット)。', string: '文字列。' },
  JOIN_TYPES: { inner: '両方のクエリにキーがある行だけを残します。' },
  HVTEXT_TYPES: {
    sql: 'SQL 文のテキスト。',
    service: 'トランザクション (サービス) 名。',
    error: 'エラーのクラスまたはメッセージ。',
    db_attribute: 'データベースの属性名。',
    db_url: 'データベースの接続 URL。',
    http_domain: 'HTTP ドメイン。',
    httpc_host: '外部 HTTP 呼び出しのホスト。',
    httpc_url: '外部 HTTP 呼び出しの URL。',
    login: 'ログインユーザー名。',
    mtrace_spec: 'マルチトランザクション追跡の仕様。',
    referer: 'HTTP リファラー。',
    user_agent: 'ブラウザのユーザーエージェント。',
  },
  FORMAT_TYPES: { ip: '数値の IPv4 アドレスをドット区切りのテキストにします。' },
  ENV_VALUES: {
    stime: 'クエリ期間の開始 (エポック ms)。',
    etime: 'クエリ期間の終了 (エポック ms)。',
    now: 'クエリを実行した時刻 (エポック ms)。',
  },
  HEADER_TYPE_CODES: {
    I: '整数。',
    F: '小数。',
    P: 'パーセント。',
    '%': 'パーセント。',
    B: 'バイト。',
    ms: 'ミリ秒。',
    S: '文字列。',
    '#': '件数。',
    id: '識別子。',
    l: '長整数。',
    pct: 'パーセント。',
    'pct#': '件数に対するパーセント。',
    dollar: 'ドル建ての金額。',
    millicore: 'CPU コアの 1/1000 単位。',
    count: '件数。',
    PERCENT: 'パーセント。',
  },
  TIMEZONE_VALUES: {
    GMT9: 'UTC+9 (韓国、日本)。',
    "'GMT+9'": 'UTC+9、引用符で囲んだ形式。',
    GMT0: 'UTC (協定世界時)。',
  },
  CATEGORY_SUFFIXES: {
    '{m5}': '5 分ロールアップ。カラムの値は MetricValue です。',
    '{h1}': '1 時間ロールアップ。カラムの値は MetricValue です。',
  },
};

/** By function name. */
export const JA_FUNCTIONS: CatalogTranslation['functions'] = {
  int: '小数部分を切り捨てます。',
  round: '指定した小数桁数に丸めます。',
  startsWith: 'テキストが接頭辞で始まれば真。',
  isEmpty: 'null または空文字列なら真。',
  datetime: 'エポックミリ秒の値を日時のテキストにします。',
  Token: 'テキストを区切り文字で分割したときの index 番目 (0 から) の要素。',
  now: '現在時刻 (エポックミリ秒)。',
  stdDev: '件数、合計、二乗和から求めた標準偏差。',
  endsWith: 'テキストが接尾辞で終われば真 (アラートルール用に記載)。',
  isNull: '値がなければ真 (アラートルール用に記載)。',
  isNotNull: '値があれば真 (アラートルール用に記載)。',
  isNotEmpty: '値が空でなければ真 (アラートルール用に記載)。',
};

/** By column name. */
export const JA_SYSTEM_COLUMNS: CatalogTranslation['systemColumns'] = {
  time: '行が記録された時刻 (エポックミリ秒)。',
  pcode: '行が属するプロジェクトコード。',
  pname: 'プロジェクト名。',
  oid: '行を送信したエージェントの ID。',
  oname: '行を送信したエージェントの名前。',
  okind: 'エージェントグループ (okind) の ID。',
  okindName: 'エージェントグループ (okind) の名前。',
  onode: 'ノードグループ (onode) の ID。',
  onodeName: 'ノードグループ (onode) の名前。',
  _rows_: 'GROUP が追加: この行にマージされた行の数。',
  rownum: 'ROWNUM が追加: 行の順番。',
  _id_: 'ダッシュボードのウィジェットが読む系列 ID (自分で作成します)。',
  _name_: 'ダッシュボードのウィジェットに表示される系列名 (自分で作成します)。',
  _pk_: '行のキーカラム。INJECT した CREATE で追加されることが多いです。',
  pivot_field: 'PIVOT-HEAD が追加: ピボットしたカラムの名前。',
  pivot_value: 'PIVOT-HEAD が追加: ピボットしたカラムの値。',
};

/** By `$param` name. */
export const JA_PARAMS: CatalogTranslation['params'] = {
  $oid: 'ロードを絞り込むエージェント ID (または ID のリスト)。',
  $okind: 'ロードを絞り込むエージェントグループ (okind) の ID。',
  $onode: 'ロードを絞り込むノード (onode) の ID。',
  $okindName: '絞り込みに使うエージェントグループ名。',
  $onodeName: '絞り込みに使うノード名。',
  $stime: 'クエリ期間の開始 (エポックミリ秒)。',
  $etime: 'クエリ期間の終了 (エポックミリ秒)。',
  $duration: '期間の長さ (1h のような期間値)。',
  $pcode: 'クエリを実行するプロジェクトコード。',
  $limit: '返す最大行数。',
  $category: '呼び出し側が選ぶ読み込み対象のカテゴリ。',
  $field: '呼び出し側が選ぶカラム名。',
  $pk: '呼び出し側が選ぶキーカラム。',
  $pk_name: '呼び出し側が選ぶキーカラム名。',
  $group_keys: '呼び出し側が選ぶグループ化のカラム。',
  $aggr_keys: '呼び出し側が選ぶ集計対象のカラム。',
  $type: '呼び出し側が選ぶ種類やラベル。',
  $group_time_unit: '呼び出し側が選ぶ GROUP の時間区間の幅。',
  $groupby: '呼び出し側が選ぶグループ化のカラム。',
  $orderby: '呼び出し側が選ぶ並べ替えのカラム。',
  $TIME_MERGE_PLACE: 'ダッシュボードで選んだ時間方向の集約方法 (sum、avg …)。',
  $OBJECT_MERGE_PLACE: 'ダッシュボードで選んだエージェント間の集約方法 (sum、avg …)。',
};

/** By INJECT name. */
export const JA_INJECTS: CatalogTranslation['injects'] = {
  default:
    '汎用の拡張ポイントで、通常はパイプラインの末尾に置きます。名前のない INJECT はたいていこれを指します。',
  timepast: 'CATEGORY の前に置き、呼び出し側が過去と比較するために期間をずらせるようにします。',
};

/** By directive key. */
export const JA_DIRECTIVES: CatalogTranslation['directives'] = {
  name: 'クエリのタイトル (自由記述)。',
  range: '相対期間: 現在からこの長さだけさかのぼった時刻から現在まで。',
  stime: '絶対開始時刻 (ISO 8601、`yyyy-MM-dd HH:mm[:ss]` またはエポック ms)。`@etime` も必要です。',
  etime: '絶対終了時刻。`@stime` と一緒に使います。',
  limit: '返す最大行数 (正の整数)。',
  param: 'このファイルを実行するときの `$param` の値 (キーには `$` を付けたままにします)。',
  inject: '名前付きの INJECT フラグメント。同じ名前を繰り返すと行が追加されます。',
  path: 'ファイルのテキストの代わりに、このパスの定義済みクエリを実行します。',
  pcode: 'クエリを実行するプロジェクトコード (任意)。',
};
