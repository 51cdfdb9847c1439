// Test helper: the client must never leave a promise rejected without a handler. Suites record every
// unhandled rejection while they run and assert, when they end, that there was none.
import assert from 'node:assert/strict';

/** What {@link recordUnhandledRejections} returns. */
export interface UnhandledRejections {
  /** The reasons seen so far. */
  readonly reasons: readonly unknown[];
  /** Fails, listing the reasons, when any rejection went unhandled. */
  assertNone(): void;
}

/** Starts recording the process's unhandled rejections (for the rest of this test process). */
export function recordUnhandledRejections(): UnhandledRejections {
  const reasons: unknown[] = [];
  process.on('unhandledRejection', (reason) => reasons.push(reason));
  return { reasons, assertNone: () => assert.deepEqual(reasons, [], 'no unhandled rejection') };
}
