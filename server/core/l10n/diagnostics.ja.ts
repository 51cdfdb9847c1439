/**
 * Japanese wording of every diagnostic, hint and quick-fix title (the English owner: `table.ts`).
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

/** What a JSON value is, in Japanese. */
const JSON_KINDS_JA: Readonly<Record<JsonValueKind, string>> = {
  object: 'オブジェクト',
  array: '配列',
  number: '数値',
  boolean: '真偽値',
  null: 'null',
};

const or = (items: readonly string[]): string => joinAlternatives(items, 'または');

const phrases: Phrases = {
  or,
  // Japanese sentences follow each other without a space.
  didYouMean: (suggestions) => (suggestions.length === 0 ? '' : `${or(quoted(suggestions))} のことですか？`),
  hintSeparator: '',
  hints: {
    closeBlockComment: 'ブロック コメントを `*/` で閉じてください。',
    closeSingleQuote: "同じ行に閉じる ' を追加してください。",
    closeDoubleQuote: '同じ行に閉じる " を追加してください。',
    removeExtraComma: '余分な `,` を削除してください。',
    addCommaBetweenMembers: 'メンバーの間に `,` を入れてください。',
    addClosingBrace: '閉じる `}` を追加してください。',
    valueBeforeComma: '`,` の前に値が必要です。余分な `,` を削除してください。',
    addCommaBetweenItems: '項目の間に `,` を入れてください。',
    addClosingBracket: '閉じる `]` を追加してください。',
    commandNameExpected: (a) => `行頭にはコマンド名が必要ですが、\`${a.found ?? ''}\` があります。`,
    ownLine: '削除するか、別の行に移してください。',
    noOpeningBracket: '削除するか、対応する開き括弧を追加してください。',
    oneOperand: 'コマンドが取るオペランドは 1 つです。このテキストを削除するか、別の行に移してください。',
    wrongCloser: (a) =>
      `\`${a.opener ?? ''}\` が \`${a.found ?? ''}\` で閉じられています。\`${a.want ?? ''}\` と書いてください。`,
    writeValue: '値を書くか、キーを削除してください。',
    writeOptionName: '`:` の前にオプション名を書いてください。',
    keyIsOneWord: 'キーは 1 語か、引用符で囲んだ文字列です。',
    commaBefore: '前に `,` を入れるか、削除してください。',
  },
};

const fragment = (a: { name: string; code: string }, nested: string): string =>
  `フラグメント '${a.name}' 内: ${nested} (${a.code})`;

/** Every diagnostic, hint and quick-fix title in Japanese. */
export const MESSAGES_JA: MessageTable = {
  phrases,
  messages: {
    'syntax/unclosed-bracket': 'この括弧が閉じられていません。',
    'syntax/unexpected-close': 'この閉じ括弧に対応する開き括弧がありません。',
    'syntax/mismatched-bracket': 'この閉じ括弧は開き括弧と対応していません。',
    'syntax/too-deep':
      '括弧の入れ子が 200 段を超えているため、中身を読み飛ばします。入れ子を浅くして書き直してください。',
    'syntax/unclosed-string': 'この文字列が閉じられていません。文字列は始まった行で終わる必要があります。',
    'syntax/unclosed-comment': 'このブロック コメントが閉じられていないため、以降がすべて無視されます。',
    'syntax/missing-colon': 'このオブジェクトには `key: value` の形が必要です (例: `{key: oid, value: 5}`)。',
    'syntax/missing-key': '`:` の前にキーがありません。',
    'syntax/missing-value': '`:` の後に値がありません。',
    'syntax/unquoted-colon':
      "この値には `:` が含まれています。引用符で囲む (例: `'yyyyMMdd HH:mm:ss'`) か、次のキーの前に抜けている `,` を追加してください。",
    'syntax/unexpected-token': '予期しないテキストです。',
    'syntax/template-marker':
      'テンプレート マーカー `<% … %>` はそのままでは送信できません。値か $param に置き換えてください。',
    'syntax/inject-in-operand':
      'INJECT は独立したコマンドで、オペランドの中では展開されません。別の行に書いてください。',
    'syntax/bad-param': '$param の名前は英字か `_` で始まります (例: `$oid`、`$group_keys`)。',
    'syntax/param-key': '$param はキーにできません。バインドできるのは値だけです (例: `{value: $x}`)。',
    'syntax/missing-sub-name': 'SUB には名前が必要です: `SUB name` または `SUB {id:name}` … `END`。',
    'syntax/unclosed-sub':
      'この SUB ブロックが閉じられていません。最後のコマンドの後に `END` を追加してください。',
    'syntax/unexpected-end':
      '対応する `SUB` のない `END` です。削除するか、ブロックの前に `SUB name` を追加してください。',
    'syntax/internal': (a) =>
      `このテキストを読み取れなかったため、このファイルではエディター機能が制限されます。報告してください。(${a.detail})`,

    'directive/bad-time': (a) =>
      `\`${a.value}\` は時刻ではありません。\`2026-11-01 06:00\`、\`2026-11-01T06:00:00Z\` またはエポック ミリ秒で書いてください。`,
    'directive/bad-range': (a) =>
      `\`${a.value}\` は期間ではありません。\`15m\`、\`1h\`、\`7d\` のように書いてください。`,
    'directive/bad-limit': (a) =>
      `\`${a.value}\` は行数の上限ではありません。\`500\` のような正の整数を書いてください。`,
    'directive/bad-param': '`-- @param $name = value` の形で書いてください (名前は `$` で始まります)。',
    'directive/bad-inject':
      '`-- @inject name = MXQL line` の形で書いてください (例: `-- @inject default = LIMIT 10`)。',
    'directive/inject-cycle': (a) =>
      `INJECT フラグメントが循環 (${a.cycle}) しているため、展開できません。循環を閉じている INJECT を削除してください。`,
    'directive/bad-path': 'クエリ パスは `/` で始まり、空白を含みません (例: `/app/act_tx/act_tx_oid`)。',
    'directive/bad-pcode': (a) =>
      `\`${a.value}\` はプロジェクト コードではありません。\`12345\` のように番号を書いてください。`,
    'directive/stime-without-etime': '`-- @etime …` を追加してください。絶対範囲には両端が必要です。',
    'directive/etime-without-stime': '`-- @stime …` を追加してください。絶対範囲には両端が必要です。',
    'directive/bad-time-order': '`@etime` は `@stime` より後でなければなりません。',
    'directive/range-and-stime':
      '`@stime`/`@etime` は `@range` より優先されます。どちらかを削除してください。',
    'directive/unknown': (a) =>
      `不明なディレクティブ \`@${a.key}\` です。使えるもの: ${directiveList(a.known)}。`,
    'directive/duplicate': (a) => `\`@${a.key}\` が複数回設定されています。最後の値が使われます。`,

    'expression/unclosed-string': '文字列を閉じてください。',
    'expression/unexpected-token': (a) =>
      `予期しない \`${a.text}\` です。演算子が抜けている可能性があります。`,
    'expression/missing-colon': '`?` の条件に `: value` を追加してください。',
    'expression/missing-operand': (a) =>
      a.found === undefined ? '式の最後に値がありません。' : `値が必要ですが、\`${a.found}\` があります。`,
    'expression/unclosed-paren': '閉じる `)` を追加してください。',
    'expression/too-deep': 'この式は入れ子が深すぎて読み取れません。簡単にしてください。',

    'inject/missing-fragment': (a) =>
      `INJECT ${a.name} は呼び出し側 (ダッシュボードや実行時の inject マップ) が埋めます。このファイルにはそのフラグメントがないため、渡されなければ何も追加されません。ここから実行するには '-- @inject ${a.name} = <MXQL>' で宣言してください。`,
    'inject/undeclared-fragment': (a) =>
      `このファイルはフラグメント (${quoted(a.declared).join(', ')}) を宣言していますが '${a.name}' という名前のものはないため、ファイル実行時にこの INJECT は何も追加しません。'-- @inject ${a.name} = <MXQL>' で宣言するか、名前を直してください。`,
    'inject/bare':
      "名前のない INJECT は 'INJECT default' として扱われます。明示するには名前を書いてください。",
    'inject/unused-fragment': (a) =>
      `フラグメント '${a.name}' は宣言されていますが、どの INJECT も使わないため送信されません。適切な場所に 'INJECT ${a.name}' を追加するか、ディレクティブを削除してください。`,
    'inject/fragment-error': (a, nested) => fragment(a, nested(a)),
    'inject/fragment-warning': (a, nested) => fragment(a, nested(a)),
    'inject/fragment-note': (a, nested) => fragment(a, nested(a)),
    'inject/in-operand':
      'INJECT はオペランドの中では展開されません。サービスが置き換えるのは、独立した行にコマンドとして書いた INJECT だけです。別の行に移してください。',

    'param/as-key': (a) =>
      `'${a.name}' がキーとして使われていますが、$param が表せるのは値だけです。'{value: ${a.name}}' のように書いてください。`,
    'param/unbound': (a) =>
      `'${a.name}' にはここで使う値がありません。エディターでの実行では値を尋ね、'mxql run' は値がなければ実行せず、分かっている選択肢を示します。固定するには '-- @param ${a.name} = <value>' を追加してください。`,
    'param/ignored-when-unbound': (a) =>
      `'${a.name}' はここでは省略できます。値がなければ ${a.command} はスキップされ、クエリはすべてのエージェントを読みます。絞り込むには '-- @param ${a.name} = <value>' を追加してください。`,
    'param/unused': (a) =>
      `'${a.name}' は宣言されていますが、クエリで使われていません。ディレクティブを削除するか、$param を使ってください。`,

    'structure/missing-category': (a) =>
      `${a.loader} は CATEGORY で選んだカテゴリを読み込みますが、このパイプラインにはその前に CATEGORY がありません。この行の上に 'CATEGORY <name>' を追加してください。`,
    'structure/process-before-load': (a) =>
      `${a.command} は ${a.loader} が行を読み込む前に実行されるため、処理する対象がありません。${a.loader} の行より下に移してください。`,
    'structure/missing-loader':
      'CATEGORY は読み取る対象を選ぶだけで、ローダーがなければ行は読み込まれません。その後に TAGLOAD (フィールドだけのカテゴリなら FLEXLOAD) を追加してください。',

    'command/unknown': (a) =>
      `'${a.name}' は既知の MXQL コマンドではないため、サービスに拒否される可能性があります。${phrases.didYouMean(a.suggestions)}`,
    // The catalog words the reason in English only; the Japanese sentence says the same in general terms.
    'command/deprecated': (a) =>
      `${a.name} は廃止されました。同じ役割の ${or(a.replacedBy)} に置き換えてください。`,
    'option/unknown': (a) =>
      `${a.command} には '${a.name}' というオプションがないため、サービスに無視される可能性があります。${phrases.didYouMean(a.suggestions)}既知のオプション: ${a.known.join(', ')}。`,
    'option/missing-required': (a) =>
      `${a.command} には \`${a.option}\` が必要で、ないとサービスに拒否されます。例: \`${a.example}\`。`,
    'operand/not-a-number': (a) =>
      `${a.command} には数値か \`$param\` を指定します。例: \`${a.example}\`。それ以外のオペランドはサービスに拒否されます。`,
    'operand/not-an-object': (a) =>
      `${a.command} は設定をオブジェクトから読み取ります。例: \`${a.example}\`。このオペランドはオブジェクトではないため、コマンドは見た目どおりには動作しません。`,
    'delete/bare-word': (a) =>
      `ドキュメントではリストが求められています: 'DELETE [${a.text}]' と書いてください。現在のサーバーでは単語だけでも動作します。`,

    'sql/order-by': (a) =>
      `\`ORDER BY\` は SQL です。MXQL の ORDER はキーをオブジェクトから読むため、意図どおりに並べ替えられません。${codeLines(a.rewrite, 'と次の行に')} と書いてください。`,
    'sql/where': (a) =>
      `\`WHERE\` は SQL で、MXQL のコマンドではありません。MXQL では FILTER で行を絞り込みます。${codeLines(a.rewrite, 'と次の行に')} と書いてください。`,
    'sql/group-by': (a) =>
      `\`GROUP BY\` は SQL です。MXQL の GROUP はキーをオブジェクトの \`pk\` で受け取ります。${codeLines(a.rewrite, 'と次の行に')} と書いてください。`,
    'sql/group-aggregate': (a) =>
      `GROUP に \`${a.key}\` はありません。MXQL には集計関数がなく、GROUP が列をマージし UPDATE が値を集約します。${codeLines(a.rewrite, 'と次の行に')} と書いてください。`,
    'sql/limit-offset': (a) =>
      `\`LIMIT … OFFSET\` は SQL です。MXQL では LIMIT の前に SKIP で行を飛ばします。${codeLines(a.rewrite, 'と次の行に')} と書いてください。`,
    'sql/select-star': (a) =>
      `\`SELECT *\` は SQL です。MXQL ではオペランドのない SELECT がすべての列を残します。${codeLines(a.rewrite, 'と次の行に')} と書いてください。`,
    'sql/select-list': (a) =>
      `SQL の選択リストです。MXQL ではテーブルを CATEGORY とローダーで、列をリストで選びます。${codeLines(a.rewrite, 'と次の行に')} と書いてください。`,
    'sql/line-comment': 'MXQL では `//` はコメントになりません。`--` (行頭なら `#`) を使ってください。',
    'group/time-without-timeunit': (a) =>
      `ここでは \`timeunit\` なしで \`time\` が GROUP のキーになっているため、行はミリ秒単位でまとめられ、ばらばらのままです。区間を指定してください: ${codeLines(a.rewrite, 'と次の行に')}。`,
    'filter/no-condition': (a) =>
      `この FILTER にはサービスが読む条件 (value, exclude, like, exist, notexist, over, under または expr) がないため、サービスに拒否されます。${codeLines(a.rewrite, 'と次の行に')} と書いてください。`,

    'range/too-long': (a) =>
      `${a.span === 'directives' ? 'この時間範囲' : 'この TIME-RANGE'} は ${a.days} 日にわたりますが、Open API が 1 回のリクエストで返すのは最大 ${a.maxDays} 日分です。短くするか、クエリを分割してください。`,

    'category/unknown': (a) =>
      `不明なカテゴリ '${a.name}': カタログにないため、このクエリは行を返さない可能性があります。${phrases.didYouMean(a.suggestions)}`,
    'category/not-in-catalog': (a) =>
      `カタログはカテゴリ '${a.name}' を知らないため、その列を検査・補完できません。クエリが行を返さない場合は名前を確認してください。`,
    'column/unknown': (a) =>
      `列 '${a.name}' は${a.category === null ? 'ここに' : `ここ (カテゴリ '${a.category}' と上のコマンド) に`}存在しないため、この参照は何にも一致しません。${phrases.didYouMean(a.suggestions)}`,
    'column/removed-above': (a) =>
      a.renamedTo === null
        ? `列 '${a.name}' は ${a.line} 行目の ${a.command} の後には存在しないため、この参照はここでは何も指しません。${a.command === 'SELECT' ? '使うにはその SELECT に加えてください。' : ''}`
        : `列 '${a.name}' は ${a.line} 行目の RENAME で '${a.renamedTo}' に変わったため、この参照はここでは何も指しません。使うには '${a.renamedTo}' と書いてください。`,
    'column/not-created': (a) =>
      `上に列 '${a.name}' を作るコマンドがないため、サービスが追加しない限り、この参照はここでは何も指しません。`,
    'column/not-in-catalog': (a) =>
      `カタログはカテゴリ '${a.category}' の列 '${a.name}' を知りません。このカテゴリの一覧は不完全なため、列は実際に存在する可能性があります。${phrases.didYouMean(a.suggestions)}`,

    'rule/unknown-field': (a) =>
      `'${a.name}' はカテゴリ '${a.category}' のフィールドではないため、ルールはこの値を受け取りません。${phrases.didYouMean(a.suggestions)}`,
    'rule/field-not-in-catalog': (a) =>
      `カタログはカテゴリ '${a.category}' のフィールド '${a.name}' を知りません。このカテゴリの一覧は不完全なため、フィールドは実際に存在する可能性があります。${phrases.didYouMean(a.suggestions)}`,
    'rule/unknown-category': (a) =>
      `カタログはカテゴリ '${a.name}' を知らないため、このルールのフィールドを検査できません。ルールが発火しない場合は名前を確認してください。${phrases.didYouMean(a.suggestions)}`,
    'rule/not-a-string': (a) =>
      `'${a.key}' の値が文字列ではなく${JSON_KINDS_JA[a.found]}です。テキストを二重引用符で囲んで書いてください。`,

    'sub/unresolved': (a) =>
      `${a.command} は '${a.name}' を参照していますが、このファイルに 'SUB ${a.name}' ブロックはありません。${phrases.didYouMean(a.suggestions)}SUB を宣言する (使う場所より後でも構いません) か、'/' で始まる定義済みクエリ パスを引用符で囲んで書いてください。`,

    'json/syntax': (a) =>
      `この JSON は形式が正しくないため(${a.detail})、この位置より後の MXQL 文字列は検査されません。JSON を直すと再び検査されます。`,
    'json/not-a-string': (a) =>
      `この値は MXQL の文字列である必要があります(${a.detail})。クエリとしては検査されません。`,
  },
};
