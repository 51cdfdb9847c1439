/**
 * Quiet on real queries: the corpus's dashboard queries, put back into a dashboard, get no
 * error-severity diagnostic from the language server that the same query as a .mxql file does not get.
 */
import assert from 'node:assert/strict';
import { corpusTest } from '../support/corpus';
import { corpusBoard } from '../support/corpusBoard';
import { startSession } from './lspClient';

corpusTest('dashboard queries in a dashboard JSON get no error their .mxql file does not get', async () => {
  const { names, texts, json: board } = corpusBoard();
  assert.ok(names.length > 0, 'dashboard queries in the corpus');

  const session = await startSession({ diagnostics: { enabled: true, disabledCodes: [] } });
  try {
    const open = (uri: string, languageId: string, text: string) =>
      session.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId, version: 1, text },
      });
    await open('file:///corpus/board.json', 'json', board);
    const inBoard = await session.diagnostics('file:///corpus/board.json');
    const extra: string[] = [];
    let errors = 0;
    for (const [i, name] of names.entries()) {
      const uri = `file:///corpus/${name}`;
      await open(uri, 'mxql', texts[i] as string);
      const plain = (await session.diagnostics(uri)).diagnostics.filter((d) => d.severity === 1);
      const here = inBoard.diagnostics.filter((d) => d.severity === 1 && d.range.start.line === 3 + i);
      errors += here.length;
      for (const d of here)
        if (!plain.some((p) => p.code === d.code && p.message === d.message))
          extra.push(`${name}: ${String(d.code)} ${JSON.stringify(d.message)}`);
    }
    console.log(
      `embedded JSON corpus: ${names.length} dashboard queries, ${inBoard.diagnostics.length} diagnostics in the board (${errors} errors, each also on its .mxql file)`,
    );
    assert.deepEqual(extra, [], 'errors that the same query as a .mxql file does not get');
    assert.ok(
      inBoard.diagnostics.every((d) => d.range.start.line >= 3 && d.range.start.line < 3 + names.length),
    );
  } finally {
    await session.stop();
  }
});
