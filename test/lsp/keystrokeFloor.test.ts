// Floors for the keystroke benchmark (test/bench/keystroke.bench.ts), each against a baseline measured
// in the same run, so a busy machine slows both sides alike:
// - what a keystroke costs the server in a 2,000-line document, against the same keystrokes in a
//   1-line document: an edit's cost must not grow with the document;
// - the same keystrokes sent as whole-text changes (a whole-document analysis each): a keystroke must
//   cost far less.
// Server CPU time (robust on a busy machine), measured interleaved so load changes hit both sides.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { type LspSession } from './lspClient';
import {
  documentOf,
  EditedDocument,
  interleavedKeystrokes,
  keystrokeToCompletion,
  quantile,
  startEditorSession,
  type SyncKind,
} from './keystroke';

/**
 * 2,000-line ÷ 1-line server CPU per keystroke (each thread's scheduler time, see serverCpuMs), with
 * the completion capabilities an editor declares (list defaults, details resolved lazily). Measured
 * 1.7-2.4 on the 2-core machine (2.4-2.8 before completion offered only the cursor's category's
 * written columns and left details for resolve, 3.0-4.3 before list defaults). What is left: copying
 * the joined lists of the parse and the flow after an edit, the larger list (55 items against 9), the
 * whole document's diagnostics published whenever typing pauses, and the JIT's compiles of the bigger
 * paths. A whole-document step per edit fails it: semantic tokens of the whole document on each change
 * measured 9.5-10.7, a whole-document analysis 30 and more.
 */
const MAX_CPU_RATIO = 3.5;

let session: LspSession;
before(async () => {
  session = await startEditorSession();
});
after(async () => {
  await session.stop();
});

async function opened(uri: string, text: string, sync: SyncKind): Promise<EditedDocument> {
  const doc = new EditedDocument(session, uri, text);
  await doc.open();
  // Warm-up: the JIT and the catalog, as in a long-lived server.
  await keystrokeToCompletion(doc, sync === 'full' ? 10 : 100, sync);
  return doc;
}

/** Server CPU per keystroke and median latency of each document, over `turns` interleaved turns. */
async function interleaved(
  docs: readonly (readonly [EditedDocument, SyncKind])[],
  turns: number,
  rounds: number,
): Promise<{ cpu: number[]; medians: number[] } | null> {
  const runs = await interleavedKeystrokes(session, docs, turns, rounds);
  return runs.cpu && { cpu: runs.cpu, medians: runs.turnMedians.map((m) => quantile(m, 0.5)) };
}

void test('a keystroke in a 2,000-line document costs the server about what it costs in a 1-line one', async () => {
  const big = await opened('file:///floor/long.mxql', documentOf(2000), 'incremental');
  const small = await opened('file:///floor/one.mxql', documentOf(1), 'incremental');
  const measured = await interleaved(
    [
      [small, 'incremental'],
      [big, 'incremental'],
    ],
    4,
    75,
  );
  assert.ok(measured, 'server CPU time is read from /proc (Linux)');
  const [one, long] = measured.cpu as [number, number];
  const ratio = long / one;
  console.log(
    `server CPU per keystroke: 1 line ${one.toFixed(2)} ms, 2,000 lines ${long.toFixed(2)} ms (${ratio.toFixed(2)}x; bound ${MAX_CPU_RATIO}x)`,
  );
  assert.ok(ratio <= MAX_CPU_RATIO, `2,000-line ÷ 1-line server CPU per keystroke ${ratio.toFixed(2)}x`);
});

void test('a keystroke in a 2,000-line document costs a fraction of a whole-document analysis', async () => {
  const text = documentOf(2000);
  const incremental = await opened('file:///floor/incremental.mxql', text, 'incremental');
  const full = await opened('file:///floor/full.mxql', text, 'full');
  const measured = await interleaved(
    [
      [incremental, 'incremental'],
      [full, 'full'],
    ],
    2,
    20,
  );
  assert.ok(measured, 'server CPU time is read from /proc (Linux)');
  const [fast, slow] = measured.cpu as [number, number];
  const [fastMedian, slowMedian] = measured.medians as [number, number];
  console.log(
    `keystroke → completion median: incremental ${fastMedian.toFixed(2)} ms, whole-text ${slowMedian.toFixed(2)} ms; server CPU ${fast.toFixed(2)} vs ${slow.toFixed(2)} ms per keystroke`,
  );
  // Measured: a tenth or less; whole-document analysis would make them equal.
  assert.ok(fast * 3 < slow, 'server CPU');
  assert.ok(fastMedian < slowMedian, 'median latency');
});
