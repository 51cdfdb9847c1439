// The harnesses' shared bookkeeping: print each test as it finishes, then "N passed, N failed", and write
// { passed, failed, tests } for scripts/test.mjs.
import { writeFileSync } from 'node:fs';
import { repoRoot } from './codeServer.mjs';

/** The message and the stack frames in the project's own files: enough to find the line, without noise. */
export function describeError(err) {
  if (!(err instanceof Error)) return String(err);
  const frames = (err.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line) && line.includes(repoRoot) && !line.includes('node_modules'))
    .slice(0, 6)
    .map((line) => line.trim().replace(`file://${repoRoot}/`, '').replace(`${repoRoot}/`, ''));
  return [err.message.trim(), ...frames].join('\n');
}

export function createResults() {
  /** @type {{ title: string, state: 'passed' | 'failed', durationMs: number, error?: string }[]} */
  const tests = [];
  return {
    tests,
    /** Records and prints one result. */
    record(title, state, durationMs, error) {
      tests.push({ title, state, durationMs, ...(error ? { error } : {}) });
      const mark = state === 'passed' ? 'ok  ' : 'FAIL';
      console.log(`  ${mark} ${title} (${Math.round(durationMs)} ms)`);
      if (error) console.log(error.replace(/^/gm, '       '));
    },
    /** An event posted by test/integration/report.ts. */
    recordEvent(event) {
      if (event.kind === 'test')
        this.record(event.title.join(' › '), event.state, event.durationMs, event.error);
    },
    /** Prints the totals, writes `file` and returns the exit code: 1 on any failure or when nothing ran. */
    finish(file) {
      const passed = tests.filter((t) => t.state === 'passed').length;
      const failed = tests.length - passed;
      writeFileSync(file, `${JSON.stringify({ passed, failed, tests }, null, 2)}\n`);
      console.log(`${passed} passed, ${failed} failed`);
      return failed === 0 && passed > 0 ? 0 : 1;
    },
  };
}
