// The clean-up of a script that starts servers and makes temp folders: each step is registered as its
// thing is made, and they run last-registered-first; a failing step is printed and the rest still run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function createCleanups() {
  const steps = [];
  return {
    /** Registers a step (sync or async). */
    add(step) {
      steps.push(step);
    },
    /** A fresh folder under the system's temp folder, removed at clean-up. */
    tempDir(prefix) {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      steps.push(() => rmSync(dir, { recursive: true, force: true }));
      return dir;
    },
    /** Runs every registered step once, last registered first. */
    async run() {
      for (const step of steps.splice(0).reverse()) {
        try {
          await step();
        } catch (err) {
          console.error(`cleanup: ${err.message}`);
        }
      }
    },
  };
}
