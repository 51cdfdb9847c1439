// Hover, completion and signature help follow the client's locale over the protocol: started with
// `locale: 'ja'`, `'ko-KR'` (as VS Code sends its display language) or `initializationOptions.locale`
// (as other editors may), the bundled server words commands, options, columns, `$params` (`$etime`:
// filled from the run's time range) and completion documentation in that language; without a locale it
// speaks English.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type {
  CompletionItem,
  CompletionList,
  Hover,
  MarkupContent,
  SignatureHelp,
} from 'vscode-languageserver-protocol';
import { startSession, withCursor } from './lspClient';

const TEXT = [
  '-- @param $oid = 42',
  'CATEGORY app_counter',
  'OID $oid',
  'TAGLOAD',
  'SELECT [time, oid, tps]',
  'ORDER {key: [tps], sort: desc}',
  'TIME-RANGE {duration: 15s, etime: $etime}',
].join('\n');

/** Hover targets: line, character and what English says there. */
const TARGETS = {
  command: { line: 3, character: 2, english: /Reads the rows of a tag-and-field category/ },
  option: { line: 5, character: 20, english: /Direction per key/ },
  column: { line: 4, character: 20, english: /Throughput: transactions completed each second/ },
  param: { line: 2, character: 6, english: /Agent id \(or list of ids\)/ },
  rangeParam: {
    line: 6,
    character: 36,
    english: /the run fills it from its time range[\s\S]*End of the query window/,
  },
} as const;

/** What each language says at the same places (a phrase of our own translation). */
const WORDED = {
  ja: {
    script: /[\u3040-\u30FF]/,
    command: /CATEGORY で選んだタグ・フィールド型カテゴリの行を読みます/,
    option: /キーごとの並び順/,
    column: /スループット: 1 秒あたりに完了したトランザクション数/,
    param: /パラメータ[\s\S]*ロードを絞り込むエージェント ID/,
    rangeParam: /時間範囲から値を埋めます/,
    completion: /小さい値から並べます/,
    signature: /行を並べ替えます/,
  },
  ko: {
    script: /[\uAC00-\uD7A3]/,
    command: /CATEGORY로 고른 태그·필드 카테고리의 행을 읽습니다/,
    option: /키마다의 정렬 방향/,
    column: /처리량: 초당 완료된 트랜잭션 수/,
    param: /파라미터[\s\S]*로드를 제한할 에이전트 ID/,
    rangeParam: /시간 범위에서 값을 채웁니다/,
    completion: /작은 값부터 정렬합니다/,
    signature: /행을 정렬합니다/,
  },
} as const;

interface Answers {
  hovers: Record<keyof typeof TARGETS, string>;
  completion: string;
  signature: string;
}

const markdown = (h: Hover | null): string => (h ? (h.contents as MarkupContent).value : '');

/** Documentation as text (LSP allows a string or markup). */
const textOf = (doc: string | MarkupContent | undefined): string =>
  typeof doc === 'string' ? doc : (doc?.value ?? '');

async function answersFor(initialize: Record<string, unknown>): Promise<Answers> {
  const session = await startSession(undefined, undefined, initialize);
  try {
    const uri = 'file:///tmp/hover-locale.mxql';
    await session.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'mxql', version: 1, text: TEXT },
    });
    const hovers = {} as Record<keyof typeof TARGETS, string>;
    for (const [name, { line, character }] of Object.entries(TARGETS)) {
      const h = await session.connection.sendRequest<Hover | null>('textDocument/hover', {
        textDocument: { uri },
        position: { line, character },
      });
      hovers[name as keyof typeof TARGETS] = markdown(h);
    }
    const other = 'file:///tmp/complete-locale.mxql';
    const { text, position } = withCursor('CATEGORY app_counter\nTAGLOAD\nORDER {key: [tps], sort: $0');
    await session.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: other, languageId: 'mxql', version: 1, text },
    });
    const list = await session.connection.sendRequest<CompletionList>('textDocument/completion', {
      textDocument: { uri: other },
      position,
    });
    // Documentation arrives on completionItem/resolve, as editors ask for the item they show.
    const listed = list.items.find((i) => i.label === 'asc');
    const asc = listed
      ? await session.connection.sendRequest<CompletionItem>('completionItem/resolve', listed)
      : undefined;
    const help = await session.connection.sendRequest<SignatureHelp | null>('textDocument/signatureHelp', {
      textDocument: { uri: other },
      position,
    });
    return {
      hovers,
      completion: `${asc?.detail ?? ''}\n${(asc?.documentation as MarkupContent | undefined)?.value ?? ''}`,
      signature: textOf(help?.signatures[0]?.documentation),
    };
  } finally {
    await session.stop();
  }
}

function assertWorded(answers: Answers, language: keyof typeof WORDED): void {
  const worded = WORDED[language];
  for (const name of Object.keys(TARGETS) as (keyof typeof TARGETS)[]) {
    assert.match(answers.hovers[name], worded[name], `${name}: ${answers.hovers[name]}`);
    assert.doesNotMatch(answers.hovers[name], TARGETS[name].english, name);
  }
  assert.match(answers.completion, worded.completion);
  assert.match(answers.completion, worded.script);
  assert.match(answers.signature, worded.signature);
}

void describe('hover and completion in the client locale', { timeout: 60_000 }, () => {
  void test('no locale: English', async () => {
    const answers = await answersFor({});
    for (const name of Object.keys(TARGETS) as (keyof typeof TARGETS)[])
      assert.match(answers.hovers[name], TARGETS[name].english, name);
    assert.match(answers.completion, /Smallest first\./);
    assert.match(answers.signature, /^Sorts rows\./);
    assert.doesNotMatch(JSON.stringify(answers), /[\uAC00-\uD7A3\u3040-\u30FF]/);
  });

  void test("locale 'ja': Japanese", async () => {
    assertWorded(await answersFor({ locale: 'ja' }), 'ja');
  });

  void test("locale 'ko-KR': Korean", async () => {
    assertWorded(await answersFor({ locale: 'ko-KR' }), 'ko');
  });

  void test('initializationOptions.locale, as other editors send it', async () => {
    assertWorded(await answersFor({ initializationOptions: { locale: 'ja_JP' } }), 'ja');
  });
});
