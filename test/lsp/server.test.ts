/**
 * The bundled language server spoken to over stdio by a plain protocol client: the lifecycle, every
 * feature, incremental sync, diagnostics and the custom mxql/* requests.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  type CompletionList,
  type Hover,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { QueryAtCursorRequest, ServerStatusRequest } from '../../common/lspMethods';
import { QUERY_BOUNDARY_CASES } from '../support/queryBoundaryCases';
import { startSession, withCursor, type LspSession } from './lspClient';

const QUERY = [
  '-- @name TPS per agent',
  '-- @param $oid = 1234',
  'CATEGORY app_counter',
  'OID $oid',
  'TAGLOAD',
  'SELECT [time, oid, tps]',
  'JOIN {query: top5, pk: oid}',
  'INJECT default',
  '',
  'SUB top5',
  'CATEGORY app_counter',
  'TAGLOAD',
  'LIMIT 5',
  'END',
].join('\n');

let session: LspSession;
let version = 1;

function open(uri: string, text: string): void {
  void session.connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'mxql', version: version++, text },
  });
}

const pos = (uri: string, line: number, character: number) => ({
  textDocument: { uri },
  position: { line, character },
});

void describe('language server over stdio', () => {
  before(async () => {
    session = await startSession({ diagnostics: { enabled: true, disabledCodes: [] } });
  });
  after(async () => {
    await session.stop();
  });

  void test('initialize declares every feature', async () => {
    const caps = session.initializeResult.capabilities;
    assert.deepEqual(caps.textDocumentSync, { openClose: true, change: 2 });
    for (const key of [
      'completionProvider',
      'hoverProvider',
      'signatureHelpProvider',
      'documentSymbolProvider',
      'foldingRangeProvider',
      'definitionProvider',
      'referencesProvider',
      'renameProvider',
      'documentFormattingProvider',
      'codeActionProvider',
      'semanticTokensProvider',
    ] as const) {
      assert.ok(caps[key], key);
    }
    const other = await startSession();
    const status = await other.connection.sendRequest(ServerStatusRequest);
    assert.equal(status.openDocuments, 0);
    assert.ok(status.memory.rss > 0);
    await other.stop();
  });

  void test('publishes diagnostics on open and after an incremental change', async () => {
    const uri = 'file:///diag.mxql';
    open(uri, 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps]\n');
    const first = await session.diagnostics(uri);
    assert.deepEqual(
      first.diagnostics.filter((d) => d.severity === 1),
      [],
    );
    void session.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 99 },
      contentChanges: [
        { range: { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } }, text: 'INJECT\n' },
      ],
    });
    const changed = await session.diagnostics(uri, (p: PublishDiagnosticsParams) => p.version === 99);
    assert.ok(
      changed.diagnostics.some((d) => d.code === 'inject/bare'),
      JSON.stringify(changed.diagnostics),
    );
    assert.equal(changed.diagnostics.find((d) => d.code === 'inject/bare')?.range.start.line, 2);
  });

  void test('$etime and $stime are filled by the run: no diagnostic says they lack a value', async () => {
    const uri = 'file:///range-params.mxql';
    open(
      uri,
      'TIME-RANGE {duration: 15s, etime: $etime}\nCATEGORY app_counter\nTAGLOAD\nFILTER {key: time, value: $stime}\nLIMIT $rows\n',
    );
    const published = await session.diagnostics(uri);
    const params = published.diagnostics.filter((d) => String(d.code).startsWith('param/'));
    // $rows still needs a value, which proves the check ran over this text.
    assert.deepEqual(
      params.map((d) => [d.code, d.range.start.line]),
      [['param/unbound', 4]],
      JSON.stringify(published.diagnostics),
    );
  });

  void test('unknown columns after a loader are never errors', async () => {
    const uri = 'file:///unknown-column.mxql';
    open(uri, 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, not_in_metadata_column]\n');
    const published = await session.diagnostics(uri);
    assert.equal(published.diagnostics.filter((d) => d.severity === 1).length, 0);
  });

  void test('completion, hover and signature help on a half-typed line', async () => {
    const uri = 'file:///complete.mxql';
    const { text, position } = withCursor('CATEGORY app_counter\nTAGLOAD\nORDER {key: [tps], sort: $0');
    open(uri, text);
    const list = await session.connection.sendRequest<CompletionList>('textDocument/completion', {
      textDocument: { uri },
      position,
    });
    assert.deepEqual(list.items.map((i) => i.label).sort(), ['asc', 'desc']);
    const hover = await session.connection.sendRequest<Hover>('textDocument/hover', pos(uri, 0, 12));
    assert.match(JSON.stringify(hover.contents), /app_counter/);
    const help = await session.connection.sendRequest<{
      signatures: { label: string }[];
      activeParameter: number;
    }>('textDocument/signatureHelp', { textDocument: { uri }, position });
    assert.match(help.signatures[0]?.label ?? '', /^ORDER \{key, sort, rows\}/);
    assert.equal(help.activeParameter, 1);
  });

  void test("the value of '-- @param $name = ' completes what the query uses $name for", async () => {
    const uri = 'file:///param-value.mxql';
    const { text, position } = withCursor(
      '-- @param $field = $0\nOIDSET {oid: $oid}\nCATEGORY app_counter\nTAGLOAD\nSELECT [time, oname, $field]\n',
    );
    open(uri, text);
    const list = await session.connection.sendRequest<CompletionList>('textDocument/completion', {
      textDocument: { uri },
      position,
    });
    const labels = list.items.map((i) => i.label);
    assert.ok(labels.includes('tps') && labels.includes('tx_count'), labels.join());
    const first = [...list.items].sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? ''))[0];
    assert.equal(first?.label, 'tps');
    const published = await session.diagnostics(uri);
    const hint = published.diagnostics.find((d) => d.code === 'param/ignored-when-unbound');
    assert.equal(typeof hint?.message, 'string', JSON.stringify(published.diagnostics));
    assert.match(
      hint?.message as string,
      /'\$oid' is optional here: unbound, OIDSET is skipped and the query reads all agents/,
    );
  });

  void test('completion positions count UTF-16 code units after non-ASCII text', async () => {
    const uri = 'file:///utf16.mxql';
    const { text, position } = withCursor("CATEGORY app_counter\nTAGLOAD\nSELECT ['1차압', '🙂', t$0");
    open(uri, text);
    const list = await session.connection.sendRequest<CompletionList>('textDocument/completion', {
      textDocument: { uri },
      position,
    });
    const item = list.items.find((i) => i.label === 'tps');
    assert.ok(item);
    const edit = item.textEdit as { range: { start: { character: number }; end: { character: number } } };
    assert.equal(edit.range.end.character, position.character);
    assert.equal(edit.range.start.character, position.character - 1);
  });

  void test('symbols, folding, definition, references, rename', async () => {
    const uri = 'file:///nav.mxql';
    open(uri, QUERY);
    const symbols = await session.connection.sendRequest<{ name: string; children: unknown[] }[]>(
      'textDocument/documentSymbol',
      { textDocument: { uri } },
    );
    assert.deepEqual(
      symbols.map((s) => s.name),
      ['TPS per agent', 'SUB top5'],
    );
    assert.equal(symbols[0]?.children.length, 6);
    const folds = await session.connection.sendRequest<{ startLine: number; endLine: number }[]>(
      'textDocument/foldingRange',
      { textDocument: { uri } },
    );
    assert.ok(folds.some((f) => f.startLine === 9 && f.endLine === 13));
    assert.ok(folds.some((f) => f.startLine === 0 && f.endLine === 1));
    const def = await session.connection.sendRequest<{ range: { start: { line: number } } }>(
      'textDocument/definition',
      pos(uri, 6, 15),
    );
    assert.equal(def.range.start.line, 9);
    const refs = await session.connection.sendRequest<unknown[]>('textDocument/references', {
      ...pos(uri, 9, 5),
      context: { includeDeclaration: true },
    });
    assert.equal(refs.length, 2);
    const edit = await session.connection.sendRequest<{
      changes: Record<string, { newText: string; range: { start: { line: number } } }[]>;
    }>('textDocument/rename', { ...pos(uri, 3, 5), newName: '$agent' });
    const lines = (edit.changes[uri] ?? []).map((e) => e.range.start.line).sort();
    assert.deepEqual(lines, [1, 3]);
  });

  void test('semantic tokens, formatting and code actions', async () => {
    const uri = 'file:///tokens.mxql';
    open(uri, 'CATEGORY   app_counter\nTAGLOAD\nSELECT [time,oid,tps]\nINJECT\n');
    const tokens = await session.connection.sendRequest<{ data: number[] }>(
      'textDocument/semanticTokens/full',
      { textDocument: { uri } },
    );
    assert.equal(tokens.data.length % 5, 0);
    assert.ok(tokens.data.length >= 15);
    const edits = await session.connection.sendRequest<{ newText: string }[]>('textDocument/formatting', {
      textDocument: { uri },
      options: { tabSize: 2, insertSpaces: true },
    });
    assert.equal(edits.length, 1);
    assert.match(edits[0]?.newText ?? '', /^CATEGORY app_counter\n/);
    const diags = await session.diagnostics(uri);
    const bare = diags.diagnostics.find((d) => d.code === 'inject/bare');
    assert.ok(bare);
    const actions = await session.connection.sendRequest<{ title: string }[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: bare.range,
      context: { diagnostics: [bare] },
    });
    assert.ok(actions.some((a) => /INJECT default/.test(a.title)));
  });

  void test('every token kind is a semantic token, decoded through the legend', async () => {
    const uri = 'file:///kinds.mxql';
    open(
      uri,
      "-- @range 1h\nCATEGORY app_counter\nTAGLOAD {backward: true}\nFILTER {key: oname, value: 'x'}\nLIMIT 5\n",
    );
    const legend = session.initializeResult.capabilities.semanticTokensProvider?.legend.tokenTypes ?? [];
    const tokens = await session.connection.sendRequest<{ data: number[] }>(
      'textDocument/semanticTokens/full',
      {
        textDocument: { uri },
      },
    );
    const types = new Set<string>();
    for (let i = 3; i < tokens.data.length; i += 5) types.add(legend[tokens.data[i] ?? -1] ?? '?');
    for (const kind of ['comment', 'keyword', 'type', 'enumMember', 'string', 'number', 'property'])
      assert.ok(types.has(kind), `${kind} in ${[...types].join(', ')}`);
  });

  void test('formatting keeps a missing final newline, and adds one when the editor asks', async () => {
    const uri = 'file:///no-final-newline.mxql';
    open(uri, 'category app_counter\ntagload');
    const format = (insertFinalNewline?: boolean) =>
      session.connection.sendRequest<{ newText: string }[]>('textDocument/formatting', {
        textDocument: { uri },
        options: { tabSize: 2, insertSpaces: true, ...(insertFinalNewline ? { insertFinalNewline } : {}) },
      });
    assert.equal((await format())[0]?.newText, 'CATEGORY app_counter\nTAGLOAD');
    assert.equal((await format(true))[0]?.newText, 'CATEGORY app_counter\nTAGLOAD\n');
  });

  void test('the first diagnostics of an opened file are published at once, without the change debounce', async () => {
    const uri = 'file:///opened-now.mxql';
    const first = version++;
    void session.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'mxql', version: first, text: 'CATEGORY app_countr\nTAGLOAD\n' },
    });
    // A change right behind the open: with a debounced open, only this version would be published.
    void session.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: first + 1 },
      contentChanges: [{ text: 'CATEGORY app_counter\nTAGLOAD\n' }],
    });
    await session.diagnostics(uri, (p) => p.version === first + 1);
    const opened = await Promise.race([
      session.diagnostics(uri, (p) => p.version === first),
      new Promise<undefined>((resolve) => setImmediate(() => resolve(undefined))),
    ]);
    assert.ok(opened, 'the opened version was published before the change');
    assert.ok(opened.diagnostics.some((d) => d.code === 'category/unknown'));
  });

  void test('mxql/queryAtCursor', async () => {
    const uri = 'file:///custom.mxql';
    open(uri, QUERY);
    const q = await session.connection.sendRequest(QueryAtCursorRequest, {
      uri,
      position: { line: 4, character: 0 },
    });
    assert.ok(q);
    assert.match(q.text, /^CATEGORY app_counter\nOID \$oid/);
    assert.match(q.text, /SUB top5[\s\S]*END$/);
    assert.doesNotMatch(q.text, /@name/);
    assert.deepEqual(q.params, ['$oid']);
    assert.deepEqual(q.injects, ['default']);
    assert.equal(q.directives.params['$oid'], '1234');
    assert.equal(q.directives.name, 'TPS per agent');
    const missing = await session.connection.sendRequest(QueryAtCursorRequest, {
      uri: 'file:///not-open.mxql',
      offset: 0,
    });
    assert.equal(missing, null);
  });

  void test('mxql/queryAtCursor finds the same query boundaries as the CodeLens and mxql run', async () => {
    for (const [index, c] of QUERY_BOUNDARY_CASES.entries()) {
      const uri = `file:///boundaries-${index}.mxql`;
      open(uri, c.text);
      const lineCount = c.text.split('\n').length;
      for (let line = 0; line < lineCount; line++) {
        const q = await session.connection.sendRequest(QueryAtCursorRequest, {
          uri,
          position: { line, character: 0 },
        });
        if (c.queries.length === 0) {
          assert.equal(q, null, `${c.name}: line ${line}`);
          continue;
        }
        assert.ok(q, `${c.name}: line ${line}`);
        const bounds: readonly [number, number] = [q.range.start.line, q.range.end.line];
        assert.ok(
          c.queries.some(([first, last]) => first === bounds[0] && last === bounds[1]),
          `${c.name}: line ${line} gave lines ${bounds.join('-')}`,
        );
      }
    }
  });

  void test('settings switch diagnostics off by code group', async () => {
    const other = await startSession({ diagnostics: { enabled: true, disabledCodes: ['inject'] } });
    const uri = 'file:///settings.mxql';
    void other.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'mxql', version: 1, text: 'CATEGORY app_counter\nTAGLOAD\nINJECT\n' },
    });
    const published = await other.diagnostics(uri, (p) => p.version === 1);
    assert.equal(published.diagnostics.filter((d) => String(d.code).startsWith('inject/')).length, 0);
    await other.stop();
  });
});
