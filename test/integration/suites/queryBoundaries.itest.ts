// The Run CodeLens of the real VS Code sits above exactly the queries the core, Run Query at Cursor,
// `mxql run --line` and `mxql/queryAtCursor` find (the shared table of test/support/queryBoundaryCases.ts).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { suite, test } from 'mocha';
import { QUERY_BOUNDARY_CASES } from '../../support/queryBoundaryCases';

suite('query boundaries', () => {
  test('the CodeLens marks the first line of each query, and passes that offset to Run Query at Cursor', async () => {
    for (const c of QUERY_BOUNDARY_CASES) {
      const document = await vscode.workspace.openTextDocument({ language: 'mxql', content: c.text });
      const lenses =
        (await vscode.commands.executeCommand<vscode.CodeLens[]>(
          'vscode.executeCodeLensProvider',
          document.uri,
        )) ?? [];
      const runLenses = lenses.filter((l) => l.command?.command === 'mxql.runQueryAtCursor');
      assert.deepEqual(
        runLenses.map((l) => l.range.start.line),
        c.queries.map(([first]) => first),
        c.name,
      );
      for (const lens of runLenses) {
        const [arg] = (lens.command?.arguments ?? []) as { offset?: number }[];
        assert.equal(arg?.offset, document.offsetAt(lens.range.start), c.name);
      }
    }
  });
});
