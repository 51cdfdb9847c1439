/**
 * Quiet on real queries: the corpus's dashboard queries, put back into a dashboard, get no
 * error-severity diagnostic from the language server that the same query as a .mxql file does not get.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { escapeForJson } from '../../server/core/index';
import { corpusDir, corpusPresent, corpusRequired } from '../support/corpus';
import { startSession } from './lspClient';

const FEATURE_PREFIX = 'whatap_feature__';
if (!corpusPresent && !corpusRequired)
  console.log(`embedded JSON corpus: no corpus at ${corpusDir}; skipped (set MXQL_CORPUS)`);

void test(
  'dashboard queries in a dashboard JSON get no error their .mxql file does not get',
  { skip: !corpusPresent && !corpusRequired },
  async () => {
    assert.ok(corpusPresent, `MXQL_CORPUS=required but there is no corpus at ${corpusDir}`);
    const names = readdirSync(corpusDir)
      .filter((f) => f.startsWith(FEATURE_PREFIX) && f.endsWith('.mxql'))
      .sort();
    assert.ok(names.length > 0, 'dashboard queries in the corpus');
    const texts = names.map((f) => readFileSync(join(corpusDir, f), 'utf8'));
    // Widget i on line 3 + i (0-based), its query after this opening.
    const opening = (i: number): string => `    { "type": "line", "title": "w${i}", "metrics": [ { "mql": "`;
    const widgets = texts.map((t, i) => `${opening(i)}${escapeForJson(t)}" } ] }`);
    const board = `{\n  "name": "corpus",\n  "widgets": [\n${widgets.join(',\n')}\n  ]\n}\n`;

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
  },
);
