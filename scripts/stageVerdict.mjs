// The verdict of one test stage from its counts, apart from scripts/test.mjs so it can be tested.

/**
 * A stage proves nothing when no test ran or every test was skipped: that counts as a failure, with a
 * note saying which. Missing skipped/todo counts are 0.
 * @param {{ passed: number, failed: number, skipped?: number, todo?: number, note?: string }} result
 */
export function judged(result) {
  const { passed, failed, skipped = 0, todo = 0 } = result;
  const base = { ...result, skipped, todo };
  if (failed > 0 || passed > 0) return base;
  const note = skipped + todo > 0 ? 'every test was skipped' : 'nothing ran';
  return { ...base, failed: 1, note: result.note ?? note };
}
