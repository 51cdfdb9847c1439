/** Japanese command and option descriptions, keyed by command name and option name (nested as `parent.key`). */
import { type CatalogTranslation } from './catalogText';

const agentFilter = (what: string): string =>
  `指定した${what}の行だけをロードします。ID 1 つまたはリストを受け取ります。値がない (または $param がバインドされていない) 場合は何もしません。`;
const BACKWARD = '新しい行から読みます。';
const KV_TABLE = '読み込むキーバリューテーブル。';
const QUERY_SOURCE = "SUB 名、または引用符で囲んだ定義済みパス ('/app/…')。";
const UNKNOWN_ALERT_KEY = '生成されたアラートクエリで見られたキーで、意味は不明です。';
const KEEP_EQUAL = 'カラムの値がこれと等しい行を残します。';
const DROP_EQUAL = 'カラムの値がこれと等しい行を除外します。';

/** By command name. */
export const JA_COMMANDS: CatalogTranslation['commands'] = {
  CATEGORY: {
    description:
      'パイプラインが読むメトリクスのテーブルを指定します。パイプラインごとに 1 回必要です。マップ形式では期間の長さに応じてロールアップを選びます。',
  },
  OID: { description: agentFilter('エージェント (オブジェクト ID) ') },
  OKIND: { description: agentFilter('エージェントグループ (okind ID) ') },
  ONODE: { description: agentFilter('ノード (onode ID) ') },
  OIDSET: {
    description:
      'エージェント、エージェントグループ、ノードでロードを絞り込む旧来の書き方で、1 つのオブジェクトにまとめて書きます。',
    options: {
      oid: 'ロードするエージェント ID (または $param)。',
      okind: 'ロードするエージェントグループ ID (または $param)。',
      onode: 'ロードするノード ID (または $param)。',
      microOid: 'コンテナのカテゴリでロードするコンテナ (マイクロエージェント) ID。',
    },
    deprecated: 'ベンダーは OIDSET を廃止しました。OID、OKIND、ONODE の 1 行で同じことができます。',
  },
  HEADER: {
    description: 'ダッシュボードのウィジェット向けの表示ヒントで、データは変更しません。',
    options: { category: 'ダッシュボードのウィジェットが結果に関連付けるカテゴリ。' },
    anyKey:
      '結果のカラム名の後ろに `$` を付けたキーで、そのカラムの表示方法をダッシュボードのウィジェットに伝えます',
  },
  'TIME-RANGE': {
    description: 'クエリの期間 (呼び出し側の stime/etime) を上書きします。',
    options: {
      recent: '現在で終わる、この長さの期間。',
      duration: '期間の長さ。`stime` から数えるか、`etime` からさかのぼります。',
      etime: '期間の終了 (エポック ms、通常は $etime)。',
      stime: '期間の開始 (エポック ms、通常は $stime)。',
      sdate: "期間の初日 ('yyyy/MM/dd' 形式)。",
      edate: "期間の最終日 ('yyyy/MM/dd' 形式)。",
      timezone: '`sdate`/`edate` のタイムゾーン。',
    },
  },
  'TIME-PAST': {
    description: '期間全体を過去にずらし、昨日や先週と比較できるようにします。',
    options: { delta: '期間をどれだけ過去にずらすか。' },
  },
  LogTag: {
    description: 'ログローダーの実行前に、ログのカテゴリを指定したタグ値を持つ行に絞り込みます。',
    options: {
      key: '一致させるログタグ名 (複数可)。',
      value: 'ログの行が持つべきタグ値 (複数可)。',
      exclude: 'ログの行を除外するタグ値 (複数可)。',
    },
  },
  TAGLOAD: {
    description: 'CATEGORY で選んだタグ・フィールド型カテゴリの行を読みます。',
    options: {
      backward: BACKWARD,
      filter: 'ロード時の行フィルター: {key, value|exclude|like|notlike} を 1 つ、またはそのリスト。',
      'filter.key': 'フィルターが調べるカラム。',
      'filter.value': KEEP_EQUAL,
      'filter.exclude': DROP_EQUAL,
      'filter.like': '値にこのテキストを含む行を残します (数値は引用符で囲みます)。',
      'filter.notlike': '値にこのテキストを含む行を除外します (数値は引用符で囲みます)。',
    },
  },
  FLEXLOAD: {
    description: 'フィールドのみのカテゴリ (agent_list、event_cache、stat_* …) の行を読みます。',
    options: { backward: BACKWARD, rows: '読み込む行数の上限。' },
  },
  LogCountLoad: {
    description: 'ログのカテゴリについて、区間ごとのログ行数とレートを読みます。',
    options: {
      stat: '読み込むログ統計。すべてなら "*"。',
      group: '件数を数える単位となるログタグのキー。',
      aggr: '集計するログタグのキー。',
    },
  },
  LogSink: { description: 'ログシンクのカテゴリの生レコードを読みます。', options: { backward: BACKWARD } },
  'KV.LOAD': {
    description: 'カテゴリの代わりに、キーバリュー (インベントリ) テーブルの全行を読みます。',
    options: { table: KV_TABLE, ifexist: 'テーブルがないとき、失敗せずに何も返しません。' },
  },
  'KV.SNAPSHOT': {
    description: 'キーバリューテーブルの日付付きスナップショットを読みます。',
    options: { table: KV_TABLE, target: '読み込むテーブルのスナップショット。' },
  },
  'kv.select': {
    description: 'キーバリューテーブルから指定したキーを持つ行を読みます。',
    options: { table: KV_TABLE, 'pk.val': '読み込む行の主キーの値。' },
  },
  '>>': {
    description:
      '行の残りが PromQL のクエリで、その結果の行 (time、value、ラベル) がパイプラインに流れます。',
  },
  SELECT: {
    description: '列挙したカラムだけをその順で残します。引数なしの SELECT はすべて残します。',
    options: {
      default: '`like`/`notlike` に関係なく残すカラム。',
      like: '名前にこのテキストを含むカラムだけを残します。',
      notlike: '名前にこのテキストを含むカラムを除外します。',
    },
  },
  CREATE: {
    description: 'カラムを 1 つ追加します: 定数、コピー、数式、または参照した名前。',
    options: {
      key: '追加するカラムの名前。',
      value: 'すべての行に入れる定数。',
      from: 'このカラムをコピーします。',
      expr: '同じ行の他のカラムから値を計算します。',
      oname: 'このカラムにある oid のエージェント名を参照します。',
      okind: 'このカラムにある okind のグループ名を参照します。',
      onode: 'このカラムにある onode のノード名を参照します。',
      env: 'クエリ環境の値 (期間の開始/終了、現在時刻) をコピーします。',
    },
  },
  'CREATE-EXPR': {
    description: '計算カラムを一度に複数追加します。キーごとに数式を 1 つ書きます。',
    anyKey: '追加するカラムの名前で、値はその数式です',
  },
  DELETE: {
    description: '列挙したカラムを削除します。マニュアルではリストが必要ですが、名前 1 つだけでも動きます。',
  },
  RENAME: {
    description: 'カラムの名前を変えます。`time` の名前を変えると ORDER と GROUP の動作が変わります。',
    options: { src: '現在のカラム名 (複数可)。', dst: '新しい名前 (位置ごとに対応)。' },
  },
  ROWNUM: { description: '新しい `rownum` カラムに行番号を振ります。' },
  ADJUST: {
    description: '数値カラムに算術演算や下限/上限を適用します (`time` には適用しません)。',
    options: {
      key: '変更するカラム。省略するとすべての数値カラム。',
      add: '各値にこの値を足します。',
      sub: '各値からこの値を引きます。',
      mul: '各値にこの値を掛けます。',
      div: '各値をこの値で割ります。',
      over: 'これより小さい値をこの値まで引き上げます (下限)。',
      under: 'これより大きい値をこの値まで引き下げます (上限)。',
    },
  },
  UNFOLD: { description: 'リスト値 (packed) のカラムを要素ごとに 1 行へ展開します。' },
  FOLD: {
    description: 'UNFOLD の逆: 複数行の値をリスト値のカラムにまとめます。',
    options: { pk: '値が等しい行を 1 つのまとめた行にするカラム。', key: 'リストにまとめるカラム。' },
  },
  'PIVOT-HEAD': {
    description: 'カラムを行に変えます: 他のカラムがそれぞれ (pivot_field, pivot_value) の行になります。',
    options: { key: 'すべての出力行にそのまま残すカラム。', except: 'ピボットから外すカラム。' },
  },
  'PIVOT-FIELD': {
    description: '行をカラムに変えます: 1 つのカラムの値が新しいカラム名になります。',
    options: {
      key: '出力行 1 行を識別するカラム。',
      pivot_field: '値がカラム名になるカラム。',
      pivot_value: '値が新しいカラムを埋めるカラム。',
    },
  },
  DELTA: {
    description: '同じ系列の前の行からのカウンターの変化量を書き込みます。',
    options: {
      pk: '系列を 1 つ識別するカラム。',
      key: '差分を受け取るカラム。',
      target: '差分を取る、増え続けるカウンターのカラム。',
    },
  },
  HVTEXT: {
    description: 'ハッシュをテキスト辞書で引き、そのテキスト (SQL、サービス名、エラー …) に置き換えます。',
    options: {
      hash: 'ハッシュを持つカラム。',
      key: 'テキストを受け取るカラム。',
      type: '使うテキスト辞書。',
      timefield: 'ハッシュが記録された時刻を持つカラム。',
      checktime: 'その時刻の前後どこまでテキストを探すか。',
    },
  },
  FORMAT: {
    description: 'カラムを表示用の形式に書き換えます。例: 数値の IP をドット区切りのテキストに。',
    options: { key: 'その場で書式を変えるカラム。', type: '変換先の形式。' },
  },
  IP2LOC: { description: 'IP のカラムから引いた地理的位置のカラムを追加します。' },
  'OS-BROWSER': {
    description: 'ユーザーエージェントを解決し、そこから OS とブラウザのカラムを作ります。',
    options: {
      hashKey: 'ユーザーエージェントのハッシュを持つカラム。',
      textKey: 'ユーザーエージェントのテキストを受け取るカラム。',
    },
  },
  SQLTABLE: {
    description: 'SQL のテキストを解析し、アクセスするテーブルとアクセスの種類を列挙します。',
    options: {
      sql: 'SQL のテキストを持つカラム。',
      key: '見つかったテーブルと操作を受け取るカラム。',
      compact: 'より短く出力します。',
    },
  },
  'PART-BY': {
    description: 'パーティションごとの集計を計算して新しいカラムに入れます。',
    options: {
      task: '{key, from, func} の計算のリスト。',
      'task.key': '結果を受け取るカラム。',
      'task.from': '関数が読むカラム。',
      'task.func': '値のまとめ方。',
    },
  },
  PLUGIN: { description: '行をサーバー側のプラグインに渡します。何が返るかはプラグイン次第です。' },
  GROUP: {
    description:
      '行を時間とキーのカラムで区切り、区切りごとに 1 行へマージします。マージした行数は `_rows_` に数えます。',
    options: {
      timeunit: '時間区間の幅 (期間、m5/h1 形式、または ms)。',
      pk: 'グループを識別するカラム。',
      last: 'グループごとに最新の値を残すカラム。',
      listup: 'すべての値をリストとして残すカラム (UPDATE pct 用)。',
      user: 'ユーザービットのブロブカラム: ユニークユーザー数に変わり、マージしたビットは `userbytes` に残ります。',
      merge: 'MetricValue に累積する数値カラム。',
      rows: 'グループごとに残す最大行数 (指定しなければ 1000)。',
      first: 'グループごとに最も早い値を残すカラム。',
      sum: 'グループごとに合計するカラム。',
      quantile: 'マージする分位点スケッチのカラム。',
      quantile2: 'マージする分位点スケッチのカラムで、`rank` で読みます。',
      rank: '`quantile2` から読む分位点 (0..1)。',
      timegroup: '生成されたアラートクエリで `timeunit` の代わりに見られたキー。',
      keep: UNKNOWN_ALERT_KEY,
    },
  },
  UPDATE: {
    description: '値をその場で変更します: MetricValue の集約、日付と数値の書式化、空欄の補完、型変換。',
    options: {
      key: '変更するカラム。',
      value: 'MetricValue を 1 つの数値に集約する方法。',
      datetime: "エポック ms をテキストで表示します。例: 'yyyy-MM-dd HH:mm' (引用符で囲みます)。",
      timezone: '`datetime` で使うタイムゾーン。',
      notnull: 'カラムが空の箇所に書き込む値。',
      pct: 'GROUP listup で集めたカラムのパーセンタイル (0..100)。',
      decimal: "'0.00' のような数値の書式 (引用符で囲みます)。",
      cast: 'カラムをこの型に変換します。',
      expr: '一度だけ見られたキー: 数式でカラムを再計算します。',
      keep: UNKNOWN_ALERT_KEY,
    },
  },
  IFUPDATE: {
    description: '条件を満たす行のカラムを定数で上書きします。',
    options: {
      if: '行が満たすべき条件。',
      key: '上書きするカラム。',
      value: '新しい値 (null で消去)。',
    },
  },
  OIUPDATE: {
    description: 'エージェント関連のカラムの空の値を既定値で埋めます。',
    options: { key: '埋めるカラム。', notnull: 'カラムが空の箇所に使う値。' },
  },
  ORDER: {
    description: '行を並べ替えます。`time` カラムがあれば常にそれが最初に並べ替えられます。',
    options: {
      key: '並べ替えの基準となるカラム。重要なものから書きます。',
      sort: 'キーごとの並び順。',
      rows: '時刻の値ごとに残す最大行数 (指定しなければ 10000)。',
    },
  },
  LIMIT: { description: '最初の N 行だけを渡します。' },
  SKIP: {
    description: '最初の N 行を捨てます。LIMIT と組み合わせると結果をページ送りできます。',
    options: { value: '捨てる行数。' },
  },
  FILTER: {
    description: '1 つの条件を満たす行を残します。条件ごとに FILTER の行を 1 つずつ書きます。',
    options: {
      key: '条件を適用するカラム。',
      value: KEEP_EQUAL,
      expr: 'この条件が成り立つ行を残します。',
      exist: 'カラムに値がある行を残します (`true` のみ)。',
      notexist: 'カラムが空の行を残します (`true` のみ)。',
      over: 'カラムの値がこれ以上の行を残します。',
      under: 'カラムの値がこれ以下の行を残します。',
      like: '値にこのテキストを含む行を残します。',
      exclude: DROP_EQUAL,
    },
  },
  'FILTER-KEYS': {
    description: 'キーのカラムが指定した値を持つ行を残します。複数形の `keys`/`values` に注意してください。',
    options: {
      keys: '比較するカラム (複数形のキー)。',
      values: 'それらのカラムが持つべき値、位置ごとに対応 (複数形のキー)。',
    },
  },
  'FIRST-ONLY': {
    description: 'キーの値ごとに最初の行だけを渡します。結果はロードの方向によって変わります。',
    options: { key: '値の組み合わせが初出であるべきカラム。', timebase: '時刻の値ごとに適用します。' },
  },
  'LAST-ONLY': {
    description: 'キーの値ごとに最新の行だけを渡します。',
    options: { key: '値の組み合わせで系列を識別するカラム。' },
  },
  'TIME-FILTER': {
    description: '指定した時間帯に入る行を読み飛ばします。',
    options: {
      time: "開始時点 ('yyyy/MM/dd HH:mm:ss' 形式)。",
      date: "日付 ('yyyy/MM/dd' 形式)。",
      duration: '`time`/`date` からの長さ (d1、h1、m5 … または ms)。',
      timezone: '`time`/`date` のタイムゾーン。',
      gmt: 'GMT からの時差、時間単位 (9、-5)。',
    },
  },
  JOIN: {
    description: '別のクエリ (SUB またはパス) のカラムを、キーが同じ行に追加します。',
    options: {
      query: QUERY_SOURCE,
      pk: '2 つの結果の間で照合するキーのカラム。',
      field: '別の結果から取り込むカラム。省略するとすべて。',
      type: '結合の種類。',
      last: '別の結果から最新の値を取るカラム。',
      rows: '別のクエリから読み込む行数の上限。',
    },
  },
  JOINByTime: {
    description: 'JOIN と同じですが、行の時刻も一致している必要があります。',
    options: { query: QUERY_SOURCE, pk: '時刻に加えて照合するキーのカラム。' },
  },
  APPEND: {
    description: 'このパイプラインの行の後ろに、別のクエリの行を追加します。',
    options: { query: QUERY_SOURCE, field: '追加した行から残すカラム。' },
  },
  'FILTER-SUBQUERY': {
    description: 'キーの値が別のクエリに現れる行を残します (または除外します)。',
    options: {
      key: '別の結果で値を探すカラム。',
      query: 'キーの値がこの SUB またはパスに見つかった行だけが残ります。',
      include: '`query` と同じです。',
      exclude: 'キーの値がこの SUB またはパスに見つかった行は除外されます。',
    },
  },
  'kv.insert': {
    description: '現在の行をキーバリューテーブルに保存します。',
    options: { table: '書き込むキーバリューテーブル。', 'pk.key': '行のキーを構成するカラム。' },
  },
  SUB: {
    description: 'JOIN や APPEND などが参照できる名前付きのサブクエリを始めます (END で終わります)。',
  },
  END: { description: '最後に開いた SUB ブロックを閉じます。' },
  INJECT: {
    description:
      '呼び出し側がこの名前で送る MXQL の行に置き換わるプレースホルダーです。何も送られなければ何も起きません。',
  },
  OPENMX: {
    description: 'クエリ全体が PromQL です (OpenMetrics の名前を一覧するには `ls`/`status`)。',
  },
};
