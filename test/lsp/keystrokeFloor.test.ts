// Floor for the keystroke benchmark (test/bench/keystroke.bench.ts): a keystroke in a 2,000-line
// document must cost the server far less than re-analysing the whole document, which is what the
// same keystrokes cost when sent as whole-text changes. Measured in the same run as server CPU time
// (robust on a busy machine) and as medians; the margins are generous, so noise never fails this but
// a return to whole-document analysis does.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSession, type LspSession } from './lspClient';
import {
  documentOf,
  EditedDocument,
  keystrokeToCompletion,
  keystrokeToDiagnostics,
  quantile,
  serverCpuMs,
} from './keystroke';

let session: LspSession;
before(async () => {
  session = await startSession({ diagnostics: { enabled: true, disabledCodes: [] } });
});
after(async () => {
  await session.stop();
});

async function measure(doc: EditedDocument, sync: 'incremental' | 'full', rounds: number) {
  const cpuBefore = serverCpuMs(session);
  const samples = await keystrokeToCompletion(doc, rounds, sync);
  // Let the diagnostics each keystroke scheduled run, so their cost is counted too.
  await keystrokeToDiagnostics(session, doc, 1, sync);
  const cpuAfter = serverCpuMs(session);
  const cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  return { median: quantile(samples, 0.5), cpu };
}

void test('a keystroke in a 2,000-line document costs a fraction of a whole-document analysis', async () => {
  const text = documentOf(2000);
  const incremental = new EditedDocument(session, 'file:///floor/incremental.mxql', text);
  const full = new EditedDocument(session, 'file:///floor/full.mxql', text);
  await incremental.open();
  await full.open();
  await keystrokeToCompletion(incremental, 10, 'incremental');
  await keystrokeToCompletion(full, 5, 'full');
  const fast = await measure(incremental, 'incremental', 40);
  const slow = await measure(full, 'full', 40);
  console.log(
    `keystroke → completion median: incremental ${fast.median.toFixed(2)} ms, whole-text ${slow.median.toFixed(2)} ms; server CPU ${fast.cpu ?? '?'} ms vs ${slow.cpu ?? '?'} ms for 80 keystrokes`,
  );
  // Measured: a quarter to a sixth; whole-document analysis would make them equal.
  if (fast.cpu !== null && slow.cpu !== null) assert.ok(fast.cpu * 2 < slow.cpu, 'server CPU');
  assert.ok(fast.median < slow.median, 'median latency');
});
