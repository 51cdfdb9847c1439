/**
 * Completion lists with and without LSP 3.17 `itemDefaults` and lazily resolved details, over stdio:
 * a client that applies defaults gets the shared range and `data` once per list, one that resolves
 * `detail` lazily gets it on `completionItem/resolve`, and once both are applied its items are exactly
 * the items a client without them gets; resolving an item still adds its documentation.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  type CompletionItem,
  type CompletionList,
  type MarkupContent,
} from 'vscode-languageserver-protocol/node';
import { EDITOR_COMPLETION_CAPABILITIES } from './keystroke';
import { startSession, withCursor, type LspSession } from './lspClient';

/** Completion sites of every kind: columns (one needs quoting), commands, option values, directives, SUBs. */
const SITES: readonly (readonly [uri: string, marked: string, languageId?: string])[] = [
  ['file:///defaults/columns.mxql', 'CATEGORY app_counter\nTAGLOAD\nSELECT [$0'],
  ['file:///defaults/quoted.mxql', "CATEGORY app_counter\nTAGLOAD\nSELECT ['1차압', 'a b', $0"],
  ['file:///defaults/partial.mxql', 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, tp$0'],
  ['file:///defaults/commands.mxql', 'CATEGORY app_counter\nTAGLOAD\n$0'],
  ['file:///defaults/values.mxql', 'CATEGORY app_counter\nTAGLOAD\nORDER {key: [tps], sort: $0'],
  ['file:///defaults/directive.mxql', '-- @$0\nCATEGORY app_counter\n'],
  ['file:///defaults/formula.mxql', 'CATEGORY app_counter\nTAGLOAD\nCREATE {key: x, expr: "tps + $0"}'],
  [
    'file:///defaults/board.json',
    '{ "widgets": [ { "metrics": [ { "mql": "CATEGORY app_counter\\nTAGLOAD\\nSELECT [\\"1차압\\", $0" } ] } ] }',
    'json',
  ],
];

let plain: LspSession;
let editor: LspSession;
/** Each site's list from the client without defaults and from the one with them. */
const lists = new Map<string, { full: CompletionList; compact: CompletionList }>();

/** Opens every site's document (each server learns the columns of its open documents), then completes at each. */
async function completeSites(session: LspSession): Promise<CompletionList[]> {
  const cursors = SITES.map(([uri, marked, languageId = 'mxql']) => {
    const { text, position } = withCursor(marked);
    void session.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId, version: 1, text },
    });
    return { textDocument: { uri }, position };
  });
  const out: CompletionList[] = [];
  for (const p of cursors)
    out.push(await session.connection.sendRequest<CompletionList>('textDocument/completion', p));
  return out;
}

/** Opens `marked` (without its `$0`) as `uri` and completes at the `$0`. */
async function completion(session: LspSession, uri: string, marked: string): Promise<CompletionList> {
  const { text, position } = withCursor(marked);
  await session.connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'mxql', version: 1, text },
  });
  return session.connection.sendRequest<CompletionList>('textDocument/completion', {
    textDocument: { uri },
    position,
  });
}

/** The items as the protocol defines them once the list's defaults are applied. */
function applied(list: CompletionList): CompletionItem[] {
  const defaults = list.itemDefaults;
  return list.items.map((item) => {
    const { textEditText, insertTextFormat: itemFormat, ...rest } = item;
    const range = defaults?.editRange;
    const textEdit =
      item.textEdit ??
      (range && 'start' in range ? { range, newText: textEditText ?? item.label } : undefined);
    const data: unknown = item.data ?? defaults?.data;
    // Plain text (1) is the protocol's format when neither the item nor the list says one.
    const insertTextFormat = itemFormat ?? defaults?.insertTextFormat;
    return {
      ...rest,
      ...(textEdit ? { textEdit } : {}),
      ...(insertTextFormat === undefined || insertTextFormat === 1 ? {} : { insertTextFormat }),
      ...(data !== undefined ? { data } : {}),
    };
  });
}

/** The items without their details (which a client that resolves them lazily gets on resolve). */
function withoutDetail(items: readonly CompletionItem[]): CompletionItem[] {
  return items.map(({ detail: _detail, ...rest }) => rest);
}

/** Each list names itself in `data`; two servers number their lists alike only by chance. */
function withoutListId(items: readonly CompletionItem[]): unknown[] {
  return items.map((item) => ({ ...item, data: item.data === undefined ? 'none' : 'list' }));
}

void describe('completion list defaults', () => {
  before(async () => {
    plain = await startSession();
    editor = await startSession(undefined, undefined, {
      capabilities: { textDocument: { completion: EDITOR_COMPLETION_CAPABILITIES } },
    });
    const [full, compact] = [await completeSites(plain), await completeSites(editor)];
    SITES.forEach(([uri], i) =>
      lists.set(uri, { full: full[i] as CompletionList, compact: compact[i] as CompletionList }),
    );
  });
  after(async () => {
    await plain.stop();
    await editor.stop();
  });

  void test('a client without itemDefaults gets a text edit and data on every item', () => {
    for (const [uri, { full: list }] of lists) {
      assert.ok(list.items.length > 0, uri);
      assert.equal(list.itemDefaults, undefined, uri);
      for (const item of list.items) {
        assert.ok(item.textEdit && item.data !== undefined, `${uri}: ${JSON.stringify(item)}`);
        assert.equal(item.textEditText, undefined, uri);
      }
    }
  });

  void test('with itemDefaults the items say the shared range and data once, and mean exactly the same', () => {
    for (const [uri, { full, compact }] of lists) {
      assert.ok(compact.itemDefaults?.editRange && compact.itemDefaults.data !== undefined, uri);
      assert.ok(
        compact.items.every((i) => i.data === undefined),
        `${uri}: no item repeats the list's data`,
      );
      assert.ok(
        compact.items.filter((i) => i.textEdit === undefined).length > compact.items.length / 2,
        `${uri}: most items use the default range`,
      );
      assert.ok(
        compact.items.every((i) => i.detail === undefined),
        `${uri}: details wait for resolve`,
      );
      assert.deepEqual(withoutListId(applied(compact)), withoutListId(withoutDetail(full.items)), uri);
      assert.equal(compact.isIncomplete, full.isIncomplete, uri);
      assert.ok(JSON.stringify(compact).length < JSON.stringify(full).length * 0.75, `${uri}: smaller`);
    }
  });

  void test('an item whose text is not its label says its text; a quoted column inserts quoted', () => {
    const list = lists.get(SITES[1]?.[0] as string)?.compact as CompletionList;
    const item = list.items.find((i) => i.label === 'a b');
    assert.equal(item?.textEditText, "'a b'", JSON.stringify(item));
    assert.ok(list.items.some((i) => i.label === 'tps' && i.textEditText === undefined));
  });

  void test('a list of mostly snippets says the snippet format once; its plain items say theirs', () => {
    const list = lists.get(SITES[3]?.[0] as string)?.compact as CompletionList;
    assert.equal(list.itemDefaults?.insertTextFormat, 2);
    assert.ok(list.items.some((i) => i.insertTextFormat === undefined && i.textEditText?.includes('${1}')));
  });

  void test('each item resolves with the detail a client that does not resolve lazily gets in the list', async () => {
    for (const [uri, marked] of SITES.filter(([, , languageId]) => languageId === undefined)) {
      const details = new Map(lists.get(uri)?.full.items.map((i) => [i.label, i.detail]));
      // Asked again on a document of its own: the server keeps only the last few lists for resolving.
      const list = await completion(editor, `${uri}?details`, marked);
      assert.ok(list.items.length > 0, uri);
      for (const item of applied(list)) {
        const resolved = await editor.connection.sendRequest<CompletionItem>('completionItem/resolve', item);
        assert.equal(resolved.detail, details.get(item.label), `${uri}: ${item.label}`);
      }
    }
  });

  void test('an item of a defaults list resolves with its documentation', async () => {
    // The server keeps the last few lists for resolving: ask again rather than take an old one.
    const [uri, marked] = SITES[0] as readonly [string, string];
    const list = await completion(editor, `${uri}?resolve`, marked);
    const [item] = applied(list).filter((i) => i.label === 'tps');
    assert.ok(item);
    const resolved = await editor.connection.sendRequest<CompletionItem>('completionItem/resolve', item);
    assert.match((resolved.documentation as MarkupContent).value, /\*\*tps\*\*/);
  });
});
