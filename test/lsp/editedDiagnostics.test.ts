/**
 * The diagnostics published after each edit of a document equal those of the same text opened afresh:
 * what the server reuses from the previous version (converted diagnostics, the findings of queries
 * the edit left alone) never shows a stale range, message or finding. The edits insert and delete
 * lines before, inside and after findings, at a CRLF and across queries. (The text names no category
 * or column the catalog lacks: the server learns those from open documents, which would change what
 * the fresh copies are checked against.)
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Diagnostic, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { startSession, type LspSession } from './lspClient';

/** Queries with findings of every kind: syntax, commands, catalog names, $params, INJECT, structure, ranges. */
const QUERIES = [
  '-- @param $oid = 1\nCATEGORY app_counter\nOID $oid\nTAGLOAD\nSELECT [time, oid, oname]\nFILTER {key: tps, over: 1}',
  'CATEGORY\nTAGLOAD\nSELECT [time, $unbound]\nORDER {key: [tps], sort: sideways}',
  'CATEGORY app_counter\r\nTAGLOAD\r\nINJECT missing\r\nUPDATE {key: [tps], value: avg}',
  'SUB top\nCATEGORY app_counter\nTAGLOAD\nLIMIT five\nEND\n\nCATEGORY app_counter\nTAGLOAD\nJOIN {query: top, pk: oid}\nJOIN {query: nowhere, pk: oid}',
  'TAGLOAD\nSELECT [time, oid\nCATEGORY app_counter\nGROUP {pk: [oid], merge: tps}\nBOGUS {x: 1}',
  '-- @inject x = SELECT [time]\nCATEGORY app_counter\nTIME-PAST {delta: 5x}\nTAGLOAD\nINJECT x\nINJECT y',
];

const TEXT = Array.from({ length: 4 }, () => QUERIES.join('\n\n')).join('\n\n');

/** Edits in turn: [offset of a marker (or `end`), characters deleted, text inserted]. */
const EDITS: readonly (readonly [at: string | number, remove: number, insert: string])[] = [
  ['end', 0, '\nSELECT [oid'],
  ['end', 0, ']'],
  [0, 0, 'CATEGORY app_counter\nTAGLOAD\n\n'],
  ['OID $oid', 0, ' '],
  [' OID $oid', 1, ''],
  // A position between CR and LF is not one LSP can name: the pair is replaced whole.
  ['\r\nINJECT missing', 2, '\n'],
  ['\nINJECT missing', 1, '\r\n'],
  ['SUB top', 0, '\n\n'],
  ['END\n', 4, ''],
  ['END', 0, 'END\n'],
  ['sideways', 8, 'asc'],
  ['-- @inject x', 0, 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, $p]\n\n'],
  ['oid, oname', 3, 'tps'],
  [0, 30, ''],
];

let session: LspSession;
before(async () => {
  session = await startSession({ diagnostics: { enabled: true, disabledCodes: [] } });
});
after(async () => {
  await session.stop();
});

function positionAt(text: string, offset: number): { line: number; character: number } {
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length - 1, character: (lines.at(-1) ?? '').length };
}

async function freshDiagnostics(uri: string, text: string): Promise<Diagnostic[]> {
  await session.connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'mxql', version: 1, text },
  });
  return (await session.diagnostics(uri)).diagnostics;
}

void test('after every edit the published diagnostics are those of the text opened afresh', async () => {
  const uri = 'file:///edited/doc.mxql';
  let text = TEXT;
  let version = 1;
  const opened = await freshDiagnostics(uri, text);
  assert.ok(opened.length > 20, `findings to reuse: ${opened.length}`);
  for (const [i, [at, remove, insert]] of EDITS.entries()) {
    const offset = at === 'end' ? text.length : typeof at === 'number' ? at : text.indexOf(at);
    assert.ok(offset >= 0, `edit ${i}: marker ${String(at)}`);
    const range = { start: positionAt(text, offset), end: positionAt(text, offset + remove) };
    text = text.slice(0, offset) + insert + text.slice(offset + remove);
    version++;
    await session.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ range, text: insert }],
    });
    const published: PublishDiagnosticsParams = await session.diagnostics(uri, (p) => p.version === version);
    const fresh = await freshDiagnostics(`file:///edited/fresh-${i}.mxql`, text);
    assert.deepEqual(published.diagnostics, fresh, `edit ${i}: ${JSON.stringify([at, remove, insert])}`);
  }
});
