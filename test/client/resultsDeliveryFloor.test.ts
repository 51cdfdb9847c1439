// Floor under the row delivery of the end-to-end figure (README, "the same run's rows to the panel as
// typed columns"): the demo's 50,000-row query, as the results panel posts it. What a remote window
// spends on a message grows with its bytes (the connection compresses every one), so the floor counts
// bytes and messages, which no load on the machine changes: a return to Float64 for every number, to
// 32-bit codes, to a message per 25,000 rows or to an early paint that holds the rest up fails it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startDemoServer, type DemoServer } from '../../demo/index';
import { ResultsModel } from '../../client/src/views/resultsModel';
import { columnsChunkBytes } from '../../common/columnChunks';
import { EARLY_PAINT_REST_BYTES } from '../../common/resultsMessages';
import { FIFTY_THOUSAND_ROWS as ROWS, postFiftyThousand } from '../support/fiftyThousandRows';

const FIXED_NOW = Date.UTC(2026, 10, 23, 12);

let server: DemoServer;
before(async () => {
  server = await startDemoServer({ now: () => FIXED_NOW });
});
after(() => server.close());

async function demoRows(): Promise<unknown[]> {
  const res = await postFiftyThousand(server, FIXED_NOW);
  assert.equal(res.status, 200);
  return (await res.json()) as unknown[];
}

void test('the 50,000-row demo result goes to the panel as one message of compact columns, painted once', async () => {
  const rows = await demoRows();
  assert.equal(rows.length, ROWS);
  const model = new ResultsModel();
  const run = { runId: 'r', title: 'q', endpoint: '/open/api/flush/mxql/text', startedAt: 1 };
  model.start(run);
  model.complete('r', rows, 1, 1);
  const chunks = model.messagesFor('r').filter((m) => m.type === 'columnsChunk');
  // A screenful painted before the rest would hold the rest up on the page's thread (see
  // EARLY_PAINT_REST_BYTES): 0.55 MB is one message and one paint.
  assert.deepEqual(
    chunks.map((m) => [m.chunk.rowCount, m.paintNow ?? false]),
    [[ROWS, false]],
  );
  const bytes = chunks.reduce((sum, m) => sum + columnsChunkBytes(m.chunk), 0);
  assert.ok(bytes < EARLY_PAINT_REST_BYTES / 2, `${bytes} bytes: the result is no longer small`);
  // Five columns as Float64 and 32-bit codes were 1.8 MB; compact columns are 0.55 MB.
  const float64Bytes = ROWS * 5 * 8;
  assert.ok(bytes < float64Bytes * 0.5, `${bytes} bytes posted for ${float64Bytes} bytes of Float64 cells`);
});
