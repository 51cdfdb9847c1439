// The engine over every real query of the shared corpus (read, never copied): each one either runs or
// fails with a MxqlQueryError that names the problem; nothing else escapes, nothing hangs. Queries run
// over five minutes with their $params bound to a real agent, so selection commands really filter.
// MXQL_CORPUS=<dir> overrides the location; MXQL_CORPUS=required makes a missing corpus a failure.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from '../../../server/core/index';
import { MxqlQueryError } from '../../../demo/mxqlExecutor';
import { MINUTE, activeAgents, run } from './engineHarness';

import { corpusDir as dir, corpusSuite } from '../../support/corpus';

function paramsFor(text: string): Record<string, string> {
  const agent = activeAgents[0];
  const params: Record<string, string> = {};
  for (const ref of parse(text).ast.params)
    params[ref.name] = ref.name === '$oid' && agent ? String(agent.oid) : '1';
  return params;
}

corpusSuite('engine corpus', () => {
  void test('every corpus query runs or fails with a MxqlQueryError', async () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.mxql'))
      .sort();
    assert.ok(files.length > 0);
    const codes = new Map<string, number>();
    let ran = 0;
    for (const file of files) {
      const text = readFileSync(join(dir, file), 'utf8');
      try {
        await run(text, { rangeMs: 5 * MINUTE, limit: 200, param: paramsFor(text) });
        ran++;
      } catch (error) {
        assert.ok(error instanceof MxqlQueryError, `${file}: ${String(error)}`);
        assert.match(error.code, /^mxql\/[a-z-]+$/, file);
        assert.ok(error.message.length > 10, file);
        codes.set(error.code, (codes.get(error.code) ?? 0) + 1);
      }
    }
    console.log(
      `engine corpus: ${ran} of ${files.length} ran; refused: ${JSON.stringify(Object.fromEntries(codes))}`,
    );
    assert.ok(ran > 0);
  });
});
