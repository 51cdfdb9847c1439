/**
 * What an open document costs the bundled server, over stdio: only recently used documents keep
 * their analysis, an evicted one answers exactly as before, completion items get their documentation
 * through `completionItem/resolve`, and memory with the whole corpus open stays within a multiple of
 * what the texts take as documents (measured in the same run) that the old design (each analysis
 * surviving into the old space) exceeds.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  type CompletionItem,
  type CompletionList,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { ServerStatusRequest } from '../../common/lspMethods';
import { KEPT_ANALYSES } from '../../server/src/documents';
import { corpusTexts } from '../support/corpus';
import { root, startSession, withCursor, type Launch, type LspSession } from './lspClient';

const QUERY = [
  '-- @param $oid = 1234',
  'CATEGORY app_counter',
  'OID $oid',
  'TAGLOAD',
  'SELECT [time, oid, tps, not_a_column]',
  'JOIN {query: busiest, pk: oid}',
  'FILTER {key: tps, over: x}',
  '',
  'SUB busiest',
  'CATEGORY app_counter',
  'TAGLOAD',
  'ORDER {key: tps, sort: desc}',
  'LIMIT 3',
  'END',
  '',
  'SELECT [$0',
].join('\n');

let session: LspSession;
let version = 1;

/** Runs `work` against a server of its own (as `session`), stopped when it is done. */
async function withSession(work: () => Promise<void>, settings?: unknown, launch?: Launch): Promise<void> {
  session = await startSession(settings, launch);
  try {
    await work();
  } finally {
    await session.stop();
  }
}

const WITH_DIAGNOSTICS = { diagnostics: { enabled: true, disabledCodes: [] } };

async function open(uri: string, text: string): Promise<PublishDiagnosticsParams> {
  const v = version++;
  await session.connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'mxql', version: v, text },
  });
  return session.diagnostics(uri, (p) => p.version === v);
}

const at = (uri: string, position: { line: number; character: number }) => ({
  textDocument: { uri },
  position,
});

/** Every answer an editor asks for about `uri`, completion items resolved. */
async function answers(uri: string, cursor: { line: number; character: number }) {
  const send = <R>(method: string, params: unknown) => session.connection.sendRequest<R>(method, params);
  const list = await send<CompletionList>('textDocument/completion', at(uri, cursor));
  const resolved = await Promise.all(
    list.items.map((i) => send<CompletionItem>('completionItem/resolve', i)),
  );
  return {
    // The items' `data` names the list they came from, which is new with each list.
    completion: resolved.map(({ data: _data, ...item }) => item),
    hover: await send('textDocument/hover', at(uri, { line: 1, character: 12 })),
    hoverColumn: await send('textDocument/hover', at(uri, { line: 4, character: 16 })),
    tokens: await send('textDocument/semanticTokens/full', { textDocument: { uri } }),
    symbols: await send('textDocument/documentSymbol', { textDocument: { uri } }),
    folding: await send('textDocument/foldingRange', { textDocument: { uri } }),
    definition: await send('textDocument/definition', at(uri, { line: 5, character: 15 })),
    rename: await send('textDocument/rename', { ...at(uri, { line: 8, character: 5 }), newName: 'best' }),
  };
}

void describe('open documents over stdio', () => {
  void test('completion items carry no documentation; completionItem/resolve supplies it', () =>
    withSession(async () => {
      const uri = 'file:///resolve.mxql';
      const { text, position } = withCursor('CATEGORY app_counter\nTAGLOAD\nSELECT [$0');
      await open(uri, text);
      const caps = session.initializeResult.capabilities.completionProvider;
      assert.equal(caps?.resolveProvider, true);
      const list = await session.connection.sendRequest<CompletionList>(
        'textDocument/completion',
        at(uri, position),
      );
      const tps = list.items.find((i) => i.label === 'tps');
      assert.ok(tps);
      assert.equal(
        list.items.some((i) => i.documentation !== undefined),
        false,
      );
      const resolved = await session.connection.sendRequest<CompletionItem>('completionItem/resolve', tps);
      assert.equal(typeof resolved.documentation, 'object');
      const doc = resolved.documentation as { kind: string; value: string };
      assert.equal(doc.kind, 'markdown');
      assert.ok(doc.value.length > 0, 'documentation text');
      assert.deepEqual({ ...resolved, documentation: undefined }, { ...tps, documentation: undefined });
      // An item from no list the server knows comes back as it was, never an error.
      const stranger = { label: 'tps', data: { list: -1 } };
      assert.deepEqual(await session.connection.sendRequest('completionItem/resolve', stranger), stranger);
    }, WITH_DIAGNOSTICS));

  void test('a document whose analysis was evicted answers exactly as before', () =>
    withSession(async () => {
      const { text, position } = withCursor(QUERY);
      const uri = 'file:///evicted.mxql';
      const published = await open(uri, text);
      assert.ok(published.diagnostics.length > 0, 'the query has findings to compare');
      const before = await answers(uri, position);
      // More recently used documents than the server keeps analyses for, each completed (so the
      // evicted document's list is not the last one either). They read only columns the catalog has:
      // open documents teach the others, and a column they taught would rightly change the answers.
      for (let i = 0; i < KEPT_ANALYSES + 4; i++) {
        const other = `file:///other${i}.mxql`;
        const o = withCursor(
          `CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps]\nLIMIT ${i + 1}\n\nSELECT [$0`,
        );
        await open(other, o.text);
        await session.connection.sendRequest('textDocument/completion', at(other, o.position));
      }
      assert.deepEqual(await answers(uri, position), before);
      // An edit to the evicted document and its undo: the diagnostics of its text are the same.
      const end = { line: position.line, character: position.character };
      for (const [v, change] of [
        [version++, { range: { start: end, end }, text: 't' }],
        [version++, { range: { start: end, end: { ...end, character: end.character + 1 } }, text: '' }],
      ] as const) {
        await session.connection.sendNotification('textDocument/didChange', {
          textDocument: { uri, version: v },
          contentChanges: [change],
        });
      }
      const again = await session.diagnostics(uri, (p) => p.version === version - 1);
      assert.deepEqual(again.diagnostics, published.diagnostics);
    }, WITH_DIAGNOSTICS));
});

void describe('server memory with many documents open', () => {
  void test('memory with the corpus open stays within a multiple of what its texts take as documents', async () => {
    // The corpus's real queries, else a synthetic set of the same size and shape: distinct texts about
    // as long as real files, that read the category's own columns as real files do (600 made-up
    // columns would only measure what is learned; ten-line stubs only a document's fixed cost).
    const texts = corpusTexts(
      Array.from({ length: 600 }, (_, i) =>
        [
          `-- TPS and response time per agent, variant ${i + 1}`,
          '-- @range 1h',
          'CATEGORY app_counter',
          'TAGLOAD',
          'SELECT [time, oid, oname, okindName, tps, tx_count, tx_error, resp_time]',
          `FILTER {key: tps, cmp: gt, value: ${i % 7}}`,
          'CREATE {key: error_rate, expr: "tx_error / tx_count * 100"}',
          'UPDATE {key: resp_time, value: avg}',
          'GROUP {timeunit: 5m, pk: [oid, oname, okindName], merge: [tps, tx_count, tx_error, resp_time]}',
          'ORDER {key: [tps], sort: [desc]}',
          'RENAME {src: oname, dst: agent}',
          `LIMIT ${i + 1}`,
          '',
        ].join('\n'),
      ),
    );
    const mb = (n: number) => n / 1024 / 1024;
    // The same-run baseline: the heap the texts take here as the server's open documents hold them
    // (each text with its line index), measured after a full collection, so it is exact on any
    // machine; the server's growth over it is what analysing and keeping those documents costs.
    const asDocuments = heldTexts(texts);
    const growth = await rssGrowth(texts);
    const ratio = growth / asDocuments;
    console.log(
      `${texts.length} files open: rss +${mb(growth).toFixed(1)} MB, ${ratio.toFixed(1)}x the ${mb(asDocuments).toFixed(2)} MB their texts take as documents`,
    );
    // Measured on the 624 corpus files: 32.5-33.5x (+23-24 MB), and 32x for the synthetic set. The old
    // design (each analysis surviving into the old space) held about 10x the texts more than this one
    // on the corpus (53x against 41-44x, measured with the compiler threads on), which this bound catches.
    assert.ok(ratio < 40, `open files cost ${ratio.toFixed(1)}x their texts`);
  });
});

/**
 * Heap bytes `texts` take as open documents (own copies, line index built), after a full collection:
 * the median of three measurements.
 */
function heldTexts(texts: readonly string[]): number {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const once = (round: number): number => {
    gc();
    const before = process.memoryUsage().heapUsed;
    const docs = texts.map((text, i) => {
      const copy = JSON.parse(JSON.stringify(text)) as string;
      const doc = TextDocument.create(`file:///held/${round}/${i}.mxql`, 'mxql', 1, copy);
      doc.positionAt(text.length);
      return doc;
    });
    gc();
    const held = process.memoryUsage().heapUsed - before;
    assert.equal(docs.length, texts.length);
    return held;
  };
  return [once(0), once(1), once(2)].sort((a, b) => a - b)[1] as number;
}

/**
 * The server as the memory floor starts it: V8 single-threaded, with a predictable collection schedule.
 * The collector on its own thread only, so how far the heap grows before a collection does not depend
 * on how busy the machine's other cores are (helper threads starved by other processes let garbage
 * pile up); and no concurrent compiler threads, whose own malloc arenas count in RSS and move with what
 * the JIT happens to compile: with them, a change to completion code this test never runs moved the
 * figure from 45x to 50x while the heap was 1.8 MB smaller.
 */
const MEASURED_SERVER: Launch = {
  command: process.execPath,
  args: ['--single-threaded', '--predictable-gc-schedule', join(root, 'dist', 'server.js'), '--stdio'],
};

/** RSS growth of a fresh server that opens every text, its semantic tokens and its diagnostics. */
async function rssGrowth(texts: readonly string[]): Promise<number> {
  let growth = 0;
  await withSession(
    async () => {
      const s = session;
      const baseline = await s.connection.sendRequest(ServerStatusRequest);
      for (const [i, text] of texts.entries()) {
        const uri = `file:///memory/${i}.mxql`;
        const published = s.diagnostics(uri);
        await s.connection.sendNotification('textDocument/didOpen', {
          textDocument: { uri, languageId: 'mxql', version: 1, text },
        });
        await s.connection.sendRequest('textDocument/semanticTokens/full', { textDocument: { uri } });
        await published;
      }
      const loaded = await s.connection.sendRequest(ServerStatusRequest);
      assert.equal(loaded.openDocuments, texts.length);
      growth = loaded.memory.rss - baseline.memory.rss;
    },
    WITH_DIAGNOSTICS,
    MEASURED_SERVER,
  );
  return growth;
}
