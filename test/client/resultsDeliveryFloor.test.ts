// Floor under the row delivery of the end-to-end figure (README, "the same run's rows to the panel as
// typed columns"): the demo's 50,000-row query, as the results panel posts it. What a remote window
// spends on a message grows with its bytes (the connection compresses every one), so the floor counts
// bytes and messages, which no load on the machine changes: a return to Float64 for every number, to
// 32-bit codes or to a message per 25,000 rows fails it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startDemoServer, type DemoServer } from '../../demo/index';
import { ResultsModel } from '../../client/src/views/resultsModel';
import { FIRST_CHUNK_ROWS, type ExtensionToResults } from '../../common/resultsMessages';
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

/** Bytes of the typed arrays and string tables of a message: what crosses to the window as data. */
function dataBytes(message: ExtensionToResults): number {
  if (message.type !== 'columnsChunk') return 0;
  let bytes = 0;
  for (const column of message.chunk.columns) {
    if ('values' in column && ArrayBuffer.isView(column.values)) bytes += column.values.byteLength;
    if (column.kind === 'string') {
      bytes += column.codes.byteLength;
      for (const text of column.table) bytes += text.length;
    }
  }
  return bytes;
}

void test('the 50,000-row demo result goes to the panel as a screenful, then one message, in compact columns', async () => {
  const rows = await demoRows();
  assert.equal(rows.length, ROWS);
  const model = new ResultsModel();
  const run = { runId: 'r', title: 'q', endpoint: '/open/api/flush/mxql/text', startedAt: 1 };
  model.start(run);
  model.complete('r', rows, 1, 1);
  const chunks = model.messagesFor('r').filter((m) => m.type === 'columnsChunk');
  assert.deepEqual(
    chunks.map((m) => m.chunk.rowCount),
    [FIRST_CHUNK_ROWS, ROWS - FIRST_CHUNK_ROWS],
  );
  const bytes = chunks.reduce((sum, m) => sum + dataBytes(m), 0);
  // Five columns as Float64 and 32-bit codes were 1.8 MB; compact columns are 0.55 MB.
  const float64Bytes = ROWS * 5 * 8;
  assert.ok(bytes < float64Bytes * 0.5, `${bytes} bytes posted for ${float64Bytes} bytes of Float64 cells`);
});
