/**
 * Diagnostics in the client's language (LSP `locale`, e.g. `ko` or `ja-JP`). The core words its messages in
 * English; this layer matches a message of a known code and rewrites it in Korean or Japanese, keeping
 * the names it quotes. A message that no longer matches its pattern (the core reworded it) stays English,
 * so nothing is ever lost; a test runs every pattern against the core's current wording.
 */

import { uiLanguageOf, type UiLanguage } from '../core/index';

/** The languages besides English. */
export type MessageLanguage = UiLanguage;

interface Translation {
  /** The core's English message; groups are the quoted names. */
  readonly pattern: RegExp;
  /** Replacement templates with `$1`, `$2`, … for the groups. */
  readonly ko: string;
  readonly ja: string;
}

const BY_CODE: Readonly<Record<string, readonly Translation[]>> = {
  'param/unbound': [
    {
      pattern:
        /^'(\$\w+)' has no value here; it will be asked for when the query runs\. Add '(.+)' to fix one\.$/s,
      ko: "'$1'에 여기서 쓸 값이 없어 쿼리를 실행할 때 묻습니다. 값을 정하려면 '$2'를 추가하세요.",
      ja: "'$1' にはここで使う値がないため、クエリ実行時に尋ねます。固定するには '$2' を追加してください。",
    },
  ],
  'inject/missing-fragment': [
    {
      pattern:
        /^INJECT (\S+) is filled in by the caller \(a dashboard or the run's inject map\); this file gives no fragment for it, so it adds nothing unless one is passed\. Declare one with '(.+)' to run it from here\.$/s,
      ko: "INJECT $1은(는) 호출하는 쪽(대시보드나 실행의 inject 맵)이 채웁니다. 이 파일에는 조각이 없으므로 넘겨받지 않으면 아무것도 넣지 않습니다. 여기서 실행하려면 '$2'로 선언하세요.",
      ja: "INJECT $1 は呼び出し側 (ダッシュボードや実行時の inject マップ) が埋めます。このファイルにはフラグメントがないため、渡されなければ何も追加しません。ここから実行するには '$2' で宣言してください。",
    },
  ],
  'inject/undeclared-fragment': [
    {
      pattern:
        /^This file declares its fragments \((.+)\) but none named '([^']+)', so this INJECT adds nothing when the file runs\. Declare it with '(.+)' or fix the name\.$/s,
      ko: "이 파일은 조각($1)을 선언하지만 '$2'이라는 조각은 없어, 파일을 실행할 때 이 INJECT는 아무것도 넣지 않습니다. '$3'로 선언하거나 이름을 고치세요.",
      ja: "このファイルはフラグメント ($1) を宣言していますが '$2' という名前のものはないため、ファイル実行時にこの INJECT は何も追加しません。'$3' で宣言するか、名前を直してください。",
    },
  ],
  'inject/bare': [
    {
      pattern: /^A bare INJECT is treated as 'INJECT default'\. Write the name to make that explicit\.$/,
      ko: "이름 없는 INJECT는 'INJECT default'로 처리됩니다. 명확하게 하려면 이름을 쓰세요.",
      ja: "名前のない INJECT は 'INJECT default' として扱われます。明示するには名前を書いてください。",
    },
  ],
  'inject/unused-fragment': [
    {
      pattern:
        /^Fragment '([^']+)' is declared but no INJECT uses it, so it is never sent\. Add '(.+)' where it belongs or remove the directive\.$/s,
      ko: "조각 '$1'이 선언되었지만 어떤 INJECT도 사용하지 않아 전송되지 않습니다. 알맞은 곳에 '$2'를 추가하거나 지시문을 제거하세요.",
      ja: "フラグメント '$1' は宣言されていますが、どの INJECT も使わないため送信されません。適切な場所に '$2' を追加するか、ディレクティブを削除してください。",
    },
  ],
  'category/unknown': [
    {
      pattern:
        /^Unknown category '([^']+)': it is not in the catalog, so this query may return no rows\. Did you mean (.+)\?$/s,
      ko: "알 수 없는 카테고리 '$1': 카탈로그에 없으므로 이 쿼리는 행을 반환하지 않을 수 있습니다. $2 중 하나를 의도하셨나요?",
      ja: "不明なカテゴリ '$1': カタログにないため、このクエリは行を返さない可能性があります。$2 のことですか?",
    },
    {
      pattern: /^Unknown category '([^']+)': it is not in the catalog, so this query may return no rows\.$/,
      ko: "알 수 없는 카테고리 '$1': 카탈로그에 없으므로 이 쿼리는 행을 반환하지 않을 수 있습니다.",
      ja: "不明なカテゴリ '$1': カタログにないため、このクエリは行を返さない可能性があります。",
    },
  ],
  'column/unknown': [
    {
      pattern:
        /^Column '([^']+)' does not exist here \(category '([^']+)' and the commands above\), so this reference matches nothing\.$/,
      ko: "컬럼 '$1'은(는) 여기에 없습니다(카테고리 '$2'와 위의 명령 기준). 따라서 이 참조는 아무것도 가리키지 않습니다.",
      ja: "列 '$1' はここには存在しません (カテゴリ '$2' と上のコマンドによる)。この参照は何にも一致しません。",
    },
  ],
  'syntax/template-marker': [
    {
      pattern: /^Template marker `<% … %>` is not sendable as is; replace it with a value or a \$param\.$/,
      ko: '템플릿 표시 `<% … %>`는 그대로 보낼 수 없습니다. 값이나 $param으로 바꾸세요.',
      ja: 'テンプレート マーカー `<% … %>` はそのままでは送信できません。値か $param に置き換えてください。',
    },
  ],
};

/** The language of an LSP locale (`ko`, `ko-KR`, `ja`), or undefined for English and the rest. */
export function messageLanguage(locale: string | undefined): MessageLanguage | undefined {
  return uiLanguageOf(locale);
}

/** `message` of diagnostic `code` in `language`; the English message when no translation matches. */
export function localizeMessage(
  language: MessageLanguage | undefined,
  code: string | number | undefined,
  message: string,
): string {
  if (!language || typeof code !== 'string') return message;
  for (const { pattern, ...templates } of BY_CODE[code] ?? []) {
    const match = pattern.exec(message);
    if (!match) continue;
    // Groups fill $1, $2, …; a `$` before a letter ($param) stays as it is.
    return templates[language].replace(/\$(\d)/g, (_whole, n: string) => match[Number(n)] ?? '');
  }
  return message;
}

/** The codes that have translations (for tests). */
export const TRANSLATED_CODES: readonly string[] = Object.keys(BY_CODE);
