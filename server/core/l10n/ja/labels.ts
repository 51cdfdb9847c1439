/** Japanese labels of hover, completion and signature help (see {@link Labels}). */
import { type Labels } from '../labels';

/** Japanese labels. */
export const JA_LABELS: Labels = {
  stage: { select: '選択', load: 'ロード', process: '処理', structure: '構造' },
  commandHeading: (stage) => `${JA_LABELS.stage[stage]}コマンド`,
  deprecatedNote: (reason, replacements) =>
    `_非推奨:_ ${reason}代わりに ${replacements} を使用してください。`,
  alsoWritten: (names) => `別表記: ${names}`,
  forms: '書式:',
  options: 'オプション:',
  anyKey: (meaning) => `任意のキー: ${meaning}。`,
  optionHeading: (command, valueKind) => `${command} のオプション (${valueKind})`,
  values: (values) => `値: ${values}`,
  required: '必須です。',
  requiredDetail: '必須',
  confidenceNote: (confidence) =>
    confidence === 'observed'
      ? '_実際のクエリで確認済みですが、マニュアルには記載がありません。_'
      : '_実際のクエリでは未検証で、マニュアルにも記載がありません。_',
  optionValueDetail: (option) => (option === undefined ? '値' : `${option} の値`),
  rollUpSuffix: 'ロールアップ接尾辞',
  columnKinds: {
    tag: 'タグ',
    field: 'フィールド',
    system: 'システム',
    created: '作成',
    renamed: '名前変更',
    joined: '結合',
    column: 'カラム',
    'system column': 'システムカラム',
    'created column': '作成されたカラム',
    'renamed column': '名前を変更したカラム',
    'joined column': '結合されたカラム',
    'used in this file': 'このファイルで使用',
  },
  unit: (unit) => `単位 ${unit}`,
  deprecatedColumn: '_カテゴリのメタデータでは非推奨のカラムです。_',
  columnFromQueries: '_公開クエリで読まれていますが、カテゴリのメタデータには載っていません。_',
  columnFromWorkspace: (queries) =>
    `_ワークスペースの ${queries} 件のクエリで読まれています。カタログには載っていません。_`,
  displayTypeOf: (column) => `${column} の表示形式`,
  category: 'カテゴリ',
  loader: (loader) => `ローダー: \`${loader}\``,
  intervals: (intervals) => `収集間隔: ${intervals}`,
  intervalDetail: (intervals) => `間隔 ${intervals}`,
  seriesKey: (columns) => `系列キー: ${columns}`,
  columnCounts: (tags, fields) => `タグ ${tags} 個、フィールド ${fields} 個`,
  columnListUnknown: 'カタログにカラム一覧がありません。',
  ruleCategory: (category) => `ルールのカテゴリ: ${category}`,
  columnsUnknownDetail: 'カタログにカラム情報なし',
  parameter: 'パラメータ',
  paramDeclared: (value) => `\`-- @param\` の値: \`${value}\``,
  paramMissing:
    'このファイルに `-- @param` の値がありません。エディターでの実行では値を尋ね、`mxql run` は値がなければ実行しません。',
  paramOptional: (command) =>
    `ここでは省略できます。値がなければ ${command} はスキップされ、クエリはすべてのエージェントを読みます。\`-- @param\` の値を指定すると絞り込めます。`,
  paramFromRange:
    'このファイルに `-- @param` の値がありません。実行時にクエリの時間範囲から値を埋めます（epoch ミリ秒）。値を指定した場合はその値が優先されます。',
  exampleValue: (value) => `値の例: \`${value}\``,
  declaredDetail: (value) => `宣言済み: \`${value}\``,
  usedInFile: 'このファイルで使用',
  giveParamValue: (name) => `このファイルを実行するときの \`${name}\` の値を指定します。`,
  paramValueKinds: {
    column: 'その位置のカラム',
    rowCount: '行数',
    category: 'カテゴリ',
    duration: '期間',
    timeUnit: '時間単位',
  },
  paramValueFor: (name) => `このファイルを実行するときに \`${name}\` に使う値です。`,
  directive: 'ディレクティブ',
  example: (example) => `例: \`${example}\``,
  fragmentPlaceholder: 'フラグメントの挿入位置',
  injectDeclared: '`-- @inject` のフラグメント:',
  injectMissing:
    'このファイルに `-- @inject` のフラグメントがありません。実行時に渡すことができ、渡さなければ何も挿入されません。',
  injectFragment: 'INJECT フラグメント',
  exampleFragment: (fragment) => `フラグメントの例: \`${fragment}\``,
  subDeclared: (commands, uses) =>
    `コマンド ${commands} 個のサブクエリ、${uses === 0 ? '未使用' : `${uses} 回使用`}`,
  subReference: (line, commands) => `サブクエリ (${line} 行目、コマンド ${commands} 個)`,
  subDetail: (line) => `SUB (${line} 行目)`,
  subInFile: (commands) => `このファイルで宣言されたサブクエリです (コマンド ${commands} 個)。`,
  subMissingDetail: '参照されているが未宣言',
  subMissing: (name) => `コマンドが \`${name}\` を参照していますが、\`SUB ${name}\` ブロックがありません。`,
  pathDetail: '定義済みクエリのパス',
  pathRuns: (path) => `サービスの定義済みクエリ \`${path}\` を実行します。`,
  outlineQuery: 'クエリ',
  outlineUnnamedSub: '(名前なし)',
  outlineCommands: (commands) => `コマンド ${commands} 個`,
};
